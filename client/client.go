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

// DefaultPollInterval is the longest wait between two polls in
// [Client.Wait] unless [WithPollInterval] sets a fixed one: Wait polls every
// second for the first 5 s, then after a quarter of the time waited so far,
// up to every DefaultPollInterval, so a quick job is seen done within a
// second and a long one costs few requests.
const DefaultPollInterval = 5 * time.Second

// DefaultJitter is the fraction of random extra wait added to every retry
// backoff unless [WithJitter] says otherwise, so that many clients turned
// away at once do not come back at once.
const DefaultJitter = 0.2

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
	retry        RetryPolicy
	sleep        SleepFunc
	jitter       float64
	progress     func(Progress)
	// configErr is a permanent problem found in New (bad base URL, no
	// key); every call returns it without sending a request.
	configErr error
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

// WithPollInterval sets a fixed wait between two polls in [Client.Wait]
// instead of the adaptive schedule (every second for the first 5 s, then a
// quarter of the time waited so far, up to every [DefaultPollInterval]).
// Values of zero or less are ignored.
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
// "https://api.example.com") that authenticates with apiKey. An empty
// baseURL or apiKey is taken from the environment: see [BaseURLFromEnv]
// and [APIKeyFromEnv].
//
// Spaces and line breaks around apiKey are dropped. A base URL that is not
// an absolute http or https URL, a missing key, or a key with characters no
// key has (spaces, control characters, non-ASCII) is a permanent error:
// every call returns it at once (wrapping [ErrInvalidBaseURL],
// [ErrNoAPIKey] or [ErrInvalidAPIKey]) without sending a request.
func New(baseURL, apiKey string, opts ...Option) *Client {
	if baseURL == "" {
		baseURL = BaseURLFromEnv()
	}
	if apiKey == "" {
		apiKey = APIKeyFromEnv()
	}
	c := &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		apiKey:     strings.TrimSpace(apiKey), // a key pasted with its newline works
		httpClient: http.DefaultClient,
		userAgent:  DefaultUserAgent,
		retry:      DefaultRetryPolicy(),
		sleep:      sleepContext,
		jitter:     DefaultJitter,
	}
	for _, opt := range opts {
		opt(c)
	}
	switch {
	case checkBaseURL(c.baseURL) != nil:
		c.configErr = checkBaseURL(c.baseURL)
	case c.apiKey == "":
		c.configErr = fmt.Errorf("songsmith: %w: pass one to client.New or set %s", ErrNoAPIKey, EnvAPIKey)
	default:
		c.configErr = checkAPIKey(c.apiKey)
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
	if o.ext.Count > 1 {
		return nil, fmt.Errorf("songsmith: %d pieces make a collection: use GenerateMany", o.ext.Count)
	}
	var sub Submission
	h, err := c.submit(ctx, prompt, o, &sub)
	if err != nil {
		return nil, err
	}
	sub.RateLimit = parseRateLimit(h)
	return &sub, nil
}

// submit sends POST /generate with prompt and o, decoding the 202 into out.
func (c *Client) submit(ctx context.Context, prompt string, o generateOptions, out any) (http.Header, error) {
	if o.idempotencyKey == "" {
		o.idempotencyKey = newIdempotencyKey()
	}
	body, err := json.Marshal(struct {
		Prompt string `json:"prompt"`
		extensions
	}{prompt, o.ext})
	if err != nil {
		return nil, fmt.Errorf("songsmith: encode request: %w", err)
	}
	header := http.Header{IdempotencyHeader: {o.idempotencyKey}}
	cl := &call{start: time.Now(), state: StateSubmitting}
	c.report(cl, 0, nil)
	return c.do(ctx, cl, http.MethodPost, "/generate", body, header, true, out)
}

// Job reads the current state of a job with GET /jobs/{id}. A failed job is
// returned without error; check [Job.Status] or [Job.Err]. It fails with an
// *[APIError] for 404 (unknown or expired job) and, once retries are used
// up, 429 and 5xx.
func (c *Client) Job(ctx context.Context, jobID string) (*Job, error) {
	return c.job(ctx, &call{start: time.Now(), jobID: jobID, state: StateRunning}, jobID)
}

func (c *Client) job(ctx context.Context, cl *call, jobID string) (*Job, error) {
	if jobID == "" {
		return nil, errors.New("songsmith: job id is required")
	}
	var job Job
	h, err := c.do(ctx, cl, http.MethodGet, "/jobs/"+url.PathEscape(jobID), nil, nil, true, &job)
	if err != nil {
		return nil, err
	}
	job.JobID, job.RateLimit = jobID, parseRateLimit(h)
	return &job, nil
}

// Wait polls the job until its status is completed or failed and returns
// it: at once, then every second for the first 5 s, then after a quarter
// of the time waited so far (a job is seen done at most a second or 25 %
// late), up to every [DefaultPollInterval] (or every [WithPollInterval]). When a poll used up the rate window
// ([RateLimit].Remaining 0), the next one waits for the window to reset
// instead of running into a 429. A failed job is returned without error;
// check [Job.Status] or [Job.Err]. Wait stops with the request error when
// a poll fails for good, and when ctx ends with an error that wraps ctx's
// error and says what it was waiting for.
func (c *Client) Wait(ctx context.Context, jobID string) (*Job, error) {
	cl := &call{start: time.Now(), jobID: jobID, state: StateRunning}
	var waited time.Duration // the sum of the poll waits so far
	for {
		job, err := c.job(ctx, cl, jobID)
		if err != nil {
			return nil, err
		}
		if job.Done() {
			cl.state = job.Status
			c.report(cl, 0, nil)
			return job, nil
		}
		wait := c.pollWait(waited)
		waited += wait
		if rl := job.RateLimit; rl != nil && rl.Remaining == 0 {
			wait = max(wait, rl.Reset)
		}
		c.report(cl, wait, nil)
		if err := c.sleep(ctx, wait); err != nil {
			return nil, &ctxError{err: err, last: fmt.Errorf("job %s still running (waited %s)", jobID, time.Since(cl.start).Round(time.Second))}
		}
	}
}

// pollWait is the wait before the next poll of a job still running after
// polls that waited waited in all: a quarter of that, at least a second
// and at most DefaultPollInterval, rounded to the millisecond.
func (c *Client) pollWait(waited time.Duration) time.Duration {
	if c.pollInterval > 0 {
		return c.pollInterval
	}
	return min(max(waited/4, time.Second), DefaultPollInterval).Round(time.Millisecond)
}

// do sends one API request, retrying per the specification's limits,
// decodes a 2xx JSON body into out and returns that answer's header.
// header is added to every attempt. idempotent marks requests that may be
// repeated after a server error. Permanent failures (4xx other than 429,
// a URL that cannot work) return at once.
func (c *Client) do(ctx context.Context, cl *call, method, path string, body []byte, header http.Header, idempotent bool, out any) (http.Header, error) {
	if c.configErr != nil {
		return nil, c.configErr
	}
	var b backoff
	var last error
	for attempt := 0; ; attempt++ {
		h, err := c.once(ctx, method, path, body, header, out)
		if err == nil {
			return h, nil
		}
		if ctx.Err() != nil {
			if last == nil {
				return nil, err
			}
			return nil, &ctxError{err: ctx.Err(), last: last}
		}
		last = err
		wait, retry := b.next(c, err, idempotent)
		if !retry || attempt >= c.retry.MaxRetries {
			return nil, err
		}
		c.report(cl, wait, err)
		if err := c.sleep(ctx, wait); err != nil {
			return nil, &ctxError{err: err, last: last}
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
		return nil, transportError(method, req.URL, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyBytes))
	if err != nil {
		return nil, fmt.Errorf("songsmith: %s %s: read body: %w", method, path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, newAPIError(resp, data)
	}
	if out == nil { // an answer without a body (204)
		return resp.Header, nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return nil, fmt.Errorf("songsmith: %s %s: decode body: %w", method, path, err)
	}
	return resp.Header, nil
}
