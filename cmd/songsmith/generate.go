package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/app"
)

// generate submits a prompt to a running API, waits and downloads the files.
func generate(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	url := fs.String("url", envOr("SONGSMITH_URL", app.Default("SONGSMITH_URL")), "base URL of the API ($SONGSMITH_URL)")
	key := fs.String("key", os.Getenv("SONGSMITH_KEY"), "API key ($SONGSMITH_KEY)")
	out := fs.String("o", "", "download the song and cover into this directory")
	poll := fs.Duration("poll", 5*time.Second, "polling interval")
	prompt, err := parseWithPrompt(fs, args)
	if err != nil {
		return err
	}
	c := client.New(*url, *key, client.WithPollInterval(*poll))
	sub, err := c.Generate(ctx, prompt)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "job %s accepted; polling %s\n", sub.JobID, sub.PollURL)
	job, err := c.Wait(ctx, sub.JobID)
	if err != nil {
		return err
	}
	if err := job.Err(); err != nil {
		return err
	}
	r := job.Result
	fmt.Fprintf(stdout, "%q: %.0f bpm, %.1f s, %s\nsong:  %s\ncover: %s\n", r.Title, r.BPM, r.Duration, r.Tags, r.SongURL, r.ImageURL)
	if *out == "" {
		return nil
	}
	for _, u := range []string{r.SongURL, r.ImageURL} {
		p, err := download(ctx, u, *out)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, "wrote", p)
	}
	return nil
}

func download(ctx context.Context, u, dir string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("download %s: %s", u, res.Status)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, path.Base(req.URL.Path))
	f, err := os.Create(p)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return "", err
	}
	return p, f.Close()
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
