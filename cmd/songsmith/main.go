// Command songsmith is the one binary of Songsmith:
//
//	songsmith serve                        run the API and workers locally (embedded storage, or --backend aws)
//	songsmith generate [PROMPT] [--recipe F] submit to a running API, wait, save the song, cover and JSON
//	songsmith jobs get|wait|download ID    come back to a job
//	songsmith keys create|list|revoke|rotate   manage API keys (the "account dashboard")
//	songsmith backup FILE                  copy the embedded database consistently, also while serve runs
//	songsmith restore FILE                 put a backup in place of the database (serve stopped)
//	songsmith render PROMPT                render a song to files, no server needed
//	songsmith aws init                     create the aws backend's table, queues, bucket and webhook secret (LocalStack, moto)
//	songsmith completion bash|zsh|fish     shell completion
//
// Configuration comes from SONGSMITH_* environment variables and flags (see
// README.md and docs/cli.md). Exit codes are listed in exit.go and docs/cli.md.
package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// version is the release this binary was built from, set at build time
// with -ldflags "-X main.version=v1.2.3" (make build, install, run and
// release do, by scripts/version.sh). Empty means: ask the Go build info,
// else the release of the VERSION file, marked -dev.
var version = ""

// release is the release this source is, or is being prepared as
// (docs/releasing.md): a tag vX.Y.Z is made on a commit whose VERSION says
// vX.Y.Z.
//
//go:embed VERSION
var release string

// versionString is what --version prints.
func versionString() string {
	if version != "" {
		return version
	}
	dev := strings.TrimSpace(release) + "-dev" // go build or go run in a checkout
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return dev
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	switch {
	case len(rev) >= 7: // built in a git checkout (Go stamps the commit)
		dev += "+" + rev[:7]
		if modified == "true" {
			dev += ".dirty"
		}
		return dev
	case bi.Main.Version != "" && bi.Main.Version != "(devel)":
		return bi.Main.Version // go install github.com/songsmith/songsmith/cmd/songsmith@v1.2.3
	}
	return dev
}

// signalError is the cancel cause of the command context after SIGINT or
// SIGTERM.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "interrupted by " + e.sig.String() }

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-sigs
		cancel(signalError{sig})
		signal.Stop(sigs) // a second Ctrl-C kills the process at once
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	cancel(nil)
	os.Exit(code)
}

// run executes one command line and returns the process exit code. Errors
// are printed once, on stderr, as "songsmith: <cause and fix>".
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	// After a signal, whatever failed failed because of it (net/http reports
	// the context's cause, not context.Canceled): exit quietly.
	var sig signalError
	if errors.As(context.Cause(ctx), &sig) {
		if s, ok := sig.sig.(syscall.Signal); ok {
			return 128 + int(s) // 130 after Ctrl-C, quietly
		}
		return exitInterrupted
	}
	code, msg := describe(err)
	fmt.Fprintln(stderr, "songsmith: "+msg)
	if code == exitUsage {
		if cmd, _, ferr := root.Find(args); ferr == nil && cmd != nil {
			fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		}
	}
	return code
}

// newRoot builds the command tree. It touches nothing: commands open
// databases and connections only when they run, so --help, --version and
// completion work anywhere.
func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "songsmith",
		Short: "Text-to-music: a local server, a client for any deployment, and key management",
		Long: `Songsmith turns a text prompt into a song: audio, cover art, title, tempo and tags.

Run 'songsmith serve' for a local service, then 'songsmith generate "dreamy synthwave"'
in another terminal. Clients read SONGSMITH_URL and SONGSMITH_API_KEY.

Exit codes: 0 success, 1 other failure, 2 usage, 3 no or refused API key,
4 not found, 5 rate limited, 6 server error or unreachable, 7 job failed,
8 --timeout passed, 130 interrupted.`,
		Version:       versionString(),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	group(root)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("songsmith {{.Version}}\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return flagErr(err) })
	root.AddCommand(newServeCmd(), newGenerateCmd(), newJobsCmd(), newKeysCmd(), newRenderCmd(), newAWSCmd())
	root.AddCommand(newBackupCmd(), newRestoreCmd())
	return root
}

// group makes a command that only holds subcommands: alone it prints its
// help; with an unknown subcommand it is a usage error.
func group(c *cobra.Command) *cobra.Command {
	c.Args = noArgs
	c.RunE = func(c *cobra.Command, args []string) error { return c.Help() }
	return c
}

// noArgs rejects positional arguments, naming an unknown subcommand as such.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if c.HasSubCommands() {
		return usageErr("unknown command %q for %q", args[0], c.CommandPath())
	}
	return usageErr("%s takes no arguments, got %q", c.Name(), args[0])
}

// exactArgs wants n positional arguments, described by what.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usageErr("%s wants %s, got %d argument(s)", c.Name(), what, len(args))
		}
		return nil
	}
}

// isTerminal reports whether w is a terminal (for progress display).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// fixedValues completes a flag with one of values.
func fixedValues(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}
