package music

import (
	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// part collects the notes of one pitched track.
type part struct {
	notes []score.Note
	swing float64
	r     *harmony.RNG
}

// add adds a note at beat pos (swung), humanising its velocity.
func (pt *part) add(pos, length float64, pitch int, v float64, glide bool) {
	start := form.SwingPos(pos, pt.swing)
	pt.notes = append(pt.notes, score.Note{Start: start, Length: length - (start - pos), Pitch: pitch, Velocity: pt.r.Jitter(v, 0.05), Glide: glide})
}

// nextChord returns the chord that starts the bar after bar b (the next
// section's first chord at the end).
func nextChord(secs []form.Section, i, b int) harmony.Chord {
	if b+1 < secs[i].Bars || i+1 >= len(secs) {
		return secs[i].BarAt(b + 1).C
	}
	return secs[i+1].BarAt(0).C
}

func bassTonesOf(c harmony.Chord, k harmony.Key, lo int) harmony.BassTones {
	if c.Slash != 0 {
		return harmony.SlashTones(c, k, lo) // an inversion or a pedal (slash.go)
	}
	root := c.RootPitch(k, lo)
	if c.Octave {
		return harmony.BassTones{Root: root, Third: root + c.Tones[1], Fifth: root + 12, Octave: root + 12}
	}
	return harmony.BassTones{Root: root, Third: root + c.Tones[1], Fifth: c.FifthPitch(k, root), Octave: root + 12}
}

// writeBass writes the bass line of every section that has bass. In a bar
// with two chords every note follows the chord sounding at its beat, and the
// bass plays the new root on the beat the chord changes. The song's last bar
// is the final cadence's tonic: the bass lands on its root on the downbeat,
// also in an outro that otherwise has no bass, as a one-beat final hit (a
// note held through the bar would blur the drums' pulse that a listener,
// and a tempo detector, follows to the end).
func writeBass(secs []form.Section, k harmony.Key, kind genre.BassStyle, lines []style.Line, m style.Meter, inst score.Instrument, swing float64, seed uint64) []score.Note {
	pt := &part{swing: swing, r: harmony.NewRNG(seed, "bass")}
	lo := harmony.BassRange(inst)
	band := drumless(secs)
	for i := range secs {
		s := &secs[i]
		last := i == len(secs)-1
		if !s.On[form.LayerBass] && !last {
			continue
		}
		v := 0.6 + 0.35*s.Energy
		for b := 0; b < s.Bars; b++ {
			t := s.StartBeat + float64(s.Beats*b)
			if last && b == s.Bars-1 {
				pt.add(t, 1, s.BarAt(b).C.RootPitch(k, lo), v, false)
				continue
			}
			if !s.Plays(form.LayerBass, b) {
				continue
			}
			h, n := s.BarAt(b), nextChord(secs, i, b)
			first := bassTonesOf(h.C, k, lo)
			if s.Name == "breakdown" {
				// A breakdown's bass holds the root under the pads.
				pt.add(t, float64(s.Beats), first.Root, v*0.8, false)
				if h.Split > 0 {
					pt.changeTo(len(pt.notes)-1, t+h.Split, bassTonesOf(h.C2, k, lo).Root, v*0.75)
				}
				continue
			}
			second := first
			if h.Split > 0 {
				second = bassTonesOf(h.C2, k, lo)
			}
			nextRoot := n.BassPitch(k, lo)
			// at returns the tones of the chord sounding at beat p.
			at := func(p float64) harmony.BassTones {
				if h.Split > 0 && p >= h.Split {
					return second
				}
				return first
			}
			if l := pickLine(lines, m, sectionLevel(s)); l != nil {
				pt.bassLine(l, k, t, s.Beats, at, h.Split, nextRoot, v)
				continue
			}
			if s.Beats == 3 {
				pt.waltzBass(kind, k, t, first, nextRoot, b, v, s.Energy, band)
				continue
			}
			from := len(pt.notes)
			switch kind {
			case genre.BassRootFifth:
				if s.Energy < 0.5 {
					pt.add(t, 2, first.Root, v, false)
					pt.add(t+2, 2, at(2).Fifth, v*0.85, false)
				} else {
					pt.add(t, 1.5, first.Root, v, false)
					pt.add(t+1.5, 0.5, at(1.5).Root, v*0.7, false)
					pt.add(t+2, 1, at(2).Fifth, v*0.85, false)
					pt.add(t+3, 1, harmony.Approach(k, nextRoot, at(3).Root), v*0.75, false)
				}
			case genre.BassEighths:
				for p := 0.0; p < 4; p += 0.5 {
					pitch := at(p).Root
					if p >= 3 && b == s.Bars-1 && nextRoot != pitch {
						pitch = harmony.Approach(k, nextRoot, pitch)
					}
					pt.add(t+p, 0.45, pitch, v*drums.Accent(p), false)
				}
			case genre.BassWalking:
				if h.Split > 0 {
					// Two beats per chord: root, then an approach: a scale
					// step into the new chord, a chromatic one into the next bar.
					pt.add(t, 1, first.Root, v, false)
					pt.add(t+1, 1, harmony.Approach(k, second.Root, first.Root), v*0.75, false)
					pt.add(t+2, 1, second.Root, v*0.85, false)
					pt.add(t+3, 1, nextRoot+[]int{1, -1}[pt.r.Intn(2)], v*0.75, false)
					break
				}
				pt.add(t, 1, first.Root, v, false)
				pt.add(t+1, 1, []int{first.Third, first.Fifth}[pt.r.Intn(2)], v*0.8, false)
				pt.add(t+2, 1, first.Fifth, v*0.85, false)
				step := 1
				if pt.r.Chance(0.5) {
					step = -1
				}
				pt.add(t+3, 1, nextRoot+step, v*0.75, false) // chromatic approach
			case genre.Bass808:
				cell := drums.TrapKicks[b%len(drums.TrapKicks)]
				for j, p := range cell {
					end := 4.0
					if j+1 < len(cell) {
						end = cell[j+1]
					}
					c := at(p)
					pitch, glide := c.Root, false
					if j > 0 && pt.r.Chance(0.35) {
						pitch, glide = []int{c.Octave, c.Fifth}[pt.r.Intn(2)], true
					}
					// Short enough to leave a dip before the next kick: a
					// tempo detector (and the groove) needs the gaps.
					pt.add(t+p, min(end-p, 1)*0.7, pitch, v*drums.Accent(p), glide)
				}
			case genre.BassOffbeat:
				for p := 0.5; p < 4; p++ {
					pitch := at(p).Root
					if p == 3.5 && pt.r.Chance(0.3) {
						pitch = at(p).Octave
					}
					pt.add(t+p, 0.4, pitch, v*0.9, false)
				}
			case genre.BassReese:
				if b%2 == 0 {
					pt.add(t, 2.5, first.Root, v, false)
					c := at(2.5)
					pt.add(t+2.5, 1.5, []int{c.Root, c.Fifth, c.Octave}[pt.r.Intn(3)], v*0.9, true)
				} else {
					pt.add(t, 3.5, first.Root, v, false)
					pt.add(t+3.5, 0.5, at(3.5).Octave, v*0.8, false)
				}
			case genre.BassOneDrop:
				pt.add(t, 1.25, first.Root, v, false)
				pt.add(t+2, 0.75, at(2).Fifth, v*0.85, false)
				pt.add(t+3, 0.5, at(3).Octave, v*0.75, false)
				pt.add(t+3.5, 0.5, at(3.5).Third, v*0.7, false)
			case genre.BassFunk:
				for _, n := range []struct {
					p, l float64
					iv   int
				}{{0, 0.4, 0}, {0.75, 0.2, 12}, {1.5, 0.25, 0}, {2, 0.4, 7}, {2.5, 0.2, 12}, {3.25, 0.2, 0}, {3.5, 0.4, 10}} {
					c := at(n.p)
					pitch := c.Root + n.iv
					if !harmony.InScale(pitch, k.Root, k.Mode) {
						pitch = c.Fifth
					}
					pt.add(t+n.p, n.l, pitch, v*drums.Accent(n.p), false)
				}
			case genre.BassOctave:
				for p := 0.0; p < 4; p += 0.5 {
					pitch := at(p).Root
					if int(p*2)%2 == 1 {
						pitch = at(p).Octave
					}
					pt.add(t+p, 0.4, pitch, v*drums.Accent(p), false)
				}
			case genre.BassSustain:
				pt.add(t, 4, first.Root, v*0.8, false)
			case genre.BassBoomBap:
				// The root again on beat 3 keeps a half-bar pulse under
				// the pushed note on the and of 3 (alone, 0 and 2.5 read
				// as a 1.5-beat period to tempo detectors).
				pt.add(t, 1.5, first.Root, v, false)
				pt.add(t+2, 0.5, at(2).Root, v*0.8, false)
				pt.add(t+2.5, 1, at(2.5).Root, v*0.85, false)
				pt.add(t+3.5, 0.5, harmony.Approach(k, nextRoot, at(3.5).Root), v*0.7, false)
			}
			if h.Split > 0 {
				pt.changeTo(from, t+h.Split, second.Root, v*0.85)
			}
		}
	}
	return pt.notes
}

// changeTo makes a monophonic line written since index from play pitch on
// beat at, where the chord changes: a note starting there takes the pitch; a
// note sounding across it stops there, and the new pitch sounds for the rest
// of its length (or one beat in a rest).
func (pt *part) changeTo(from int, at float64, pitch int, v float64) {
	end := at + 1
	for j := from; j < len(pt.notes); j++ {
		n := &pt.notes[j]
		if n.Start == at {
			n.Pitch, n.Glide = pitch, false
			return
		}
		if n.Start < at && n.Start+n.Length > at {
			end = n.Start + n.Length
			n.Length = at - n.Start
		} else if n.Start > at {
			end = min(end, n.Start)
		}
	}
	pt.notes = append(pt.notes, score.Note{Start: at, Length: end - at, Pitch: pitch, Velocity: v})
}

// writeChords writes the comping part (the bar's chord, and its second chord
// from the split when the bar changes chord) of every section
// where layer l plays, in the given comping style.
func writeChords(secs []form.Section, k harmony.Key, l form.Layer, kind genre.CompStyle, lines []style.Line, m style.Meter, inst score.Instrument, swing float64, seed uint64, stream string) []score.Note {
	pt := &part{swing: swing, r: harmony.NewRNG(seed, stream)}
	center := harmony.CompCenter(inst)
	// The chord part of a waltz without drums keeps the beats (oomPahPah),
	// unless a pad or strings play it: their slow attack cannot mark a
	// beat, and they hold the harmony as in a waltz band.
	waltz := l == form.LayerChords && drumless(secs) && !slowAttack(inst)
	var prev []int
	for i := range secs {
		s := &secs[i]
		if !s.On[l] {
			continue
		}
		for b := 0; b < s.Bars; b++ {
			if !s.Plays(l, b) {
				continue
			}
			t := s.StartBeat + float64(s.Beats*b)
			h := s.BarAt(b)
			c := h.C
			v := (0.5 + 0.35*s.Energy) * swell(s, b)
			from := len(pt.notes)
			vc := compVoicing(c, k, kind, center, prev)
			if kind != genre.CompPower {
				prev = vc
			}
			var vc2 []int
			if h.Split > 0 {
				vc2 = compVoicing(h.C2, k, kind, center, prev)
				if kind != genre.CompPower {
					prev = vc2
				}
			}
			if kind == genre.CompBroken {
				// The broken-chord bass note moves with the chord too.
				vc = append(vc, c.RootPitch(k, center-12))
				if vc2 != nil {
					vc2 = append(vc2, h.C2.RootPitch(k, center-12))
				}
			}
			if s.Name == "intro" || s.Name == "outro" || i == len(secs)-1 && b == s.Bars-1 {
				// Intro and ending are written for the song, not the
				// groove cut down: chords roll in one note after another
				// in the intro and are held in the outro, and the final
				// cadence's chord sounds to the end.
				// A plucked instrument that would die away before the
				// bar ends strikes the chord again (see keepSounding).
				every := 0.0
				if final := i == len(secs)-1 && b == s.Bars-1; !final {
					every = strikeEvery(inst, s)
				}
				pt.keepSounding(t, float64(s.Beats), vc, vc2, h.Split, s.Name == "intro", v, every)
				continue
			}
			if pl := pickLine(lines, m, sectionLevel(s)); pl != nil {
				low, low2 := c.RootPitch(k, center-12), 0
				if h.Split > 0 {
					low2 = h.C2.RootPitch(k, center-12)
				}
				pt.compLine(pl, t, s.Beats, vc, vc2, low, low2, h.Split, v)
				continue
			}
			if s.Beats == 3 && waltz && (kind == genre.CompBroken || kind == genre.CompBlock) {
				oomPahPah(pt, kind, t, vc, v)
			} else if s.Beats == 3 {
				comp3(pt, kind, t, vc, v, s.Energy)
			} else {
				comp(pt, kind, t, vc, v, s.Energy)
			}
			if h.Split > 0 {
				pt.rechord(from, t+h.Split, vc, vc2)
			}
		}
	}
	return pt.notes
}

// compVoicing returns the voicing a comping style plays for chord c: a power
// chord, or a close voicing (rootless for ninth chords) led from prev.
func compVoicing(c harmony.Chord, k harmony.Key, style genre.CompStyle, center int, prev []int) []int {
	if style == genre.CompPower {
		root := c.RootPitch(k, center-5)
		fifth := root + 7
		if !harmony.InScale(fifth, k.Root, k.Mode) {
			fifth = root + c.Tones[2]
		}
		return []int{root, fifth, root + 12}
	}
	pcs := c.PCs(k)
	if len(pcs) == 5 {
		pcs = pcs[1:] // rootless voicing: the bass has the root
	}
	return harmony.Voice(pcs, center, prev)
}
