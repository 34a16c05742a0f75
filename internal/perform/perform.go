// Package perform is the performance layer between composition and
// synthesis: it takes a composed score, every note on its grid, and returns
// the score as a band would play it. Each player keeps a style's placement
// against the beat (a laid-back hip hop snare, a jazz ride ahead of the
// beat, anticipations pushed in salsa and bossa nova), wanders slowly and
// errs the same way for notes near each other, breathes at phrase ends in
// rubato styles (and slows into the final chord: a ritardando), rushes
// into fills and shapes dynamics across the phrase.
// Where the style has rubato, the players follow a tempo map (tempo.go):
// phrases press and broaden, the end slows; the score carries the map
// (score.Score.Tempo) and its notes are on the clock it makes.
// Programmed styles (techno, trap ...) are left exactly on the grid.
//
// How each style plays is catalogue data (style.Feel); this package only
// applies it. The result is deterministic for the score (its Seed). Only
// note and hit starts, lengths and velocities change, with the tempo map:
// the BPM, the sections and the length of the song stay as composed (each
// phrase lasts as written), and a view of the written grid (bars, a
// timeline) places it with score.Score.Clock. Stdlib, internal/score and
// internal/style only.
package perform

import (
	"hash/fnv"
	"math"
	"slices"
	"strconv"

	"github.com/songsmith/songsmith/internal/prng"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// FeelOf returns the feel the score is performed with: the feel of its
// style st (the catalogue entry the engine resolved once; nil plays like
// pop), with at least style.BalladRubato for a slow, tender song in a live
// style that is not Steady.
func FeelOf(s *score.Score, st *style.Style) style.Feel {
	if st == nil {
		st = &style.Style{Name: s.Genre, Family: "pop"}
	}
	f := style.FeelOf(*st)
	if !f.Programmed && !f.Steady && s.BPM <= 80 && tender[s.Mood] {
		f.Rubato = max(f.Rubato, style.BalladRubato)
		f.PhraseTempo = max(f.PhraseTempo, style.BalladPhraseTempo)
	}
	return f
}

// tender are the moods of a ballad.
var tender = map[string]bool{"sad": true, "romantic": true, "melancholic": true, "calm": true}

// Apply returns the score s performed in style st (its genre's catalogue
// entry, resolved by the engine; nil plays like pop). A programmed style's
// score keeps its timing and dynamics (only its gates and controls are
// performed: express.go); the result is a new score sharing nothing
// mutable with s.
func Apply(s *score.Score, st *style.Style) *score.Score {
	f := FeelOf(s, st)
	if s.BPM <= 0 {
		return s
	}
	if f.Programmed {
		return expressOnly(s, f)
	}
	out := *s
	out.Tracks = slices.Clone(s.Tracks)
	sh := newShape(s, f)
	if m := sh.tempoMap(); m != nil {
		out.SetTempo(m)
		sh.clocked = &out
	}
	for i := range out.Tracks {
		t := &out.Tracks[i]
		if t.Role == score.RoleFX {
			continue
		}
		p := sh.player(t.Name, i)
		if t.Role == score.RoleLead && t.Instrument == score.Piano {
			p.lag = f.PianoLag
		}
		if len(t.Hits) > 0 {
			t.Hits = p.playHits(t.Hits)
		}
		if len(t.Notes) > 0 {
			pt := partOfRole(t.Role)
			t.Notes = p.playNotes(t.Notes, pt)
			r := stream(s.Seed, "express/"+t.Name)
			if (pt == partLead || pt == partArp || pt == partBass) && single(s.Tracks[i].Notes) {
				sh.articulate(s.Tracks[i].Notes, t.Notes, pt, r)
				keepLegato(s.Tracks[i].Notes, t.Notes)
			}
			sh.express(t, r)
			sh.noises(t, stream(s.Seed, "noise/"+t.Name))
		}
	}
	return &out
}

// shape is what every player of one song shares: the feel, the tempo, the
// phrases and the band's common wander.
type shape struct {
	s        *score.Score
	f        style.Feel
	msBeat   float64   // beats per millisecond
	bpb      float64   // beats per bar
	phrases  []float64 // phrase starts in beats, ending with the song's end
	band     []float64 // the band's common wander per phrase, ms
	sections []float64 // section starts in beats, ending with the song's end
	tight    float64   // scale of timing offsets at this tempo (see newShape)
	ritFrom  float64   // where the final ritardando starts, beats (see ritard)
	ritDepth float64   // how much the tempo slows by the last downbeat (0: no ritardando)
	// clocked is the performed score once it has a tempo map (tempo.go):
	// the map then carries the phrase rubato and the final ritardando.
	clocked *score.Score
	curved  []bool // per phrase: the tempo map breathes in it (tempo.go)
}

// clock is where written beat b is played under the tempo map, in clock
// beats (b without a map).
func (sh *shape) clock(b float64) float64 {
	if sh.clocked == nil {
		return b
	}
	return sh.clocked.Clock(b)
}

// RitardRubato is the least rubato (Feel.Rubato, ms) of a style that ends
// its songs with a ritardando: classical, cinematic, chant, calm styles,
// ballads.
const RitardRubato = 18.0

// ritBars is the length of the final ritardando, in bars before the last
// downbeat.
const ritBars = 2

// phraseBars is the length of a phrase inside a section.
const phraseBars = 4

func newShape(s *score.Score, f style.Feel) *shape {
	sh := &shape{s: s, f: f, msBeat: s.BPM / 60000, bpb: float64(max(1, s.BeatsPerBar))}
	// Players are tighter in milliseconds at fast tempos: the scatter,
	// wander and pushes shrink above 110 bpm, to 70 % at 157 bpm.
	sh.tight = min(1, max(0.7, 110/s.BPM))
	end := s.TotalBeats
	for _, sec := range s.Sections {
		sh.sections = append(sh.sections, sec.StartBeat)
		for b := 0; b < sec.Bars; b += phraseBars {
			if b > 0 && sec.Bars-b < 2 {
				break // a one-bar remainder ends the phrase before it
			}
			sh.phrases = append(sh.phrases, sec.StartBeat+float64(b)*sh.bpb)
		}
	}
	if len(sh.phrases) == 0 {
		for b := 0.0; b < end; b += phraseBars * sh.bpb {
			sh.phrases = append(sh.phrases, b)
		}
	}
	if f.Rubato >= RitardRubato && !s.Loop && len(s.Marks) == 0 && end >= 4*sh.bpb { // hit points keep a steady tempo
		// The tempo slows by up to a quarter over the last two bars; less
		// in a song under 16 bars, where they are much of the song.
		sh.ritDepth = min(0.25, f.Rubato/100) * min(1, end/sh.bpb/16)
		sh.ritFrom = end - (ritBars+1)*sh.bpb
	}
	sh.phrases = append(sh.phrases, end)
	sh.sections = append(sh.sections, end)
	r := stream(s.Seed, "band")
	sh.band = make([]float64, len(sh.phrases))
	for i := range sh.band {
		sh.band[i] = gauss(r) * f.Drift * 0.5 * sh.tight
	}
	return sh
}

// phrase returns the phrase holding beat b and how far through it b is
// (0 at its start, 1 at its end).
func (sh *shape) phrase(b float64) (int, float64) {
	i, _ := slices.BinarySearch(sh.phrases, b)
	if i >= len(sh.phrases) || sh.phrases[i] > b {
		i--
	}
	i = min(max(i, 0), len(sh.phrases)-2)
	if i < 0 {
		return 0, 0
	}
	lo, hi := sh.phrases[i], sh.phrases[i+1]
	return i, min(1, max(0, (b-lo)/max(hi-lo, 1e-9)))
}

// rubato is the ensemble's common lag at beat b, ms: it grows into a
// phrase end, holds the next phrase's downbeat back and catches up over
// the first half of that phrase. The song's last phrase slows the most.
func (sh *shape) rubato(b float64) float64 {
	r := sh.f.Rubato
	if r == 0 {
		return 0
	}
	i, x := sh.phrase(b)
	if i < len(sh.curved) && sh.curved[i] {
		return 0 // the tempo map breathes instead
	}
	last := i == len(sh.phrases)-2
	var lag float64
	if i > 0 && x < 0.5 {
		lag = r * 0.5 * (1 + math.Cos(math.Pi*x/0.5))
	}
	if x > 0.7 {
		y := (x - 0.7) / 0.3
		end := r
		if last {
			end = 1.6 * r
		}
		lag = max(lag, end*y*y)
	}
	return lag
}

// ritard is how late beat b is played in the song's final ritardando, ms:
// the tempo slows evenly from ritFrom to the last downbeat, to 1-ritDepth
// of itself, so each beat comes a little later than the one before; the
// last downbeat (the final chord, a fermata over the tail) comes the
// latest, and what follows it keeps that delay.
func (sh *shape) ritard(b float64) float64 {
	if sh.ritDepth == 0 || b <= sh.ritFrom || sh.clocked != nil {
		return 0
	}
	span := ritBars * sh.bpb
	u := min(b-sh.ritFrom, span)
	d := sh.ritDepth
	beats := -span/d*math.Log(1-d*u/span) - u
	return beats / sh.msBeat
}

// player is one musician: a slow wander of its own and its own random
// stream.
type player struct {
	sh    *shape
	r     *prng.SplitMix
	trend []float64 // per phrase, ms
	walk  []float64 // per bar, ms
	lag   float64   // ms behind the beat on top of the part's push (Feel.PianoLag)
}

func (sh *shape) player(name string, index int) *player {
	p := &player{sh: sh, r: stream(sh.s.Seed, name+"#"+strconv.Itoa(index))}
	d := sh.f.Drift * 0.6 * sh.tight
	p.trend = make([]float64, len(sh.phrases))
	for i := range p.trend {
		p.trend[i] = gauss(p.r) * d
	}
	bars := int(sh.s.TotalBeats/sh.bpb) + 2
	p.walk = make([]float64, bars)
	w := gauss(p.r)
	for i := range p.walk {
		w = 0.6*w + 0.8*gauss(p.r)
		p.walk[i] = w * d
	}
	return p
}

// drift is the player's own wander and the band's at beat b, ms.
func (p *player) drift(b float64) float64 {
	i, _ := p.sh.phrase(b)
	bar := b / p.sh.bpb
	j := min(max(int(bar), 0), len(p.walk)-2)
	frac := min(1, max(0, bar-float64(j)))
	return p.trend[i] + p.sh.band[i] + p.walk[j]*(1-frac) + p.walk[j+1]*frac
}

// jitter is one note's own scatter, ms, scaled by k; downbeats scatter
// less.
func (p *player) jitter(b, k float64) float64 {
	if p.sh.onBeat(b) && isZero(math.Mod(b, p.sh.bpb)) {
		k *= 0.5
	}
	return gauss(p.r) * p.sh.f.Spread * k * p.sh.tight
}

// place is where a note performed at beat b starts: a note pushed ahead of
// the song's first beat starts at 0, except in a loop, where it is played
// at the end of the loop (its sound wraps into the start with the tails),
// so the seam stays as loose as every other downbeat.
func (sh *shape) place(b float64) float64 {
	switch {
	case b >= 0:
		return b
	case sh.s.Loop:
		return b + sh.s.TotalBeats
	}
	return 0
}

// toBeats converts a time offset in ms to beats.
func (sh *shape) toBeats(ms float64) float64 { return ms * sh.msBeat }

// onBeat reports whether b lies on a beat.
func (sh *shape) onBeat(b float64) bool { return isZero(b - math.Round(b)) }

func isZero(x float64) bool { return math.Abs(x) < 1e-6 }

// loosened returns composed position b with its swing relaxed for a fast
// tempo (Feel.Loosen): a swung off-beat eighth (written with the score's
// swing or as the last triplet) and a swung sixteenth move toward straight.
func (sh *shape) loosened(b float64) float64 {
	sw := sh.s.Swing
	if sh.f.Loosen == 0 || sw == 0 || sh.s.Subdivision == 3 || sh.s.BPM <= 140 {
		return b
	}
	ratio := 1 - sh.f.Loosen*min(1, (sh.s.BPM-140)/80)
	beat := math.Floor(b)
	fr := b - beat
	switch {
	case fr > 0.5+1e-6 && fr < 0.7:
		return beat + 0.5 + (fr-0.5)*ratio
	case isZero(fr - 0.25 - sw/12):
		return beat + 0.25 + (fr-0.25)*ratio
	case isZero(fr - 0.75 - sw/12):
		return beat + 0.75 + (fr-0.75)*ratio
	}
	return b
}

// stream returns the random stream named name for seed.
func stream(seed uint64, name string) *prng.SplitMix {
	h := fnv.New64a()
	h.Write([]byte("perform/" + name))
	r := prng.New(seed ^ h.Sum64())
	r.Uint64()
	return &r
}

// gauss returns a standard normal value clipped to ±2.5 (Box-Muller).
func gauss(r *prng.SplitMix) float64 {
	u := max(r.Float64(), 1e-12)
	v := r.Float64()
	g := math.Sqrt(-2*math.Log(u)) * math.Cos(2*math.Pi*v)
	return min(2.5, max(-2.5, g))
}
