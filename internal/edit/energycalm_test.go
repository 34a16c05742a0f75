package edit_test

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/score"
)

// TestEnergyCalmPulse: a song with no kit drawn 0.2, 1, 0.2 gets no drum
// track; its loud section gets a harp pulse on the eighths from the notes
// the chords hold (an octave up), the quiet ones none; and the rise into
// it is a swell of the chords an octave up, not a snare roll.
func TestEnergyCalmPulse(t *testing.T) {
	c, err := edit.ParseCurve([]byte(`{"intro": 0.2, "verse": 1, "outro": 0.2}`))
	if err != nil {
		t.Fatal(err)
	}
	in := energyScore()
	in.Tracks = in.Tracks[1:] // chords, arp, bass: no kit
	s := edit.Energy(in, c)
	if slices.ContainsFunc(s.Tracks, func(t score.Track) bool { return t.Instrument == score.Drums }) {
		t.Fatal("a song with no kit got a drum track")
	}
	pi := slices.IndexFunc(s.Tracks, func(t score.Track) bool { return t.Name == "pulse" })
	if pi < 0 {
		t.Fatal("no pulse track in the 1.0 verse")
	}
	p := s.Tracks[pi]
	if p.Instrument != score.Harp || p.Part != score.PartArp {
		t.Errorf("pulse plays %s as %s, want the harp as an arp part", p.Instrument, p.Part)
	}
	if n, _ := countIn(p, 0, 8, ""); n != 0 {
		t.Errorf("%d pulse notes in the 0.2 intro, want none", n)
	}
	if n, _ := countIn(p, 16, 24, ""); n != 0 {
		t.Errorf("%d pulse notes in the 0.2 outro, want none", n)
	}
	if n, _ := countIn(p, 8, 16, ""); n < 12 {
		t.Errorf("%d pulse notes in the 1.0 verse, want the eighths (16, less what order thins)", n)
	}
	for _, n := range p.Notes {
		if n.Pitch%12 != 57%12 && n.Pitch%12 != 69%12 {
			t.Errorf("pulse note %d is not a note the chords hold", n.Pitch)
			break
		}
	}
	swell := false
	for _, n := range s.Tracks[0].Notes {
		swell = swell || n.Start >= 6 && n.Start < 8 && n.Pitch == 69
	}
	if !swell {
		t.Error("no swell of the chords (A4, an octave up) in the beats before the rise")
	}
}
