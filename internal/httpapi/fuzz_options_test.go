package httpapi_test

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
)

// FuzzSubmitOptions checks the request options of a submission (one row
// of jobs.OptionSpecs each): decoding never panics, refuses only with a
// 4xx code, and anything it accepts holds every option within its row's
// range, allowed values and lengths.
func FuzzSubmitOptions(f *testing.F) {
	for _, s := range []string{
		`{"prompt":"x","seed":42,"format":"FLAC","duration_seconds":60,"bpm":84,"key":"d minor","outputs":["midi","stems"]}`,
		`{"prompt":"x","bpm":1e9}`, `{"prompt":"x","bpm":-1}`, `{"prompt":"x","bpm":"fast"}`, `{"prompt":"x","seed":-1}`,
		`{"prompt":"x","seed":9007199254740992}`, `{"prompt":"x","duration_seconds":5,"loop":true}`,
		`{"prompt":"x","exact_duration":true}`, `{"prompt":"x","loudness_lufs":-40}`, `{"prompt":"x","sample_rate":48000}`,
		`{"prompt":"x","intensity":0.5,"instruments":{"lead":"piano","drums":null},"regenerate":["Chorus","bridge"]}`,
		`{"prompt":"x","instruments":{"drums":"piano"}}`, `{"prompt":"x","regenerate":["` + string(bytes.Repeat([]byte("a"), 40)) + `"]}`,
		`{"prompt":"x","recipe":{"engine_version":"x"}}`, `{"prompt":"x","webhook_url":"https://example.com/h"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		sub, err := httpapi.DecodeSubmit(bytes.NewReader(body), 1<<16)
		if err != nil {
			if httpapi.StatusOf(jobs.ErrorCode(err))/100 != 4 {
				t.Fatalf("non-4xx %v for %q", err, body)
			}
			return
		}
		o := sub.Options
		if o == nil {
			return
		}
		for _, s := range jobs.OptionSpecs {
			if msg := outOfRow(s, o); msg != "" {
				t.Fatalf("accepted %q: %s %s", body, s.Name, msg)
			}
		}
		again := *o
		if err := again.Normalize(); err != nil || !again.Equal(o) {
			t.Fatalf("accepted %q, but its options do not normalize to themselves: %v", body, err)
		}
	})
}

// outOfRow says how o's value of row s breaks the row ("" when it holds).
func outOfRow(s jobs.OptionSpec, o *jobs.Options) string {
	in := func(x float64) bool { return !math.IsNaN(x) && x >= s.Min && x <= s.Max }
	switch p := s.Field(o).(type) {
	case **uint64:
		if *p != nil && (!in(float64(**p)) || s.Enum != nil && !slices.Contains(s.Enum, strconv.FormatUint(**p, 10))) {
			return "out of range"
		}
	case *float64:
		if *p != 0 && !in(*p) {
			return "out of range"
		}
	case **float64:
		if *p != nil && !in(**p) {
			return "out of range"
		}
	case *string:
		if *p != "" && (s.Enum != nil && !slices.Contains(s.Enum, *p) || s.MaxLen > 0 && len(*p) > s.MaxLen) {
			return "not allowed"
		}
	case *[]string:
		if s.MaxItems > 0 && len(*p) > s.MaxItems {
			return "too many items"
		}
		for _, v := range *p {
			if s.Enum != nil && !slices.Contains(s.Enum, v) || s.MaxLen > 0 && len(v) > s.MaxLen {
				return "item not allowed"
			}
		}
	case *map[string]string:
		if s.MaxItems > 0 && len(*p) > s.MaxItems {
			return "too many members"
		}
		for k, v := range *p {
			if !slices.Contains(s.Keys, k) || v != "" && !slices.Contains(s.Enum, v) {
				return "member not allowed"
			}
		}
	case *json.RawMessage:
		if len(*p) > 0 && (*p)[0] != '{' {
			return "not an object"
		}
	}
	return ""
}
