package client_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/client"
)

// saveSong is the program of the SDK's README, word for word (a test
// compares them): submit and wait (Run), download.
func saveSong(ctx context.Context, prompt, path string) error {
	c := client.New("", "") // reads SONGSMITH_URL and SONGSMITH_API_KEY
	job, err := c.Run(ctx, prompt)
	if err != nil {
		return err // failed for good, ctx ended (the error keeps the cause), or the job failed (*client.JobError)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = c.Download(ctx, job.Result.SongURL, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Example_readme runs the README's program against a stand-in server, with
// the URL and key in the environment as a user would set them.
func Example_readme() {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Header.Get("Authorization") != "Bearer YOUR_API_KEY" && !strings.HasPrefix(r.URL.Path, "/media/"):
			w.WriteHeader(http.StatusUnauthorized)
		case r.Method == http.MethodPost:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusAccepted)
			_, _ = io.WriteString(w, ackBody)
		case strings.HasPrefix(r.URL.Path, "/jobs/"):
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, strings.Replace(completedBody("127"), "https://media.example/s.mp3", srv.URL+"/media/s.mp3", 1))
		default:
			_, _ = io.WriteString(w, "ID3 and the rest of the song")
		}
	}))
	defer srv.Close()
	os.Setenv(client.EnvURL, srv.URL)
	defer os.Unsetenv(client.EnvURL)
	os.Setenv(client.EnvAPIKey, "YOUR_API_KEY")
	defer os.Unsetenv(client.EnvAPIKey)
	dir, err := os.MkdirTemp("", "readme")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	song := filepath.Join(dir, "song.mp3")
	err = saveSong(context.Background(), "melancholic lo-fi with dusty piano, 84 bpm", song)
	b, _ := os.ReadFile(song)
	fmt.Println(err, string(b))
	// Output: <nil> ID3 and the rest of the song
}

// The README's Go block is saveSong exactly, so the README's program
// compiles and runs (Example_readme).
func TestREADMEProgramIsTested(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "```go\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no ```go block")
	}
	src, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, fn, _ := strings.Cut(string(src), "\nfunc saveSong(")
	fn, _, _ = strings.Cut(fn, "\n}\n")
	if want := "func saveSong(" + fn + "\n}\n"; block != want {
		t.Errorf("README's Go block:\n%s\nsaveSong in readme_example_test.go:\n%s", block, want)
	}
}
