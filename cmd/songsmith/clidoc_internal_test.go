package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

var updateCLIDoc = flag.Bool("update-cli-doc", false, "rewrite the command reference in docs/cli.md")

// cliReference is the reference block of docs/cli.md: every command with
// its summary and every flag with its description, from the command tree.
func cliReference() string {
	var b strings.Builder
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" && c.Parent() != nil && c.Parent().Name() == "completion" {
			return
		}
		if c.Runnable() && (c.HasParent() && !c.HasSubCommands() || c.Name() == "completion") {
			fmt.Fprintf(&b, "\n### `%s`\n\n%s.\n", c.UseLine(), strings.TrimSuffix(c.Short, "."))
			var rows []string
			flags := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
			flags.AddFlagSet(c.LocalFlags())
			flags.AddFlagSet(c.InheritedFlags())
			flags.VisitAll(func(f *pflag.Flag) {
				if f.Hidden || f.Deprecated != "" || f.Name == "help" || f.Name == "version" {
					return
				}
				name := "--" + f.Name
				if f.Shorthand != "" {
					name = "-" + f.Shorthand + ", " + name
				}
				usage := strings.ReplaceAll(f.Usage, "|", "\\|")
				if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" {
					usage += fmt.Sprintf(" (default `%s`)", f.DefValue)
				}
				rows = append(rows, fmt.Sprintf("| `%s` | %s |", name, usage))
			})
			if len(rows) > 0 {
				b.WriteString("\n| Flag | What it does |\n|---|---|\n" + strings.Join(rows, "\n") + "\n")
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(io.Discard, io.Discard))
	return b.String()
}

// docs/cli.md lists every command and flag the binary has, with the
// descriptions --help gives (go test ./cmd/songsmith -run TestCLIDocComplete
// -args -update-cli-doc rewrites the block).
func TestCLIDocComplete(t *testing.T) {
	const path, start, end = "../../docs/cli.md", "<!-- reference:start -->\n", "<!-- reference:end -->"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(doc), start), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("docs/cli.md lacks the %q ... %q block", start, end)
	}
	want := cliReference() + "\n"
	if got := string(doc[i+len(start) : j]); got != want {
		if *updateCLIDoc {
			if err := os.WriteFile(path, []byte(string(doc[:i+len(start)])+want+string(doc[j:])), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("docs/cli.md's command reference differs from the commands: run go test ./cmd/songsmith -run TestCLIDocComplete -args -update-cli-doc")
	}
}
