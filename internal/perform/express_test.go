package perform_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/testutil"
)

// sustains are the instruments that hold and shape their notes (vibrato,
// swells); bends those that bend and slide on a single line.
var (
	sustains = map[score.Instrument]bool{score.Strings: true, score.ChoirPad: true, score.Fiddle: true, score.Flute: true,
		score.Sax: true, score.Brass: true, score.SawLead: true, score.SquareLead: true, score.ChipLead: true,
		score.Pad: true, score.Organ: true, score.Accordion: true}
	bends = map[score.Instrument]bool{score.Fiddle: true, score.Sax: true, score.SawLead: true, score.SquareLead: true,
		score.ChipLead: true, score.Guitar: true, score.DistGuitar: true, score.Bass: true, score.UprightBass: true,
		score.SynthBass: true, score.Sitar: true}
)

// TestExpressionEvery (issue 32 item 3): every style's song (seed 1) whose
// parts include a sustaining instrument has controller events (CC 1 or 11)
// in its MIDI file, and one with a bending instrument playing a single
// line of leaps and steps has pitch-bend events; a bend returns to the
// written pitch (the last bend of each track is 0).
func TestExpressionEvery(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, st := range style.All() {
		p := reader.Parse(st.Name + " music, 60 seconds")
		p.Genre = plan.Genre(st.Name)
		s := apply(music.Compose(p, 1))
		wantCC, wantBend := false, false
		for _, tr := range s.Tracks {
			wantCC = wantCC || sustains[tr.Instrument] && len(tr.Notes) > 0
			wantBend = wantBend || bends[tr.Instrument] && lineOfLeaps(tr.Notes)
			var last *score.Control
			for i, c := range tr.Controls {
				if c.Kind == score.Bend {
					last = &tr.Controls[i]
				}
			}
			if last != nil && last.Value != 0 {
				t.Errorf("%s: %s's last bend is %v, want back to 0", st.Name, tr.Name, last.Value)
			}
		}
		cc, bend := 0, 0
		for _, e := range midiOf(t, s) {
			switch {
			case e.status&0xF0 == 0xB0 && (e.data[0] == 1 || e.data[0] == 11):
				cc++
			case e.status&0xF0 == 0xE0:
				bend++
			}
		}
		if wantCC && cc == 0 || wantBend && bend == 0 {
			t.Errorf("%s: %d controller and %d pitch-bend events in the MIDI file (sustained parts %v, bending lines %v)", st.Name, cc, bend, wantCC, wantBend)
		}
	}
}

// lineOfLeaps reports whether notes are a single line with at least eight
// moves of three semitones or more between held notes.
func lineOfLeaps(notes []score.Note) bool {
	leaps := 0
	for i := 1; i < len(notes); i++ {
		if notes[i].Start < notes[i-1].Start+notes[i-1].Length-1e-6 || notes[i].Glide {
			return false
		}
		if d := notes[i].Pitch - notes[i-1].Pitch; (d >= 3 || d <= -3) && notes[i].Length >= 0.75 {
			leaps++
		}
	}
	return leaps >= 8
}

// TestGatesVary (issue 32 item 3): a lead's notes no longer all last 0.95
// of the gap to the next: over a ballad, a rock song, a folk song, a jazz
// tune and a techno track, no 0.05-wide bin of gates (the played length
// over the gap to the next onset, for notes the composer held to the next)
// holds more than half of the lead's notes.
func TestGatesVary(t *testing.T) {
	for _, g := range []string{"sad piano ballad, 70 bpm", "rock", "folk", "jazz", "techno", "pop"} {
		c := music.Compose(reader.Parse(g+", 60 seconds"), 1)
		p := apply(c)
		bins := map[int]int{}
		n := 0
		for i, tr := range c.Tracks {
			if tr.Role != score.RoleLead {
				continue
			}
			pl := p.Tracks[i].Notes
			for j := 0; j+1 < len(tr.Notes); j++ {
				w, next := tr.Notes[j], tr.Notes[j+1]
				gap := next.Start - w.Start
				if gap <= 0 || w.Length < 0.85*gap || w.Length > gap+1e-6 {
					continue
				}
				pg := pl[j+1].Start - pl[j].Start
				if pg <= 0 {
					continue
				}
				bins[int(math.Floor(pl[j].Length/pg/0.05))]++
				n++
			}
		}
		most := 0
		for _, k := range bins {
			most = max(most, k)
		}
		t.Logf("%s: %d lead notes, largest gate bin %d (%.0f %%), %d bins %v", g, n, most, 100*float64(most)/float64(max(1, n)), len(bins), bins)
		if n < 10 || float64(most) > 0.5*float64(n) {
			t.Errorf("%s: %d of %d lead gates in one 0.05 bin, want at most half", g, most, n)
		}
	}
}

// TestClassicalStringsVibrateLightly (issue 30 item 4): a classical string
// section's vibrato is a few cents (its modulation at most 0.13 of the
// bank's 50 cents), while its flute, and the strings of a cinematic piece,
// keep the full depth (over 0.3): at the full depth the section's level
// beat with the bank's 8.2 Hz vibrato and tempo trackers counted it.
func TestClassicalStringsVibrateLightly(t *testing.T) {
	deepest := func(g string, in score.Instrument) float64 {
		p := reader.Parse(g + " music, 60 seconds")
		p.Genre = plan.Genre(g)
		most := 0.0
		for _, tr := range apply(music.Compose(p, 1)).Tracks {
			for _, c := range tr.Controls {
				if tr.Instrument == in && c.Kind == score.Modulation {
					most = math.Max(most, c.Value)
				}
			}
		}
		return most
	}
	if d := deepest("classical", score.Strings); d == 0 || d > 0.13 {
		t.Errorf("classical strings: deepest modulation %.2f, want a light vibrato (0 < d <= 0.13)", d)
	}
	for _, c := range []struct {
		g  string
		in score.Instrument
	}{{"classical", score.Flute}, {"cinematic", score.Strings}} {
		if d := deepest(c.g, c.in); d <= 0.3 {
			t.Errorf("%s %s: deepest modulation %.2f, want the full vibrato (> 0.3)", c.g, c.in, d)
		}
	}
}

// TestSlowCinematicChoirVibratesLightly: a slow cinematic piece's choir
// (under 95 bpm) vibrates a few cents (its modulation at most 0.13), a
// trailer's at the full depth (over 0.3): the held choir's level beat
// with the bank's 8.2 Hz vibrato, three cycles about an eighth at 85 bpm,
// and aubio counted the eighths through the breakdown and outro
// (docs/engine.md#calm-pulse).
func TestSlowCinematicChoirVibratesLightly(t *testing.T) {
	for _, c := range []struct {
		prompt   string
		slow     bool
		min, max float64
	}{
		{"slow cinematic strings, sad but hopeful, 45 seconds", true, 1e-9, 0.13},
		{"epic orchestral trailer music with choir, 45 seconds", false, 0.3 + 1e-9, 1},
	} {
		s := music.Compose(reader.Parse(c.prompt), 2)
		if s.Genre != "cinematic" || (s.BPM < 95) != c.slow {
			t.Fatalf("%q: %s at %.0f bpm, want cinematic, slow (under 95) %v", c.prompt, s.Genre, s.BPM, c.slow)
		}
		most, choir := 0.0, false
		for _, tr := range apply(s).Tracks {
			if tr.Instrument != score.ChoirPad {
				continue
			}
			choir = true
			for _, ct := range tr.Controls {
				if ct.Kind == score.Modulation {
					most = math.Max(most, ct.Value)
				}
			}
		}
		if !choir {
			t.Fatalf("%q: no choir", c.prompt)
		}
		if most < c.min || most > c.max {
			t.Errorf("%q (%.0f bpm): the choir's deepest modulation %.2f, want %.2f-%.2f", c.prompt, s.BPM, most, c.min, c.max)
		}
	}
}
