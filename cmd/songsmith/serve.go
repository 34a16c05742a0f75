package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/app/generator"
	"github.com/songsmith/songsmith/internal/jobs"
)

func newServeCmd() *cobra.Command {
	var addr, backend, dataDir string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the HTTP API and the workers (embedded storage, or --backend aws)",
		Long: `Run the Songsmith API and its workers on this machine. On the embedded backend
everything lives in --data-dir; the first start creates an API key and prints it.
Ctrl-C or SIGTERM stops it gracefully (running songs may finish).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := app.FromEnv()
			if err != nil {
				return err
			}
			for _, f := range []struct {
				name string
				dst  *string
				val  string
			}{{"addr", &cfg.Addr, addr}, {"backend", &cfg.Backend, backend}, {"data-dir", &cfg.DataDir, dataDir}} {
				if cmd.Flags().Changed(f.name) {
					*f.dst = f.val
				}
			}
			return serve(cmd.Context(), cfg, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "", "listen address (default $SONGSMITH_ADDR, else 127.0.0.1:8080)")
	cmd.Flags().StringVar(&backend, "backend", "", "embedded or aws (default $SONGSMITH_BACKEND, else embedded)")
	cmd.Flags().StringVar(&dataDir, "data-dir", "", "data directory of the embedded backend (default $SONGSMITH_DATA_DIR, else ./data)")
	_ = cmd.RegisterFlagCompletionFunc("backend", fixedValues("embedded", "aws"))
	_ = cmd.MarkFlagDirname("data-dir")
	return cmd
}

func serve(ctx context.Context, cfg app.Config, stdout, stderr io.Writer) error {
	ln, err := net.Listen("tcp", cfg.Addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%s is in use (another songsmith serve?): stop that, or pick another address with --addr or SONGSMITH_ADDR (127.0.0.1:0 takes a free port)", cfg.Addr)
	}
	if err != nil {
		return err
	}
	if err := app.CheckListen(cfg, ln.Addr()); err != nil {
		ln.Close()
		return err
	}
	if os.Getenv("SONGSMITH_BASE_URL") == "" {
		cfg.BaseURL = "http://" + ln.Addr().String()
	}
	b, err := app.Open(ctx, cfg)
	if errors.Is(err, bolterrors.ErrTimeout) {
		ln.Close()
		return fmt.Errorf("the database in %s is in use by another process (a songsmith serve on the same data): stop it, or use another --data-dir or SONGSMITH_DATA_DIR", cfg.DataDir)
	}
	if err != nil {
		ln.Close()
		return err
	}
	defer b.Close()
	key, err := devKey(ctx, cfg, b)
	if err != nil {
		ln.Close()
		return err
	}
	log := app.NewLogger(cfg, stderr)
	if cfg.Backend == "embedded" {
		stopAdmin, err := startAdmin(cfg.DataDir, cfg.BaseURL, b.Keys, b.WebhookSecret, log, backupRoute(b.Embedded))
		if err != nil {
			ln.Close()
			return err
		}
		defer stopAdmin()
		defer recordServe(cfg.DataDir, cfg.BaseURL)()
	}
	srv := app.NewServer(cfg, b, generator.New(cfg), log)
	printWelcome(stdout, cfg.BaseURL, key, webhookSecretOf(ctx, b, key))
	return srv.Serve(ctx, ln)
}

// devKey returns a key to print for local use: the one kept in the data
// directory, or a new one when no key exists at all. On the aws backend, or
// when other keys exist, it returns "" and prints nothing secret.
func devKey(ctx context.Context, cfg app.Config, b *app.Backend) (string, error) {
	if len(cfg.APIKeys) > 0 {
		return app.ActiveKey(ctx, b.Keys, cfg.APIKeys, time.Now()) // never a revoked one
	}
	if cfg.Backend != "embedded" {
		return "", nil
	}
	path := filepath.Join(cfg.DataDir, "dev-api-key")
	if raw, err := os.ReadFile(path); err == nil {
		full := strings.TrimSpace(string(raw))
		if id, _, ok := jobs.SplitKey(full); ok {
			if k, err := b.Keys.Key(ctx, id); err == nil && k.Active(time.Now()) {
				return full, nil
			}
		}
	}
	existing, err := b.Keys.Keys(ctx)
	if err != nil {
		return "", err
	}
	for _, k := range existing {
		if k.Active(time.Now()) {
			return "", nil // keys exist; the user manages them
		}
	}
	k, full, err := jobs.NewAPIKey("dev (created by songsmith serve)", time.Now(), 0)
	if err != nil {
		return "", err
	}
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		return "", err
	}
	if err := os.WriteFile(path, []byte(full+"\n"), 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	return full, nil
}

// webhookSecretOf returns the webhook signing secret of the full key
// string ("" when there is none): the start banner shows it beside the key.
func webhookSecretOf(ctx context.Context, b *app.Backend, full string) string {
	id, _, ok := jobs.SplitKey(full)
	if !ok {
		return ""
	}
	k, err := b.Keys.Key(ctx, id)
	if err != nil {
		return ""
	}
	secret, _ := b.WebhookSecret(ctx, k)
	return secret
}

func printWelcome(w io.Writer, base, key, webhookSecret string) {
	fmt.Fprintf(w, "Songsmith is listening on %s\nPlayground: open %s/ in a browser.\n", base, base)
	cli, hint := cliCommand()
	if key == "" {
		fmt.Fprintf(w, "Use a key from `%s keys create NAME` as Authorization: Bearer <key>.\n", cli)
		return
	}
	hooks := ""
	if webhookSecret != "" {
		hooks = "Webhook signing secret: " + webhookSecret + " (verifies this key's webhooks: docs/webhooks.md)\n"
	}
	fmt.Fprintf(w, `
API key: %[2]s
%[5]s
Try it in another terminal:
  export SONGSMITH_URL=%[1]s SONGSMITH_API_KEY=%[2]s
  %[3]s generate "melancholic lo-fi with dusty piano, 84 bpm, 45 seconds"
  curl -s -X POST "$SONGSMITH_URL/generate" -H "Authorization: Bearer $SONGSMITH_API_KEY" \
       -H "Content-Type: application/json" -d '{"prompt": "melancholic lo-fi with dusty piano, 84 bpm, 45 seconds"}'
  curl -s "$SONGSMITH_URL/jobs/<job_id>" -H "Authorization: Bearer $SONGSMITH_API_KEY"
%[4]s
`, base, key, cli, hint, hooks)
}

// cliCommand is how a fresh shell runs this command: "songsmith" when it is
// on the PATH; this binary's path relative to the working directory when
// it is below it (make run runs bin/songsmith); inside the repository,
// when this binary is a go run's (gone when it stops), "go run
// ./cmd/songsmith"; else this binary's absolute path. hint says how to put
// it on the PATH when it is not there.
func cliCommand() (cli, hint string) {
	if _, err := exec.LookPath("songsmith"); err == nil {
		return "songsmith", ""
	}
	hint = "(`make install` puts the songsmith command on your PATH.)\n"
	exe, exeErr := os.Executable()
	if wd, err := os.Getwd(); err == nil && exeErr == nil {
		if rel, err := filepath.Rel(wd, exe); err == nil && filepath.IsLocal(rel) {
			return shellQuote(rel), hint
		}
	}
	if _, err := os.Stat(filepath.Join("cmd", "songsmith", "main.go")); err == nil {
		return "go run ./cmd/songsmith", hint
	}
	if exeErr == nil {
		return shellQuote(exe), hint
	}
	return "songsmith", hint
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:,@%=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
