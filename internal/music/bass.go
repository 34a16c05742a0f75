package music

import (
	"strings"

	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// writeBass writes the bass line of every section that has bass. In a bar
// with two chords every note follows the chord sounding at its beat, and the
// bass plays the new root on the beat the chord changes. The song's last bar
// is the final cadence's tonic: the bass lands on its root on the downbeat,
// also in an outro that otherwise has no bass, as a one-beat final hit (a
// note held through the bar would blur the drums' pulse that a listener,
// and a tempo detector, follows to the end).
func writeBass(secs []form.Section, k harmony.Key, kind genre.BassStyle, lines []style.Line, m style.Meter, inst score.Instrument, swing form.Swing, seed uint64, concert bool) []score.Note {
	w := bassWriter{pt: &part{swing: swing, r: harmony.NewRNG(seed, "bass")}, k: k, kind: kind, lines: lines, m: m,
		lo: harmony.BassRange(inst), band: drumless(secs), concert: concert}
	for i := range secs {
		s := &secs[i]
		last := i == len(secs)-1
		if !s.On[form.LayerBass] && !last {
			continue
		}
		v := 0.6 + 0.35*s.Energy
		for b := 0; b < s.Bars; b++ {
			t := s.StartBeat + float64(s.Beats*b)
			switch {
			case last && b == s.Bars-1:
				w.pt.add(t, 1, s.BarAt(b).C.RootPitch(k, w.lo), v, false)
			case !s.Plays(form.LayerBass, b):
			case s.Name == "breakdown":
				w.held(s.BarAt(b), t, s.Beats, v)
			default:
				w.halves = concertBridge(w.concert, secs, i)
				w.bar(s, w.barOf(secs, i, b, t, v))
			}
		}
	}
	return w.pt.notes
}

// bassWriter writes one bass part: the song's key, the style's kind and
// lines, the register and whether the band plays without drums.
type bassWriter struct {
	pt    *part
	k     harmony.Key
	kind  genre.BassStyle
	lines []style.Line
	m     style.Meter
	lo    int
	band  bool
	// concert: the cellos of a concert piece state every beat in 4/4
	// (concertBassBar, concertPulse).
	concert bool
	// halves: the bar being written is a concert bridge's (concertBridge).
	halves bool
}

// bassBar is one bar of the bass being written: where it starts, its
// index, velocity and energy, the chord tones of its first and second
// chord, and the root of the chord after it.
type bassBar struct {
	h             harmony.BarChord
	t, v, energy  float64
	b, bars       int
	first, second harmony.BassTones
	nextRoot      int
}

// at returns the tones of the chord sounding at beat p.
func (bb *bassBar) at(p float64) harmony.BassTones {
	if bb.h.Split > 0 && p >= bb.h.Split {
		return bb.second
	}
	return bb.first
}

// barOf reads bar b of section i: its chords and the next one.
func (w *bassWriter) barOf(secs []form.Section, i, b int, t, v float64) *bassBar {
	s := &secs[i]
	h, n := s.BarAt(b), nextChord(secs, i, b)
	bb := &bassBar{h: h, t: t, v: v, energy: s.Energy, b: b, bars: s.Bars, first: bassTonesOf(h.C, w.k, w.lo)}
	bb.second = bb.first
	if h.Split > 0 {
		bb.second = bassTonesOf(h.C2, w.k, w.lo)
	}
	bb.nextRoot = n.BassPitch(w.k, w.lo)
	return bb
}

// ownBass is line l for a bar whose chords name their own bass note (a
// given chart's chords, a slash chord): the tonic pedal ('T') plays the
// chord's root (or slash note) instead.
func ownBass(l *style.Line, s *form.Section, h harmony.BarChord) *style.Line {
	if !strings.ContainsRune(l.Steps, 'T') || !s.Given && h.C.Slash == 0 && (h.Split == 0 || h.C2.Slash == 0) {
		return l
	}
	own := *l
	own.Steps = strings.ReplaceAll(l.Steps, "T", "R")
	return &own
}

// held is a breakdown's bar: the root held under the pads (the second
// chord's root from the split).
func (w *bassWriter) held(h harmony.BarChord, t float64, beats int, v float64) {
	w.pt.add(t, float64(beats), bassTonesOf(h.C, w.k, w.lo).Root, v*0.8, false)
	if h.Split > 0 {
		w.pt.changeTo(len(w.pt.notes)-1, t+h.Split, bassTonesOf(h.C2, w.k, w.lo).Root, v*0.75)
	}
}

// bar writes one bar: the style's line for the section's level when it
// has one, the waltz bass in 3/4, else the builtin kind's bar (bassBars),
// moved to the second chord's root where the bar changes chord.
func (w *bassWriter) bar(s *form.Section, bb *bassBar) {
	pt := w.pt
	from := len(pt.notes)
	if l := pickLine(w.lines, w.m, sectionLevel(s)); l != nil {
		l = ownBass(l, s, bb.h)
		pt.bassLine(l, w.k, bb.t, s.Beats, bb.at, bb.h.Split, bb.nextRoot, bb.v)
		w.givenSplit(s, bb, from)
		return
	}
	if s.Beats == 3 {
		alt := bb.b
		if s.Given && bb.b > 0 && s.BarAt(bb.b-1).C.Root != bb.h.C.Root {
			alt = 0 // a given chord's first bar: its root, not the fifth
		}
		pt.waltzBass(w.kind, w.k, bb.t, bb.first, bb.nextRoot, alt, bb.v, s.Energy, w.band)
		w.givenSplit(s, bb, from)
		return
	}
	if write := bassBars[w.kind]; w.concert {
		concertBassBar(pt, w.k, bb, w.halves)
	} else if write != nil {
		write(pt, w.k, bb)
	}
	if bb.h.Split > 0 {
		pt.changeTo(from, bb.t+bb.h.Split, bb.second.Root, bb.v*0.85)
	}
}

// givenSplit moves the bass written since note from to the second
// chord's root (or slash note) where a bar of a given chart changes
// chord: a style's line may take the new chord's third or fifth there,
// and the waltz bass holds the first chord through the bar, and the
// chart's second chord would go unheard in the low end. The composer's
// own harmony keeps its lines as they are.
func (w *bassWriter) givenSplit(s *form.Section, bb *bassBar, from int) {
	if s.Given && bb.h.Split > 0 {
		w.pt.changeTo(from, bb.t+bb.h.Split, bb.second.Root, bb.v*0.85)
	}
}

// bassBars are the bar writers of the builtin bass kinds in 4/4.
var bassBars = map[genre.BassStyle]func(pt *part, k harmony.Key, bb *bassBar){
	genre.BassRootFifth: rootFifthBar,
	genre.BassEighths:   eighthsBar,
	genre.BassWalking:   walkingBar,
	genre.Bass808:       bar808,
	genre.BassOffbeat:   offbeatBar,
	genre.BassReese:     reeseBar,
	genre.BassOneDrop:   oneDropBassBar,
	genre.BassFunk:      funkBassBar,
	genre.BassOctave:    octaveBar,
	genre.BassSustain:   sustainBar,
	genre.BassBoomBap:   boomBapBassBar,
}

func rootFifthBar(pt *part, k harmony.Key, bb *bassBar) {
	t, v, at := bb.t, bb.v, bb.at
	if bb.energy < 0.5 {
		pt.add(t, 2, bb.first.Root, v, false)
		pt.add(t+2, 2, at(2).Fifth, v*0.85, false)
		return
	}
	pt.add(t, 1.5, bb.first.Root, v, false)
	pt.add(t+1.5, 0.5, at(1.5).Root, v*0.7, false)
	pt.add(t+2, 1, at(2).Fifth, v*0.85, false)
	pt.add(t+3, 1, harmony.Approach(k, bb.nextRoot, at(3).Root), v*0.75, false)
}

func eighthsBar(pt *part, k harmony.Key, bb *bassBar) {
	for p := 0.0; p < 4; p += 0.5 {
		pitch := bb.at(p).Root
		if p >= 3 && bb.b == bb.bars-1 && bb.nextRoot != pitch {
			pitch = harmony.Approach(k, bb.nextRoot, pitch)
		}
		pt.add(bb.t+p, 0.45, pitch, bb.v*drums.Accent(p), false)
	}
}

func walkingBar(pt *part, k harmony.Key, bb *bassBar) {
	t, v, first, second, nextRoot := bb.t, bb.v, bb.first, bb.second, bb.nextRoot
	if bb.h.Split > 0 {
		// Two beats per chord: root, then an approach: a scale
		// step into the new chord, a chromatic one into the next bar.
		pt.add(t, 1, first.Root, v, false)
		pt.add(t+1, 1, harmony.Approach(k, second.Root, first.Root), v*0.75, false)
		pt.add(t+2, 1, second.Root, v*0.85, false)
		pt.add(t+3, 1, nextRoot+[]int{1, -1}[pt.r.Intn(2)], v*0.75, false)
		return
	}
	pt.add(t, 1, first.Root, v, false)
	pt.add(t+1, 1, []int{first.Third, first.Fifth}[pt.r.Intn(2)], v*0.8, false)
	pt.add(t+2, 1, first.Fifth, v*0.85, false)
	step := 1
	if pt.r.Chance(0.5) {
		step = -1
	}
	pt.add(t+3, 1, nextRoot+step, v*0.75, false) // chromatic approach
}

func bar808(pt *part, _ harmony.Key, bb *bassBar) {
	cell := drums.TrapKicks[bb.b%len(drums.TrapKicks)]
	for j, p := range cell {
		end := 4.0
		if j+1 < len(cell) {
			end = cell[j+1]
		}
		c := bb.at(p)
		pitch, glide := c.Root, false
		if j > 0 && pt.r.Chance(0.35) {
			pitch, glide = []int{c.Octave, c.Fifth}[pt.r.Intn(2)], true
		}
		// Short enough to leave a dip before the next kick: a
		// tempo detector (and the groove) needs the gaps.
		pt.add(bb.t+p, min(end-p, 1)*0.7, pitch, bb.v*drums.Accent(p), glide)
	}
}

func offbeatBar(pt *part, _ harmony.Key, bb *bassBar) {
	for p := 0.5; p < 4; p++ {
		pitch := bb.at(p).Root
		if p == 3.5 && pt.r.Chance(0.3) {
			pitch = bb.at(p).Octave
		}
		pt.add(bb.t+p, 0.4, pitch, bb.v*0.9, false)
	}
}

// reeseBar writes a bar of the reese bass: the root held half a bar and a
// glide to the root, fifth or octave on 3 (with drum and bass's kick), then
// a bar held to a pickup on the and of 4. (The glide on the and of 3, with
// the two-step's kick, made bpm-tools hear 174 bpm jungle at 116: two
// thirds.)
func reeseBar(pt *part, _ harmony.Key, bb *bassBar) {
	t, v := bb.t, bb.v
	if bb.b%2 == 0 {
		pt.add(t, 2, bb.first.Root, v, false)
		c := bb.at(2)
		pt.add(t+2, 2, []int{c.Root, c.Fifth, c.Octave}[pt.r.Intn(3)], v*0.9, true)
		return
	}
	pt.add(t, 3.5, bb.first.Root, v, false)
	pt.add(t+3.5, 0.5, bb.at(3.5).Octave, v*0.8, false)
}

func oneDropBassBar(pt *part, _ harmony.Key, bb *bassBar) {
	t, v, at := bb.t, bb.v, bb.at
	pt.add(t, 1.25, bb.first.Root, v, false)
	pt.add(t+2, 0.75, at(2).Fifth, v*0.85, false)
	pt.add(t+3, 0.5, at(3).Octave, v*0.75, false)
	pt.add(t+3.5, 0.5, at(3.5).Third, v*0.7, false)
}

func funkBassBar(pt *part, k harmony.Key, bb *bassBar) {
	for _, n := range []struct {
		p, l float64
		iv   int
	}{{0, 0.4, 0}, {0.75, 0.2, 12}, {1.5, 0.25, 0}, {2, 0.4, 7}, {2.5, 0.2, 12}, {3.25, 0.2, 0}, {3.5, 0.4, 10}} {
		c := bb.at(n.p)
		pitch := c.Root + n.iv
		if !harmony.InScale(pitch, k.Root, k.Mode) {
			pitch = c.Fifth
		}
		pt.add(bb.t+n.p, n.l, pitch, bb.v*drums.Accent(n.p), false)
	}
}

func octaveBar(pt *part, _ harmony.Key, bb *bassBar) {
	for p := 0.0; p < 4; p += 0.5 {
		pitch := bb.at(p).Root
		if int(p*2)%2 == 1 {
			pitch = bb.at(p).Octave
		}
		pt.add(bb.t+p, 0.4, pitch, bb.v*drums.Accent(p), false)
	}
}

func sustainBar(pt *part, _ harmony.Key, bb *bassBar) {
	pt.add(bb.t, 4, bb.first.Root, bb.v*0.8, false)
}

func boomBapBassBar(pt *part, k harmony.Key, bb *bassBar) {
	t, v, at := bb.t, bb.v, bb.at
	// The root again on beat 3 keeps a half-bar pulse under
	// the pushed note on the and of 3 (alone, 0 and 2.5 read
	// as a 1.5-beat period to tempo detectors).
	pt.add(t, 1.5, bb.first.Root, v, false)
	pt.add(t+2, 0.5, at(2).Root, v*0.8, false)
	pt.add(t+2.5, 1, at(2.5).Root, v*0.85, false)
	pt.add(t+3.5, 0.5, harmony.Approach(k, bb.nextRoot, at(3.5).Root), v*0.7, false)
}
