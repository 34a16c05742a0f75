package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultPollInterval is the wait between two polls in [Client.Wait] unless
// [WithPollInterval] says otherwise. The specification recommends 5 to 10 s.
const DefaultPollInterval = 5 * time.Second

// DefaultMaxRetries is how many times one call retries after a 429 or a
// transient server error before it gives up, unless [WithMaxRetries] says
// otherwise.
const DefaultMaxRetries = 8

// DefaultUserAgent is the User-Agent header sent unless [WithUserAgent] says
// otherwise.
const DefaultUserAgent = "songsmith-go-client/1"

// maxBodyBytes bounds how much of a response body the client reads.
const maxBodyBytes = 1 << 20

// SleepFunc waits for d or until ctx is done, whichever comes first. It
// returns ctx.Err() when ctx ended the wait and nil otherwise.
type SleepFunc func(ctx context.Context, d time.Duration) error

// Client talks to one Songsmith deployment with one API key. It is safe for
// concurrent use.
type Client struct {
	baseURL      string
	apiKey       string
	httpClient   *http.Client
	pollInterval time.Duration
	userAgent    string
	maxRetries   int
	sleep        SleepFunc
}

// Option configures a [Client] in [New].
type Option func(*Client)

// WithHTTPClient makes the client send its requests through hc instead of
// [http.DefaultClient]. A nil hc is ignored.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) {
		if hc != nil {
			c.httpClient = hc
		}
	}
}

// WithPollInterval sets the wait between two polls in [Client.Wait]. Values
// of zero or less are ignored; the specification recommends 5 to 10 s.
func WithPollInterval(d time.Duration) Option {
	return func(c *Client) {
		if d > 0 {
			c.pollInterval = d
		}
	}
}

// WithUserAgent sets the User-Agent header of every request. An empty ua is
// ignored.
func WithUserAgent(ua string) Option {
	return func(c *Client) {
		if ua != "" {
			c.userAgent = ua
		}
	}
}

// WithMaxRetries sets how many times one call retries after a 429 or a
// transient server error. Zero disables retries; negative values are ignored.
func WithMaxRetries(n int) Option {
	return func(c *Client) {
		if n >= 0 {
			c.maxRetries = n
		}
	}
}

// WithSleep replaces the function the client waits with between retries and
// polls. Tests use it to record the waits instead of sleeping. A nil fn is
// ignored.
func WithSleep(fn SleepFunc) Option {
	return func(c *Client) {
		if fn != nil {
			c.sleep = fn
		}
	}
}

// New returns a client for the service at baseURL (for example
// "https://api.example.com") that authenticates with apiKey.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:      strings.TrimRight(baseURL, "/"),
		apiKey:       apiKey,
		httpClient:   http.DefaultClient,
		pollInterval: DefaultPollInterval,
		userAgent:    DefaultUserAgent,
		maxRetries:   DefaultMaxRetries,
		sleep:        sleepContext,
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Generate submits prompt with POST /generate and returns the acknowledgement
// with the new job's id. It fails with an *[APIError] for 400 (empty or
// invalid prompt), 401 (bad key), 409 (the idempotency key was used with
// another prompt) and, once retries are used up, 429 and 5xx.
//
// Every call sends an Idempotency-Key (a random UUID unless
// [WithIdempotencyKey] gives one), so it retries after transport errors
// and 5xx answers too: a retry of a submission the service already
// accepted returns the same job instead of creating a second one.
func (c *Client) Generate(ctx context.Context, prompt string, opts ...GenerateOption) (*Submission, error) {
	var o generateOptions
	for _, opt := range opts {
		opt(&o)
	}
	if o.idempotencyKey == "" {
		o.idempotencyKey = newIdempotencyKey()
	}
	body, err := json.Marshal(struct {
		Prompt string `json:"prompt"`
	}{prompt})
	if err != nil {
		return nil, fmt.Errorf("songsmith: encode request: %w", err)
	}
	var sub Submission
	header := http.Header{IdempotencyHeader: {o.idempotencyKey}}
	h, err := c.do(ctx, http.MethodPost, "/generate", body, header, true, &sub)
	if err != nil {
		return nil, err
	}
	sub.RateLimit = parseRateLimit(h)
	return &sub, nil
}

// Job reads the current state of a job with GET /jobs/{id}. A failed job is
// returned without error; check [Job.Status] or [Job.Err]. It fails with an
// *[APIError] for 404 (unknown or expired job) and, once retries are used
// up, 429 and 5xx.
func (c *Client) Job(ctx context.Context, jobID string) (*Job, error) {
	if jobID == "" {
		return nil, errors.New("songsmith: job id is required")
	}
	var job Job
	h, err := c.do(ctx, http.MethodGet, "/jobs/"+url.PathEscape(jobID), nil, nil, true, &job)
	if err != nil {
		return nil, err
	}
	job.JobID, job.RateLimit = jobID, parseRateLimit(h)
	return &job, nil
}

// Wait polls the job every poll interval until its status is completed or
// failed and returns it. When a poll used up the rate window
// ([RateLimit].Remaining 0), the next one waits for the window to reset
// instead of running into a 429. A failed job is returned without error; check
// [Job.Status] or [Job.Err]. Wait stops with ctx's error when ctx is done,
// and with the request error when a poll fails for good.
func (c *Client) Wait(ctx context.Context, jobID string) (*Job, error) {
	for {
		job, err := c.Job(ctx, jobID)
		if err != nil {
			return nil, err
		}
		if job.Done() {
			return job, nil
		}
		wait := c.pollInterval
		if rl := job.RateLimit; rl != nil && rl.Remaining == 0 {
			wait = max(wait, rl.Reset)
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// do sends one API request, retrying per the specification's limits,
// decodes a 2xx JSON body into out and returns that answer's header.
// header is added to every attempt. idempotent marks requests that may be
// repeated after a server error.
func (c *Client) do(ctx context.Context, method, path string, body []byte, header http.Header, idempotent bool, out any) (http.Header, error) {
	var rateLimited, failed int
	for attempt := 0; ; attempt++ {
		h, err := c.once(ctx, method, path, body, header, out)
		if err == nil {
			return h, nil
		}
		if ctx.Err() != nil {
			return nil, err
		}
		var wait time.Duration
		var apiErr *APIError
		switch {
		case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests:
			wait = rateLimitBackoff(rateLimited)
			rateLimited++
			wait = max(wait, apiErr.RetryAfter)
		case errors.As(err, &apiErr) && apiErr.StatusCode >= 500 && idempotent:
			wait = serverErrorBackoff(failed)
			failed++
			wait = max(wait, apiErr.RetryAfter)
		case apiErr == nil && idempotent:
			// Transport failure on an idempotent request: as transient as a 500.
			wait = serverErrorBackoff(failed)
			failed++
		default:
			return nil, err
		}
		if attempt >= c.maxRetries {
			return nil, err
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// once sends one request without retrying and returns the header of a
// 2xx answer.
func (c *Client) once(ctx context.Context, method, path string, body []byte, header http.Header, out any) (http.Header, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rd)
	if err != nil {
		return nil, fmt.Errorf("songsmith: build request: %w", err)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("songsmith: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyBytes))
	if err != nil {
		return nil, fmt.Errorf("songsmith: %s %s: read body: %w", method, path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, newAPIError(resp, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return nil, fmt.Errorf("songsmith: %s %s: decode body: %w", method, path, err)
	}
	return resp.Header, nil
}

// rateLimitBackoff is the wait after the n-th (from 0) consecutive 429:
// 5 s, 10 s, then doubling up to 60 s.
func rateLimitBackoff(n int) time.Duration {
	d := 5 * time.Second
	for i := 0; i < n && d < time.Minute; i++ {
		d *= 2
	}
	return min(d, time.Minute)
}

// serverErrorBackoff is the wait after the n-th (from 0) server error:
// 10 s, 20 s, then 30 s, inside the 10 to 30 s the specification advises.
func serverErrorBackoff(n int) time.Duration {
	return min(time.Duration(n+1)*10*time.Second, 30*time.Second)
}

// sleepContext waits for d or until ctx is done.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
