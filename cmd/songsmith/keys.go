package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
)

// keyView is one key as the keys commands show it; never its secret.
type keyView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
	ExpiresAt string `json:"expires_at,omitempty"`
	// RevokedAt is when the key stops (or stopped) working after a revoke
	// or a rotation's grace period.
	RevokedAt string `json:"revoked_at,omitempty"`
	Status    string `json:"status"`
	// Webhooks tells whether the key's jobs may ask for webhooks (it has a
	// signing secret; keys made before webhooks existed have none). The
	// secret itself is shown only by create and rotate.
	Webhooks bool `json:"webhooks"`
}

// newKey is a created key with its secret and its webhook signing secret,
// shown once.
type newKey struct {
	keyView
	Key           string   `json:"key"`
	WebhookSecret string   `json:"webhook_secret,omitempty"`
	Replaces      *keyView `json:"replaces,omitempty"`
}

// keyManager is what the keys commands do, either on the key store itself
// or through the admin endpoint of a running `songsmith serve`.
type keyManager interface {
	create(ctx context.Context, name string, ttl time.Duration) (*newKey, error)
	list(ctx context.Context) ([]keyView, error)
	revoke(ctx context.Context, id string) (*keyView, error)
	rotate(ctx context.Context, id string, grace time.Duration) (*newKey, error)
}

// keysOpts are the flags shared by the keys commands.
type keysOpts struct {
	backend, dataDir string
	jsonOut          bool
}

func newKeysCmd() *cobra.Command {
	var o keysOpts
	cmd := group(&cobra.Command{
		Use:   "keys",
		Short: "Manage API keys (works while songsmith serve runs)",
		Long: `Manage the API keys of the backend SONGSMITH_BACKEND selects.

On the embedded backend, while 'songsmith serve' runs on the same data directory,
the commands go through the server's admin endpoint (loopback only, authenticated
by a secret in <data-dir>/admin.json); otherwise they open the database directly.`,
	})
	cmd.PersistentFlags().StringVar(&o.backend, "backend", "", "embedded or aws (default $SONGSMITH_BACKEND, else embedded)")
	cmd.PersistentFlags().StringVar(&o.dataDir, "data-dir", "", "data directory of the embedded backend (default $SONGSMITH_DATA_DIR, else ./data when it holds a database, else the running songsmith serve's)")
	cmd.PersistentFlags().BoolVar(&o.jsonOut, "json", false, "print JSON on stdout")
	_ = cmd.RegisterFlagCompletionFunc("backend", fixedValues("embedded", "aws"))
	_ = cmd.MarkPersistentFlagDirname("data-dir")

	var ttl, grace time.Duration
	var name string
	create := &cobra.Command{
		Use:     "create NAME",
		Short:   "Create a key; it is printed once",
		Example: "  songsmith keys create laptop --ttl 720h",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErr("keys create wants one name, got %d arguments: quote a name with spaces, e.g. songsmith keys create %q", len(args), strings.Join(args, " "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				name = args[0]
			}
			if name == "" {
				return usageErr("give the key a name: songsmith keys create NAME")
			}
			return withKeys(cmd, &o, func(ctx context.Context, m keyManager, w io.Writer) error {
				k, err := m.create(ctx, name, ttl)
				if err != nil {
					return err
				}
				if o.jsonOut {
					return writeJSON(w, k)
				}
				fmt.Fprintf(w, "%s\n\nKey id %s (%q). This is the only time the key is shown; store it now.\n", k.Key, k.ID, k.Name)
				printWebhookSecret(w, k)
				return nil
			})
		},
	}
	create.Flags().DurationVar(&ttl, "ttl", 0, "lifetime of the key (0 = no expiry)")
	create.Flags().StringVar(&name, "name", "", "name of the key")
	_ = create.Flags().MarkDeprecated("name", "give the name as the argument: songsmith keys create NAME")

	list := &cobra.Command{
		Use:   "list",
		Short: "List keys (ids, names, dates, status; never the keys or their webhook signing secrets)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withKeys(cmd, &o, func(ctx context.Context, m keyManager, w io.Writer) error {
				keys, err := m.list(ctx)
				if err != nil {
					return err
				}
				if o.jsonOut {
					return writeJSON(w, keys)
				}
				tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "ID\tNAME\tCREATED\tEXPIRES\tSTATUS\tWEBHOOKS")
				for _, k := range keys {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.CreatedAt, orNever(k.ExpiresAt), k.Status, yesNo(k.Webhooks))
				}
				return tw.Flush()
			})
		},
	}

	revoke := &cobra.Command{
		Use:   "revoke KEY_ID",
		Short: "Revoke a key now",
		Args:  exactArgs(1, "one key id (see songsmith keys list)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withKeys(cmd, &o, func(ctx context.Context, m keyManager, w io.Writer) error {
				k, err := m.revoke(ctx, args[0])
				if err != nil {
					return err
				}
				if o.jsonOut {
					return writeJSON(w, k)
				}
				fmt.Fprintf(w, "Key %s revoked.\n", k.ID)
				return nil
			})
		},
	}

	rotate := &cobra.Command{
		Use:   "rotate KEY_ID",
		Short: "Replace a key with a new one; the old one works until --grace ends",
		Args:  exactArgs(1, "one key id (see songsmith keys list)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withKeys(cmd, &o, func(ctx context.Context, m keyManager, w io.Writer) error {
				k, err := m.rotate(ctx, args[0], grace)
				if err != nil {
					return err
				}
				if o.jsonOut {
					return writeJSON(w, k)
				}
				fmt.Fprintf(w, "%s\n\nNew key id %s replaces %s, which stops working at %s UTC.\n", k.Key, k.ID, k.Replaces.ID, k.Replaces.RevokedAt)
				printWebhookSecret(w, k)
				return nil
			})
		},
	}
	rotate.Flags().DurationVar(&grace, "grace", 0, "how long the old key keeps working")
	cmd.AddCommand(create, list, revoke, rotate)
	return cmd
}

// withKeys runs fn on the key manager the flags and environment select.
func withKeys(cmd *cobra.Command, o *keysOpts, fn func(context.Context, keyManager, io.Writer) error) error {
	cfg, err := app.FromEnv()
	if err != nil {
		return err
	}
	if o.backend != "" {
		cfg.Backend = o.backend
	}
	var db keysDB
	if cfg.Backend == "embedded" {
		if db, err = keysDataDir(o.dataDir, cmd.Name() == "create"); err != nil {
			return err
		}
		cfg.DataDir = db.dir
		if db.created {
			fmt.Fprintf(cmd.ErrOrStderr(), "songsmith: no database in %s yet: creating one (songsmith serve --data-dir %s will use it)\n", cfg.DataDir, cfg.DataDir)
		}
	}
	ctx := cmd.Context()
	m, closeFn, err := openKeys(ctx, cfg)
	if err != nil {
		return err
	}
	if cfg.Backend == "embedded" {
		fmt.Fprintln(cmd.ErrOrStderr(), db.describe(m))
	}
	defer closeFn()
	if err := fn(ctx, m, cmd.OutOrStdout()); err != nil {
		return keyErr(err, cmd.Flags().Args())
	}
	return nil
}

// openKeys picks the admin endpoint of a running server on the data
// directory, else the key store itself.
func openKeys(ctx context.Context, cfg app.Config) (keyManager, func() error, error) {
	nop := func() error { return nil }
	switch cfg.Backend {
	case "embedded":
	case "aws":
		b, err := app.Open(ctx, cfg)
		if err != nil {
			return nil, nil, err
		}
		secret := b.WebhookSecret
		if cfg.WebhookSecretARN == "" {
			secret = func(ctx context.Context, k *jobs.APIKey) (string, error) {
				s, err := b.WebhookSecret(ctx, k)
				if s != "" && err == nil {
					fmt.Fprintln(os.Stderr, "Note: SONGSMITH_WEBHOOK_SECRET_ARN is not set, so the webhook signing secret printed derives from the master kept in the table. A stack deployed from template.yaml signs with its Secrets Manager secret (set SONGSMITH_WEBHOOK_SECRET_ARN to its WebhookSecretArn output and rotate the key), and `songsmith aws init` prints the variable for the secret it makes.")
				}
				return s, err
			}
		}
		return storeKeys{ks: b.Keys, secret: secret}, b.Close, nil
	default:
		return nil, nil, usageErr("--backend must be embedded or aws, not %q", cfg.Backend)
	}
	if ac, err := dialAdmin(ctx, cfg.DataDir); err == nil {
		return ac, nop, nil
	}
	path := filepath.Join(cfg.DataDir, "songsmith.db")
	st, err := embedded.Open(path, embedded.Options{LockTimeout: time.Second})
	if errors.Is(err, embedded.ErrLocked) {
		return nil, nil, fmt.Errorf("the database %s is in use by another process that offers no admin endpoint (an older songsmith serve, or another songsmith command): stop it, or retry in a moment", path)
	}
	if err != nil {
		return nil, nil, err
	}
	master, err := st.Secret(app.WebhookMasterName, 32)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return storeKeys{ks: st, secret: func(_ context.Context, k *jobs.APIKey) (string, error) {
		return (&app.Backend{WebhookMaster: func(context.Context) ([]byte, error) { return master, nil }}).WebhookSecret(context.Background(), k)
	}}, st.Close, nil
}

// describe says which database the keys command acts on and whether a
// server runs on it (m is the admin endpoint's client then), e.g.
// "Keys of /home/me/data/songsmith.db (from ./data), served by the songsmith
// serve at http://127.0.0.1:8080 (pid 4242)."
func (db keysDB) describe(m keyManager) string {
	abs, err := filepath.Abs(filepath.Join(db.dir, "songsmith.db"))
	if err != nil {
		abs = filepath.Join(db.dir, "songsmith.db")
	}
	server := "no songsmith serve runs on it"
	if ac, ok := m.(*adminClient); ok {
		server = fmt.Sprintf("served by the songsmith serve at %s (pid %d)", ac.info.ServerURL, ac.info.PID)
		if ac.info.ServerURL == "" {
			server = fmt.Sprintf("served by songsmith serve (pid %d)", ac.info.PID)
		}
	}
	return fmt.Sprintf("Keys of %s (from %s); %s.", abs, db.from, server)
}

// keyErr explains key-store errors of a command given args.
func keyErr(err error, args []string) error {
	switch {
	case jobs.IsCode(err, jobs.ENotFound) && len(args) == 1:
		return &exitError{exitNotFound, fmt.Sprintf("no key with id %q: songsmith keys list shows the key ids (the part between ss_ and the second _ of a key)", args[0]), err}
	case jobs.IsCode(err, jobs.ENotFound):
		return &exitError{exitNotFound, jobs.ErrorMessage(err) + " (songsmith keys list shows the key ids)", err}
	case jobs.IsCode(err, jobs.EInvalid):
		return &exitError{exitUsage, jobs.ErrorMessage(err), err}
	}
	return err
}

// storeKeys manages keys on a key store; secret gives a new key's
// webhook signing secret (derived from the backend's master secret).
type storeKeys struct {
	ks     jobs.KeyStore
	secret func(ctx context.Context, k *jobs.APIKey) (string, error)
}

// newKey returns the created key k with its full key string and webhook
// signing secret.
func (s storeKeys) newKey(ctx context.Context, k *jobs.APIKey, full string, now time.Time) (*newKey, error) {
	secret, err := s.secret(ctx, k)
	if err != nil {
		return nil, err
	}
	return &newKey{keyView: view(k, now), Key: full, WebhookSecret: secret}, nil
}

func (s storeKeys) create(ctx context.Context, name string, ttl time.Duration) (*newKey, error) {
	now := time.Now().UTC()
	k, full, err := jobs.NewAPIKey(name, now, ttl)
	if err != nil {
		return nil, err
	}
	if err := s.ks.CreateKey(ctx, k); err != nil {
		return nil, err
	}
	return s.newKey(ctx, k, full, now)
}

func (s storeKeys) list(ctx context.Context) ([]keyView, error) {
	keys, err := s.ks.Keys(ctx)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	out := make([]keyView, 0, len(keys))
	for _, k := range keys {
		out = append(out, view(k, now))
	}
	return out, nil
}

func (s storeKeys) revoke(ctx context.Context, id string) (*keyView, error) {
	now := time.Now().UTC()
	if _, err := s.ks.Key(ctx, jobs.KeyID(id)); err != nil {
		return nil, err
	}
	if err := s.ks.RevokeKey(ctx, jobs.KeyID(id), now); err != nil {
		return nil, err
	}
	k, err := s.ks.Key(ctx, jobs.KeyID(id))
	if err != nil {
		return nil, err
	}
	v := view(k, now)
	return &v, nil
}

func (s storeKeys) rotate(ctx context.Context, id string, grace time.Duration) (*newKey, error) {
	now := time.Now().UTC()
	old, err := s.ks.Key(ctx, jobs.KeyID(id))
	if err != nil {
		return nil, err
	}
	k, full, err := jobs.NewAPIKey(old.Name, now, 0)
	if err != nil {
		return nil, err
	}
	if !old.ExpiresAt.IsZero() {
		k.ExpiresAt = now.Add(old.ExpiresAt.Sub(old.CreatedAt))
	}
	if err := s.ks.CreateKey(ctx, k); err != nil {
		return nil, err
	}
	if err := s.ks.RevokeKey(ctx, old.ID, now.Add(grace)); err != nil {
		return nil, err
	}
	if old, err = s.ks.Key(ctx, old.ID); err != nil {
		return nil, err
	}
	ov := view(old, now)
	nk, err := s.newKey(ctx, k, full, now)
	if err != nil {
		return nil, err
	}
	nk.Replaces = &ov
	return nk, nil
}

func view(k *jobs.APIKey, now time.Time) keyView {
	v := keyView{ID: string(k.ID), Name: k.Name, CreatedAt: k.CreatedAt.UTC().Format(httpapi.TimeFormat), Status: status(k, now),
		Webhooks: k.HasWebhookSecret()}
	if !k.ExpiresAt.IsZero() {
		v.ExpiresAt = k.ExpiresAt.UTC().Format(httpapi.TimeFormat)
	}
	if !k.RevokedAt.IsZero() {
		v.RevokedAt = k.RevokedAt.UTC().Format(httpapi.TimeFormat)
	}
	return v
}

func orNever(t string) string {
	if t == "" {
		return "never"
	}
	return t
}

func status(k *jobs.APIKey, now time.Time) string {
	switch {
	case k.Active(now) && !k.RevokedAt.IsZero():
		return "active until " + k.RevokedAt.UTC().Format(httpapi.TimeFormat)
	case k.Active(now):
		return "active"
	case !k.RevokedAt.IsZero() && !now.Before(k.RevokedAt):
		return "revoked"
	default:
		return "expired"
	}
}

// printWebhookSecret tells a new key's webhook signing secret.
func printWebhookSecret(w io.Writer, k *newKey) {
	if k.WebhookSecret != "" {
		fmt.Fprintf(w, "Webhook signing secret %s: verify the webhooks of this key's jobs with it (docs/webhooks.md). Store it now: it is not shown again.\n", k.WebhookSecret)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
