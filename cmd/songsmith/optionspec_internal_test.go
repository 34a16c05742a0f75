package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// optionFlags names generate's flags for the request options whose flag is
// not the option's name with "-" for "_".
var optionFlags = map[string][]string{
	"duration_seconds": {"duration"},
	"key":              {"song-key"},
	"outputs":          {"stems", "midi", "timeline"},
	"webhook_url":      {"webhook"},
	"instruments":      {"instrument"},
	"hits":             {"hit"},
}

// TestOptionSpecsCLI checks generate's flags against the table of request
// options: every row has its flags, and setting them sends the member.
func TestOptionSpecsCLI(t *testing.T) {
	for _, s := range request.OptionSpecs {
		t.Run(s.Name, func(t *testing.T) {
			if s.Name == "count" { // generate's own flag (an edit makes one song): collection_cli_test.go sends it
				if newGenerateCmd().Flags().Lookup("count") == nil {
					t.Fatal("generate has no --count flag")
				}
				return
			}
			var x extFlags
			fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
			x.bind(fs)
			names, ok := optionFlags[s.Name]
			if !ok {
				names = []string{strings.ReplaceAll(s.Name, "_", "-")}
			}
			var args []string
			for _, name := range names {
				f := fs.Lookup(name)
				if f == nil {
					t.Fatalf("no --%s flag for option %s", name, s.Name)
				}
				args = append(args, "--"+name+"="+flagSample(s, f))
			}
			if r, ok := request.OptionSpecNamed(s.Requires); ok { // the option it needs
				for _, name := range optionFlagsOf(r.Name) {
					args = append(args, "--"+name+"="+flagSample(r, fs.Lookup(name)))
				}
			}
			if err := fs.Parse(args); err != nil {
				t.Fatal(err)
			}
			var body map[string]json.RawMessage
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				_ = json.Unmarshal(b, &body)
				w.WriteHeader(http.StatusAccepted)
				_, _ = io.WriteString(w, `{"message":"ok","job_id":"x","poll_url":"/jobs/x"}`)
			}))
			defer srv.Close()
			if _, err := client.New(srv.URL, "ss_k").Generate(context.Background(), "jazz", x.options()...); err != nil {
				t.Fatal(err)
			}
			var o jobs.Options
			if raw, ok := body[s.Name]; !ok {
				t.Fatalf("%v sent no %s: %v", args, s.Name, body)
			} else if err := s.ReadJSON(&o, raw); err != nil {
				t.Fatalf("%v sent %s=%s: %v", args, s.Name, raw, err)
			}
			if _, err := httpapi.ReadOptions(body); err != nil {
				t.Fatalf("%v sent %v: %v", args, body, err)
			}
		})
	}
}

// optionFlagsOf is the generate flags of the option called name.
func optionFlagsOf(name string) []string {
	if f, ok := optionFlags[name]; ok {
		return f
	}
	return []string{strings.ReplaceAll(name, "_", "-")}
}

// flagSample is a valid value of f for the option s.
func flagSample(s request.OptionSpec, f *pflag.Flag) string {
	switch {
	case f.Value.Type() == "bool":
		return "true"
	case f.Value.Type() == "duration":
		return strconv.FormatFloat(s.Max, 'f', -1, 64) + "s"
	case s.Name == "chords":
		return "verse=Am F C G"
	case s.Name == "melody":
		return "testdata/twinkle.abc"
	case s.Type == request.TypeObject && len(s.Keys) > 0:
		return s.Keys[0] + "=" + s.Enum[0]
	case s.Type == request.TypeObject && s.OnlyArray:
		return "42.3:drop"
	case s.Type == request.TypeObject && s.Array:
		return `[{"bar": 1, "value": 0.2}, {"bar": 16, "value": 1}]`
	case s.Type == request.TypeStrings && s.Enum == nil:
		return "bridge"
	case s.Type == request.TypeInteger || s.Type == request.TypeNumber:
		return strconv.FormatFloat(s.Max, 'f', -1, 64)
	case s.Enum != nil:
		return s.Enum[len(s.Enum)-1]
	case s.Name == "key":
		return "D minor"
	case s.Type == request.TypeObject:
		return `{"engine_version":"x","plan":{}}`
	}
	return "http://127.0.0.1:1/hook"
}
