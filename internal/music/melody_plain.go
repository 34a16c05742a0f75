package music

import "github.com/songsmith/songsmith/internal/score"

// writeLeadPlain is the melody of songs in 3/4 and 6/8: a motif per kind
// of section, built into four-bar phrases (statement, variation,
// restatement, cadence) with every strong beat on a chord tone, and no
// figure kept whole. The developed melody of writeLead moved the accents
// of waltzes where bpm-tools heard two thirds or twice their tempo
// (blues, classical and ambient waltzes at seed 1), so triple meters keep
// this one for now.
func writeLeadPlain(secs []section, k key, prof genreProfile, inst, answerInst score.Instrument, swing float64, seed uint64) (lead, answered []score.Note) {
	r := newRNG(seed, "melody")
	blue := newRNG(seed, "blue")
	voices := map[voiceOf]*melodyVoice{
		sing:   newMelodyVoice(k, inst, &part{swing: swing, r: newRNG(seed, "melody-vel")}),
		answer: newMelodyVoice(k, answerInst, &part{swing: swing, r: newRNG(seed, "answer-vel")}),
	}
	tier := 0
	switch {
	case prof.leadDense >= 0.55:
		tier = 2
	case prof.leadDense >= 0.35:
		tier = 1
	}
	beats := secs[0].beats
	motifs := [3]motif{
		newMotif(tier, r.intn(3)*2, beats, r),             // verse: starts on 1, 3 or 5
		newMotif(min(tier+1, 2), 2+2*r.intn(2), beats, r), // chorus: higher
		newMotif(max(tier-1, 0), 1+r.intn(4), beats, r),   // bridge: sparser, elsewhere
	}
	for i := range secs {
		s := &secs[i]
		if !melodic(s) {
			continue
		}
		m := motifs[s.motif]
		v := 0.6 + 0.3*s.Energy
		for _, mv := range voices {
			mv.last = -1 << 30
		}
		for b := 0; b < s.Bars; b++ {
			pb, phrase := b%4, b/4
			final := i == len(secs)-1 && b == s.Bars-1
			who := whoPlays(s, b, final)
			if who == answer && answerInst == "" {
				who = breath
			}
			if who == breath {
				continue
			}
			mv := voices[who]
			pt, lo, hi, oct := mv.pt, mv.lo, mv.hi, mv.oct
			last := mv.last
			if final {
				pb = 3 // the song's last bar: a closed ending on the tonic
			}
			var bar []melodyNote
			switch pb {
			case 0:
				bar = m.realise(m.start, false, 0)
			case 1:
				switch m.vary {
				case 0:
					bar = m.realise(m.start+[]int{1, -1, 2}[phrase%3], false, 0)
				case 1:
					bar = m.realise(m.start+2, true, 0)
				default:
					bar = m.realise(m.start, false, 0.5)
				}
			case 2:
				bar = m.realise(m.start, phrase%2 == 1, 0) // call, then answer inverted
			default:
				bar = m.realise(m.start, false, 0)
				cut := bar[:0]
				for _, n := range bar {
					if n.at < float64(beats)/2 {
						cut = append(cut, n)
					}
				}
				target := 4 // open ending on the dominant
				if phrase%2 == 1 || b == s.Bars-1 {
					target = 0 // closed ending on the tonic
				}
				switch beats {
				case 3:
					bar = []melodyNote{{0, 3, target}} // a dotted half on the downbeat
				case 2:
					bar = append(cut, melodyNote{1, 1, target}) // 6/8: the second dotted quarter
				default:
					bar = append(cut, melodyNote{2, 2, target})
				}
			}
			h := s.barAt(b)
			t := s.StartBeat + float64(beats*b)
			for j, n := range bar {
				d := n.deg
				strong := n.at == 0 || n.at == 2 && beats == 4 || (n.len >= 1 && n.at == float64(int(n.at)))
				if strong {
					d = nearestChordDegree(k, h.at(n.at), d, oct)
				}
				p := k.pitch(d, oct)
				p = fitMelody(k, p, last, lo, hi)
				last = pt.singNote(k, h, bar, j, pb, t, v, p, lo, hi, blue, prof.blue, final)
			}
			mv.last = last
		}
	}
	return voices[sing].pt.notes, voices[answer].pt.notes
}
