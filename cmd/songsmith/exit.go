package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/songsmith/songsmith/client"
)

// Exit codes. The "Exit codes" table of docs/cli.md lists the same.
const (
	exitOK          = 0   // success
	exitFailure     = 1   // any other failure (local files, database, unexpected answers)
	exitUsage       = 2   // bad command line: unknown command or flag, missing argument, bad value
	exitAuth        = 3   // no API key, or the server refused it (401)
	exitNotFound    = 4   // the job or key does not exist (or expired, or belongs to another key)
	exitRateLimited = 5   // still rate limited (429) after the retries
	exitServer      = 6   // the server failed (5xx) or cannot be reached
	exitJobFailed   = 7   // the job ended with status failed
	exitTimeout     = 8   // --timeout passed before the job finished (it may still finish)
	exitInterrupted = 130 // Ctrl-C (128 + the signal number)
)

// exitError is an error with its exit code and a message that names the
// cause and the fix.
type exitError struct {
	code int
	msg  string
	err  error // the cause, for errors.Is/As; may be nil
}

func (e *exitError) Error() string { return e.msg }
func (e *exitError) Unwrap() error { return e.err }

// usageErr is an exitUsage error.
func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// describe returns the exit code and the one-line message of err.
func describe(err error) (int, string) {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code, ee.msg
	}
	msg := strings.TrimPrefix(err.Error(), "songsmith: ")
	if strings.HasPrefix(msg, "unknown command") || strings.HasPrefix(msg, "unknown flag") {
		return exitUsage, msg
	}
	return exitFailure, msg
}

// explain turns an SDK error from a call to the API at base into an
// exitError that says what happened and what to do.
func explain(err error, base string) error {
	var ee *exitError
	if err == nil || errors.As(err, &ee) {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return err // Ctrl-C: main exits quietly with 130
	}
	cause := strings.TrimPrefix(err.Error(), "songsmith: ")
	var apiErr *client.APIError
	var jobErr *client.JobError
	var dnsErr *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &exitError{exitTimeout, "timed out: " + cause, err}
	case errors.As(err, &jobErr):
		return &exitError{exitJobFailed, cause, err}
	case errors.Is(err, client.ErrNoAPIKey):
		return &exitError{exitAuth, noKeyHelp, err}
	case errors.Is(err, client.ErrInvalidAPIKey):
		return &exitError{exitAuth, fmt.Sprintf("the API key (--key or %s) is not a key: %s. Copy the whole key and only the key.", client.EnvAPIKey, strings.TrimPrefix(cause, "invalid API key: ")), err}
	case errors.Is(err, client.ErrInvalidBaseURL):
		return &exitError{exitUsage, urlHelp(base), err}
	case client.IsUnreachable(err) && strings.Contains(cause, "HTTP response to HTTPS client"):
		return &exitError{exitServer, fmt.Sprintf("%s answers plain HTTP, not HTTPS: use %s", base, strings.Replace(base, "https://", "http://", 1)), err}
	case client.IsUnreachable(err) && errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return &exitError{exitServer, fmt.Sprintf("cannot reach the API at %s: no such host %q. Check the host name in --url or %s.", base, dnsErr.Name, client.EnvURL), err}
	case client.IsUnreachable(err):
		return &exitError{exitServer, fmt.Sprintf("cannot reach the API at %s: %s. Is `songsmith serve` running there? Set --url or %s.", base, lastCause(err), client.EnvURL), err}
	case !errors.As(err, &apiErr):
		return &exitError{exitFailure, cause, err}
	case apiErr.StatusCode == http.StatusUnauthorized:
		return &exitError{exitAuth, fmt.Sprintf("the server refused the API key (%s). Check --key or %s; `songsmith keys list` shows the keys of a local server, `songsmith keys create NAME` makes one.", cause, client.EnvAPIKey), err}
	case apiErr.StatusCode == http.StatusNotFound:
		return &exitError{exitNotFound, cause + ". A job is visible only to the key that created it, and only until it expires.", err}
	case apiErr.StatusCode == http.StatusTooManyRequests:
		return &exitError{exitRateLimited, fmt.Sprintf("still rate limited after retrying (%s); try again in %s.", cause, max(apiErr.RetryAfter, 5e9)), err}
	case apiErr.StatusCode >= 500:
		return &exitError{exitServer, fmt.Sprintf("the server failed (%s). Try again later; the server's log has the request id.", cause), err}
	case apiErr.StatusCode == http.StatusBadRequest:
		return &exitError{exitUsage, "the server rejected the request: " + inFlagWords(cause), err}
	}
	return &exitError{exitFailure, cause, err}
}

// lastCause is the innermost message of a transport error: "connection
// refused" rather than the whole chain.
func lastCause(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

const noKeyHelp = "no API key: pass --key KEY or set " + client.EnvAPIKey + ". `songsmith serve` prints a key for the local server; `songsmith keys create NAME` makes another."

func urlHelp(base string) string {
	msg := fmt.Sprintf("%q is not an API base URL: use http://host:port or https://host (--url or %s)", base, client.EnvURL)
	if !strings.Contains(base, "://") && base != "" {
		msg += fmt.Sprintf(", e.g. http://%s", base)
	}
	return msg
}
