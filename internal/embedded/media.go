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
	"github.com/songsmith/songsmith/internal/jobs/backend"
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
	// CreateTemp creates the temporary file a write goes to before it is
	// renamed into place (os.CreateTemp when nil). Tests inject files that
	// fail like a full disk.
	CreateTemp func(dir, pattern string) (TempFile, error)
}

// TempFile is the temporary file of a media write (*os.File satisfies it).
type TempFile interface {
	io.Writer
	Close() error
	Name() string
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

// PutMedia implements jobs.Media. The file appears atomically, with its
// content type in a sidecar file: both are written to temporary files
// first and renamed into place only when both are whole, so a failed write
// (a full disk) leaves neither, nor a temporary file. A write refused for
// want of space is backend.StorageFull.
func (m *Media) PutMedia(ctx context.Context, key, contentType string, body io.Reader, size int64) error {
	p, err := m.path(key)
	if err != nil {
		return err
	}
	err = m.put(p, contentType, body)
	if noSpace(err) {
		return backend.StorageFull(err)
	}
	return err
}

func (m *Media) put(p, contentType string, body io.Reader) (err error) {
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(dir) // the job's directory, when this made it and it is empty
		}
	}()
	data, err := m.writeTemp(dir, body)
	if err != nil {
		return err
	}
	defer os.Remove(data) // gone after the rename; left only on failure
	ctype, err := m.writeTemp(dir, strings.NewReader(contentType))
	if err != nil {
		return err
	}
	defer os.Remove(ctype)
	_, statErr := os.Stat(p)
	existed := statErr == nil
	if err := os.Rename(ctype, p+".type"); err != nil {
		return err
	}
	if err := os.Rename(data, p); err != nil {
		if !existed {
			_ = os.Remove(p + ".type") // no sidecar without its file
		}
		return err
	}
	return nil
}

// writeTemp copies r into a new temporary file in dir and returns its
// name; on failure the file is removed.
func (m *Media) writeTemp(dir string, r io.Reader) (string, error) {
	create := m.CreateTemp
	if create == nil {
		create = func(dir, pattern string) (TempFile, error) { return os.CreateTemp(dir, pattern) }
	}
	f, err := create(dir, ".tmp-*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
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
		m.fail(w, r, mediaMethod())
		return
	}
	key := strings.TrimPrefix(r.URL.Path, MediaPrefix)
	q := r.URL.Query()
	exp, sig := q.Get("expires"), q.Get("signature")
	expUnix, err := strconv.ParseInt(exp, 10, 64)
	want := m.sign(key, exp)
	if err != nil || !hmac.Equal([]byte(sig), []byte(want)) {
		m.fail(w, r, mediaBadSignature())
		return
	}
	if m.now().Unix() >= expUnix {
		m.fail(w, r, mediaExpired())
		return
	}
	p, err := m.path(key)
	if err != nil {
		m.fail(w, r, mediaNotFound())
		return
	}
	f, err := os.Open(p)
	if err != nil {
		m.fail(w, r, mediaNotFound())
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		m.fail(w, r, mediaNotFound())
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

// Media URL answers (the local media server; S3 answers for itself on AWS).

// mediaMethod is the EMethod of a media request other than GET or HEAD.
func mediaMethod() *jobs.Error { return jobs.Errorf(jobs.EMethod, "Media supports GET and HEAD only.") }

// mediaBadSignature is the EForbidden of a media URL whose signature is wrong.
func mediaBadSignature() *jobs.Error {
	return jobs.Errorf(jobs.EForbidden, "The media URL signature is invalid.")
}

// mediaExpired is the EForbidden of a media URL past its expiry.
func mediaExpired() *jobs.Error {
	return jobs.Errorf(jobs.EForbidden, "The media URL has expired. Fetch the job again for fresh URLs.")
}

// mediaNotFound is the ENotFound of a media file that does not exist.
func mediaNotFound() *jobs.Error {
	return jobs.Errorf(jobs.ENotFound, "No such media file, or it has expired.")
}
