package client_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
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
