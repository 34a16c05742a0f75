// Package client is the Go SDK for the Songsmith HTTP API.
//
// The service is asynchronous: [Client.Generate] submits a prompt and returns a
// job id at once; [Client.Job] reads the job's state and [Client.Wait] polls it
// until it is completed or failed; [Client.Download] fetches the song and
// cover from their signed URLs.
//
//	c := client.New("", "") // $SONGSMITH_URL and $SONGSMITH_API_KEY
//	sub, err := c.Generate(ctx, "dreamy lo-fi with soft piano")
//	if err != nil { ... }
//	job, err := c.Wait(ctx, sub.JobID)
//	if err != nil { ... }
//	if err := job.Err(); err != nil { ... } // the job failed
//	fmt.Println(job.Result.Title, job.Result.SongURL)
//
// Request errors are returned as *[APIError] (with the service's request id);
// use [errors.As] or helpers such as [IsNotFound] and [IsRateLimited] to
// inspect them.
//
// Retries. The client backs off on 429 (5 s, 10 s, then doubling up to 60 s,
// or longer when the server sends a longer Retry-After) and retries after 5xx
// answers and transport errors such as a reset connection (10 s, 20 s, 30 s),
// as the interface specification recommends, adding up to 20 % random jitter
// ([WithJitter]). Permanent failures return at once: a base URL that is not
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
