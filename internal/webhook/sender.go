package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// DefaultSchedule is the wait before each retry after a failed attempt:
// attempt 1 at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
// (8 attempts over 27 h 35 min), like Standard Webhooks' schedule.
var DefaultSchedule = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}

// DefaultTimeout limits one delivery attempt (connect to last byte).
const DefaultTimeout = 15 * time.Second

// Sender delivers the webhooks of finished jobs, one queue message (the
// job id) per webhook.
type Sender struct {
	Jobs jobs.JobStore
	Keys jobs.KeyStore
	// Body encodes a finished job as the receiver gets it (the job body of
	// GET /jobs/{id} with its job_id and fresh media URLs).
	Body   func(ctx context.Context, j *jobs.Job) ([]byte, error)
	Policy Policy
	// Schedule holds the waits before retries; len(Schedule)+1 attempts
	// in all (DefaultSchedule when nil).
	Schedule []time.Duration
	Timeout  time.Duration    // per attempt; DefaultTimeout when 0
	Client   *http.Client     // built from Policy when nil
	Now      func() time.Time // time.Now when nil
	Logger   *slog.Logger     // slog.Default() when nil
}

// Decision is what the queue adapter does with a delivery: delete it, or
// make it visible again after Delay.
type Decision struct {
	Release bool
	Delay   time.Duration
	Err     error // why the attempt failed
}

// Handle makes delivery attempt d.Attempt of d.JobID's webhook. A
// message that names no live job with a webhook is dropped; a failed
// attempt is released for the next one after the schedule's wait, until
// the last attempt, after which the webhook is given up (logged).
func (s *Sender) Handle(ctx context.Context, d jobs.Delivery) Decision {
	log := s.log().With("job_id", d.JobID, "webhook_attempt", d.Attempt)
	j, err := s.Jobs.Job(ctx, d.JobID)
	if jobs.IsCode(err, jobs.ENotFound) {
		log.WarnContext(ctx, "webhook of a missing job dropped")
		return Decision{}
	} else if err != nil {
		return s.retry(ctx, log, d, err)
	}
	if j.Options == nil || j.Options.WebhookURL == "" || !j.Status.Terminal() || j.Expired(s.now()) {
		log.WarnContext(ctx, "webhook message without a finished job that wants one; dropped", "status", j.Status)
		return Decision{}
	}
	k, err := s.Keys.Key(ctx, j.Owner)
	if err != nil && !jobs.IsCode(err, jobs.ENotFound) {
		return s.retry(ctx, log, d, err)
	}
	if k == nil || k.WebhookSecret == "" {
		log.WarnContext(ctx, "webhook dropped: the job's key is gone or has no signing secret", "key_id", j.Owner)
		return Decision{}
	}
	body, err := s.Body(ctx, j)
	if err != nil {
		return s.retry(ctx, log, d, err)
	}
	status, err := s.post(ctx, j.Options.WebhookURL, DeliveryID(string(j.ID)), k.WebhookSecret, body)
	if err == nil {
		log.InfoContext(ctx, "webhook delivered", "status_code", status)
		return Decision{}
	}
	return s.retry(ctx, log, d, err)
}

func (s *Sender) retry(ctx context.Context, log *slog.Logger, d jobs.Delivery, err error) Decision {
	sched := s.schedule()
	if d.Attempt > len(sched) {
		log.ErrorContext(ctx, "webhook given up after its last attempt", "err", err, "attempts", d.Attempt)
		return Decision{Err: err}
	}
	delay := sched[max(d.Attempt, 1)-1]
	log.WarnContext(ctx, "webhook attempt failed; will retry", "err", err, "delay_s", delay.Seconds())
	return Decision{Release: true, Delay: delay, Err: err}
}

// post sends one signed attempt; any answer but 2xx is an error.
func (s *Sender) post(ctx context.Context, url, id, secret string, body []byte) (int, error) {
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
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
	res, err := s.client().Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, fmt.Errorf("webhook: receiver answered %d", res.StatusCode)
	}
	return res.StatusCode, nil
}

func (s *Sender) client() *http.Client {
	if s.Client == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.DialContext = s.Policy.DialContext
		tr.Proxy = nil
		s.Client = &http.Client{Transport: tr,
			// A redirect is not a delivery: the receiver must answer 2xx itself.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	return s.Client
}

func (s *Sender) schedule() []time.Duration {
	if s.Schedule != nil {
		return s.Schedule
	}
	return DefaultSchedule
}

func (s *Sender) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Sender) log() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// HandleWebhook is Handle for queue adapters that know only the
// decision's parts (sqsqueue.WebhookProcessor).
func (s *Sender) HandleWebhook(ctx context.Context, d jobs.Delivery) (release bool, delay time.Duration) {
	dec := s.Handle(ctx, d)
	return dec.Release, dec.Delay
}
