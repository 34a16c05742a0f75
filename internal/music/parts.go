package music

import (
	"github.com/songsmith/songsmith/internal/score"
)

// part collects the notes of one pitched track.
type part struct {
	notes []score.Note
	swing float64
	r     *rng
}

// add adds a note at beat pos (swung), humanising its velocity.
func (pt *part) add(pos, length float64, pitch int, v float64, glide bool) {
	start := swingPos(pos, pt.swing)
	pt.notes = append(pt.notes, score.Note{Start: start, Length: length - (start - pos), Pitch: pitch, Velocity: pt.r.jitter(v, 0.05), Glide: glide})
}

// chordAt returns the chord of bar b of a section.
func (s *section) chordAt(b int) chord { return s.prog[b%len(s.prog)] }

// nextChord returns the chord after bar b (the next section's first chord at the end).
func nextChord(secs []section, i, b int) chord {
	if b+1 < secs[i].Bars || i+1 >= len(secs) {
		return secs[i].chordAt(b + 1)
	}
	return secs[i+1].chordAt(0)
}

// bassRange returns the lowest pitch of the octave a bass instrument sits in.
func bassRange(inst score.Instrument) int {
	switch inst {
	case score.SubBass:
		return 29 // F1
	case score.Strings:
		return 36 // cellos
	default:
		return 33 // A1
	}
}

// writeBass writes the bass line of every section that has bass.
func writeBass(secs []section, k key, style bassStyle, inst score.Instrument, swing float64, seed uint64) []score.Note {
	pt := &part{swing: swing, r: newRNG(seed, "bass")}
	lo := bassRange(inst)
	for i := range secs {
		s := &secs[i]
		if !s.on[layerBass] {
			continue
		}
		v := 0.6 + 0.35*s.Energy
		for b := 0; b < s.Bars; b++ {
			t := s.StartBeat + float64(4*b)
			c, n := s.chordAt(b), nextChord(secs, i, b)
			root := c.rootPitch(k, lo)
			fifth := c.fifthPitch(k, root)
			nextRoot := n.rootPitch(k, lo)
			octave := root + 12
			switch style {
			case bassRootFifth:
				if s.Energy < 0.5 {
					pt.add(t, 2, root, v, false)
					pt.add(t+2, 2, fifth, v*0.85, false)
				} else {
					pt.add(t, 1.5, root, v, false)
					pt.add(t+1.5, 0.5, root, v*0.7, false)
					pt.add(t+2, 1, fifth, v*0.85, false)
					pt.add(t+3, 1, approach(k, nextRoot, root), v*0.75, false)
				}
			case bassEighths:
				for p := 0.0; p < 4; p += 0.5 {
					pitch := root
					if p >= 3 && b == s.Bars-1 && nextRoot != root {
						pitch = approach(k, nextRoot, root)
					}
					pt.add(t+p, 0.45, pitch, v*accent(p), false)
				}
			case bassWalking:
				third := root + c.tones[1]
				pt.add(t, 1, root, v, false)
				pt.add(t+1, 1, []int{third, fifth}[pt.r.intn(2)], v*0.8, false)
				pt.add(t+2, 1, fifth, v*0.85, false)
				step := 1
				if pt.r.chance(0.5) {
					step = -1
				}
				pt.add(t+3, 1, nextRoot+step, v*0.75, false) // chromatic approach
			case bass808:
				cell := trapKicks[b%len(trapKicks)]
				for j, p := range cell {
					end := 4.0
					if j+1 < len(cell) {
						end = cell[j+1]
					}
					pitch, glide := root, false
					if j > 0 && pt.r.chance(0.35) {
						pitch, glide = []int{octave, fifth}[pt.r.intn(2)], true
					}
					// Short enough to leave a dip before the next kick: a
					// tempo detector (and the groove) needs the gaps.
					pt.add(t+p, min(end-p, 1)*0.7, pitch, v*accent(p), glide)
				}
			case bassOffbeat:
				for p := 0.5; p < 4; p++ {
					pitch := root
					if p == 3.5 && pt.r.chance(0.3) {
						pitch = octave
					}
					pt.add(t+p, 0.4, pitch, v*0.9, false)
				}
			case bassReese:
				if b%2 == 0 {
					pt.add(t, 2.5, root, v, false)
					pt.add(t+2.5, 1.5, []int{root, fifth, octave}[pt.r.intn(3)], v*0.9, true)
				} else {
					pt.add(t, 3.5, root, v, false)
					pt.add(t+3.5, 0.5, octave, v*0.8, false)
				}
			case bassOneDrop:
				third := root + c.tones[1]
				pt.add(t, 1, root, v, false)
				pt.add(t+1.5, 0.5, root, v*0.8, false)
				pt.add(t+2, 0.75, fifth, v*0.85, false)
				pt.add(t+3, 0.5, octave, v*0.75, false)
				pt.add(t+3.5, 0.5, third, v*0.7, false)
			case bassFunk:
				for _, n := range []struct {
					p, l float64
					iv   int
				}{{0, 0.4, 0}, {0.75, 0.2, 12}, {1.5, 0.25, 0}, {2, 0.4, 7}, {2.5, 0.2, 12}, {3.25, 0.2, 0}, {3.5, 0.4, 10}} {
					pitch := root + n.iv
					if !InScale(pitch, k.root, k.mode) {
						pitch = fifth
					}
					pt.add(t+n.p, n.l, pitch, v*accent(n.p), false)
				}
			case bassOctave:
				for p := 0.0; p < 4; p += 0.5 {
					pitch := root
					if int(p*2)%2 == 1 {
						pitch = octave
					}
					pt.add(t+p, 0.4, pitch, v*accent(p), false)
				}
			case bassSustain:
				pt.add(t, 4, root, v*0.8, false)
			case bassBoomBap:
				pt.add(t, 1.5, root, v, false)
				pt.add(t+2.5, 1, root, v*0.85, false)
				pt.add(t+3.5, 0.5, approach(k, nextRoot, root), v*0.7, false)
			}
		}
	}
	return pt.notes
}

// approach returns a scale tone next to target, on the side of from.
func approach(k key, target, from int) int {
	if target == from {
		return from + 7 // the fifth above when the harmony does not move
	}
	d := k.degreeNear(target, 0)
	if from < target {
		return k.pitch(d-1, 0)
	}
	return k.pitch(d+1, 0)
}

// compCenter is where a chord instrument's voicings sit.
func compCenter(inst score.Instrument) int {
	switch inst {
	case score.DistGuitar:
		return 52
	case score.Guitar, score.Organ:
		return 60
	case score.Pad, score.Strings, score.ChoirPad:
		return 64
	default:
		return 62
	}
}

// writeChords writes the comping part (one chord per bar) of every section
// where layer l plays, in the given comping style.
func writeChords(secs []section, k key, l layer, style compStyle, inst score.Instrument, swing float64, seed uint64, stream string) []score.Note {
	pt := &part{swing: swing, r: newRNG(seed, stream)}
	center := compCenter(inst)
	var prev []int
	for i := range secs {
		s := &secs[i]
		if !s.on[l] {
			continue
		}
		v := 0.5 + 0.35*s.Energy
		for b := 0; b < s.Bars; b++ {
			t := s.StartBeat + float64(4*b)
			c := s.chordAt(b)
			pcs := c.pcs(k)
			if len(pcs) == 5 {
				pcs = pcs[1:] // rootless voicing: the bass has the root
			}
			if style == compPower {
				root := c.rootPitch(k, center-5)
				fifth := root + 7
				if !InScale(fifth, k.root, k.mode) {
					fifth = root + c.tones[2]
				}
				vc := []int{root, fifth, root + 12}
				if s.Energy < 0.5 {
					pt.chord(t, 4, vc, v)
					continue
				}
				for p := 0.0; p < 4; p += 0.5 {
					pt.chord(t+p, 0.45, vc, v*accent(p))
				}
				continue
			}
			vc := voice(pcs, center, prev)
			prev = vc
			switch style {
			case compBlock:
				pt.chord(t, 4, vc, v*0.85)
			case compPop:
				if s.Energy < 0.6 {
					pt.chord(t, 2, vc, v)
					pt.chord(t+2, 2, vc, v*0.85)
				} else {
					for _, e := range [][2]float64{{0, 1.5}, {1.5, 1}, {2.5, 0.5}, {3, 1}} {
						pt.chord(t+e[0], e[1], vc, v*accent(e[0]))
					}
				}
			case compCharles:
				pt.chord(t, 1.4, vc, v)
				pt.chord(t+1.5, 2.4, vc, v*0.8)
			case compStab:
				for p := 0.5; p < 4; p++ {
					pt.chord(t+p, 0.3, vc, v*0.85)
				}
			case compSkank:
				pt.chord(t+1, 0.3, vc, v*0.85)
				pt.chord(t+3, 0.3, vc, v*0.85)
			case compFunk:
				top := vc[len(vc)-3:]
				for _, p := range []float64{0, 0.75, 1.5, 2.25, 2.5, 3.5} {
					pt.chord(t+p, 0.2, top, v*accent(p))
				}
			case compStrum:
				for _, e := range [][2]float64{{0, 1}, {1, 0.5}, {1.5, 1}, {2.5, 0.5}, {3, 0.5}, {3.5, 0.5}} {
					pt.strum(t+e[0], e[1], vc, v*accent(e[0]), e[0]-float64(int(e[0])) == 0.5)
				}
			case compBroken:
				low := c.rootPitch(k, center-12)
				seq := []int{low, vc[len(vc)-1], vc[1%len(vc)], vc[len(vc)-1]}
				for j := 0; j < 8; j++ {
					pt.add(t+float64(j)*0.5, 0.5, seq[j%4], v*accent(float64(j)*0.5), false)
				}
			}
		}
	}
	return pt.notes
}

// chord adds all pitches of a voicing together.
func (pt *part) chord(t, length float64, vc []int, v float64) {
	for _, p := range vc {
		pt.add(t, length, p, v, false)
	}
}

// strum adds a voicing spread over a few milliseconds, downwards when up is false.
func (pt *part) strum(t, length float64, vc []int, v float64, up bool) {
	for j := range vc {
		p := vc[j]
		if up {
			p = vc[len(vc)-1-j]
		}
		d := 0.015 * float64(j)
		pt.add(t+d, length-d, p, v*(1-0.05*float64(j)), false)
	}
}

// writeArp writes broken-chord figures at rate beats per note.
func writeArp(secs []section, k key, rate float64, inst score.Instrument, swing float64, seed uint64) []score.Note {
	pt := &part{swing: swing, r: newRNG(seed, "arp")}
	if rate <= 0 {
		rate = 0.5
	}
	center := 72
	if inst == score.Guitar || inst == score.Pluck {
		center = 64
	}
	patterns := [][]int{{0, 1, 2, 3, 4, 3, 2, 1}, {0, 2, 1, 3, 2, 4, 3, 1}, {0, 1, 2, 3, 4, 5, 4, 2}, {0, 2, 4, 2, 1, 3, 5, 3}}
	pat := patterns[pt.r.intn(len(patterns))]
	var prev []int
	for i := range secs {
		s := &secs[i]
		if !s.on[layerArp] {
			continue
		}
		v := 0.45 + 0.3*s.Energy
		for b := 0; b < s.Bars; b++ {
			t := s.StartBeat + float64(4*b)
			c := s.chordAt(b)
			pcs := c.pcs(k)
			if len(pcs) > 4 {
				pcs = pcs[:4]
			}
			vc := voice(pcs, center, prev)
			prev = vc
			tones := append(append([]int(nil), vc...), vc[0]+12, vc[1]+12, vc[2]+12)
			for j := 0; float64(j)*rate < 4-1e-9; j++ {
				pos := float64(j) * rate
				pt.add(t+pos, rate*0.9, tones[pat[j%len(pat)]%len(tones)], v*(0.8+0.2*accent(pos)), false)
			}
		}
	}
	return pt.notes
}
