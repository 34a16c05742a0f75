package music

import (
	"fmt"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/testutil"
)

// wantApproach is the documented approach of a genre's final cadence in a
// mode (see approachDegrees): the scale degree of the chord sounding at the
// end of the song's second-to-last bar.
func wantApproach(g plan.Genre, mode string) int {
	fam := form.CadenceFamily(genre.Of(g))
	switch fam {
	case "blues":
		return 4 // V7
	case "one":
		return 0 // a drone on the tonic
	}
	switch mode {
	case "dorian":
		return 3
	case "phrygian", "lydian", "locrian":
		return 1
	case "mixolydian":
		return 6
	case "harmonic minor":
		return 4 // the major V with its leading tone
	}
	minor := mode == "minor"
	switch fam {
	case "rock", "folk":
		if minor {
			return 6
		}
		return 3
	case "reggae", "funk", "ambient":
		return 3
	case "jazz", "classical", "disco":
		return 4
	}
	if minor {
		return 6
	}
	return 4
}

// songBar is one bar of a composed song with its harmony.
type songBar struct {
	sec   *form.Section
	b     int     // bar inside the section
	start float64 // beat where the bar starts
	h     harmony.BarChord
}

// songBars lists every bar of a song in order.
func songBars(secs []form.Section) []songBar {
	var out []songBar
	for i := range secs {
		s := &secs[i]
		for b := 0; b < s.Bars; b++ {
			out = append(out, songBar{s, b, s.StartBeat + float64(s.Beats*b), s.BarAt(b)})
		}
	}
	return out
}

// TestFinalCadence checks that every genre, at several lengths, tempos and
// seeds, in 4/4 and (where it waltzes) in 3/4, ends on the tonic chord of its
// key approached by its documented chord; that chords, pad and arpeggio
// follow that harmony in the last two bars (held notes and split bars
// included); and that the last bass note and the last melody note of the
// final bar are the tonic.
func TestFinalCadence(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style composed to its final cadence")
	}
	leadEnds := 0
	for _, g := range plan.Genres {
		t.Run(string(g), func(t *testing.T) {
			prompts := []string{"20 seconds", "45 seconds", "2 minutes", "60 bpm, 10 seconds"}
			if slices.Contains(genre.Of(g).Style.Meters, style.ThreeFour) {
				prompts = append(prompts, "waltz, 45 seconds", "waltz, 50 bpm, 10 seconds")
			}
			if slices.Contains(genre.Of(g).Style.Meters, style.SixEight) {
				prompts = append(prompts, "in 6/8, 45 seconds", "6/8, 50 bpm, 10 seconds")
			}
			for _, rest := range prompts {
				for seed := uint64(1); seed <= 4; seed++ {
					s, secs, k := compose(reader.Parse(fmt.Sprintf("%s, %s", g, rest)), seed)
					name := fmt.Sprintf("%s seed %d (%s %s)", rest, seed, s.Mode, s.Genre)
					if s.Genre != string(g) {
						t.Fatalf("%s: genre %s", name, s.Genre)
					}
					bars := songBars(secs)
					last := bars[len(bars)-1]
					if c := last.h.C; last.h.Split != 0 || c.Degree != 0 || c.Root != 0 || c.Tones[1] != k.Steps[2] {
						t.Errorf("%s: last bar %+v is not the tonic chord", name, last.h)
					}
					if len(bars) >= 2 {
						pen := bars[len(bars)-2]
						if want, c := wantApproach(g, k.Mode), harmony.EndChord(pen.h); c.Degree != want || c.Root != k.Steps[want] {
							t.Errorf("%s: approach chord on degree %d (root +%d), want degree %d", name, c.Degree, c.Root, want)
						}
						checkHarmonyFollows(t, s, k, bars[len(bars)-2:], name)
					}
					if n := lastNote(s, score.RoleBass, last.start); n == nil || pc(n.Pitch) != k.Root || n.Start != last.start {
						t.Errorf("%s: last bass note %+v is not the tonic %d on the last downbeat %v", name, n, k.Root, last.start)
					}
					if n := lastNote(s, score.RoleLead, last.start); n != nil {
						leadEnds++
						if pc(n.Pitch) != k.Root {
							t.Errorf("%s: the melody ends on %d, not on the tonic %d", name, n.Pitch, k.Root)
						}
					}
				}
			}
		})
	}
	t.Logf("the melody plays in the last bar of %d songs", leadEnds)
	if leadEnds < 20 {
		t.Errorf("the melody plays in the last bar of only %d songs: the test says little about melodies", leadEnds)
	}
}

// lastNote returns the last note of the track with role that starts at or
// after beat from, or nil.
func lastNote(s *score.Score, role score.Role, from float64) *score.Note {
	tr := trackOf(s, role)
	if tr == nil {
		return nil
	}
	var last *score.Note
	for i := range tr.Notes {
		n := &tr.Notes[i]
		if n.Start >= from-0.1 && (last == nil || n.Start >= last.Start) {
			last = n
		}
	}
	return last
}

// checkHarmonyFollows checks that every note of the chords, pad and arpeggio
// tracks that sounds in bars is, at its first and last moment there, a tone
// of the chord sounding then.
func checkHarmonyFollows(t *testing.T, s *score.Score, k harmony.Key, bars []songBar, name string) {
	t.Helper()
	from, to := bars[0].start, bars[len(bars)-1].start+float64(s.BeatsPerBar)
	chordAt := func(p float64) harmony.Chord {
		for _, sb := range bars {
			if p >= sb.start && p < sb.start+float64(s.BeatsPerBar) {
				return sb.h.At(p - sb.start)
			}
		}
		t.Fatalf("%s: beat %v outside the last bars", name, p)
		return harmony.Chord{}
	}
	for _, tr := range s.Tracks {
		if tr.Role != score.RoleChords && tr.Role != score.RolePad && tr.Role != score.RoleArp {
			continue
		}
		if tr.Part == score.PartDrone {
			continue // a pedal: the drone struck on its note under every chord, as held
		}
		for _, n := range tr.Notes {
			a, b := max(n.Start, from), min(n.Start+n.Length, to)
			if b <= a {
				continue
			}
			for _, p := range []float64{a, b - 0.01} {
				if c := chordAt(p); !c.Has(k, n.Pitch) {
					t.Errorf("%s: %s note %d (%v+%v) is not in chord %+v at beat %v", name, tr.Name, n.Pitch, n.Start, n.Length, c, p)
				}
			}
		}
	}
}

// TestBluesFormRunsOn checks that short blues songs, whose sections are 2 or
// 4 bars long, play the 12-bar form continuously through their middle
// sections (bar i after the intro is on twelveBar[i%12], or has it as one
// of its two chords in the turnaround), that the bass plays each of those
// roots on the downbeat, and that the intro is the turnaround ending on V.
func TestBluesFormRunsOn(t *testing.T) {
	testutil.SkipRaceShort(t)
	turnarounds := 0
	for _, meter := range []string{"", "waltz, "} {
		for _, secs := range []int{30, 45, 60} {
			for _, bpm := range []int{72, 90, 110} {
				for seed := uint64(1); seed <= 3; seed++ {
					prompt := fmt.Sprintf("blues %s%d bpm, %d seconds", meter, bpm, secs)
					s, ss, k := compose(reader.Parse(prompt), seed)
					name := fmt.Sprintf("%s seed %d", prompt, seed)
					bars := songBars(ss)
					if ss[0].Name != "intro" || ss[len(ss)-1].Name != "outro" {
						t.Fatalf("%s: sections %v", name, s.Sections)
					}
					intro := bars[ss[0].Bars-1]
					if c := harmony.EndChord(intro.h); c.Degree != 4 {
						t.Errorf("%s: the intro ends on degree %d, not on V", name, c.Degree)
					}
					bass := trackOf(s, score.RoleBass)
					mid := bars[ss[0].Bars : len(bars)-ss[len(ss)-1].Bars]
					for i, sb := range mid {
						if sb.start >= bars[len(bars)-2].start {
							break // the final cadence
						}
						want := harmony.TwelveBar[i%12]
						if sb.h.C.Degree != want && (sb.h.Split == 0 || sb.h.C2.Degree != want) {
							t.Errorf("%s: bar %d of the middle (%s) is on degree %d, want %d", name, i, sb.sec.Name, sb.h.C.Degree, want)
						}
						if i%12 == 11 {
							turnarounds++
						}
						if !slices.ContainsFunc(bass.Notes, func(n score.Note) bool {
							return n.Start == sb.start && pc(n.Pitch) == pc(k.Root+sb.h.C.Root)
						}) {
							t.Errorf("%s: no bass root on the downbeat of bar %d of the middle", name, i)
						}
					}
				}
			}
		}
	}
	if turnarounds == 0 {
		t.Error("no song reaches the turnaround of the form")
	}
}
