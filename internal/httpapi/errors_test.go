package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

func TestErrInvalid(t *testing.T) {
	e := newEnv(t, nil)
	bodies := map[string]string{
		"EmptyBody":          "",
		"WhitespaceBody":     "  \n ",
		"MalformedJSON":      `{"prompt": "lo-fi"`,
		"NotJSON":            `prompt=lo-fi`,
		"Array":              `["lo-fi"]`,
		"String":             `"lo-fi"`,
		"Null":               `null`,
		"Number":             `42`,
		"EmptyObject":        `{}`,
		"PromptMissing":      `{"promt": "lo-fi"}`,
		"PromptEmpty":        `{"prompt": ""}`,
		"PromptWhitespace":   `{"prompt": " \t\n "}`,
		"PromptNull":         `{"prompt": null}`,
		"PromptNumber":       `{"prompt": 84}`,
		"PromptArray":        `{"prompt": ["lo-fi"]}`,
		"PromptObject":       `{"prompt": {"genre": "lo-fi"}}`,
		"PromptBool":         `{"prompt": true}`,
		"InvalidUTF8":        "{\"prompt\": \"lo-fi \xff\xfe\"}",
		"TrailingData":       `{"prompt": "lo-fi"} {"prompt": "x"}`,
		"PromptTooLong":      `{"prompt": "` + strings.Repeat("a", request.DefaultMaxPromptRunes+1) + `"}`,
		"PromptControlChars": `{"prompt": "lo-fi\u0000beats"}`,
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			res, m := e.do(t, "POST", "/generate", e.Key, []byte(body))
			if name == "PromptTooLong" && len(body) > 4096 {
				assertErrorBody(t, 413, res, m)
			} else {
				assertErrorBody(t, 400, res, m)
			}
		})
	}
	if n := e.jobCount(t); n != 0 {
		t.Fatalf("bad requests created %d jobs", n)
	}
	if n, _ := e.Store.Pending(); n != 0 {
		t.Fatalf("bad requests queued %d messages", n)
	}
	t.Run("LongestPromptAccepted", func(t *testing.T) {
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt": "`+strings.Repeat("é", request.DefaultMaxPromptRunes)+`"}`))
		if res.StatusCode != 202 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
}

func TestErrTooLarge(t *testing.T) {
	e := newEnv(t, nil)
	body := `{"prompt": "` + strings.Repeat("x", 5000) + `"}`
	res, m := e.do(t, "POST", "/generate", e.Key, []byte(body))
	assertErrorBody(t, 413, res, m)
	if e.jobCount(t) != 0 {
		t.Fatal("oversized body created a job")
	}
}

func TestErrUnauthorized(t *testing.T) {
	e := newEnv(t, nil)
	id := e.submit(t, "lo-fi")
	revoked := e.newKey(t, 0)
	kid, _, _ := jobs.SplitKey(revoked)
	if err := e.Store.RevokeKey(context.Background(), kid, e.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	expired := e.newKey(t, time.Minute)
	e.Clock.Add(2 * time.Minute)
	_, good, _ := jobs.SplitKey(e.Key)
	wrongSecret := strings.Replace(e.Key, good, strings.Repeat("A", len(good)), 1)
	headers := map[string]string{
		"Missing":         "",
		"OtherScheme":     "Basic " + e.Key,
		"BearerNoKey":     "Bearer",
		"BearerBlank":     "Bearer    ",
		"Malformed":       "Bearer not-a-key",
		"UnknownKey":      "Bearer ss_0123456789ab_" + strings.Repeat("x", 32),
		"WrongSecret":     "Bearer " + wrongSecret,
		"Revoked":         "Bearer " + revoked,
		"Expired":         "Bearer " + expired,
		"KeyWithoutToken": e.Key,
	}
	for name, h := range headers {
		for _, ep := range []struct{ method, path, body string }{{"POST", "/generate", `{"prompt":"x"}`}, {"GET", "/jobs/" + id, ""}} {
			t.Run(name+ep.method, func(t *testing.T) {
				req, _ := http.NewRequest(ep.method, e.URL+ep.path, strings.NewReader(ep.body))
				if h != "" {
					req.Header.Set("Authorization", h)
				}
				res, m := send(t, req)
				assertErrorBody(t, 401, res, m)
				if res.Header.Get("WWW-Authenticate") == "" {
					t.Fatal("no WWW-Authenticate header")
				}
			})
		}
	}
	t.Run("KeyInQueryOrBodyDoesNotCount", func(t *testing.T) {
		req, _ := http.NewRequest("POST", e.URL+"/generate?api_key="+e.Key, strings.NewReader(`{"prompt":"x","api_key":"`+e.Key+`"}`))
		res, m := send(t, req)
		assertErrorBody(t, 401, res, m)
	})
	t.Run("SchemeIsCaseInsensitive", func(t *testing.T) {
		req, _ := http.NewRequest("GET", e.URL+"/jobs/"+id, nil)
		req.Header.Set("Authorization", "bearer "+e.Key)
		if res, m := send(t, req); res.StatusCode != 200 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
	if strings.Contains(e.Logs.String(), good) {
		t.Fatal("an API key secret appears in the logs")
	}
}

func TestErrRateLimited(t *testing.T) {
	e := newEnv(t, func(c *jobs.Config) {
		c.SubmitRate = jobs.Rate{N: 2, Per: time.Minute}
		c.PollRate = jobs.Rate{N: 3, Per: time.Minute}
	})
	id := e.submit(t, "one")
	e.submit(t, "two")
	res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"three"}`))
	assertErrorBody(t, 429, res, m)
	ra, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if err != nil || ra < 1 || ra > 60 {
		t.Fatalf("Retry-After %q", res.Header.Get("Retry-After"))
	}
	if e.jobCount(t) != 2 {
		t.Fatalf("%d jobs after a rejected submit, want 2", e.jobCount(t))
	}
	t.Run("OtherKeyUnaffected", func(t *testing.T) {
		body := []byte(`{"prompt":"x"}`)
		if res, m := e.do(t, "POST", "/generate", e.Other, body); res.StatusCode != 202 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
	t.Run("PollingHasItsOwnLimit", func(t *testing.T) {
		for i := 0; i < 3; i++ {
			if res, _ := e.do(t, "GET", "/jobs/"+id, e.Key, nil); res.StatusCode != 200 {
				t.Fatalf("poll %d: %d", i, res.StatusCode)
			}
		}
		res, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		assertErrorBody(t, 429, res, m)
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
	})
	t.Run("ResetsAfterWindow", func(t *testing.T) {
		e.Clock.Add(time.Minute)
		if res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"later"}`)); res.StatusCode != 202 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
}

func TestErrMethod(t *testing.T) {
	e := newEnv(t, nil)
	for _, c := range []struct{ method, path string }{{"GET", "/generate"}, {"PUT", "/compose"}, {"PUT", "/jobs/" + string(jobs.NewJobID())}, {"GET", "/jobs/" + string(jobs.NewJobID()) + "/cancel"}} {
		t.Run(c.method+c.path, func(t *testing.T) {
			res, m := e.do(t, c.method, c.path, e.Key, nil)
			assertErrorBody(t, 405, res, m)
			if res.Header.Get("Allow") == "" {
				t.Fatal("no Allow header")
			}
		})
	}
}

// brokenStore fails every read with an internal error carrying a secret.
type brokenStore struct{ jobs.JobStore }

func (brokenStore) Job(context.Context, jobs.JobID) (*jobs.Job, error) {
	return nil, errors.New("dynamodb: table arn:aws:secret-table unavailable")
}

func TestErrInternal(t *testing.T) {
	e := newEnv(t, nil)
	id := e.submit(t, "funk")
	e.Svc.Jobs = brokenStore{e.Store}
	res, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
	assertErrorBody(t, 500, res, m)
	if got := res.Header.Get("Retry-After"); got != "10" {
		t.Errorf("Retry-After %q, want 10 (the spec: retry after 10 to 30 s)", got)
	}
	if strings.Contains(fmt.Sprint(m), "secret") || strings.Contains(fmt.Sprint(m), "dynamodb") {
		t.Fatalf("internal detail leaked: %v", m)
	}
	if !strings.Contains(e.Logs.String(), "secret-table") {
		t.Fatal("the internal cause was not logged")
	}
}

func TestPanicBecomes500(t *testing.T) {
	svc := &jobs.Service{Keys: panicKeys{}}
	srv := httptest.NewServer(httpapi.New(svc, httpapi.Options{MaxBodyBytes: 16 << 10}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/jobs/x", nil)
	req.Header.Set("Authorization", "Bearer ss_0123456789ab_"+strings.Repeat("x", 32))
	res, m := send(t, req)
	assertErrorBody(t, 500, res, m)
	if got := res.Header.Get("Retry-After"); got != "10" {
		t.Errorf("Retry-After %q, want 10", got)
	}
}

type panicKeys struct{ jobs.KeyStore }

func (panicKeys) Key(context.Context, jobs.KeyID) (*jobs.APIKey, error) { panic("boom") }

func TestHealthAndRequestID(t *testing.T) {
	e := newEnv(t, nil)
	req, _ := http.NewRequest("GET", e.URL+"/healthz", nil)
	req.Header.Set("X-Request-Id", "abc-123")
	res, m := send(t, req)
	if res.StatusCode != 200 || m["status"] != "ok" || res.Header.Get("X-Request-Id") != "abc-123" {
		t.Fatalf("%d %v %q", res.StatusCode, m, res.Header.Get("X-Request-Id"))
	}
	if !strings.Contains(e.Logs.String(), `"request_id":"abc-123"`) {
		t.Fatal("request id not logged")
	}
}

// send does req and decodes its JSON body into a map.
func send(t testing.TB, req *http.Request) (*http.Response, map[string]any) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res, decodeMap(t, raw)
}

// One request's lines share its request id: the service's "job accepted"
// line carries it, and the access line carries the job id.
func TestLogCorrelation(t *testing.T) {
	e := newEnv(t, nil)
	req, _ := http.NewRequest("POST", e.URL+"/generate", strings.NewReader(`{"prompt":"a waltz"}`))
	req.Header.Set("Authorization", "Bearer "+e.Key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", "corr-42")
	res, m := send(t, req)
	if res.StatusCode != 202 {
		t.Fatalf("%d %v", res.StatusCode, m)
	}
	id := m["job_id"].(string)
	var accepted, access bool
	for _, line := range strings.Split(strings.TrimSpace(e.Logs.String()), "\n") {
		var l map[string]any
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if strings.Count(line, `"request_id"`) > 1 {
			t.Fatalf("request_id twice: %s", line)
		}
		switch l["msg"] {
		case "job accepted":
			accepted = l["request_id"] == "corr-42" && l["job_id"] == id
		case "request":
			access = l["request_id"] == "corr-42" && l["job_id"] == id
		}
	}
	if !accepted || !access {
		t.Fatalf("service line joined: %v, access line joined: %v\n%s", accepted, access, e.Logs.String())
	}
}

// Requests net/http's ServeMux would answer with a bare redirect get the
// error body instead.
func TestNoBareRedirects(t *testing.T) {
	e := newEnv(t, nil)
	u, _ := url.Parse(e.URL)
	for _, target := range []string{"//generate", "/jobs/../generate", "/jobs/x/./y", "/media", "/generate/"} {
		t.Run(target, func(t *testing.T) {
			conn, err := net.Dial("tcp", u.Host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, u.Host)
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			assertErrorBody(t, 404, res, decodeMap(t, raw))
		})
	}
}
