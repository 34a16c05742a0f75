package request

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/songsmith/songsmith/internal/chordchart"
)

// Chords (issue 30 item 1): a request may give the harmony, as one chord
// chart for the whole song ("chords": "Am F C G") or one per kind of
// section ("chords": {"verse": "Am F C G", "chorus": "F G Em Am"}). The
// charts are held by section name, ChordsSong for the whole song's.

// ChordsSong is the Chords key of the whole song's chart.
const ChordsSong = "song"

// ChordSections are the member names "chords" may have: the whole song,
// then the sections of a song's forms.
var ChordSections = []string{ChordsSong, "intro", "verse", "chorus", "bridge", "build", "drop", "breakdown", "outro"}

// MaxChordsLen is the longest chart text of one section.
const MaxChordsLen = 512

// readChords decodes "chords": a string (the whole song's chart) or an
// object of charts by section name.
func (s *OptionSpec) readChords(p *map[string]string, raw json.RawMessage) error {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		*p = map[string]string{ChordsSong: one}
		return nil
	}
	var m map[string]string
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return errorf("'chords' must be a chord chart such as \"Am F C G\", or an object of charts by section such as {\"verse\": \"Am F C G\", \"chorus\": \"F G Em Am\"}.")
	}
	*p = m
	return nil
}

// normalizeChords checks every chart: a known section, at most
// MaxChordsLen characters, chords that read (chordchart.ParseChart).
// Charts are kept as written, trimmed.
func normalizeChords(p *map[string]string) error {
	if len(*p) == 0 {
		*p = nil
		return nil
	}
	for _, k := range ChordSections {
		v, ok := (*p)[k]
		if !ok {
			continue
		}
		name := "chords." + k
		if k == ChordsSong && len(*p) == 1 {
			name = "chords"
		}
		v = strings.TrimSpace(v)
		(*p)[k] = v
		if len(v) > MaxChordsLen {
			return errorf("'%s' is longer than %d characters.", name, MaxChordsLen)
		}
		if _, err := chordchart.ParseChart(v); err != nil {
			var ce *chordchart.ChartError
			if errors.As(err, &ce) {
				return errorf("'%s': %s (chords are written like \"Am F C G\", \"Dm7 G7 | Cmaj7 %%\", \"C/E\" or \"I vi IV V\").", name, err)
			}
			return errorf("'%s' must be a chord chart such as \"Am F C G\": %s.", name, err)
		}
	}
	for k := range *p {
		if !contains(ChordSections, k) {
			return errorf("'chords' has no section %q: sections are %s.", k, strings.Join(ChordSections, ", "))
		}
	}
	return nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// chordsRow is the options-table row of "chords".
var chordsRow = OptionSpec{Name: "chords", Type: TypeObject, Keys: ChordSections, MaxItems: len(ChordSections), MaxLen: MaxChordsLen,
	Default:     "the composer's harmony",
	Description: fmt.Sprintf(`the harmony: one chord chart for the song ("Am F C G", "ii7 V7 Imaj7", "C/E", "|" bars, "%%" repeats; at most %d bars) or charts by section {"verse": "Am F C G", "chorus": "F G Em Am"}`, chordchart.MaxChartBars),
	Field:       func(o *Options) any { return &o.Chords }}
