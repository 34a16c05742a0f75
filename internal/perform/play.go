package perform

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// part is what a note's player does in the band, for its push.
type part int

const (
	partKick part = iota
	partSnare
	partHats
	partRide
	partPerc
	partToms
	partBass
	partChords
	partPad
	partLead
	partArp
)

// push returns a part's mean placement, ms.
func push(f style.Feel, p part) float64 {
	switch p {
	case partKick:
		return f.Push.Kick
	case partSnare:
		return f.Push.Snare
	case partHats:
		return f.Push.Hats
	case partRide:
		return f.Push.Ride
	case partPerc:
		return f.Push.Perc
	case partToms:
		return f.Push.Snare
	case partBass:
		return f.Push.Bass
	case partChords:
		return f.Push.Chords
	case partPad:
		return f.Push.Pad
	case partLead:
		return f.Push.Lead
	}
	return f.Push.Arp
}

// partOfRole is the part of a pitched track.
func partOfRole(r score.Role) part {
	switch r {
	case score.RoleBass:
		return partBass
	case score.RoleChords:
		return partChords
	case score.RolePad:
		return partPad
	case score.RoleLead:
		return partLead
	}
	return partArp
}

// partOfDrum is the limb or hand that plays a drum sound.
func partOfDrum(d score.Drum) part {
	switch d {
	case score.Kick, score.Kick808, score.LogKick, score.Surdo, score.Taiko, score.Timpani:
		return partKick
	case score.Snare, score.Clap, score.Rim, score.HandClap, score.Snap:
		return partSnare
	case score.ClosedHat, score.OpenHat, score.Shaker, score.Tambourine, score.SleighBells:
		return partHats
	case score.Ride, score.Crash:
		return partRide
	case score.TomLow, score.TomMid, score.TomHigh:
		return partToms
	}
	return partPerc
}

// playHits performs a drum track: each limb's push and scatter (the kick
// tightest), the drummer's wander, the band's rubato and fills that rush.
func (p *player) playHits(hits []score.Hit) []score.Hit {
	sh, f := p.sh, p.sh.f
	out := slices.Clone(hits)
	fills := sh.fills(hits)
	for i, h := range hits {
		pt := partOfDrum(h.Drum)
		b := sh.loosened(h.Start)
		// The drummer keeps time: the kick tightest, the other limbs
		// tighter than the band's other players.
		k := 0.75
		if pt == partKick {
			k = 1.0 / 3
		}
		ms := push(f, pt)*sh.tight + p.drift(h.Start)*k + sh.rubato(h.Start) + p.jitter(h.Start, k) + sh.ritard(h.Start)
		if pt == partPerc && f.Clave > 0 && !sh.onBeat(h.Start) && h.Drum != score.Clave {
			ms -= f.Clave * 0.5 * sh.tight
		}
		if g, ok := fills[i]; ok {
			ms -= f.Rush * g * sh.tight
		}
		out[i].Start = sh.place(sh.clock(b) + sh.toBeats(ms))
		// The composer wrote the groove's accents, its dynamics per
		// section and its fills' crescendo; more on top of them (beat
		// accents, a swell per phrase, even louder fills) moved where
		// bpm-tools hears the beat (salsa at 194 bpm read as 129).
	}
	return out
}

// fills finds the drum fills, the toms and snares that crowd the last bar
// of a section (or the bar before the song's final hit), and returns for
// each of their hits (and any hit among them) how far through the fill it
// is, 0..1.
func (sh *shape) fills(hits []score.Hit) map[int]float64 {
	out := map[int]float64{}
	ends := append(slices.Clone(sh.sections[1:]), sh.s.TotalBeats-sh.bpb)
	for _, end := range ends {
		from := end - sh.bpb
		first, n, toms := math.Inf(1), 0, false
		for _, h := range hits {
			pt := partOfDrum(h.Drum)
			if h.Start >= from && h.Start < end && (pt == partToms || pt == partSnare) {
				first, n, toms = min(first, h.Start), n+1, toms || pt == partToms
			}
		}
		if n < 4 || !toms && n < 6 {
			continue
		}
		for i, h := range hits {
			if h.Start >= first && h.Start < end {
				out[i] = (h.Start - first) / (end - first)
			}
		}
	}
	return out
}

// playNotes performs a pitched track. Notes struck together (a chord)
// share their placement with a little spread between them; anticipations
// lean ahead; a note that ended where the next began still does.
func (p *player) playNotes(notes []score.Note, pt part) []score.Note {
	sh, f := p.sh, p.sh.f
	out := slices.Clone(notes)
	mean := 0.0
	for _, n := range notes {
		mean += float64(n.Pitch)
	}
	mean /= float64(len(notes))
	group := map[float64]float64{} // composed start -> the chord's offset, ms
	for i, n := range notes {
		ms, ok := group[n.Start]
		if !ok {
			ms = (push(f, pt)+p.lag)*sh.tight + p.drift(n.Start) + sh.rubato(n.Start) + p.jitter(n.Start, 1) + sh.ritard(n.Start)
			if f.Clave > 0 && sh.anticipates(n) {
				ms -= f.Clave * sh.tight
			}
			group[n.Start] = ms
		}
		ms += gauss(p.r) * f.Spread * 0.2 * sh.tight
		out[i].Start = sh.place(sh.clock(sh.loosened(n.Start)) + sh.toBeats(ms))
		// A note held into the ritardando (or a broadening) lasts as much
		// longer.
		out[i].Length = sh.clock(n.Start+n.Length) - sh.clock(n.Start) +
			sh.toBeats(sh.ritard(n.Start+n.Length)-sh.ritard(n.Start))
		// The melody shapes its phrases and leans on its high notes; the
		// band's time (bass and drums) keeps the composer's dynamics.
		switch pt {
		case partLead:
			w := sh.phraseSwell(n.Start) + sh.metric(n.Start) + 0.1*(float64(n.Pitch)-mean)/12
			out[i].Velocity = sh.velocity(n.Velocity, w, p)
		case partChords, partPad, partArp:
			out[i].Velocity = sh.velocity(n.Velocity, sh.phraseSwell(n.Start), p)
		}
	}
	keepLegato(notes, out)
	return out
}

// keepLegato keeps each performed note from running into the next onset
// of its track when the composed note did not: a bass or lead line stays
// as legato or detached as it was written. It works from the performed
// lengths (a note held into the final ritardando already lasts longer), so
// a note written to reach the final chord still reaches it however late
// the chord comes.
func keepLegato(composed, played []score.Note) {
	starts := make([]float64, 0, len(composed))
	next := map[float64]float64{} // composed start -> earliest performed start there
	for i, n := range composed {
		if v, ok := next[n.Start]; !ok || played[i].Start < v {
			if !ok {
				starts = append(starts, n.Start)
			}
			next[n.Start] = played[i].Start
		}
	}
	slices.Sort(starts)
	for i, n := range composed {
		j, _ := slices.BinarySearch(starts, n.Start)
		if j+1 >= len(starts) {
			continue
		}
		following := starts[j+1]
		if n.Start+n.Length > following+1e-9 {
			continue // written to overlap
		}
		end := played[i].Start + played[i].Length
		played[i].Length = max(played[i].Length*0.25, min(end, next[following])-played[i].Start)
	}
}

// anticipates reports whether a note is a syncopated push: it starts off
// the beat and is held over the next beat.
func (sh *shape) anticipates(n score.Note) bool {
	if sh.s.Subdivision == 3 || sh.onBeat(n.Start) {
		return false
	}
	return n.Start+n.Length > math.Ceil(n.Start)+1e-6
}

// metric is a position's accent in the bar: the downbeat strongest, the
// bar's middle next, off-beats softer, sixteenths softest.
func (sh *shape) metric(b float64) float64 {
	inBar := math.Mod(b, sh.bpb)
	switch {
	case isZero(inBar):
		return 0.1
	case sh.onBeat(b) && sh.bpb == 4 && isZero(inBar-2), sh.onBeat(b) && sh.bpb == 2 && isZero(inBar-1):
		return 0.04
	case sh.onBeat(b):
		return 0
	}
	fr := b - math.Floor(b)
	if sh.s.Subdivision == 3 || math.Abs(fr-0.5) < 0.2 {
		return -0.05
	}
	return -0.08
}

// phraseSwell is the phrase's dynamic arch at b: softer at its start and
// end, strongest a little past the middle.
func (sh *shape) phraseSwell(b float64) float64 {
	_, x := sh.phrase(b)
	return 0.12 * (math.Sin(math.Pi*math.Pow(x, 1.3)) - 0.5)
}

// velocity scales a composed velocity by the accent weight w (and a little
// scatter) at the feel's depth.
func (sh *shape) velocity(v, w float64, p *player) float64 {
	a := sh.f.Accent
	if a == 0 || v <= 0 {
		return v
	}
	v *= 1 + a*(w+0.05*gauss(p.r))
	return min(1, max(0.03, v))
}
