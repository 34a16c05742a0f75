package music

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// TestHarmonyMeasures composes every style at seeds 1-3 (3 minutes) and
// reports, per style family, the harmonic rhythm (chords a bar, from the
// chart), the share of bars with two chords, the songs with chromatic
// chords (borrowed, secondary dominants, passing diminished: a chord tone
// outside the scale), the choruses and drops that close on the tonic, and
// the songs that modulate and the songs with slash chords (inversions,
// pedals). It requires every chorus and drop of four bars
// or more that neither ends the song nor modulates to close on the tonic
// (the blues, whose form runs on, and modal songs, which keep their vamp,
// aside), and chromatic chords in at least
// half of the major-key pop, rock and folk songs.
func TestHarmonyMeasures(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: harmony of every style")
	}
	type fam struct {
		songs, bars, chords, split, chromatic, closed, choruses, lifted, slash int
		majorPop, majorPopChromatic                                            int
	}
	fams := map[string]*fam{}
	for _, st := range style.All() {
		for seed := uint64(1); seed <= 3; seed++ {
			p := reader.Parse(st.Name + " music, 3 minutes")
			p.Genre = plan.Genre(st.Name)
			s, secs, k := compose(p, seed)
			f := fams[st.Family]
			if f == nil {
				f = &fam{}
				fams[st.Family] = f
			}
			f.songs++
			chromatic, slash := false, false
			for i := range secs {
				sec := &secs[i]
				for b := 0; b < sec.Bars; b++ {
					h := sec.BarAt(b)
					f.bars++
					if h.Split > 0 {
						f.split++
					}
					if h.C.Slash != 0 && sec.On[form.LayerBass] && sec.Name != "breakdown" {
						checkSlashBass(t, s, k, sec.StartBeat+float64(b*sec.Beats), h.C, st.Name, seed)
					}
					for _, c := range []harmony.Chord{h.C, h.C2} {
						slash = slash || c.Slash != 0
						for _, x := range c.PCs(k) {
							chromatic = chromatic || !harmony.InScale(x, k.Root, k.Mode)
						}
					}
				}
				if (sec.Name == "chorus" || sec.Name == "drop") && sec.Bars >= 4 && i < len(secs)-1 && genre.Of(p.Genre).Form != genre.FormBlues && (k.Mode == "major" || k.Mode == "minor" || k.Mode == "harmonic minor") {
					if e := harmony.EndChord(sec.BarAt(sec.Bars - 1)); e.Root == 7 && sec.Prog[0].C.Root != first(secs, sec.Name).Prog[0].C.Root {
						f.lifted++
						continue // a lifted chorus ends on the home dominant
					}
					f.choruses++
					if e := harmony.EndChord(sec.BarAt(sec.Bars - 1)); e.Degree == 0 && e.Root == 0 {
						f.closed++
					} else {
						t.Errorf("%s seed %d: the %s at beat %v ends on %+v, not the tonic", st.Name, seed, sec.Name, sec.StartBeat, e)
					}
				}
			}
			f.chords += len(s.Chords)
			if chromatic {
				f.chromatic++
			}
			if slash {
				f.slash++
			}
			if k.Mode == "major" && (st.Family == "pop" || st.Family == "rock" || st.Family == "folk") {
				f.majorPop++
				if chromatic {
					f.majorPopChromatic++
				}
			}
		}
	}
	var names []string
	for n := range fams {
		names = append(names, n)
	}
	slices.Sort(names)
	var lines []string
	pop, popChrom := 0, 0
	for _, n := range names {
		f := fams[n]
		pop += f.majorPop
		popChrom += f.majorPopChromatic
		lines = append(lines, fmt.Sprintf("%-11s songs %2d: %.2f chords a bar, %2.0f %% two-chord bars, chromatic chords in %2d, choruses closing on I %d of %d, lifted %d, slash chords in %d",
			n, f.songs, float64(f.chords)/float64(f.bars), 100*float64(f.split)/float64(f.bars), f.chromatic, f.closed, f.choruses, f.lifted, f.slash))
	}
	t.Log("\n" + strings.Join(lines, "\n"))
	t.Logf("major-key pop, rock and folk songs with chromatic chords: %d of %d", popChrom, pop)
	if f := fams["pop"]; 2*f.slash < f.songs {
		t.Errorf("only %d of %d pop songs have a slash chord", f.slash, f.songs)
	}
	if 2*popChrom < pop {
		t.Errorf("only %d of %d major-key pop, rock and folk songs borrow a chord", popChrom, pop)
	}
}

// first returns the first section named name.
func first(secs []form.Section, name string) *form.Section {
	for i := range secs {
		if secs[i].Name == name {
			return &secs[i]
		}
	}
	return nil
}

// checkSlashBass checks that the bass plays a slash chord's bass note on
// the downbeat of its bar.
func checkSlashBass(t *testing.T, s *score.Score, k harmony.Key, at float64, c harmony.Chord, name string, seed uint64) {
	t.Helper()
	bass := trackOf(s, score.RoleBass)
	if bass == nil {
		return
	}
	for _, n := range bass.Notes {
		if math.Abs(n.Start-at) < 1e-6 {
			if pc(n.Pitch) != pc(k.Root+c.BassPC()) {
				t.Errorf("%s seed %d: bass %d on beat %v under %s", name, seed, n.Pitch, at, form.ChordSymbol(c, k))
			}
			return
		}
	}
}
