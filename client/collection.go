package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Collections (a Songsmith extension): [Client.GenerateMany] asks for several pieces for one
// prompt. Each piece is an ordinary job that differs from the others in
// key, tempo, groove and melody (unless the prompt or the options fix
// the key or tempo); [Client.Collection] and [Client.WaitCollection] read
// them together.

// MaxCount is the most pieces one submission may ask for.
const MaxCount = 10

// WithCount asks for n pieces (1 to [MaxCount]) for the prompt: 1 is an
// ordinary job ([Client.Generate]); 2 or more make a collection, which
// only [Client.GenerateMany] submits.
func WithCount(n int) GenerateOption {
	return func(o *generateOptions) { o.ext.Count = n }
}

// CollectionSubmission is the service's acknowledgement of a collection
// ([Client.GenerateMany]).
type CollectionSubmission struct {
	// Message is a human-readable confirmation.
	Message string `json:"message"`
	// CollectionID identifies the collection; pass it to
	// [Client.Collection] or [Client.WaitCollection].
	CollectionID string `json:"collection_id"`
	// PollURL is the collection's path: /collections/{CollectionID}.
	PollURL string `json:"poll_url"`
	// Jobs are the pieces in order, each an ordinary job's acknowledgement.
	Jobs []Submission `json:"jobs"`
	// RateLimit is the submission rate window this request was counted
	// in; nil when the service sent no RateLimit headers.
	RateLimit *RateLimit `json:"-"`
}

// Collection is the state of a collection's pieces.
type Collection struct {
	// CollectionID identifies the collection.
	CollectionID string `json:"collection_id"`
	// Count is how many pieces it was made with.
	Count int `json:"count"`
	// Running, Completed and Failed count the pieces in each state.
	Running   int `json:"running"`
	Completed int `json:"completed"`
	Failed    int `json:"failed"`
	// Jobs are the pieces in order, each with its JobID, CollectionID
	// and CollectionIndex; a piece deleted since is left out.
	Jobs []*Job `json:"jobs"`
	// RateLimit is the polling rate window this read was counted in; nil
	// when the service sent no RateLimit headers. Not part of the body.
	RateLimit *RateLimit `json:"-"`
}

// Done reports whether every piece reached a terminal status.
func (c *Collection) Done() bool { return c.Running == 0 }

// GenerateMany submits prompt for n pieces (2 to [MaxCount]) with POST
// /generate and returns the acknowledgement naming the collection and
// its pieces. The service admits all n or none: a key whose cap of active
// jobs cannot take them all gets an *[APIError] 429 with Code
// "too_many_jobs". Errors and retries as for [Client.Generate] (a retry
// returns the same collection).
func (c *Client) GenerateMany(ctx context.Context, prompt string, n int, opts ...GenerateOption) (*CollectionSubmission, error) {
	if n < 2 || n > MaxCount {
		return nil, fmt.Errorf("songsmith: a collection has 2 to %d pieces, not %d", MaxCount, n)
	}
	var o generateOptions
	for _, opt := range opts {
		opt(&o)
	}
	o.ext.Count = n
	var sub CollectionSubmission
	h, err := c.submit(ctx, prompt, o, &sub)
	if err != nil {
		return nil, err
	}
	if sub.CollectionID == "" || len(sub.Jobs) != n {
		return nil, fmt.Errorf("songsmith: the service answered %d pieces for a collection of %d: it does not support count", len(sub.Jobs), n)
	}
	sub.RateLimit = parseRateLimit(h)
	return &sub, nil
}

// Collection reads the pieces of a collection with GET
// /collections/{id}. It fails with an *[APIError] for 404 (unknown,
// expired or another key's collection) and, once retries are used up, 429
// and 5xx.
func (c *Client) Collection(ctx context.Context, collectionID string) (*Collection, error) {
	return c.collection(ctx, &call{start: time.Now(), jobID: collectionID, state: StateRunning}, collectionID)
}

func (c *Client) collection(ctx context.Context, cl *call, id string) (*Collection, error) {
	if id == "" {
		return nil, errors.New("songsmith: collection id is required")
	}
	var col Collection
	h, err := c.do(ctx, cl, http.MethodGet, "/collections/"+url.PathEscape(id), nil, nil, true, &col)
	if err != nil {
		return nil, err
	}
	col.RateLimit = parseRateLimit(h)
	return &col, nil
}

// WaitCollection polls the collection, as [Client.Wait] polls a job (one
// request per poll for all the pieces), until no piece is running, and
// returns it. Failed pieces are returned without error; check each
// [Job].Status or [Job.Err].
func (c *Client) WaitCollection(ctx context.Context, collectionID string) (*Collection, error) {
	cl := &call{start: time.Now(), jobID: collectionID, state: StateRunning}
	var waited time.Duration
	for {
		col, err := c.collection(ctx, cl, collectionID)
		if err != nil {
			return nil, err
		}
		if col.Done() {
			cl.state = StateCompleted
			c.report(cl, 0, nil)
			return col, nil
		}
		wait := c.pollWait(waited)
		waited += wait
		if rl := col.RateLimit; rl != nil && rl.Remaining == 0 {
			wait = max(wait, rl.Reset)
		}
		c.report(cl, wait, nil)
		if err := c.sleep(ctx, wait); err != nil {
			return nil, &ctxError{err: err, last: fmt.Errorf("collection %s still running (waited %s)", collectionID, time.Since(cl.start).Round(time.Second))}
		}
	}
}
