package httpapi_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
)

// FuzzDecodeSubmit checks the submit body parser never panics, accepts only
// one JSON object whose prompt is a string, and otherwise answers with a
// client error (400 or 413), never anything else.
func FuzzDecodeSubmit(f *testing.F) {
	for _, s := range []string{
		`{"prompt":"melancholic lo-fi with dusty piano, 84 bpm"}`, `{"prompt":""}`, `{}`, `[]`, `null`, `"x"`,
		`{"prompt":1}`, `{"prompt":"a"} x`, "{\"prompt\":\"\xff\"}", `{"prompt":"\ud800"}`, ``, `{"prompt":"a","prompt":"b"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		sub, err := httpapi.DecodeSubmit(bytes.NewReader(body), 1024)
		if err != nil {
			if c := jobs.ErrorCode(err); c != jobs.EInvalid && c != jobs.ETooLarge {
				t.Fatalf("code %s for %q", c, body)
			}
			if httpapi.StatusOf(jobs.ErrorCode(err))/100 != 4 {
				t.Fatalf("non-4xx for %q", body)
			}
			return
		}
		if len(body) > 1024 || !utf8.Valid(body) {
			t.Fatalf("accepted oversized or invalid UTF-8 body %q", body)
		}
		var m map[string]any
		if json.Unmarshal(body, &m) != nil {
			t.Fatalf("accepted non-object %q", body)
		}
		if s, ok := m["prompt"].(string); !ok || s != sub.Prompt {
			t.Fatalf("prompt %q, body %q", sub.Prompt, body)
		}
	})
}
