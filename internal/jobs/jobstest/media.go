package jobstest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
)

// RunMedia runs the Media contract: objects stored with PutMedia download
// from their URL without credentials, with the right Content-Type, support
// byte ranges, are replaced by a second put, stop downloading after their
// URL expires and after DeleteMedia.
func RunMedia(t *testing.T, open func(t *testing.T) jobs.Media) {
	RunMediaWith(t, MediaOptions{}, open)
}

// MediaOptions adjusts RunMedia for a backend.
type MediaOptions struct {
	// UnsignedServer, when not empty, says why the server behind the
	// adapter does not check URL signatures or expiry (moto_server accepts
	// any presigned S3 URL); TamperedURLRefused and ExpiredURLRefused are
	// then skipped with this reason. Real S3, LocalStack and the embedded
	// server check both, so their tests never set it.
	UnsignedServer string
}

// RunMediaWith runs the Media contract with options.
func RunMediaWith(t *testing.T, opts MediaOptions, open func(t *testing.T) jobs.Media) {
	ctx := context.Background()
	skipUnsigned := func(t *testing.T) {
		if opts.UnsignedServer != "" {
			t.Skip(opts.UnsignedServer)
		}
	}
	body := bytes.Repeat([]byte("songsmith-"), 1000)
	t.Run("PutAndDownload", func(t *testing.T) {
		m := open(t)
		key := mediakey.Song(jobs.NewJobID(), "mp3")
		if err := m.PutMedia(ctx, key, "audio/mpeg", bytes.NewReader(body), int64(len(body))); err != nil {
			t.Fatal(err)
		}
		u, err := m.MediaURL(ctx, key, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		res, got := get(t, u, "")
		if res.StatusCode != 200 || !bytes.Equal(got, body) {
			t.Fatalf("GET %s: %d, %d bytes", u, res.StatusCode, len(got))
		}
		if ct := res.Header.Get("Content-Type"); ct != "audio/mpeg" {
			t.Fatalf("Content-Type %q, want audio/mpeg", ct)
		}
		res, got = get(t, u, "bytes=10-19")
		if res.StatusCode != http.StatusPartialContent || string(got) != "songsmith-" {
			t.Fatalf("range GET: %d %q", res.StatusCode, got)
		}
	})
	t.Run("PutReplaces", func(t *testing.T) {
		m := open(t)
		key := mediakey.Image(jobs.NewJobID(), "png")
		_ = m.PutMedia(ctx, key, "image/png", bytes.NewReader([]byte("old")), 3)
		if err := m.PutMedia(ctx, key, "image/png", bytes.NewReader([]byte("newer")), 5); err != nil {
			t.Fatal(err)
		}
		u, _ := m.MediaURL(ctx, key, time.Hour)
		if res, got := get(t, u, ""); res.StatusCode != 200 || string(got) != "newer" {
			t.Fatalf("after replace: %d %q", res.StatusCode, got)
		}
	})
	t.Run("TamperedURLRefused", func(t *testing.T) {
		skipUnsigned(t)
		m := open(t)
		key := mediakey.Image(jobs.NewJobID(), "png")
		other := mediakey.Image(jobs.NewJobID(), "png")
		_ = m.PutMedia(ctx, key, "image/png", bytes.NewReader(body), int64(len(body)))
		_ = m.PutMedia(ctx, other, "image/png", bytes.NewReader(body), int64(len(body)))
		u, _ := m.MediaURL(ctx, key, time.Hour)
		bad := bytes.Replace([]byte(u), []byte(key), []byte(other), 1)
		if res, _ := get(t, string(bad), ""); res.StatusCode < 400 {
			t.Fatalf("URL signed for %s downloaded %s: %d", key, other, res.StatusCode)
		}
	})
	t.Run("ExpiredURLRefused", func(t *testing.T) {
		skipUnsigned(t)
		m := open(t)
		key := mediakey.Song(jobs.NewJobID(), "wav")
		_ = m.PutMedia(ctx, key, "audio/wav", bytes.NewReader(body), int64(len(body)))
		u, err := m.MediaURL(ctx, key, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(2100 * time.Millisecond)
		if res, _ := get(t, u, ""); res.StatusCode < 400 {
			t.Fatalf("expired URL answered %d", res.StatusCode)
		}
	})
	t.Run("Delete", func(t *testing.T) {
		m := open(t)
		key := mediakey.Song(jobs.NewJobID(), "mp3")
		_ = m.PutMedia(ctx, key, "audio/mpeg", bytes.NewReader(body), int64(len(body)))
		if err := m.DeleteMedia(ctx, key); err != nil {
			t.Fatal(err)
		}
		if err := m.DeleteMedia(ctx, key); err != nil {
			t.Fatalf("second delete: %v", err)
		}
		u, _ := m.MediaURL(ctx, key, time.Hour)
		if res, _ := get(t, u, ""); res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusForbidden {
			t.Fatalf("deleted object answered %d", res.StatusCode)
		}
	})
}

func get(t *testing.T, url, rng string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}
