package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// APIError is a request the service answered with a non-2xx status. Its body
// is the specification's {"error": "...", "message": "..."} when the service
// sent one.
type APIError struct {
	// StatusCode is the HTTP status, for example 404.
	StatusCode int
	// Code is the short label from the body's "error" field. When the body
	// had none (an answer API Gateway or a proxy made itself, such as API
	// Gateway's throttling 429 {"message":"Too Many Requests"}), it is the
	// service's code for the status (rate_limited for 429), or the status
	// text in lower case for a status the service does not use.
	Code string
	// Message explains the error, from the body's "message" field.
	Message string
	// RetryAfter is the wait the Retry-After header asked for, or zero.
	RetryAfter time.Duration
	// RequestID identifies the request in the service's logs (the
	// X-Request-Id response header, or API Gateway's or S3's own request
	// id); quote it when reporting a problem. Empty when none was sent.
	RequestID string
	// retryAfterSet tells a Retry-After of 0 from none.
	retryAfterSet bool
}

// Error implements error.
func (e *APIError) Error() string {
	msg := fmt.Sprintf("songsmith: HTTP %d %s", e.StatusCode, e.Code)
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.RequestID != "" {
		msg += " (request id " + e.RequestID + ")"
	}
	return msg
}

// Temporary reports whether repeating the request later may succeed: a 429 or
// a 5xx answer.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// IsBadRequest reports whether err is an *[APIError] with status 400.
func IsBadRequest(err error) bool { return hasStatus(err, http.StatusBadRequest) }

// IsUnauthorized reports whether err is an *[APIError] with status 401.
func IsUnauthorized(err error) bool { return hasStatus(err, http.StatusUnauthorized) }

// IsNotFound reports whether err is an *[APIError] with status 404: the job
// does not exist, has expired or belongs to another key.
func IsNotFound(err error) bool { return hasStatus(err, http.StatusNotFound) }

// IsRateLimited reports whether err is an *[APIError] with status 429.
func IsRateLimited(err error) bool { return hasStatus(err, http.StatusTooManyRequests) }

// IsConflict reports whether err is an *[APIError] with status 409: the
// idempotency key of a submission was already used with another prompt,
// or a job control does not fit the job's state ([CodeJobFinished],
// [CodeJobRunning]).
func IsConflict(err error) bool { return hasStatus(err, http.StatusConflict) }

// IsServerError reports whether err is an *[APIError] with a 5xx status.
func IsServerError(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode >= 500
}

func hasStatus(err error, status int) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == status
}

// newAPIError builds the error for a non-2xx response with body data.
func newAPIError(resp *http.Response, data []byte) *APIError {
	e := &APIError{
		StatusCode: resp.StatusCode,
		RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()),
	}
	e.retryAfterSet = e.RetryAfter > 0 || strings.TrimSpace(resp.Header.Get("Retry-After")) == "0"
	for _, h := range []string{"X-Request-Id", "Apigw-Requestid", "X-Amz-Request-Id"} {
		if v := resp.Header.Get(h); v != "" {
			e.RequestID = v
			break
		}
	}
	var body struct {
		Error   string `json:"error"`
		Message string `json:"message"`
	}
	if json.Unmarshal(data, &body) == nil {
		e.Code, e.Message = body.Error, body.Message
	} else if text := strings.TrimSpace(string(data)); text != "" {
		const maxText = 200
		if len(text) > maxText {
			text = text[:maxText] + "..."
		}
		e.Message = text
	}
	if e.Code == "" {
		e.Code = statusCodes[resp.StatusCode]
	}
	if e.Code == "" {
		e.Code = strings.ToLower(http.StatusText(resp.StatusCode))
	}
	return e
}

// statusCodes are the service's error codes by HTTP status, for answers
// whose body names none.
var statusCodes = map[int]string{
	http.StatusBadRequest:            "invalid_request",
	http.StatusUnauthorized:          "unauthorized",
	http.StatusNotFound:              "not_found",
	http.StatusMethodNotAllowed:      "method_not_allowed",
	http.StatusConflict:              "conflict",
	http.StatusRequestEntityTooLarge: "payload_too_large",
	http.StatusTooManyRequests:       "rate_limited",
	http.StatusInternalServerError:   "internal_error",
	http.StatusServiceUnavailable:    "service_unavailable",
}

// parseRetryAfter reads a Retry-After header given in seconds or as an HTTP
// date; it returns zero when the header is absent or malformed.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return 0
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}
