package client_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/songsmith/songsmith/client"
)

// ExampleClient_Wait submits a prompt and waits for the song. A stand-in
// server plays the service; a real program passes the service's base URL.
func ExampleClient_Wait() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusAccepted)
			_, _ = io.WriteString(w, ackBody)
			return
		}
		_, _ = io.WriteString(w, completedBody(`"2:07"`))
	}))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := client.New(srv.URL, "YOUR_API_KEY", client.WithPollInterval(5*time.Second))
	sub, err := c.Generate(ctx, "lofi rain")
	if err != nil {
		fmt.Println("submit:", err)
		return
	}
	job, err := c.Wait(ctx, sub.JobID)
	if err != nil {
		fmt.Println("wait:", err)
		return
	}
	if err := job.Err(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(job.Result.Title, job.Result.BPM, job.Result.Length(), job.Result.SongURL)
	// Output: Rain on Glass 82 2m7s https://media.example/s.mp3
}

// ExampleWithProgress reports each state change and wait of a call, for a
// progress line or a log.
func ExampleWithProgress() {
	polls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if polls++; polls < 3 {
			_, _ = io.WriteString(w, runningBody)
			return
		}
		_, _ = io.WriteString(w, completedBody("95"))
	}))
	defer srv.Close()
	show := func(p client.Progress) { fmt.Printf("%s, next poll in %s\n", p.State, p.Next) }
	// WithSleep only makes the example fast; real programs leave it out.
	noSleep := client.WithSleep(func(ctx context.Context, d time.Duration) error { return ctx.Err() })
	c := client.New(srv.URL, "YOUR_API_KEY", client.WithProgress(show), noSleep)
	if _, err := c.Wait(context.Background(), "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// running, next poll in 1s
	// running, next poll in 1s
	// completed, next poll in 0s
}

// ExampleClient_Download saves a finished song. Media URLs are signed, so
// Download sends no API key.
func ExampleClient_Download() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "ID3...")
	}))
	defer srv.Close()
	c := client.New("https://api.example.com", "YOUR_API_KEY")
	f, err := os.CreateTemp("", "song-*.mp3")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(f.Name())
	n, err := c.Download(context.Background(), srv.URL+"/media/jobs/6f1c/song.mp3?signature=abc", f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Println(n, err)
	// Output: 6 <nil>
}

// ExampleNew_environment takes the base URL and key from SONGSMITH_URL and
// SONGSMITH_API_KEY, the variables the songsmith CLI reads too.
func ExampleNew_environment() {
	os.Setenv(client.EnvURL, "localhost:8080") // no scheme: a permanent error
	defer os.Unsetenv(client.EnvURL)
	os.Setenv(client.EnvAPIKey, "YOUR_API_KEY")
	defer os.Unsetenv(client.EnvAPIKey)
	_, err := client.New("", "").Job(context.Background(), "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d")
	fmt.Println(err)
	fmt.Println(errors.Is(err, client.ErrInvalidBaseURL))
	// Output:
	// songsmith: invalid base URL "localhost:8080": want http://host[:port] or https://host[:port]
	// true
}

// ExampleAPIError shows what a request error carries: the status, the
// service's code and message, and the request id to quote in a report.
func ExampleAPIError() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", "4b1d9c0e")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"error":"not_found","message":"Job not found."}`)
	}))
	defer srv.Close()
	_, err := client.New(srv.URL, "YOUR_API_KEY").Job(context.Background(), "6f1c2a9e")
	var apiErr *client.APIError
	if errors.As(err, &apiErr) {
		fmt.Println(apiErr.StatusCode, apiErr.Code, apiErr.RequestID, client.IsNotFound(err))
	}
	fmt.Println(err)
	// Output:
	// 404 not_found 4b1d9c0e true
	// songsmith: HTTP 404 not_found: Job not found. (request id 4b1d9c0e)
}
