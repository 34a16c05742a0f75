// Package client is the Go SDK for the Songsmith HTTP API.
//
// The service is asynchronous: [Client.Generate] submits a prompt and returns a
// job id at once; [Client.Job] reads the job's state and [Client.Wait] polls it
// until it is completed or failed; [Client.Run] does both in one call;
// [Client.Download] fetches the song and cover from their signed URLs.
//
//	c := client.New("", "") // $SONGSMITH_URL and $SONGSMITH_API_KEY
//	job, err := c.Run(ctx, "dreamy lo-fi with soft piano", client.WithMusicalKey("D minor"))
//	if err != nil { ... } // a request failed for good, ctx ended, or the job failed (*JobError)
//	fmt.Println(job.Result.Title, job.Result.SongURL)
//
// [Client.Jobs] iterates over the key's history, newest first, following
// GET /jobs's next_cursor page by page ([WithPageSize], [WithCursor]):
//
//	for job, err := range c.Jobs(ctx) {
//		if err != nil { ... }
//		fmt.Println(job.JobID, job.Status)
//	}
//
// [Client.JobsPage] reads one page.
//
// Request errors are returned as *[APIError] (with the service's request id);
// use [errors.As] or helpers such as [IsNotFound] and [IsRateLimited] to
// inspect them.
//
// Retries. A call is retried at most 3 times by default
// ([DefaultRetryPolicy]; [WithRetry] sets a [RetryPolicy], [WithMaxRetries]
// only the count). A Retry-After header is honoured exactly as sent (up to
// 60 s; a longer one returns the *[APIError] at once, its RetryAfter saying
// when to come back). Without one, a 429 waits 5 s, 10 s, 20 s (the
// specification's schedule) and a 5xx answer or a transport error such as
// a reset connection 1 s, 2 s, 4 s, doubling up to 60 s with more
// retries, adding up to 20 % random jitter ([WithJitter]). A read against a
// server that keeps failing thus gives up within seconds. Permanent
// failures return at once: a base URL that is not
// http(s)://host ([ErrInvalidBaseURL]), no key ([ErrNoAPIKey]), a key with
// a space, control or non-ASCII character ([ErrInvalidAPIKey]), an unknown
// host, https:// against a plain-HTTP server, every 4xx other than 429, and a
// refused connection after a short retry (0.5 s, 1 s, 2 s); [IsUnreachable]
// tells these transport failures apart. When the context ends during a wait,
// the error wraps both the context's error and the last cause ("context
// deadline exceeded after: HTTP 503 ..."). A submission is safe to retry
// because every [Client.Generate] call sends an Idempotency-Key (a random UUID,
// or the key given with [WithIdempotencyKey]): the service answers a repeat
// with the job the first attempt created.
//
// Polling. [Client.Wait] polls at once, then every second for the first
// 5 s, then after a quarter of the time waited so far, up to every 5 s: a
// job is seen done at most a second or 25 % late, and a long one costs few
// requests; [WithPollInterval] sets a fixed interval instead.
// [Submission.RateLimit] and [Job.RateLimit] report the rate window the
// request was counted in (from the RateLimit-* response headers); when a poll
// used up its window, Wait waits for the reset rather than drawing a 429.
// [WithProgress] reports every state and wait, for a progress display.
package client
