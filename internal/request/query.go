package request

import "strconv"

// MaxIdempotencyKeyLen is the longest accepted Idempotency-Key value.
const MaxIdempotencyKeyLen = 255

// ValidateIdempotencyKey checks an Idempotency-Key value: 1 to 255
// printable ASCII characters (space to tilde). Anything else is an *Error (jobs.EInvalid).
func ValidateIdempotencyKey(k string) error {
	if k == "" || len(k) > MaxIdempotencyKeyLen {
		return errorf("The Idempotency-Key header must be 1 to %d printable ASCII characters.", MaxIdempotencyKeyLen)
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return errorf("The Idempotency-Key header must be 1 to %d printable ASCII characters.", MaxIdempotencyKeyLen)
		}
	}
	return nil
}

// History page sizes.
const (
	DefaultPageSize = 20  // jobs per page when the request gives no limit
	MaxPageSize     = 100 // the largest limit accepted
)

// ParseLimit reads a page size ("" for the default); outside 1 to
// MaxPageSize it is an *Error (jobs.EInvalid).
func ParseLimit(s string) (int, error) {
	if s == "" {
		return DefaultPageSize, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxPageSize {
		return 0, errorf("'limit' must be an integer from 1 to %d.", MaxPageSize)
	}
	return n, nil
}
