package synth

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// pairScore is a 15 s score of three parts: two of the same kind (their
// insert chains pair) and one that plays only the first half.
func pairScore() *score.Score {
	s := &score.Score{BPM: 120, BeatsPerBar: 4, KeyRoot: 0, Mode: "major", Genre: "pop", Mood: "happy",
		TotalBeats: 30, Seed: 5}
	a := score.Track{Name: "keys", Instrument: score.Piano, Role: score.RoleChords}
	b := score.Track{Name: "lead", Instrument: score.Piano, Role: score.RoleLead}
	c := score.Track{Name: "bass", Instrument: score.SynthBass, Role: score.RoleBass}
	for beat := range 30 {
		t := float64(beat)
		a.Notes = append(a.Notes, score.Note{Start: t, Length: 0.9, Pitch: 60 + beat%5, Velocity: 0.7})
		b.Notes = append(b.Notes, score.Note{Start: t + 0.5, Length: 0.4, Pitch: 72 + beat%7, Velocity: 0.8})
		if beat < 15 {
			c.Notes = append(c.Notes, score.Note{Start: t, Length: 0.5, Pitch: 36 + beat%3, Velocity: 0.9})
		}
	}
	s.Tracks = []score.Track{a, b, c}
	return s
}

// TestMeasureTwoBits: measuring two parts side by side (their inserts two
// at a time) gives each part the loudness measurePart gives it alone, to
// the bit, with chains that pair and chains that do not, and windows of
// different counts.
func TestMeasureTwoBits(t *testing.T) {
	s := pairScore()
	frames := int(s.Seconds() * sr)
	var o Options
	ctx := context.Background()
	if pairedInserts {
		ta, tb := newTrack(s, 0, &s.Tracks[0], frames, nil, o), newTrack(s, 1, &s.Tracks[1], frames, nil, o)
		if ta.chain() == chainOther || ta.chain() != tb.chain() {
			t.Fatalf("the two piano parts' chains %d and %d do not pair", ta.chain(), tb.chain())
		}
	}
	alone := make([]float64, len(s.Tracks))
	for i := range s.Tracks {
		l, err := measurePart(ctx, s, i, frames, nil, o)
		if err != nil {
			t.Fatal(err)
		}
		alone[i] = l
	}
	for _, p := range [][2]int{{0, 1}, {1, 2}, {2, 0}} {
		la, lb, err := measureTwo(ctx, s, p[0], p[1], frames, nil, o)
		if err != nil {
			t.Fatal(err)
		}
		if math.Float64bits(la) != math.Float64bits(alone[p[0]]) || math.Float64bits(lb) != math.Float64bits(alone[p[1]]) {
			t.Errorf("tracks %v side by side: %v, %v LUFS; alone %v, %v", p, la, lb, alone[p[0]], alone[p[1]])
		}
	}
}
