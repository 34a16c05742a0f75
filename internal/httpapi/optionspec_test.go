package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// TestOptionSpecsOpenAPI checks SubmitRequest in openapi.json against the
// table of request options: one extension member per row, of its type,
// range and allowed values, and no extension member without a row.
func TestOptionSpecsOpenAPI(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(httpapi.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	props := doc.Components.Schemas["SubmitRequest"].Properties
	for _, s := range request.OptionSpecs {
		p, ok := props[s.Name]
		if !ok {
			t.Errorf("%s: no SubmitRequest member in openapi.json", s.Name)
			continue
		}
		typ := p["type"]
		if s.Name == "chords" && fmt.Sprint(typ) == "[string object]" {
			typ = string(s.Type) // a chart, or charts by section
		}
		wantType := any(string(s.Type))
		if s.Array { // an object or an array (energy)
			wantType = []any{string(s.Type), "array"}
		}
		if s.OnlyArray { // an array of objects (hits)
			wantType = "array"
		}
		if fmt.Sprint(typ) != fmt.Sprint(wantType) || p["x-songsmith-extension"] != true {
			t.Errorf("%s: type %v extension %v, want %s, true", s.Name, p["type"], p["x-songsmith-extension"], s.Type)
		}
		if s.Type == request.TypeInteger || s.Type == request.TypeNumber {
			if p["minimum"] != s.Min || p["maximum"] != s.Max {
				t.Errorf("%s: range %v..%v, want %g..%g", s.Name, p["minimum"], p["maximum"], s.Min, s.Max)
			}
		}
		enum := p["enum"]
		if s.Type == request.TypeStrings {
			items, _ := p["items"].(map[string]any)
			enum = items["enum"]
			if s.MaxLen > 0 && items["maxLength"] != float64(s.MaxLen) {
				t.Errorf("%s: items' maxLength %v, want %d", s.Name, items["maxLength"], s.MaxLen)
			}
		}
		if s.Type == request.TypeObject && len(s.Keys) > 0 { // a role map; otherwise any object
			names, _ := p["propertyNames"].(map[string]any)
			if fmt.Sprint(names["enum"]) != fmt.Sprint(toAny(s.Keys)) {
				t.Errorf("%s: propertyNames %v, want %v", s.Name, names["enum"], s.Keys)
			}
			vals, _ := p["additionalProperties"].(map[string]any)
			enum = vals["enum"]
			if e, ok := enum.([]any); ok && len(e) > 0 && e[len(e)-1] == nil {
				enum = e[:len(e)-1] // null mutes
			}
		}
		if got := fmt.Sprint(enum); s.Enum != nil && got != fmt.Sprint(toAny(s.Enum)) {
			t.Errorf("%s: enum %s, want %v", s.Name, got, s.Enum)
		}
		if s.MaxLen > 0 && s.Type == request.TypeString && p["maxLength"] != float64(s.MaxLen) {
			t.Errorf("%s: maxLength %v, want %d", s.Name, p["maxLength"], s.MaxLen)
		}
	}
	for name, p := range props {
		if _, ok := request.OptionSpecNamed(name); !ok && p["x-songsmith-extension"] == true {
			t.Errorf("%s: extension member without a row in request.OptionSpecs", name)
		}
	}
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// TestOptionSpecsPlayground checks the playground's options form against
// the table: an input named after every row (a checkbox per allowed value
// of an array, a select of a string's allowed values) with the
// row's range, and no input for an option the table lacks.
func TestOptionSpecsPlayground(t *testing.T) {
	srv := httptest.NewServer(httpapi.New(nil, httpapi.Options{MaxBodyBytes: 1 << 10}))
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	page := string(b)
	start := strings.Index(page, `<fieldset id="options"`)
	end := strings.Index(page[max(start, 0):], "</fieldset>") // the options' own end (the page has other fieldsets)
	if start < 0 || end < 0 {
		t.Fatal(`no <fieldset id="options"> on the page`)
	}
	form := page[start : start+end]
	tags := regexp.MustCompile(`<(input|select|textarea)\b[^>]*>`).FindAllString(form, -1)
	attr := func(tag, name string) string {
		m := regexp.MustCompile(`\b` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return ""
		}
		return m[1]
	}
	byName := map[string][]string{}
	for _, tag := range tags {
		byName[attr(tag, "name")] = append(byName[attr(tag, "name")], tag)
	}
	for _, s := range request.OptionSpecs {
		got := byName[s.Name]
		if len(got) == 0 {
			t.Errorf("%s: no input named %q in the playground's options form", s.Name, s.Name)
			continue
		}
		if dt := attr(got[0], "data-type"); dt != string(s.Type) {
			t.Errorf("%s: data-type %q, want %q", s.Name, dt, s.Type)
		}
		switch s.Type {
		case request.TypeInteger, request.TypeNumber:
			if attr(got[0], "min") != num(s.Min) || attr(got[0], "max") != num(s.Max) {
				t.Errorf("%s: min %q max %q, want %g and %g", s.Name, attr(got[0], "min"), attr(got[0], "max"), s.Min, s.Max)
			}
		case request.TypeStrings, request.TypeObject:
			if s.Enum == nil || s.Type == request.TypeObject { // free labels, or role: instrument pairs, typed in
				if attr(got[0], "type") != "text" && !strings.HasPrefix(got[0], "<textarea") || len(got) != 1 {
					t.Errorf("%s: want one text input (or text area), got %v", s.Name, got)
				}
				break
			}
			var vals []string
			for _, tag := range got {
				vals = append(vals, attr(tag, "value"))
			}
			if !slices.Equal(vals, s.Enum) {
				t.Errorf("%s: checkboxes %v, want %v", s.Name, vals, s.Enum)
			}
		}
		if s.MaxLen > 0 && s.Type == request.TypeString && attr(got[0], "maxlength") != fmt.Sprint(s.MaxLen) {
			t.Errorf("%s: maxlength %q, want %d", s.Name, attr(got[0], "maxlength"), s.MaxLen)
		}
		if s.Type == request.TypeString && s.Enum != nil {
			sel := form[strings.Index(form, got[0]):]
			sel = sel[:strings.Index(sel, "</select>")]
			for _, v := range s.Enum {
				if !strings.Contains(sel, `value="`+v+`"`) {
					t.Errorf("%s: no choice %q", s.Name, v)
				}
			}
		}
		delete(byName, s.Name)
	}
	for name := range byName {
		t.Errorf("input %q in the options form has no row in request.OptionSpecs", name)
	}
	res, err = srv.Client().Get(srv.URL + "/playground/app.js")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	js := string(b)
	if !strings.Contains(js, `"#options [name]"`) {
		t.Error("app.js does not send the options form's fields")
	}
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// sdkOptions is the SDK's GenerateOption for each request option.
var sdkOptions = map[string][]client.GenerateOption{
	"seed":             {client.WithSeed(request.MaxSeed)},
	"format":           {client.WithFormat(client.FormatFLAC)},
	"duration_seconds": {client.WithDuration(42 * time.Second)},
	"bpm":              {client.WithBPM(97)},
	"key":              {client.WithMusicalKey("F# minor")},
	"outputs":          {client.WithStems(), client.WithMIDI(), client.WithTimeline()},
	"webhook_url":      {client.WithWebhook("https://example.com/hook")},
	"exact_duration":   {client.WithExactDuration(), client.WithDuration(20 * time.Second)},
	"sample_rate":      {client.WithSampleRate(48000)},
	"loudness_lufs":    {client.WithLoudness(-23)},
	"loop":             {client.WithLoop()},
	"recipe":           {client.WithRecipe(`{"engine_version":"x","plan":{}}`)},
	"intensity":        {client.WithIntensity(0)},
	"instruments":      {client.WithInstrument("lead", "piano"), client.WithMute("drums")},
	"regenerate":       {client.WithRegenerate("bridge", "verse 2")},
	"count":            {client.WithCount(1)}, // 2 or more: client.GenerateMany (sdk_collection_test.go)
	"hits":             {client.WithHit(42.3, client.HitDrop), client.WithHit(60, client.HitEnd)},
	"energy":           {client.WithEnergyCurve(client.EnergyPoint{Bar: 1, Value: 0.2}, client.EnergyPoint{Bar: 16, Value: 1})},
	"chords":           {client.WithChords("Am F C G"), client.WithSectionChords(map[string]string{"chorus": "F G | Em Am"})},
	"melody":           {client.WithMelodyTranspose(2), client.WithMelodyABC("X:1\nK:G\nG A B c | d2 d2 |")},
}

// TestOptionSpecsSDK checks the SDK against the table of request options:
// every row has a GenerateOption, and what it sends this handler's decoder
// reads into that option.
func TestOptionSpecsSDK(t *testing.T) {
	for _, s := range request.OptionSpecs {
		t.Run(s.Name, func(t *testing.T) {
			opts, ok := sdkOptions[s.Name]
			if !ok {
				t.Fatalf("no SDK option (client.With...) for %s", s.Name)
			}
			var body map[string]json.RawMessage
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				_ = json.Unmarshal(b, &body)
				w.WriteHeader(http.StatusAccepted)
				_, _ = io.WriteString(w, `{"message":"ok","job_id":"x","poll_url":"/jobs/x"}`)
			}))
			defer srv.Close()
			if _, err := client.New(srv.URL, "ss_k").Generate(context.Background(), "jazz", opts...); err != nil {
				t.Fatal(err)
			}
			want := 2
			if s.Requires != "" {
				want++ // the option it needs
			}
			if len(body) != want || body[s.Name] == nil {
				t.Fatalf("body %v, want prompt and %s", body, s.Name)
			}
			o, err := httpapi.ReadOptions(body)
			if err != nil || o == nil || o.Equal(&jobs.Options{}) {
				t.Fatalf("read %v: %+v, %v", body, o, err)
			}
		})
	}
}
