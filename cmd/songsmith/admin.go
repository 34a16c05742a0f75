package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// The admin endpoint lets `songsmith keys` manage keys while `songsmith
// serve` holds the embedded database (bbolt allows one process). It listens
// on a random loopback port only, never on the public address, and every
// request must carry a random 256-bit token that serve writes, with the
// port, to <data-dir>/admin.json (mode 0600, in the 0700 data directory):
// only a process that can read the data directory, and so could open the
// database itself, can use it. The file is removed when serve stops; a
// stale one (after kill -9) points at a closed port and is ignored.

// adminFile is the name of the endpoint's address file in the data directory.
const adminFile = "admin.json"

// adminInfo is the content of adminFile.
type adminInfo struct {
	URL   string `json:"url"`
	Token string `json:"token"`
	PID   int    `json:"pid"`
	// ServerURL is the API address of the serve that wrote the file, so the
	// keys commands can say which server runs on the database.
	ServerURL string `json:"server_url,omitempty"`
}

// startAdmin serves the key operations of ks on a loopback port and
// publishes the address and token in dataDir, with serverURL (the API's
// address). stop closes the listener and
// removes the file.
// routes add more operations to the endpoint (backupRoute).
func startAdmin(dataDir, serverURL string, ks jobs.KeyStore, secret func(context.Context, *jobs.APIKey) (string, error), log *slog.Logger, routes ...func(*http.ServeMux)) (stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("admin endpoint: %w", err)
	}
	var tok [32]byte
	_, _ = rand.Read(tok[:])
	info := adminInfo{URL: "http://" + ln.Addr().String(), Token: hex.EncodeToString(tok[:]), PID: os.Getpid(), ServerURL: serverURL}
	data, _ := json.Marshal(info)
	path := filepath.Join(dataDir, adminFile)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("admin endpoint: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		ln.Close()
		return nil, fmt.Errorf("admin endpoint: %w", err)
	}
	srv := &http.Server{Handler: adminHandler(storeKeys{ks: ks, secret: secret}, info.Token, routes...), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = srv.Serve(ln) }()
	return func() {
		_ = srv.Close()
		// Remove the file only if it is still ours.
		if cur, err := readAdminFile(dataDir); err == nil && cur.Token == info.Token {
			_ = os.Remove(path)
		}
	}, nil
}

// adminHandler serves m (and routes) to requests bearing token, on a
// loopback Host.
func adminHandler(m keyManager, token string, routes ...func(*http.ServeMux)) http.Handler {
	mux := http.NewServeMux()
	for _, add := range routes {
		add(mux)
	}
	mux.HandleFunc("GET /admin/keys", func(w http.ResponseWriter, r *http.Request) {
		keys, err := m.list(r.Context())
		adminReply(w, keys, err)
	})
	mux.HandleFunc("POST /admin/keys", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Name string `json:"name"`
			TTL  string `json:"ttl"`
		}
		ttl, err := decodeAdmin(r, &req, &req.TTL)
		if err == nil {
			var k *newKey
			k, err = m.create(r.Context(), req.Name, ttl)
			adminReply(w, k, err)
			return
		}
		adminReply(w, nil, err)
	})
	mux.HandleFunc("POST /admin/keys/{id}/revoke", func(w http.ResponseWriter, r *http.Request) {
		k, err := m.revoke(r.Context(), r.PathValue("id"))
		adminReply(w, k, err)
	})
	mux.HandleFunc("POST /admin/keys/{id}/rotate", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Grace string `json:"grace"`
		}
		grace, err := decodeAdmin(r, &req, &req.Grace)
		if err == nil {
			var k *newKey
			k, err = m.rotate(r.Context(), r.PathValue("id"), grace)
			adminReply(w, k, err)
			return
		}
		adminReply(w, nil, err)
	})
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := net.SplitHostPort(r.Host)
		if ip := net.ParseIP(host); (ip == nil || !ip.IsLoopback()) && host != "localhost" {
			adminReply(w, nil, jobs.Errorf(jobs.EUnauthorized, "The admin endpoint answers loopback requests only."))
			return
		}
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			adminReply(w, nil, jobs.Errorf(jobs.EUnauthorized, "Missing or wrong admin token."))
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// decodeAdmin reads a JSON body into v and parses the duration *d points
// at ("" is 0).
func decodeAdmin(r *http.Request, v any, d *string) (time.Duration, error) {
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return 0, jobs.Errorf(jobs.EInvalid, "Malformed JSON body.")
	}
	if *d == "" {
		return 0, nil
	}
	dur, err := time.ParseDuration(*d)
	if err != nil || dur < 0 {
		return 0, jobs.Errorf(jobs.EInvalid, "Durations look like 90s, 24h or 720h.")
	}
	return dur, nil
}

// adminError is the body of an admin error answer.
type adminError struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

var adminStatus = map[jobs.Code]int{jobs.EInvalid: 400, jobs.EUnauthorized: 401, jobs.ENotFound: 404, jobs.EConflict: 409}

func adminReply(w http.ResponseWriter, v any, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err != nil {
		code := jobs.ErrorCode(err)
		status, ok := adminStatus[code]
		if !ok {
			status = 500
		}
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(adminError{Error: string(code), Message: jobs.ErrorMessage(err)})
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}

// readAdminFile reads dataDir's admin.json.
func readAdminFile(dataDir string) (*adminInfo, error) {
	data, err := os.ReadFile(filepath.Join(dataDir, adminFile))
	if err != nil {
		return nil, err
	}
	var info adminInfo
	if err := json.Unmarshal(data, &info); err != nil {
		return nil, err
	}
	u, err := url.Parse(info.URL)
	if err != nil || u.Scheme != "http" || !strings.HasPrefix(u.Host, "127.0.0.1:") || info.Token == "" {
		return nil, fmt.Errorf("%s: not a loopback admin endpoint", adminFile)
	}
	return &info, nil
}

// adminClient manages keys through a running server's admin endpoint.
type adminClient struct {
	info *adminInfo
	hc   *http.Client
}

// dialAdmin returns a client for the admin endpoint of the server running
// on dataDir, or an error when none answers.
func dialAdmin(ctx context.Context, dataDir string) (*adminClient, error) {
	info, err := readAdminFile(dataDir)
	if err != nil {
		return nil, err
	}
	ac := &adminClient{info: info, hc: &http.Client{Timeout: 30 * time.Second}}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := ac.call(ctx, http.MethodGet, "/admin/keys", nil, &[]keyView{}); err != nil {
		return nil, err
	}
	return ac, nil
}

func (a *adminClient) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.info.URL+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+a.info.Token)
	res, err := a.hc.Do(req)
	if err != nil {
		return fmt.Errorf("admin endpoint of songsmith serve: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		var e adminError
		_ = json.NewDecoder(io.LimitReader(res.Body, 4096)).Decode(&e)
		return &jobs.Error{Code: jobs.Code(e.Error), Message: e.Message}
	}
	return json.NewDecoder(res.Body).Decode(out)
}

func (a *adminClient) create(ctx context.Context, name string, ttl time.Duration) (*newKey, error) {
	var k newKey
	err := a.call(ctx, http.MethodPost, "/admin/keys", map[string]string{"name": name, "ttl": ttl.String()}, &k)
	return &k, err
}

func (a *adminClient) list(ctx context.Context) ([]keyView, error) {
	var keys []keyView
	err := a.call(ctx, http.MethodGet, "/admin/keys", nil, &keys)
	return keys, err
}

func (a *adminClient) revoke(ctx context.Context, id string) (*keyView, error) {
	var k keyView
	err := a.call(ctx, http.MethodPost, "/admin/keys/"+url.PathEscape(id)+"/revoke", nil, &k)
	return &k, err
}

func (a *adminClient) rotate(ctx context.Context, id string, grace time.Duration) (*newKey, error) {
	var k newKey
	err := a.call(ctx, http.MethodPost, "/admin/keys/"+url.PathEscape(id)+"/rotate", map[string]string{"grace": grace.String()}, &k)
	return &k, err
}
