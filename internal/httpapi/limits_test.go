package httpapi_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/httpapi"
)

// A body whose Content-Length is over the limit gets 413 with the error
// body before the server reads it, on /generate and on /edit: a 10 MB body
// sent whole used to get the connection closed under it.
func TestErrTooLargeByLength(t *testing.T) {
	e := newEnv(t, nil)
	id := e.submit(t, "lo-fi")
	e.process(t, id)
	big := bytes.Repeat([]byte("x"), 10<<20)
	for _, path := range []string{"/generate", "/compose", "/jobs/" + id + "/edit"} {
		t.Run(strings.TrimPrefix(path, "/"), func(t *testing.T) {
			req, _ := http.NewRequest("POST", e.URL+path, bytes.NewReader(big))
			req.Header.Set("Authorization", "Bearer "+e.Key)
			res, m := send(t, req)
			assertErrorBody(t, 413, res, m)
			if m["error"] != "payload_too_large" {
				t.Fatalf("%v", m)
			}
		})
	}
	// A client that asks first (Expect: 100-continue, as curl does for
	// large bodies) hears 413 at once and never sends the body.
	for _, path := range []string{"/generate", "/jobs/" + id + "/edit"} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(e.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", path, e.Key, 10<<20)
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, _ := io.ReadAll(res.Body)
		conn.Close()
		if res.StatusCode != 413 || !strings.Contains(string(body), "payload_too_large") {
			t.Fatalf("%s with Expect: 100-continue: %d %s", path, res.StatusCode, body)
		}
	}
	// A client that sends its whole body before it reads (no Expect, as
	// Python's urllib does) reads the 413, not a connection reset.
	for _, path := range []string{"/generate", "/jobs/" + id + "/edit"} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(e.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\n\r\n", path, e.Key, len(big))
		if _, err := conn.Write(big); err != nil {
			t.Fatalf("%s: sending the body: %v", path, err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, _ := io.ReadAll(res.Body)
		conn.Close()
		if res.StatusCode != 413 || !strings.Contains(string(body), "payload_too_large") {
			t.Fatalf("%s, body sent whole: %d %s", path, res.StatusCode, body)
		}
	}
	// The check reads the declared length only: a request that says its
	// body is huge is refused even though it sends nothing yet.
	req := httptestRequest(t, e, 10<<20)
	if err := httpapi.CheckLength(req, 4096); err == nil {
		t.Fatal("CheckLength passed a 10 MB Content-Length")
	}
	if err := httpapi.CheckLength(httptestRequest(t, e, 4096), 4096); err != nil {
		t.Fatalf("CheckLength refused a body at the limit: %v", err)
	}
	if e.jobCount(t) != 1 {
		t.Fatal("an oversized body created a job")
	}
}

func httptestRequest(t *testing.T, e *env, length int64) *http.Request {
	t.Helper()
	req, err := http.NewRequest("POST", e.URL+"/generate", io.LimitReader(strings.NewReader(""), 0))
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = length
	return req
}

// One sample_rate message on every route, whatever the wrong value.
func TestSampleRateMessage(t *testing.T) {
	e := newEnv(t, nil)
	id := e.submit(t, "lo-fi")
	e.process(t, id)
	const want = "'sample_rate' must be one of 44100, 48000."
	for _, v := range []string{"22050", "46000", "96000", "-1", `"48000"`, "4.41e4", "true"} {
		for _, route := range []struct{ path, body string }{
			{"/generate", `{"prompt": "lo-fi", "sample_rate": ` + v + `}`},
			{"/jobs/" + id + "/edit", `{"sample_rate": ` + v + `}`},
		} {
			res, m := e.do(t, "POST", route.path, e.Key, []byte(route.body))
			assertErrorBody(t, 400, res, m)
			if m["message"] != want {
				t.Errorf("%s sample_rate %s: %q, want %q", route.path, v, m["message"], want)
			}
		}
	}
}
