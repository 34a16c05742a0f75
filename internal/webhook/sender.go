package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
	"github.com/songsmith/songsmith/internal/logctx"
)

// DefaultSchedule is the wait before each retry after a failed attempt:
// attempt 1 at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
// (8 attempts over 27 h 35 min), like Standard Webhooks' schedule.
var DefaultSchedule = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}

// DefaultTimeout limits one delivery attempt (connect to last byte): a
// dead or hanging receiver costs seconds, not a delivery slot for long.
const DefaultTimeout = 5 * time.Second

// DefaultBusyDelay is how long a delivery waits when its key or host has
// all its slots busy (Limits) before it is tried again; the wait uses no
// attempt.
const DefaultBusyDelay = 2 * time.Second

// Sender delivers the webhooks of finished jobs, one queue message (the
// job id) per webhook, fairly: per-key and per-host limits on deliveries
// in flight, short timeouts, and a circuit breaker per receiver.
type Sender struct {
	Jobs jobs.JobStore
	Keys jobs.KeyStore
	// Recorder keeps each webhook's delivery state (GET /jobs/{id}'s
	// webhook member); its attempt count drives the schedule. When nil,
	// the queue's delivery count does.
	Recorder jobs.WebhookRecorder
	// Secret returns the signing secret of a key's webhooks ("" for none;
	// the key's stored WebhookSecret when nil).
	Secret func(ctx context.Context, k *jobs.APIKey) (string, error)
	// Body encodes a finished job as the receiver gets it (the job body of
	// GET /jobs/{id} with its job_id and fresh media URLs).
	Body   func(ctx context.Context, j *jobs.Job) ([]byte, error)
	Policy Policy
	// Schedule holds the waits before retries; len(Schedule)+1 attempts
	// in all (DefaultSchedule when nil).
	Schedule []time.Duration
	Timeout  time.Duration // per attempt; DefaultTimeout when 0
	// Limits bound deliveries in flight (LimitsFor(10/1m, Timeout) when
	// zero); BusyDelay is the wait of a delivery over a limit
	// (DefaultBusyDelay when 0).
	Limits    Limits
	BusyDelay time.Duration
	// Leases, when set, hold Limits.PerKey across processes too (the
	// aws backend's Lambda instances); nil for one process.
	Leases Leases
	// Breaker parks failing receivers (DefaultBreaker when zero).
	Breaker Breaker
	Client  *http.Client     // built from Policy when nil
	Now     func() time.Time // time.Now when nil
	Logger  *slog.Logger     // slog.Default() when nil

	gate gate
	once sync.Once
}

// Decision is what the queue adapter does with a delivery: delete it, or
// make it visible again after Delay.
type Decision struct {
	Release bool
	Delay   time.Duration
	Err     error // why the attempt failed
	// Deferred: no attempt was made (the key or host was at its limit, or
	// the receiver is parked); the delivery waits Delay.
	Deferred bool
}

// Handle makes the next delivery attempt of d.JobID's webhook. A
// message that names no live job with a webhook (or one already
// delivered or given up) is dropped; a delivery over its key's or host's
// limit, or to a parked receiver, waits without using an attempt; a
// failed attempt is released for the next one after the schedule's wait,
// until the last attempt, after which the webhook is given up.
func (s *Sender) Handle(ctx context.Context, d jobs.Delivery) Decision {
	s.init()
	log := s.log().With("job_id", d.JobID)
	j, err := s.Jobs.Job(ctx, d.JobID)
	if jobs.IsCode(err, jobs.ENotFound) {
		log.WarnContext(ctx, "webhook of a missing job dropped")
		return Decision{}
	} else if err != nil {
		return s.retry(ctx, log, d.Attempt, err)
	}
	now := s.now()
	if j.Options == nil || j.Options.WebhookURL == "" || !j.Status.Terminal() || j.Expired(now) {
		log.WarnContext(ctx, "webhook message without a finished job that wants one; dropped", "status", j.Status)
		return Decision{}
	}
	state := *delivery.Of(j.Options != nil && j.Options.WebhookURL != "", j.Webhook)
	if state.Status == delivery.Delivered || state.Status == delivery.Failed {
		log.InfoContext(ctx, "webhook already "+string(state.Status)+"; duplicate message dropped")
		return Decision{}
	}
	attempt := d.Attempt
	if s.Recorder != nil {
		attempt = state.Attempts + 1
	}
	log = log.With("webhook_attempt", attempt)
	k, err := s.Keys.Key(ctx, j.Owner)
	if err != nil && !jobs.IsCode(err, jobs.ENotFound) {
		return s.retry(ctx, log, attempt, err)
	}
	secret := ""
	if k != nil {
		secret = k.WebhookSecret
		if s.Secret != nil {
			if secret, err = s.Secret(ctx, k); err != nil {
				return s.retry(ctx, log, attempt, err)
			}
		}
	}
	if secret == "" {
		log.WarnContext(ctx, "webhook dropped: the job's key is gone or has no signing secret", "key_id", j.Owner)
		return Decision{}
	}
	host := hostOf(j.Options.WebhookURL)
	receiver := string(j.Owner) + " " + host
	ok, parkedUntil := s.gate.acquire(s.Limits, s.Breaker, j.Owner, host, receiver, now)
	if !ok {
		if parkedUntil.IsZero() {
			return Decision{Release: true, Delay: s.BusyDelay, Deferred: true}
		}
		if now.After(j.FinishedAt.Add(s.span())) {
			s.record(ctx, log, j.ID, delivery.State{Status: delivery.Failed, Attempts: state.Attempts, LastError: PublicError(errParked)})
			log.ErrorContext(ctx, "webhook given up: its receiver stayed parked past the retry schedule")
			return Decision{Err: errParked}
		}
		if state.Status != delivery.Parked {
			state.Status = delivery.Parked
			s.record(ctx, log, j.ID, state)
		}
		return Decision{Release: true, Delay: max(parkedUntil.Sub(now), time.Second), Deferred: true}
	}
	token, ok := s.lease(ctx, log, j.Owner, now)
	if !ok {
		s.gate.cancel(j.Owner, host, receiver)
		return Decision{Release: true, Delay: s.BusyDelay, Deferred: true}
	}
	body, err := s.Body(ctx, j)
	var code int
	if err == nil {
		code, err = s.post(ctx, j.Options.WebhookURL, DeliveryID(string(j.ID)), secret, body)
	}
	s.unlease(ctx, log, j.Owner, token)
	parkedUntil = s.gate.done(s.Breaker, j.Owner, host, receiver, err == nil, s.now())
	if err == nil {
		s.record(ctx, log, j.ID, delivery.State{Status: delivery.Delivered, Attempts: attempt})
		log.InfoContext(ctx, "webhook delivered", "status_code", code)
		return Decision{}
	}
	dec := s.retry(ctx, log, attempt, err)
	st := delivery.State{Status: delivery.Retrying, Attempts: attempt, LastError: PublicError(err)}
	switch {
	case !dec.Release:
		st.Status = delivery.Failed
	case !parkedUntil.IsZero():
		st.Status = delivery.Parked
		dec.Delay = max(dec.Delay, parkedUntil.Sub(s.now()))
		log.WarnContext(ctx, "webhook receiver parked: it keeps failing", "host", host, "until", parkedUntil)
	}
	s.record(ctx, log, j.ID, st)
	return dec
}

// record stores a webhook's state; a failure is logged (the delivery
// itself is not affected).
func (s *Sender) record(ctx context.Context, log *slog.Logger, id jobs.JobID, st delivery.State) {
	if s.Recorder == nil {
		return
	}
	st.UpdatedAt = s.now()
	if err := s.Recorder.SetWebhookState(context.WithoutCancel(ctx), id, st); err != nil {
		log.WarnContext(ctx, "could not record the webhook's state", "err", err)
	}
}

// span is how long after a job ends its webhook may still be delivered:
// the whole retry schedule, plus one attempt.
func (s *Sender) span() time.Duration {
	total := s.Timeout
	for _, d := range s.schedule() {
		total += d
	}
	return total
}

func (s *Sender) init() {
	s.once.Do(func() {
		if s.Timeout <= 0 {
			s.Timeout = DefaultTimeout
		}
		if s.Limits == (Limits{}) {
			s.Limits = LimitsFor(jobs.Rate{N: 10, Per: time.Minute}, s.Timeout)
		}
		if s.BusyDelay <= 0 {
			s.BusyDelay = DefaultBusyDelay
		}
		if s.Breaker == (Breaker{}) {
			s.Breaker = DefaultBreaker
		}
		s.newClient()
	})
}

// hostOf returns the host:port a webhook URL connects to (lower case).
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80"}[u.Scheme]
		if port == "" {
			port = "443"
		}
	}
	return strings.ToLower(net.JoinHostPort(u.Hostname(), port))
}

func (s *Sender) retry(ctx context.Context, log *slog.Logger, attempt int, err error) Decision {
	sched := s.schedule()
	if attempt > len(sched) {
		log.ErrorContext(ctx, "webhook given up after its last attempt", "err", err, "attempts", attempt)
		return Decision{Err: err}
	}
	delay := sched[max(attempt, 1)-1]
	log.WarnContext(ctx, "webhook attempt failed; will retry", "err", err, "delay_s", delay.Seconds())
	return Decision{Release: true, Delay: delay, Err: err}
}

// post sends one signed attempt; any answer but 2xx is an error.
func (s *Sender) post(ctx context.Context, url, id, secret string, body []byte) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	ts := s.now()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Songsmith-Webhooks/1")
	req.Header.Set(HeaderID, id)
	req.Header.Set(HeaderTimestamp, fmt.Sprint(ts.Unix()))
	req.Header.Set(HeaderSignature, Sign(secret, id, ts, body))
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, statusError(res.StatusCode)
	}
	return res.StatusCode, nil
}

// newClient builds the delivery client (once, from init).
func (s *Sender) newClient() {
	if s.Client == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.DialContext = s.Policy.DialContext
		tr.Proxy = nil
		tr.TLSHandshakeTimeout = DefaultConnectTimeout
		tr.ResponseHeaderTimeout = s.Timeout
		tr.MaxConnsPerHost = 0
		s.Client = &http.Client{Transport: tr,
			// A redirect is not a delivery: the receiver must answer 2xx itself.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
}

func (s *Sender) schedule() []time.Duration {
	if s.Schedule != nil {
		return s.Schedule
	}
	return DefaultSchedule
}

func (s *Sender) now() time.Time { return logctx.Now(s.Now) }

func (s *Sender) log() *slog.Logger { return logctx.LoggerOr(s.Logger) }

// HandleWebhook is Handle for queue adapters that know only the
// decision's parts (sqsqueue.WebhookProcessor).
func (s *Sender) HandleWebhook(ctx context.Context, d jobs.Delivery) (release bool, delay time.Duration) {
	s.init()
	dec := s.Handle(ctx, d)
	return dec.Release, dec.Delay
}
