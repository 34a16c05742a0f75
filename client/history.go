package client

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// JobPage is one page of [Client.JobsPage].
type JobPage struct {
	// Jobs are the key's jobs, newest first, each with its JobID.
	Jobs []*Job
	// NextCursor continues the list; "" on the last page.
	NextCursor string
	// RateLimit is the polling window the request was counted in.
	RateLimit *RateLimit
}

// JobsPage lists one page of the key's jobs, newest first, with GET /jobs
// (a Songsmith extension): up to limit (1 to 100; the service's default
// of 20 when 0) starting after cursor ("" for the first page; then the
// previous page's NextCursor). [Client.Jobs] walks every page.
func (c *Client) JobsPage(ctx context.Context, limit int, cursor string) (*JobPage, error) {
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	if cursor != "" {
		q.Set("cursor", cursor)
	}
	path := "/jobs"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	var w struct {
		Jobs       []*Job `json:"jobs"`
		NextCursor string `json:"next_cursor"`
	}
	h, err := c.do(ctx, &call{start: time.Now(), state: StateRunning}, http.MethodGet, path, nil, nil, true, &w)
	if err != nil {
		return nil, err
	}
	return &JobPage{Jobs: w.Jobs, NextCursor: w.NextCursor, RateLimit: parseRateLimit(h)}, nil
}

// JobsOption configures [Client.Jobs].
type JobsOption func(*jobsOptions)

type jobsOptions struct {
	pageSize int
	cursor   string
}

// WithPageSize makes [Client.Jobs] read n jobs per request (1 to 100)
// instead of the service's default of 20.
func WithPageSize(n int) JobsOption {
	return func(o *jobsOptions) { o.pageSize = n }
}

// WithCursor makes [Client.Jobs] start after cursor (a [JobPage].NextCursor
// from an earlier listing) instead of at the newest job.
func WithCursor(cursor string) JobsOption {
	return func(o *jobsOptions) { o.cursor = cursor }
}

// Jobs iterates over the key's jobs, newest first, following GET /jobs's
// next_cursor from page to page until the last one or until the loop
// stops:
//
//	for job, err := range c.Jobs(ctx) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(job.JobID, job.Status, job.Prompt)
//	}
//
// A page is requested only when the loop reaches it. A request that fails
// for good (after the client's retries) yields (nil, err) and ends the
// iteration; so does ctx ending. When a page used up the rate window
// ([RateLimit].Remaining 0), the next request waits for the reset instead
// of drawing a 429. [Client.JobsPage] reads a single page.
func (c *Client) Jobs(ctx context.Context, opts ...JobsOption) iter.Seq2[*Job, error] {
	var o jobsOptions
	for _, opt := range opts {
		opt(&o)
	}
	return func(yield func(*Job, error) bool) {
		cursor := o.cursor
		for {
			page, err := c.JobsPage(ctx, o.pageSize, cursor)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, j := range page.Jobs {
				if !yield(j, nil) {
					return
				}
			}
			if page.NextCursor == "" || page.NextCursor == cursor {
				return
			}
			cursor = page.NextCursor
			if rl := page.RateLimit; rl != nil && rl.Remaining == 0 && rl.Reset > 0 {
				if err := c.sleep(ctx, rl.Reset); err != nil {
					yield(nil, &ctxError{err: err, last: fmt.Errorf("listing jobs: waiting %s for the rate window", rl.Reset)})
					return
				}
			}
		}
	}
}

// Run submits prompt with [Client.Generate] and waits for the job with
// [Client.Wait]: one call from prompt to finished job. It returns the
// completed job; a job that failed is returned with its *[JobError] (so
// err alone tells success), and a request that fails for good or a ctx
// that ends returns the error as Generate and Wait do. Its progress
// reports ([WithProgress]) are those of Generate, then Wait.
func (c *Client) Run(ctx context.Context, prompt string, opts ...GenerateOption) (*Job, error) {
	sub, err := c.Generate(ctx, prompt, opts...)
	if err != nil {
		return nil, err
	}
	job, err := c.Wait(ctx, sub.JobID)
	if err != nil {
		return nil, err
	}
	return job, job.Err()
}
