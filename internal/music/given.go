package music

import (
	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
)

// Given chords (issue 30 item 1): a request's chord charts replace the
// harmony the composer would choose in the sections they are given for
// (form.GiveHarmony); every part reads the sections' harmony, so bass,
// comping, pads, arpeggios and the lead's chord tones follow them. A
// song with given chords keeps them to its end: no section cadence, no
// final cadence, no modulation rewrites them.

// givenCharts are the plan's chord charts as progressions in key k, by
// section name; nil when the plan gives none (or none reads).
func givenCharts(p plan.Plan, k harmony.Key, beatsPerBar int) map[string][]harmony.BarChord {
	if len(p.Chords) == 0 {
		return nil
	}
	out := map[string][]harmony.BarChord{}
	for name, text := range p.Chords {
		ch, err := chordchart.ParseChart(text)
		if err != nil {
			continue // the request checked it (request.ParseChords)
		}
		out[name] = harmony.ChartProgression(ch, k, beatsPerBar)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// inferKey sets a plan's missing key (tonic and mode) from its chord
// charts' letter-named chords.
func inferKey(p plan.Plan) plan.Plan {
	if len(p.Chords) == 0 || (p.KeyRoot >= 0 && p.KeyRoot <= 11 && p.Mode != "") {
		return p
	}
	var charts []chordchart.Chart
	for _, name := range chartOrder(p.Chords) {
		if ch, err := chordchart.ParseChart(p.Chords[name]); err == nil {
			charts = append(charts, ch)
		}
	}
	root, mode, ok := chordchart.InferKey(charts)
	if !ok {
		return p
	}
	if p.KeyRoot < 0 || p.KeyRoot > 11 {
		p.KeyRoot = root
	}
	if p.Mode == "" {
		p.Mode = mode
	}
	return p
}

// chartOrder is the order a song plays its sections' charts in, for
// the key's first and last chords: the whole song's, then the sections'.
func chartOrder(charts map[string]string) []string {
	var out []string
	for _, name := range []string{plan.ChordsSong, "intro", "verse", "build", "chorus", "drop", "bridge", "breakdown", "outro"} {
		if _, ok := charts[name]; ok {
			out = append(out, name)
		}
	}
	return out
}
