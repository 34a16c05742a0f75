package request

import (
	"errors"
	"fmt"
)

// Error is an invalid request: Message says, for the client, which member
// is wrong and what it must be. jobs.ErrorCode reads it as jobs.EInvalid
// (HTTP 400).
type Error struct {
	Message string
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// errorf returns the *Error with the formatted message.
func errorf(format string, args ...any) *Error {
	return &Error{Message: fmt.Sprintf(format, args...)}
}

// message returns the client's message of err: an *Error's own, else
// err's text ("" for nil).
func message(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Message
	}
	return err.Error()
}
