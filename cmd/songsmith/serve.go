package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/app/generator"
	"github.com/songsmith/songsmith/internal/jobs"
)

func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := app.FromEnv()
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address")
	fs.StringVar(&cfg.Backend, "backend", cfg.Backend, "embedded or aws")
	fs.StringVar(&cfg.DataDir, "data-dir", cfg.DataDir, "data directory (embedded backend)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	if os.Getenv("SONGSMITH_BASE_URL") == "" {
		cfg.BaseURL = "http://" + ln.Addr().String()
	}
	b, err := app.Open(ctx, cfg)
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
	srv := app.NewServer(cfg, b, generator.New(cfg), log)
	printWelcome(stdout, cfg.BaseURL, key)
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

func printWelcome(w io.Writer, base, key string) {
	fmt.Fprintf(w, "Songsmith is listening on %s\n", base)
	if key == "" {
		fmt.Fprintln(w, "Use a key from `songsmith keys create` as Authorization: Bearer <key>.")
		return
	}
	fmt.Fprintf(w, `
API key: %[2]s

Try it:
  export SONGSMITH_URL=%[1]s SONGSMITH_KEY=%[2]s
  curl -s -X POST "$SONGSMITH_URL/generate" -H "Authorization: Bearer $SONGSMITH_KEY" \
       -H "Content-Type: application/json" -d '{"prompt": "melancholic lo-fi with dusty piano, 84 bpm, 45 seconds"}'
  curl -s "$SONGSMITH_URL/jobs/<job_id>" -H "Authorization: Bearer $SONGSMITH_KEY"

`, base, key)
}
