package embedded

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

var _ jobs.Media = (*Media)(nil)

// MediaPrefix is the URL path under which Media serves files.
const MediaPrefix = "/media/"

// validKey accepts the keys the worker writes and nothing that could climb
// out of the media directory.
var validKey = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9._-]*)+$`)

// Media keeps files under a directory and signs URLs to them with HMAC-SHA256
// over the key and expiry, like an S3 presigned URL.
type Media struct {
	Dir     string           // root directory of the files
	BaseURL string           // absolute base of URLs, e.g. http://127.0.0.1:8080
	Key     []byte           // HMAC key
	Now     func() time.Time // time.Now when nil
	// WriteError answers a request that fails with a *jobs.Error (the
	// HTTP layer's writer, so media errors share the API's codes, statuses
	// and body); when nil the answer is a bare status.
	WriteError func(w http.ResponseWriter, r *http.Request, err error)
}

func (m *Media) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

func (m *Media) path(key string) (string, error) {
	if !validKey.MatchString(key) || strings.Contains(key, "..") {
		return "", fmt.Errorf("embedded: invalid media key %q", key)
	}
	return filepath.Join(m.Dir, filepath.FromSlash(key)), nil
}

// PutMedia implements jobs.Media. The file appears atomically (write to a
// temporary file, then rename), with its content type in a sidecar file.
func (m *Media) PutMedia(ctx context.Context, key, contentType string, body io.Reader, size int64) error {
	p, err := m.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	if err := writeAtomic(p+".type", strings.NewReader(contentType)); err != nil {
		return err
	}
	return writeAtomic(p, body)
}

func writeAtomic(p string, r io.Reader) error {
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// MediaURL implements jobs.Media.
func (m *Media) MediaURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if _, err := m.path(key); err != nil {
		return "", err
	}
	exp := strconv.FormatInt(m.now().Add(ttl).Unix(), 10)
	return m.BaseURL + MediaPrefix + key + "?expires=" + exp + "&signature=" + m.sign(key, exp), nil
}

func (m *Media) sign(key, exp string) string {
	h := hmac.New(sha256.New, m.Key)
	h.Write([]byte(key + "\n" + exp))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// DeleteMedia implements jobs.Media.
func (m *Media) DeleteMedia(ctx context.Context, key string) error {
	p, err := m.path(key)
	if err != nil {
		return err
	}
	for _, f := range []string{p, p + ".type"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	// Remove the job's directory once empty; an error means it is not.
	_ = os.Remove(filepath.Dir(p))
	return nil
}

// ServeHTTP serves GET and HEAD of signed media URLs, with Range support.
// Bad or expired signatures answer 403, missing files 404, in the API's
// {"error","message"} shape.
func (m *Media) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		m.fail(w, r, jobs.MediaMethod())
		return
	}
	key := strings.TrimPrefix(r.URL.Path, MediaPrefix)
	q := r.URL.Query()
	exp, sig := q.Get("expires"), q.Get("signature")
	expUnix, err := strconv.ParseInt(exp, 10, 64)
	want := m.sign(key, exp)
	if err != nil || !hmac.Equal([]byte(sig), []byte(want)) {
		m.fail(w, r, jobs.MediaBadSignature())
		return
	}
	if m.now().Unix() >= expUnix {
		m.fail(w, r, jobs.MediaExpired())
		return
	}
	p, err := m.path(key)
	if err != nil {
		m.fail(w, r, jobs.MediaNotFound())
		return
	}
	f, err := os.Open(p)
	if err != nil {
		m.fail(w, r, jobs.MediaNotFound())
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		m.fail(w, r, jobs.MediaNotFound())
		return
	}
	ct, err := os.ReadFile(p + ".type")
	if err != nil || len(ct) == 0 {
		ct = []byte("application/octet-stream")
	}
	w.Header().Set("Content-Type", string(ct))
	w.Header().Set("Cache-Control", "private, max-age="+strconv.FormatInt(max(expUnix-m.now().Unix(), 0), 10))
	// Inline without a file name: a file name here would override the name
	// a page's download link gives (the playground saves "<title>.mp3"),
	// and S3's presigned URLs send none either.
	w.Header().Set("Content-Disposition", "inline")
	http.ServeContent(w, r, filepath.Base(p), st.ModTime(), f)
}

// fail answers err through WriteError, or with its bare status.
func (m *Media) fail(w http.ResponseWriter, r *http.Request, err *jobs.Error) {
	if m.WriteError != nil {
		m.WriteError(w, r, err)
		return
	}
	status := http.StatusForbidden
	switch err.Code {
	case jobs.ENotFound:
		status = http.StatusNotFound
	case jobs.EMethod:
		status = http.StatusMethodNotAllowed
	}
	http.Error(w, http.StatusText(status), status)
}
