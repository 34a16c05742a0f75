package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
)

// keys manages API keys in the configured backend's key store.
func keys(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("keys: want create, list, revoke ID or rotate ID")
	}
	cfg, err := app.FromEnv()
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	name := fs.String("name", "default", "label of the new key")
	ttl := fs.Duration("ttl", 0, "lifetime of the new key (0 = no expiry)")
	grace := fs.Duration("grace", 0, "rotate: how long the old key keeps working")
	fs.StringVar(&cfg.Backend, "backend", cfg.Backend, "embedded or aws")
	fs.StringVar(&cfg.DataDir, "data-dir", cfg.DataDir, "data directory (embedded backend)")
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return err
	}
	b, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.Close()
	ks, now := b.Keys, time.Now().UTC()
	switch args[0] {
	case "create":
		k, full, err := jobs.NewAPIKey(*name, now, *ttl)
		if err != nil {
			return err
		}
		if err := ks.CreateKey(ctx, k); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n\nKey id %s. This is the only time the key is shown; store it now.\n", full, k.ID)
	case "list":
		list, err := ks.Keys(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tCREATED\tEXPIRES\tSTATUS")
		for _, k := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.CreatedAt.Format(jobs.TimeFormat), orNever(k.ExpiresAt), status(k, now))
		}
		return tw.Flush()
	case "revoke", "rotate":
		if len(pos) != 1 {
			return fmt.Errorf("keys %s: want exactly one key id", args[0])
		}
		id := jobs.KeyID(pos[0])
		old, err := ks.Key(ctx, id)
		if err != nil {
			return fmt.Errorf("key %s: %s", id, jobs.ErrorMessage(err))
		}
		if args[0] == "revoke" {
			if err := ks.RevokeKey(ctx, id, now); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "Key %s revoked.\n", id)
			return nil
		}
		k, full, err := jobs.NewAPIKey(old.Name, now, 0)
		if err != nil {
			return err
		}
		if !old.ExpiresAt.IsZero() {
			k.ExpiresAt = now.Add(old.ExpiresAt.Sub(old.CreatedAt))
		}
		if err := ks.CreateKey(ctx, k); err != nil {
			return err
		}
		if err := ks.RevokeKey(ctx, id, now.Add(*grace)); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n\nNew key id %s replaces %s, which stops working at %s UTC.\n", full, k.ID, id, now.Add(*grace).Format(jobs.TimeFormat))
	default:
		return fmt.Errorf("keys: unknown subcommand %q", args[0])
	}
	return nil
}

func orNever(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Format(jobs.TimeFormat)
}

func status(k *jobs.APIKey, now time.Time) string {
	switch {
	case k.Active(now) && !k.RevokedAt.IsZero():
		return "active until " + k.RevokedAt.Format(jobs.TimeFormat)
	case k.Active(now):
		return "active"
	case !k.RevokedAt.IsZero() && !now.Before(k.RevokedAt):
		return "revoked"
	default:
		return "expired"
	}
}
