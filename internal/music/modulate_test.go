package music

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
)

// TestModulation checks that the styles of liftStyles lift their last
// chorus (3-minute songs, seeds 1-4): its chords are the first chorus's a
// step or half step up, the bar before it is the new key's dominant, the
// lead's hook is the first chorus's transposed, and its last bar is the
// home dominant; and that other styles never modulate.
func TestModulation(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every style's modulations measured")
	}
	lifted := 0
	for _, g := range []plan.Genre{"pop", "power ballad", "gospel", "k-pop", "country", "rock", "house", "jazz"} {
		for seed := uint64(1); seed <= 4; seed++ {
			p := reader.Parse(fmt.Sprintf("%s, 3 minutes", g))
			p.Genre = g
			s, secs, k := compose(p, seed)
			name := fmt.Sprintf("%s seed %d (%s)", g, seed, s.Mode)
			var ch []int
			for i := range secs {
				if secs[i].Name == "chorus" {
					ch = append(ch, i)
				}
			}
			want, lifts := form.LiftStyles[string(g)]
			shifted := 0 // the score's sections marked in another key (the timeline's modulations)
			for i, sec := range s.Sections {
				if sec.KeyShift != 0 {
					shifted++
					if len(ch) == 0 || i != ch[len(ch)-1] || sec.KeyShift != want {
						t.Errorf("%s: section %d (%s) marked %+d semitones", name, i, sec.Name, sec.KeyShift)
					}
				}
			}
			if len(ch) < 2 {
				continue
			}
			first, last := &secs[ch[0]], &secs[ch[len(ch)-1]]
			d := (last.BarAt(0).C.Root - first.BarAt(0).C.Root + 12) % 12
			if !lifts || k.Mode != "major" && k.Mode != "minor" {
				if d != 0 {
					t.Errorf("%s: the last chorus moves by %d semitones", name, d)
				}
				continue
			}
			if d == 0 {
				continue // no outro after the last chorus, or the final cadence in it
			}
			if d != want {
				t.Errorf("%s: the last chorus moves by %d semitones, want %d", name, d, want)
				continue
			}
			lifted++
			if shifted != 1 {
				t.Errorf("%s: the lifted chorus is not marked in the score's sections", name)
			}
			for b := 0; b < min(last.Bars-1, first.Bars-len(first.Ending)); b++ {
				if a, z := first.BarAt(b%first.Bars).C.Root, last.BarAt(b).C.Root; (z-a+12)%12 != want {
					t.Errorf("%s: bar %d of the last chorus on +%d, the first chorus's on +%d", name, b, z, a)
				}
			}
			prev := &secs[ch[len(ch)-1]-1]
			if piv := prev.BarAt(prev.Bars - 1).C; piv.Root != (7+want)%12 || len(piv.Tones) < 4 || piv.Tones[1] != 4 || piv.Tones[3] != 10 {
				t.Errorf("%s: the bar before the last chorus is %+v, not the new key's dominant seventh", name, piv)
			}
			if end := last.BarAt(last.Bars - 1).C; end.Root != 7 || end.Tones[1] != 4 {
				t.Errorf("%s: the last chorus ends on %+v, not the home dominant", name, end)
			}
			lt := leadTrack(s)
			if lt == nil || !first.On[form.LayerLead] || !last.On[form.LayerLead] {
				continue
			}
			bars := barNotes(s, lt)
			fb, lb := int(first.StartBeat)/s.BeatsPerBar, int(last.StartBeat)/s.BeatsPerBar
			for b := 0; b < 2; b++ {
				f, l := bars[fb+b], bars[lb+b]
				if len(f) != len(l) {
					t.Errorf("%s: hook bar %d has %d notes in the last chorus, %d in the first", name, b, len(l), len(f))
					continue
				}
				for i := range f {
					if l[i].Pitch-f[i].Pitch != want || math.Abs((l[i].Start-last.StartBeat)-(f[i].Start-first.StartBeat)) > 1e-6 {
						t.Errorf("%s: hook bar %d note %d: %+v in the last chorus, %+v in the first", name, b, i, l[i], f[i])
					}
				}
			}
		}
	}
	t.Logf("%d songs lift their last chorus", lifted)
	if lifted < 10 {
		t.Errorf("only %d of the 20 songs of lifting styles modulate", lifted)
	}
}
