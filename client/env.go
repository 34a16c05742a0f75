package client

import "os"

// Environment variables read by [New] when its baseURL or apiKey is empty;
// the songsmith CLI reads the same ones.
const (
	// EnvURL names the base URL of the service.
	EnvURL = "SONGSMITH_URL"
	// EnvAPIKey names the API key.
	EnvAPIKey = "SONGSMITH_API_KEY"
	// EnvAPIKeyDeprecated is the former name of EnvAPIKey, still read when
	// EnvAPIKey is unset.
	EnvAPIKeyDeprecated = "SONGSMITH_KEY"
)

// DefaultBaseURL is the base URL used when none is given and EnvURL is
// unset: the default address of `songsmith serve`.
const DefaultBaseURL = "http://127.0.0.1:8080"

// BaseURLFromEnv returns $SONGSMITH_URL, or [DefaultBaseURL] when unset.
func BaseURLFromEnv() string {
	if v := os.Getenv(EnvURL); v != "" {
		return v
	}
	return DefaultBaseURL
}

// APIKeyFromEnv returns $SONGSMITH_API_KEY, or the deprecated
// $SONGSMITH_KEY when the first is unset, or "".
func APIKeyFromEnv() string {
	if v := os.Getenv(EnvAPIKey); v != "" {
		return v
	}
	return os.Getenv(EnvAPIKeyDeprecated)
}

// Check returns the error every call of c returns without sending a request
// because of how c was made (wrapping [ErrInvalidBaseURL] or
// [ErrNoAPIKey]), or nil.
func (c *Client) Check() error { return c.configErr }
