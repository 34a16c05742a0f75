package music

import (
	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// writeArp writes broken-chord figures at rate beats per note.
func writeArp(secs []form.Section, k harmony.Key, rate float64, inst score.Instrument, swing form.Swing, seed uint64) []score.Note {
	pt := &part{swing: swing, r: harmony.NewRNG(seed, "arp")}
	if rate <= 0 {
		rate = 0.5
	}
	center := 72
	if inst == score.Guitar || inst == score.Pluck {
		center = 64
	}
	patterns := [][]int{{0, 1, 2, 3, 4, 3, 2, 1}, {0, 2, 1, 3, 2, 4, 3, 1}, {0, 1, 2, 3, 4, 5, 4, 2}, {0, 2, 4, 2, 1, 3, 5, 3}}
	pat := patterns[pt.r.Intn(len(patterns))]
	var prev []int
	for i := range secs {
		s := &secs[i]
		if !s.On[form.LayerArp] {
			continue
		}
		for b := 0; b < s.Bars; b++ {
			if !s.Plays(form.LayerArp, b) {
				continue
			}
			t := s.StartBeat + float64(s.Beats*b)
			h := s.BarAt(b)
			v := (0.45 + 0.3*s.Energy) * swell(s, b)
			rate, center := rate, center
			if s.Build && b == 0 {
				prev = nil // a build starts from the arpeggio's home register
			}
			if s.Build && b >= s.Bars/2 {
				// A build rises: the arpeggio climbs an octave, and
				// doubles its speed in the last bar before the drop.
				center += 12
				if b == s.Bars/2 {
					prev = nil // leap up, then lead on from there
				}
				if b == s.Bars-1 && s.Bars >= 2 {
					rate /= 2
				}
			}
			arpTones := func(c harmony.Chord) []int {
				pcs := c.PCs(k)
				if len(pcs) > 4 {
					pcs = pcs[:4]
				}
				vc := harmony.Voice(pcs, center, prev)
				prev = vc
				return append(append([]int(nil), vc...), vc[0]+12, vc[1]+12, vc[2]+12)
			}
			tones, tones2 := arpTones(h.C), []int(nil)
			if h.Split > 0 {
				tones2 = arpTones(h.C2)
			}
			for j := 0; float64(j)*rate < float64(s.Beats)-1e-9; j++ {
				pos := float64(j) * rate
				tn := tones
				if h.Split > 0 && pos >= h.Split {
					tn = tones2
				}
				pt.add(t+pos, min(rate*0.9, splitRoom(h, pos)), tn[pat[j%len(pat)]%len(tn)], v*(0.8+0.2*drums.Accent(pos)), false)
			}
		}
	}
	return pt.notes
}

// splitRoom returns how long a note at beat pos of bar h may sound before
// the chord changes (a large number when it does not change after pos).
func splitRoom(h harmony.BarChord, pos float64) float64 {
	if h.Split > 0 && pos < h.Split {
		return h.Split - pos
	}
	return 4
}

// swell is the level of bar b of a section relative to its own: a build
// rises from 70 % to full over its bars (a crescendo into the drop); other
// sections stay level.
func swell(s *form.Section, b int) float64 {
	if !s.Build || s.Bars < 2 {
		return 1
	}
	return 0.7 + 0.3*float64(b)/float64(s.Bars-1)
}
