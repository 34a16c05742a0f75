package notation_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/notation"
	"github.com/songsmith/songsmith/internal/score"
)

// TestTick checks the grid: sixteenths and triplet eighths, swing taken
// out, strums and thirty-seconds to the nearest sixteenth, 6/8 in
// sixteenths of its dotted-quarter beats.
func TestTick(t *testing.T) {
	simple := &score.Score{BPM: 120, BeatsPerBar: 4}
	swung := &score.Score{BPM: 120, BeatsPerBar: 4, Swing: 0.6}
	compound := &score.Score{BPM: 90, BeatsPerBar: 2, Subdivision: 3}
	for _, c := range []struct {
		s    *score.Score
		beat float64
		want int
	}{
		{simple, 0, 0}, {simple, 1, 12}, {simple, 1.25, 15}, {simple, 1.5, 18}, {simple, 1.0 / 3, 4},
		{simple, 2.0 / 3, 8}, {simple, 0.015, 0}, {simple, 0.125, 3}, {simple, 0.9, 12}, {simple, 0.45, 6},
		{swung, 0.6, 6}, {swung, 0.8, 9}, {swung, 2.3, 27}, {swung, 2.35, 28}, {simple, 0.6, 8},
		{compound, 1, 18}, {compound, 1.0 / 3, 6}, {compound, 0.5, 9}, {compound, 1.0 / 6, 3},
	} {
		if got := notation.Tick(c.s, c.beat); got != c.want {
			t.Errorf("Tick(swing %v, sub %d, %v) = %d, want %d", c.s.Swing, c.s.Subdivision, c.beat, got, c.want)
		}
	}
}

// TestMusicXMLTies writes a made-up score whose notes cross bar lines and
// beats, overlap (two voices) and sit on triplets, and reads it back:
// every note whole, at its place, tied where it is split.
func TestMusicXMLTies(t *testing.T) {
	s := &score.Score{
		BPM: 100, BeatsPerBar: 4, KeyRoot: 2, Mode: "major", TotalBeats: 12,
		Sections: []score.Section{{Name: "verse", Bars: 2}, {Name: "chorus", StartBeat: 8, Bars: 1, KeyShift: 1}},
		Chords:   []score.Chord{{Symbol: "D", Beats: 6}, {Symbol: "Bm7/F#", StartBeat: 6, Beats: 2}, {Symbol: "Ebmaj7#5", StartBeat: 8, Beats: 4}},
		Tracks: []score.Track{{Name: "lead", Instrument: score.Flute, Role: score.RoleLead, Notes: []score.Note{
			{Start: 0.5, Length: 5, Pitch: 74},             // across beats and the bar line
			{Start: 1, Length: 1, Pitch: 78},               // overlaps: a second voice
			{Start: 6 + 1.0/3, Length: 1.0 / 3, Pitch: 66}, // a triplet
			{Start: 7, Length: 5, Pitch: 63},               // to the end, into the new key
		}}, {Name: "drums", Instrument: score.Drums, Role: score.RoleDrums, Hits: []score.Hit{
			{Start: 0, Drum: score.Kick}, {Start: 0, Drum: score.ClosedHat}, {Start: 1, Drum: score.Snare},
			{Start: 2.5, Drum: score.Kick}, {Start: 2.5, Drum: score.Kick808},
		}}},
	}
	var b strings.Builder
	if err := notation.Write(&b, s, "Ties & <Tests>"); err != nil {
		t.Fatal(err)
	}
	rs := readMusicXML(t, []byte(b.String()))
	got := rs.parts[0]
	slices.SortFunc(got, func(x, y readNote) int { return x.start - y.start })
	want := []readNote{{1, 74, 6, 66}, {2, 78, 12, 24}, {1, 66, 76, 80}, {1, 63, 84, 144}}
	if !slices.Equal(got, want) {
		t.Errorf("notes %v, want %v", got, want)
	}
	// Drums: hands stems up in voice 1, feet stems down in voice 2, each
	// hit to the next of its voice or the next beat.
	drums := rs.parts[1]
	slices.SortFunc(drums, func(x, y readNote) int { return x.voice*1000 + x.start - y.voice*1000 - y.start })
	wantDrums := []readNote{{1, 42, 0, 12}, {1, 38, 12, 24}, {2, 36, 0, 12}, {2, 35, 30, 36}, {2, 36, 30, 36}}
	if !slices.Equal(drums, wantDrums) {
		t.Errorf("drums %v, want %v", drums, wantDrums)
	}
	if h := joined(rs.harmony); h != "D|| B|m7|F E|maj7#5|" {
		t.Errorf("chord symbols %q", h)
	}
	if m := joined(rs.marks); m != "Verse Chorus" {
		t.Errorf("rehearsal marks %q", m)
	}
	if rs.keys != 2 {
		t.Errorf("%d key signatures, want the start and the chorus's", rs.keys)
	}
	for _, frag := range []string{"<work-title>Ties &amp; &lt;Tests&gt;</work-title>", "<fifths>2</fifths>", "<fifths>-3</fifths>",
		"<per-minute>100</per-minute>", `<sound tempo="100"/>`,
		`<tuplet type="start" bracket="yes"/>`, `<tuplet type="stop" bracket="yes"/>`, "<degree-alter>1</degree-alter>", "<alter>1</alter>",
		"<stem>down</stem>", "<sign>percussion</sign>"} {
		if !strings.Contains(b.String(), frag) {
			t.Errorf("no %s in the score", frag)
		}
	}
}
