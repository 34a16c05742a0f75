package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/emf"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/worker"
)

// NewLogger returns a JSON logger at the configured level writing to w
// (stderr when nil). Lines logged with a context carry its log attributes
// (jobs.WithLogAttrs: the request id of an HTTP request).
func NewLogger(cfg Config, w io.Writer) *slog.Logger {
	if w == nil {
		w = os.Stderr
	}
	return slog.New(jobs.LogHandler(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: cfg.LogLevel})))
}

// Open builds the backend the configuration names.
func Open(ctx context.Context, cfg Config) (*Backend, error) {
	if cfg.Backend == "aws" {
		return OpenAWS(ctx, cfg)
	}
	return OpenEmbedded(cfg)
}

// OpenEmbedded opens the local database and media directory in DataDir.
// Keys listed in cfg.APIKeys are added to the key store if missing.
func OpenEmbedded(cfg Config) (*Backend, error) {
	st, err := embedded.Open(filepath.Join(cfg.DataDir, "songsmith.db"), embedded.Options{
		Visibility: cfg.GenerateTimeout + time.Minute, RestartDelay: RestartDelay, HeavyPerKey: HeavyPerKey,
	})
	if err != nil {
		return nil, err
	}
	key := []byte(cfg.SigningKey)
	if len(key) == 0 {
		if key, err = st.Secret("media-signing-key", 32); err != nil {
			st.Close()
			return nil, err
		}
	}
	media := &embedded.Media{Dir: filepath.Join(cfg.DataDir, "media"), BaseURL: cfg.BaseURL, Key: key,
		WriteError: func(w http.ResponseWriter, r *http.Request, err error) { httpapi.WriteError(w, r, nil, err) }}
	b := &Backend{Jobs: st, Keys: st, Limiter: st, Queue: st, Consumer: st, Media: media, Admit: st, Leases: st,
		MediaHandler: media, Close: st.Close, Embedded: st}
	withWebhooks(b, st.Webhooks(), st.Webhooks())
	b.WebhookStates = st
	master, err := st.Secret(WebhookMasterName, 32)
	if err != nil {
		st.Close()
		return nil, err
	}
	b.WebhookMaster = func(context.Context) ([]byte, error) { return master, nil }
	if err := SeedKeys(context.Background(), b.Keys, cfg.APIKeys); err != nil {
		st.Close()
		return nil, err
	}
	return b, nil
}

// SeedKeys stores each full key string unless a key with its id exists.
func SeedKeys(ctx context.Context, ks jobs.KeyStore, keys []string) error {
	for _, full := range keys {
		k := jobs.KeyFromSecret(full, "from SONGSMITH_API_KEYS", time.Now())
		old, err := ks.Key(ctx, k.ID)
		switch {
		case err == nil && !old.Matches(secretOf(full)):
			return fmt.Errorf("config: SONGSMITH_API_KEYS key %s clashes with a stored key of the same id", k.ID)
		case err == nil:
			continue
		case !jobs.IsCode(err, jobs.ENotFound):
			return err
		}
		if err := ks.CreateKey(ctx, k); err != nil && !jobs.IsCode(err, jobs.EConflict) {
			return err
		}
	}
	return nil
}

// ActiveKey returns the first of the full key strings that is stored and
// active at now (not revoked, not expired), or "" when none is: what the
// start banner may show as the working key.
func ActiveKey(ctx context.Context, ks jobs.KeyStore, keys []string, now time.Time) (string, error) {
	for _, full := range keys {
		id, secret, ok := jobs.SplitKey(full)
		if !ok {
			continue
		}
		k, err := ks.Key(ctx, id)
		switch {
		case jobs.IsCode(err, jobs.ENotFound):
			continue
		case err != nil:
			return "", err
		case k.Matches(secret) && k.Active(now):
			return full, nil
		}
	}
	return "", nil
}

func secretOf(full string) string {
	_, s, _ := jobs.SplitKey(full)
	return s
}

// NewService builds the service on a backend.
func NewService(cfg Config, b *Backend, log *slog.Logger) *jobs.Service {
	svc := &jobs.Service{Jobs: b.Jobs, Keys: b.Keys, Limiter: b.Limiter, Queue: b.Queue, Media: b.Media,
		Config: cfg.Service, Logger: log, RecipeCheck: recipe.Check, Admit: b.Admit}
	if b.Webhooks != nil {
		svc.WebhookCheck = WebhookPolicy(cfg).Check
	}
	return svc
}

// NewWorker builds the job worker on a backend.
// With a metrics namespace it writes one EMF record per delivery to stdout.
func NewWorker(cfg Config, b *Backend, gen jobs.Generator, log *slog.Logger) *worker.Worker {
	w := &worker.Worker{Jobs: b.Jobs, Media: b.Media, Generator: gen,
		MaxAttempts: cfg.MaxAttempts, CrashHeadroom: cfg.CrashHeadroom, Timeout: cfg.GenerateTimeout,
		DeadlineReserve: DeadlineReserve, RetryBase: RetryBase, RetryMax: RetryMax, Logger: log,
		CancelPoll: CancelPoll, MaxQueueAge: cfg.Service.MaxQueueAge, Leases: b.Leases}
	if cfg.MetricsNS != "" {
		w.Metrics = (&emf.Recorder{Out: os.Stdout, Namespace: cfg.MetricsNS}).Record
	}
	return w
}
