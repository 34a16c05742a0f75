package webhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	record "github.com/songsmith/songsmith/internal/jobs/delivery"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/webhook"
)

// receiver is a real HTTP server on loopback that verifies every delivery
// as a client would, and answers with the next planned status (200 when
// the plan is used up), sleeping first when the plan says so.
type receiver struct {
	t      *testing.T
	secret string
	mu     sync.Mutex
	plan   []int // status per request; -1 = hang past the sender's timeout
	got    []delivery
	ln     net.Listener
	srv    *http.Server
	addr   string
}

type delivery struct {
	id   string
	body map[string]any
	ok   bool // signature verified
}

func newReceiver(t *testing.T, secret string, plan ...int) *receiver {
	r := &receiver{t: t, secret: secret, plan: plan}
	r.start("127.0.0.1:0")
	t.Cleanup(r.stop)
	return r
}

func (r *receiver) start(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		r.t.Fatal(err)
	}
	r.ln, r.addr = ln, ln.Addr().String()
	r.srv = &http.Server{Handler: r}
	go r.srv.Serve(ln)
}

func (r *receiver) stop() { r.srv.Close() }

func (r *receiver) URL() string { return "http://" + r.addr + "/hooks/songsmith" }

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	err := webhook.Verify(r.secret, req.Header.Get(webhook.HeaderID), req.Header.Get(webhook.HeaderTimestamp),
		req.Header.Get(webhook.HeaderSignature), body, time.Now(), 5*time.Minute)
	var m map[string]any
	_ = json.Unmarshal(body, &m)
	r.mu.Lock()
	r.got = append(r.got, delivery{id: req.Header.Get(webhook.HeaderID), body: m, ok: err == nil && req.Method == "POST"})
	status := 200
	if len(r.plan) > 0 {
		status, r.plan = r.plan[0], r.plan[1:]
	}
	r.mu.Unlock()
	if status == -1 {
		time.Sleep(700 * time.Millisecond)
		status = 200
	}
	w.WriteHeader(status)
}

func (r *receiver) deliveries() []delivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivery(nil), r.got...)
}

// setup stores a key and a finished job of it that asks for a webhook to url.
func setup(t *testing.T, url string) (*webhook.Sender, *jobs.Job, string) {
	st, err := embedded.Open(filepath.Join(t.TempDir(), "db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	k, _, err := jobs.NewAPIKey("hooks", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	j := jobstest.NewJob(k.ID)
	j.StartedAt, j.ExpiresAt = time.Now().UTC().Truncate(time.Second), time.Now().Add(time.Hour)
	j.Options = &jobs.Options{WebhookURL: url}
	if err := st.CreateJob(ctx, j); err != nil {
		t.Fatal(err)
	}
	if err := st.FailJob(ctx, j.ID, "Generation failed.", time.Now()); err != nil {
		t.Fatal(err)
	}
	master := []byte("a master secret of the test, 32+ bytes")
	s := &webhook.Sender{Jobs: st, Keys: st, Timeout: 300 * time.Millisecond, Policy: webhook.Policy{AllowLoopback: true},
		Secret: func(_ context.Context, k *jobs.APIKey) (string, error) {
			return webhook.SecretFrom(master, k.ID), nil
		},
		Body: func(_ context.Context, j *jobs.Job) ([]byte, error) {
			return json.Marshal(map[string]any{"job_id": j.ID, "status": j.Status, "error": j.Error})
		}}
	return s, j, webhook.SecretFrom(master, k.ID)
}

func attempt(s *webhook.Sender, j *jobs.Job, n int) webhook.Decision {
	return s.Handle(context.Background(), jobs.Delivery{JobID: j.ID, Attempt: n})
}

func TestDeliver(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s, j, secret := setup(t, "")
		r := newReceiver(t, secret)
		s.Jobs = withURL{s.Jobs, r.URL()}
		if dec := attempt(s, j, 1); dec.Release {
			t.Fatalf("delivery failed: %v", dec.Err)
		}
		got := r.deliveries()
		if len(got) != 1 || !got[0].ok || got[0].id != webhook.DeliveryID(string(j.ID)) ||
			got[0].body["job_id"] != string(j.ID) || got[0].body["status"] != "failed" {
			t.Fatalf("deliveries %+v", got)
		}
	})
	t.Run("RetryAfter500", func(t *testing.T) {
		s, j, secret := setup(t, "")
		r := newReceiver(t, secret, 500, 503)
		s.Jobs = withURL{s.Jobs, r.URL()}
		for n, want := range []time.Duration{5 * time.Second, 5 * time.Minute} {
			dec := attempt(s, j, n+1)
			if !dec.Release || dec.Delay != want || dec.Err == nil {
				t.Fatalf("attempt %d: %+v, want a retry after %s", n+1, dec, want)
			}
		}
		if dec := attempt(s, j, 3); dec.Release {
			t.Fatalf("attempt 3: %+v", dec)
		}
		got := r.deliveries()
		if len(got) != 3 || got[0].id != got[2].id || !got[0].ok || !got[2].ok {
			t.Fatalf("deliveries %+v: want 3 signed attempts with one id", got)
		}
	})
	t.Run("RetryAfterTimeout", func(t *testing.T) {
		s, j, secret := setup(t, "")
		r := newReceiver(t, secret, -1)
		s.Jobs = withURL{s.Jobs, r.URL()}
		start := time.Now()
		if dec := attempt(s, j, 1); !dec.Release || dec.Err == nil {
			t.Fatalf("slow receiver: %+v", dec)
		}
		if el := time.Since(start); el > 650*time.Millisecond {
			t.Fatalf("the attempt took %s, over its 300ms timeout", el)
		}
		if dec := attempt(s, j, 2); dec.Release {
			t.Fatalf("second attempt: %+v", dec)
		}
	})
	t.Run("ReceiverDownThenUp", func(t *testing.T) {
		s, j, secret := setup(t, "")
		r := newReceiver(t, secret)
		s.Jobs = withURL{s.Jobs, r.URL()}
		r.stop()
		if dec := attempt(s, j, 1); !dec.Release || dec.Err == nil {
			t.Fatalf("receiver down: %+v", dec)
		}
		r.start(r.addr) // the same address comes back
		if dec := attempt(s, j, 2); dec.Release {
			t.Fatalf("receiver up again: %+v", dec)
		}
		if got := r.deliveries(); len(got) != 1 || !got[0].ok {
			t.Fatalf("deliveries %+v", got)
		}
	})
	t.Run("GivesUpAfterSchedule", func(t *testing.T) {
		s, j, secret := setup(t, "")
		r := newReceiver(t, secret, 500, 500, 500)
		s.Jobs = withURL{s.Jobs, r.URL()}
		s.Schedule = []time.Duration{time.Second, time.Second}
		for n := 1; n <= 3; n++ {
			dec := attempt(s, j, n)
			if dec.Release != (n < 3) {
				t.Fatalf("attempt %d: %+v", n, dec)
			}
		}
	})
	t.Run("DefaultScheduleSpansADay", func(t *testing.T) {
		var total time.Duration
		for _, d := range webhook.DefaultSchedule {
			total += d
			if d > 12*time.Hour {
				t.Fatalf("wait %s over SQS's 12 h visibility limit", d)
			}
		}
		if total < 24*time.Hour {
			t.Fatalf("retries span %s, want at least 24 h", total)
		}
	})
	t.Run("DropsWhatNeedsNoWebhook", func(t *testing.T) {
		s, j, _ := setup(t, "")
		if dec := s.Handle(context.Background(), jobs.Delivery{JobID: jobs.NewJobID(), Attempt: 1}); dec.Release {
			t.Fatalf("missing job: %+v", dec)
		}
		if dec := attempt(s, j, 1); dec.Release { // its options name no URL
			t.Fatalf("job without a URL: %+v", dec)
		}
	})
}

// withURL serves jobs whose webhook URL is url (the receiver's address is
// known only once it listens).
type withURL struct {
	jobs.JobStore
	url string
}

func (w withURL) Job(ctx context.Context, id jobs.JobID) (*jobs.Job, error) {
	j, err := w.JobStore.Job(ctx, id)
	if err == nil && j.Options != nil {
		j.Options.WebhookURL = w.url
	}
	return j, err
}

// The circuit breaker, on an injected clock: a receiver that fails three
// times in a row is parked (the owner sees "parked"); deliveries to it then
// wait without using attempts or reaching it, and after the cool-down one
// trial delivery goes through and closes the circuit.
func TestBreakerParks(t *testing.T) {
	s, j, secret := setup(t, "")
	rec := s.Jobs.(jobs.WebhookRecorder)
	r := newReceiver(t, secret, 500, 500, 500)
	s.Jobs, s.Recorder = withURL{s.Jobs, r.URL()}, rec
	s.Breaker = webhook.Breaker{Failures: 3, Cooldown: time.Minute, MaxCooldown: time.Hour}
	now := time.Now()
	s.Now = func() time.Time { return now }
	state := func() *record.State {
		got, err := s.Jobs.Job(context.Background(), j.ID)
		if err != nil {
			t.Fatal(err)
		}
		return record.Of(got.Options != nil && got.Options.WebhookURL != "", got.Webhook)
	}
	if st := state(); st.Status != record.Pending || st.Attempts != 0 {
		t.Fatalf("before any attempt: %+v", st)
	}
	for n, want := range []record.Status{record.Retrying, record.Retrying, record.Parked} {
		dec := attempt(s, j, n+1)
		st := state()
		if !dec.Release || dec.Deferred || st.Status != want || st.Attempts != n+1 || st.LastError != "the receiver answered HTTP 500" {
			t.Fatalf("attempt %d: %+v, state %+v, want %s", n+1, dec, st, want)
		}
		if want == record.Parked && dec.Delay < time.Minute {
			t.Fatalf("parked with a retry after %s, want the cool-down", dec.Delay)
		}
	}
	now = now.Add(30 * time.Second)
	dec := attempt(s, j, 4)
	if !dec.Release || !dec.Deferred || dec.Delay != 30*time.Second {
		t.Fatalf("while parked: %+v, want a deferral to the end of the cool-down", dec)
	}
	if st := state(); st.Status != record.Parked || st.Attempts != 3 || len(r.deliveries()) != 3 {
		t.Fatalf("while parked: state %+v, %d requests", st, len(r.deliveries()))
	}
	now = now.Add(31 * time.Second)
	if dec := attempt(s, j, 5); dec.Release {
		t.Fatalf("trial after the cool-down: %+v", dec)
	}
	if st := state(); st.Status != record.Delivered || st.Attempts != 4 || st.LastError != "" {
		t.Fatalf("after the trial: %+v", st)
	}
	if dec := attempt(s, j, 6); dec.Release || len(r.deliveries()) != 4 {
		t.Fatalf("a duplicate message after delivery: %+v, %d requests", dec, len(r.deliveries()))
	}
}

// Limits follow the submission rate: the default 10/1m with 5 s attempts
// gives a key 2 slots.
func TestLimitsFor(t *testing.T) {
	if l := webhook.LimitsFor(jobs.Rate{N: 10, Per: time.Minute}, webhook.DefaultTimeout); l.PerKey != 2 || l.PerHost != 4 || l.Total != 32 {
		t.Fatalf("limits %+v", l)
	}
	if l := webhook.LimitsFor(jobs.Rate{N: 600, Per: time.Minute}, webhook.DefaultTimeout); l.PerKey != 16 {
		t.Fatalf("limits %+v", l)
	}
}

// A key at its limit waits (no attempt used) while another key's delivery
// goes through at once.
func TestPerKeyLimit(t *testing.T) {
	s, j, secret := setup(t, "")
	hang := newReceiver(t, secret, -1)
	s.Jobs = withURL{s.Jobs, hang.URL()}
	s.Limits = webhook.Limits{Total: 8, PerKey: 1, PerHost: 8}
	s.Timeout = 2 * time.Second
	done := make(chan webhook.Decision)
	go func() { done <- attempt(s, j, 1) }()
	for deadline := time.Now().Add(2 * time.Second); len(hang.deliveries()) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first delivery did not start")
		}
	}
	if dec := attempt(s, j, 2); !dec.Deferred || !dec.Release || dec.Delay != webhook.DefaultBusyDelay {
		t.Fatalf("second delivery of the same key: %+v, want deferred", dec)
	}
	if dec := <-done; dec.Release {
		t.Fatalf("first delivery: %+v", dec)
	}
}

// memLeases is an in-memory webhook.Leases shared by several senders, as
// the DynamoDB lease sets are by Lambda instances.
type memLeases struct {
	mu    sync.Mutex
	held  map[string]int
	names []string // every name acquired
	err   error
}

func (m *memLeases) AcquireLease(_ context.Context, name string, limit int, _ time.Duration, _ time.Time) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return "", false, m.err
	}
	m.names = append(m.names, name)
	if m.held[name] >= limit {
		return "", false, nil
	}
	m.held[name]++
	return name, true, nil
}

func (m *memLeases) ReleaseLease(_ context.Context, name, _ string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.held[name]--
	return nil
}

// The per-key limit holds across senders (Lambda instances) that share
// Leases: a second sender, with free slots of its own, defers the key's
// delivery while the first one's is in flight; the lease is returned after
// the attempt; a lease store that fails does not hold webhooks back.
func TestPerKeyLimitAcrossProcesses(t *testing.T) {
	s1, j, secret := setup(t, "")
	hang := newReceiver(t, secret, -1)
	s1.Jobs = withURL{s1.Jobs, hang.URL()}
	leases := &memLeases{held: map[string]int{}}
	limits := webhook.Limits{Total: 8, PerKey: 1, PerHost: 8}
	s1.Limits, s1.Timeout, s1.Leases = limits, 2*time.Second, leases
	s2 := &webhook.Sender{Jobs: s1.Jobs, Keys: s1.Keys, Secret: s1.Secret, Body: s1.Body, Policy: s1.Policy,
		Timeout: s1.Timeout, Limits: limits, Leases: leases}

	done := make(chan webhook.Decision)
	go func() { done <- attempt(s1, j, 1) }()
	for deadline := time.Now().Add(2 * time.Second); len(hang.deliveries()) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first delivery did not start")
		}
	}
	if dec := attempt(s2, j, 2); !dec.Deferred || !dec.Release || dec.Delay != webhook.DefaultBusyDelay {
		t.Fatalf("the same key's delivery on another instance: %+v, want deferred", dec)
	}
	<-done
	leases.mu.Lock()
	held, names := leases.held[webhook.LeaseName(j.Owner)], leases.names
	leases.mu.Unlock()
	if held != 0 || len(names) != 2 || names[0] != "webhook:"+string(j.Owner) {
		t.Errorf("after the attempts the key holds %d leases (names %v), want 0 (webhook:<key id>)", held, names)
	}
	// s2's deferral returned its in-process slot: with the lease store
	// failing, it delivers (to the hanging receiver, which times out).
	leases.err = errors.New("table unavailable")
	if dec := attempt(s2, j, 2); dec.Deferred || len(hang.deliveries()) != 2 {
		t.Errorf("with the lease store failing: %+v after %d deliveries, want an attempt", dec, len(hang.deliveries()))
	}
}
