package client_test

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/client"
)

func TestGenerateIdempotency(t *testing.T) {
	ctx := context.Background()

	t.Run("ServerErrorRetriedWithSameKey", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(http.StatusInternalServerError, internal),
			rep(http.StatusServiceUnavailable, internal), rep(http.StatusAccepted, ackBody)})
		sub, err := c.Generate(ctx, "lofi rain")
		if err != nil || sub.JobID != "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d" {
			t.Fatalf("Generate = %+v, %v", sub, err)
		}
		reqs := api.seen()
		if len(reqs) != 3 {
			t.Fatalf("requests = %d, want 3", len(reqs))
		}
		for i, r := range reqs {
			if r.idem == "" || r.idem != reqs[0].idem || r.body != reqs[0].body {
				t.Errorf("attempt %d: key %q body %s, want key %q and the same body", i, r.idem, r.body, reqs[0].idem)
			}
		}
		if got, want := sl.recorded(), seconds(1, 2); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
	})

	t.Run("ErrServerErrorAfterRetries", func(t *testing.T) {
		api, c, _ := mustServe(t, []reply{rep(http.StatusInternalServerError, internal)}, client.WithMaxRetries(2))
		if _, err := c.Generate(ctx, "lofi rain"); !client.IsServerError(err) {
			t.Fatalf("error = %v, want server error", err)
		}
		if n := len(api.seen()); n != 3 {
			t.Errorf("requests = %d, want 3", n)
		}
	})

	t.Run("TransportErrorRetried", func(t *testing.T) {
		var (
			mu   sync.Mutex
			keys []string
		)
		url := newServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			keys = append(keys, r.Header.Get("Idempotency-Key"))
			n := len(keys)
			mu.Unlock()
			if n == 1 {
				panic(http.ErrAbortHandler) // drop the connection without an answer
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusAccepted)
			_, _ = w.Write([]byte(ackBody))
		}))
		sl := &sleeper{}
		c := client.New(url, testKey, client.WithSleep(sl.sleep))
		if _, err := c.Generate(ctx, "lofi rain", client.WithIdempotencyKey("order-7")); err != nil {
			t.Fatalf("Generate: %v", err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(keys) < 2 {
			t.Fatalf("requests = %d, want a retry", len(keys))
		}
		for i, k := range keys {
			if k != "order-7" {
				t.Errorf("attempt %d: Idempotency-Key %q, want order-7", i, k)
			}
		}
	})

	t.Run("NewKeyPerCall", func(t *testing.T) {
		api, c, _ := mustServe(t, []reply{rep(http.StatusAccepted, ackBody)})
		for range 2 {
			if _, err := c.Generate(ctx, "lofi rain"); err != nil {
				t.Fatal(err)
			}
		}
		if reqs := api.seen(); reqs[0].idem == reqs[1].idem {
			t.Errorf("two calls share key %q", reqs[0].idem)
		}
	})

	t.Run("CallerKey", func(t *testing.T) {
		api, c, _ := mustServe(t, []reply{rep(http.StatusAccepted, ackBody)})
		if _, err := c.Generate(ctx, "lofi rain", client.WithIdempotencyKey("order-42"), client.WithIdempotencyKey("")); err != nil {
			t.Fatal(err)
		}
		if got := api.seen()[0].idem; got != "order-42" {
			t.Errorf("Idempotency-Key = %q, want order-42", got)
		}
	})
}
