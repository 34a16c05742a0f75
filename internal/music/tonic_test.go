package music

import (
	"fmt"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
)

// TestTonicHeard checks the harmony rules that let a listener (and
// Essentia, scripts/keymeasure) hear a song's tonic, at seeds 1-3 of every
// style: the tonic chord never carries its ninth (Imaj9's upper notes are
// the dominant's triad) outside ambient's floating harmony; chant is sung
// over a held tonic (every bar of its progressions has the tonic in the
// bass); a jazz turnaround into a minor tonic has a dominant seventh with
// its leading tone; in a minor cycle that starts on the tonic the bVI holds
// no more beats than the tonic (i–iv–VI–VI|VII was heard in the bVI's
// major key); and a lo-fi loop starts on its tonic or lands on it.
func TestTonicHeard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every genre's tonic measured")
	}
	for _, g := range plan.Genres {
		prof := genre.Of(g)
		for seed := uint64(1); seed <= 3; seed++ {
			p := reader.Parse(fmt.Sprintf("%s, 2 minutes", g))
			p.Genre = g
			_, secs, k := compose(p, seed)
			name := fmt.Sprintf("%s seed %d (%s)", g, seed, k.Mode)
			for _, s := range secs {
				for b, h := range s.Prog {
					// A whole bar's chord on the tonic (split bars hold
					// colourJazz's chromatic chords, which may share its root).
					if c := h.C; h.Split == 0 && c.Degree == 0 && c.Root == 0 && slices.Contains(c.Tones, 14) && prof.Harmony != "ambient" {
						t.Errorf("%s: %s bar %d: the tonic with its ninth %v", name, s.Name, b, c.Tones)
					}
					if prof.Harmony == "chant" && (h.C.Root+h.C.Slash)%12 != 0 {
						t.Errorf("%s: %s bar %d: chant's bass on %d, not the tonic", name, s.Name, b, (h.C.Root+h.C.Slash)%12)
					}
				}
				if k.Mode == "minor" && s.Prog[0].C.Root == 0 && beatsOn(s.Prog, 8) > beatsOn(s.Prog, 0) {
					t.Errorf("%s: %s: the bVI holds %g beats of the cycle, the tonic %g", name, s.Name, beatsOn(s.Prog, 8), beatsOn(s.Prog, 0))
				}
				last := s.Prog[len(s.Prog)-1]
				if prof.Harmony == "jazz" && k.Minorish() && s.Prog[0].C.Degree == 0 && s.Prog[0].C.Root == 0 &&
					last.Split > 0 && last.C2.Degree == 4 && (len(last.C2.Tones) < 4 || last.C2.Tones[1] != 4) {
					t.Errorf("%s: %s turns into its minor tonic on %v, not a dominant seventh", name, s.Name, last.C2)
				}
			}
		}
	}
	for _, degs := range append(genre.Of("lo-fi").Style.Harmony.Major, genre.Of("lo-fi").Style.Harmony.Minor...) {
		if degs[0] != 0 && degs[len(degs)-1] != 0 {
			t.Errorf("lo-fi loop %v neither starts nor ends on the tonic", degs)
		}
	}
}

// beatsOn returns the beats of a 4/4 progression cycle whose chord has its
// root on pitch class root (above the key's tonic).
func beatsOn(prog []harmony.BarChord, root int) float64 {
	n := 0.0
	for _, h := range prog {
		switch {
		case h.Split == 0 && h.C.Root == root:
			n += 4
		case h.Split > 0 && h.C.Root == root:
			n += h.Split
		}
		if h.Split > 0 && h.C2.Root == root {
			n += 4 - h.Split
		}
	}
	return n
}
