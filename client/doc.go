// Package client is the Go SDK for the Songsmith HTTP API.
//
// The service is asynchronous: [Client.Generate] submits a prompt and returns a
// job id at once; [Client.Job] reads the job's state and [Client.Wait] polls it
// until it is completed or failed.
//
//	c := client.New("https://api.example.com", os.Getenv("SONGSMITH_KEY"))
//	sub, err := c.Generate(ctx, "dreamy lo-fi with soft piano")
//	if err != nil { ... }
//	job, err := c.Wait(ctx, sub.JobID)
//	if err != nil { ... }
//	if err := job.Err(); err != nil { ... } // the job failed
//	fmt.Println(job.Result.Title, job.Result.SongURL)
//
// Request errors are returned as *[APIError]; use [errors.As] or helpers such
// as [IsNotFound] and [IsRateLimited] to inspect them. The client backs off on
// 429 (5 s, 10 s, then doubling up to 60 s, or longer when the server sends a
// longer Retry-After) and retries after 5xx answers and transport errors
// (10 s, 20 s, 30 s), as the interface specification recommends. Requests
// that are never retried: 400, 401, 404 and 409. A submission is safe to
// retry because every [Client.Generate] call sends an Idempotency-Key (a
// random UUID, or the key given with [WithIdempotencyKey]): the service
// answers a repeat with the job the first attempt created.
//
// [Submission.RateLimit] and [Job.RateLimit] report the rate window the
// request was counted in (from the RateLimit-* response headers); when a
// poll used up its window, [Client.Wait] waits for the reset rather than
// drawing a 429.
package client
