package music

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// TestEndings composes every style at seeds 1-2 (two-minute songs) and
// checks the ending its family writes: a rock song's drums play a fill
// into one last hit (kick, snare and crash together) and nothing after;
// a jazz song's melody and bass hit the final chord short and accented
// (a stinger); a calm song's outro thins out (fewer parts in its last
// half than in the bar before it); every other song with drums ends on a
// crash over the ringing final chord, with no groove after it.
func TestEndings(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every style's endings measured")
	}
	seen := map[form.Ending]int{}
	for _, g := range plan.Genres {
		fam := familyOf(g)
		kind := form.EndingOf(fam)
		for seed := uint64(1); seed <= 2; seed++ {
			s := Compose(reader.Parse(string(g)+", 2 minutes"), seed)
			name := fmt.Sprintf("%s seed %d", g, seed)
			bpb := float64(s.BeatsPerBar)
			last := s.TotalBeats - bpb
			if kind == form.EndThin {
				if thinned(s) {
					seen[kind]++
				} else {
					t.Errorf("%s: the outro does not thin out", name)
				}
				continue
			}
			for _, tr := range s.Tracks {
				if tr.Role != score.RoleDrums || !form.PlaysBefore(tr.Hits, last, bpb) && !hitAt(tr.Hits, last, score.Crash) {
					continue
				}
				if !hitAt(tr.Hits, last, score.Crash) || !hitAt(tr.Hits, last, score.Kick) {
					t.Errorf("%s: no crash and kick on the final downbeat", name)
				}
				for _, h := range tr.Hits {
					if h.Start > last+1e-6 {
						t.Errorf("%s: a %s at %v after the final hit", name, h.Drum, h.Start)
						break
					}
				}
				if kind == form.EndBigHit || kind == form.EndStinger {
					if !hitAt(tr.Hits, last, score.Snare) {
						t.Errorf("%s: the final hit has no snare", name)
					}
					fill := 0
					for _, h := range tr.Hits {
						if h.Start >= last-1-1e-9 && h.Start < last-1e-9 && h.Drum != score.Kick {
							fill++
						}
					}
					if fill < 3 {
						t.Errorf("%s: %d hits lead into the final hit, want a fill", name, fill)
					}
				}
				seen[kind]++
			}
			if kind == form.EndStinger {
				for _, tr := range s.Tracks {
					if tr.Role != score.RoleLead && tr.Role != score.RoleBass {
						continue
					}
					for _, n := range tr.Notes {
						if math.Abs(n.Start-last) < 1e-6 && (n.Length > 0.5+1e-9 || n.Velocity < 0.95) {
							t.Errorf("%s: %s's final note %+v is no stinger", name, tr.Name, n)
						}
					}
				}
			}
		}
	}
	t.Logf("endings checked: ring %d, big hit %d, stinger %d, thinning %d, fermata %d", seen[form.EndRing], seen[form.EndBigHit], seen[form.EndStinger], seen[form.EndThin], seen[form.EndFermata])
	for _, k := range []form.Ending{form.EndRing, form.EndBigHit, form.EndStinger, form.EndThin} {
		if seen[k] == 0 {
			t.Errorf("no song ends with ending %d", k)
		}
	}
}

// hitAt reports whether a hit of drum d falls on beat at.
func hitAt(hits []score.Hit, at float64, d score.Drum) bool {
	for _, h := range hits {
		if h.Drum == d && math.Abs(h.Start-at) < 1e-6 {
			return true
		}
	}
	return false
}

// thinned reports whether fewer parts play in the last half of the outro
// (before its final bar) than in the bar before the outro.
func thinned(s *score.Score) bool {
	out := s.Sections[len(s.Sections)-1]
	if out.Name != "outro" || out.Bars < 2 {
		return true // no outro to thin
	}
	bpb := float64(s.BeatsPerBar)
	last := s.TotalBeats - bpb
	half := out.StartBeat + (last-out.StartBeat)/2
	parts := func(from, to float64) int {
		n := 0
		for _, tr := range s.Tracks {
			if tr.Role == score.RoleFX {
				continue
			}
			o := onsets(tr)
			if anyIn(o, from, to) {
				n++
			}
		}
		return n
	}
	return parts(half, last) < parts(out.StartBeat-bpb, out.StartBeat)
}
