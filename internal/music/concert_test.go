package music_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// sectionNamed returns the first section of s named name, or fails.
func sectionNamed(t *testing.T, s *score.Score, name string) (from, to float64) {
	t.Helper()
	for _, x := range s.Sections {
		if x.Name == name {
			return x.StartBeat, x.StartBeat + float64(x.Bars*s.BeatsPerBar)
		}
	}
	t.Fatalf("no %s in %v", name, s.Sections)
	return 0, 0
}

// notesIn returns the notes of the track whose name starts with prefix
// that start in [from, to).
func notesIn(s *score.Score, prefix string, from, to float64) []score.Note {
	var out []score.Note
	for _, tr := range s.Tracks {
		if !strings.HasPrefix(tr.Name, prefix) {
			continue
		}
		for _, n := range tr.Notes {
			if n.Start >= from-1e-9 && n.Start < to-1e-9 {
				out = append(out, n)
			}
		}
	}
	return out
}

// hitsIn counts the drum hits that start in [from, to).
func hitsIn(s *score.Score, from, to float64) int {
	n := 0
	for _, tr := range s.Tracks {
		for _, h := range tr.Hits {
			if h.Start >= from-1e-9 && h.Start < to-1e-9 {
				n++
			}
		}
	}
	return n
}

// TestTrailerBreathes: a trailer (cinematic at 95 bpm or more) holds its
// breakdown (no arpeggio, the chords struck once a bar) and rings out its
// outro without drums, while its builds and drops keep the arpeggio
// (docs/engine.md#pulse-breathes: Essentia's beat confidence, both tempo
// trackers kept). A slow cinematic piece keeps its breakdown's arpeggio
// and its outro's drums: held, its outro lost aubio.
func TestTrailerBreathes(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		t.Run(fmt.Sprintf("trailer/%d", seed), func(t *testing.T) {
			s := compose("epic orchestral trailer music with choir, 45 seconds", seed)
			if s.BPM < 95 {
				t.Fatalf("the trailer at %.0f bpm, want 95 or more", s.BPM)
			}
			from, to := sectionNamed(t, s, "breakdown")
			// The drop's arpeggio may land on the breakdown's downbeat.
			if n := len(notesIn(s, "arp", from+0.5, to)); n > 0 {
				t.Errorf("%d arpeggio notes in the breakdown (beats %.0f-%.0f), want it held", n, from, to)
			}
			chords := notesIn(s, "chords", from, to)
			if len(chords) == 0 {
				t.Errorf("no chords in the breakdown: its harmony falls silent")
			}
			for _, n := range chords {
				if r := math.Mod(n.Start-from, float64(s.BeatsPerBar)); r > 1e-6 {
					t.Errorf("a breakdown chord note at beat %.2f, want the chords struck on the bar", n.Start)
				}
			}
			if f, e := sectionNamed(t, s, "drop"); len(notesIn(s, "arp", f, e)) == 0 {
				t.Errorf("no arpeggio in the drop: only the breakdown rests")
			}
			of, oe := sectionNamed(t, s, "outro")
			if n := hitsIn(s, of, oe); n > 0 {
				t.Errorf("%d drum hits in the outro, want it ringing without drums", n)
			}
			if bf, be := sectionNamed(t, s, "build"); hitsIn(s, bf, be) == 0 {
				t.Errorf("no drums in the build: only the outro rests")
			}
		})
	}
	t.Run("slow cinematic", func(t *testing.T) {
		s := compose("slow cinematic strings, 45 seconds", 1)
		if s.BPM >= 95 {
			t.Fatalf("slow cinematic strings at %.0f bpm, want under 95", s.BPM)
		}
		from, to := sectionNamed(t, s, "breakdown")
		if len(notesIn(s, "arp", from, to)) == 0 {
			t.Errorf("no arpeggio in a slow cinematic breakdown: held, its outro lost aubio")
		}
		if of, oe := sectionNamed(t, s, "outro"); hitsIn(s, of, oe) == 0 {
			t.Errorf("no drums in a slow cinematic outro")
		}
	})
}

// TestConcertBridge: a string quartet's cellos (a concert piece without
// drums, docs/engine.md#calm-pulse) play half notes in a bridge the
// chorus follows and a note on every beat elsewhere (a bridge into the
// outro too: in halves a 30 s quartet lost aubio).
func TestConcertBridge(t *testing.T) {
	seen := map[bool]bool{} // halves -> a bridge of that kind was checked
	for _, secs := range []int{30, 45} {
		s := compose(fmt.Sprintf("classical string quartet, elegant and bright, %d seconds", secs), 2)
		if s.BeatsPerBar != 4 {
			t.Fatalf("the quartet in %d/4, want 4/4", s.BeatsPerBar)
		}
		for i, x := range s.Sections[:len(s.Sections)-1] {
			if x.Name != "bridge" {
				continue
			}
			halves := s.Sections[i+1].Name == "chorus"
			seen[halves] = true
			from := x.StartBeat
			offHalf := 0
			notes := notesIn(s, "bass", from, from+float64(x.Bars*s.BeatsPerBar))
			for _, n := range notes {
				if math.Mod(n.Start-from, 2) > 1e-6 {
					offHalf++
				}
			}
			if len(notes) == 0 || halves != (offHalf == 0) {
				t.Errorf("%d s: the bridge before the %s: %d of %d cello notes on beat 2 or 4, want halves %v",
					secs, s.Sections[i+1].Name, offHalf, len(notes), halves)
			}
		}
		f, e := sectionNamed(t, s, "verse")
		onTwoOrFour := 0
		for _, n := range notesIn(s, "bass", f, e) {
			if math.Abs(math.Mod(n.Start-f, 2)-1) < 1e-6 {
				onTwoOrFour++
			}
		}
		if onTwoOrFour == 0 {
			t.Errorf("%d s: no verse cello note on beat 2 or 4: the verse keeps every beat", secs)
		}
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("bridges checked (halves: seen) %v, want one before a chorus and one before the outro", seen)
	}
}
