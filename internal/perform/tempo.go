package perform

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// fermata is how much longer the final bar lasts in a song that ends with
// a ritardando: its tempo is this much slower again than the ritardando's
// last.
const fermata = 0.2

// tempoMap returns the performed tempo map of the song, one change per
// beat, or nil for a steady tempo: a loop, or a style without phrase
// rubato (Feel.PhraseTempo) or final ritardando. Each phrase presses a
// little toward its climax and broadens into its cadence, at the feel's
// depth (scattered per phrase), and lasts exactly as long as at the
// written tempo, so phrase starts (every section start) keep their time
// and the tempo a listener taps is the one asked. The last bars slow by
// ritDepth and the final chord is held longer (a fermata), within half
// the song's release tail.
func (sh *shape) tempoMap() []score.TempoChange {
	s := sh.s
	if s.Loop || len(s.Marks) > 0 || sh.f.PhraseTempo == 0 && sh.ritDepth == 0 { // hit points: the engine's map
		return nil
	}
	beats := int(math.Ceil(s.TotalBeats - 1e-9))
	if beats < 2 {
		return nil
	}
	factor := make([]float64, beats) // tempo per beat, relative to BPM
	for i := range factor {
		factor[i] = 1
	}
	if a := sh.f.PhraseTempo * min(1, 100/s.BPM); a > 0 { // less rubato at a quicker tempo
		r := stream(s.Seed, "tempo")
		sh.curved = make([]bool, len(sh.phrases))
		for i := 0; i+1 < len(sh.phrases); i++ {
			to := sh.phrases[i+1]
			if sh.ritDepth > 0 {
				to = min(to, sh.ritFrom) // the ritardando takes over
			}
			sh.curved[i] = sh.phraseCurve(factor, sh.phrases[i], to, a*(0.8+0.4*r.Float64()), 0.45+0.2*r.Float64())
		}
	}
	sh.ritardCurve(factor)
	out := make([]score.TempoChange, 0, beats)
	for i, f := range factor {
		if i > 0 && math.Abs(f-factor[i-1]) < 1e-9 {
			continue
		}
		out = append(out, score.TempoChange{Beat: float64(i), BPM: s.BPM * f})
	}
	if len(out) == 1 && out[0].BPM == s.BPM {
		return nil
	}
	return out
}

// phraseCurve sets the tempo of the beats in [from, to): pressing a
// little toward the phrase's climax (at peak, over a fifth of the phrase
// either side, up to press of the depth) and broadening into its cadence
// (over its last beats, the slowest last), the whole moving by about
// depth, then scaled so the phrase lasts as written. Most beats stay at
// the tempo (a hair quicker, paying for the cadence), so the tempo a
// listener taps over the phrase is the one asked. It reports whether it
// did: a phrase of a bar or two keeps the tempo (and breathes with the
// players' lag, shape.rubato).
func (sh *shape) phraseCurve(factor []float64, from, to, depth, peak float64) bool {
	lo, hi := int(math.Ceil(from-1e-9)), min(len(factor), int(math.Ceil(to-1e-9)))
	n := hi - lo
	if float64(n) < max(8, 3*sh.bpb) {
		return false
	}
	const press, width = 0.4, 0.2
	amp := depth / (1 + press)
	tail := max(2, int(math.Round(0.15*float64(n))))
	dur := 0.0
	for b := lo; b < hi; b++ {
		x := (float64(b-lo) + 0.5) / float64(n)
		g := 0.0
		if d := math.Abs(x - peak); d < width {
			g = press * 0.5 * (1 + math.Cos(math.Pi*d/width))
		}
		if j := hi - 1 - b; j < tail {
			g = -float64(tail-j) / float64(tail)
		}
		factor[b] = 1 + amp*g
		dur += 1 / factor[b]
	}
	k := dur / float64(n) // the phrase lasts as written
	for b := lo; b < hi; b++ {
		factor[b] *= k
	}
	return true
}

// ritardCurve slows the last bars by ritDepth (linearly in tempo, as the
// feel layer's ritard did) and holds the final bar longer (a fermata): as
// much as the release tail has to spare beyond the ritardando, at most
// fermata.
func (sh *shape) ritardCurve(factor []float64) {
	if sh.ritDepth == 0 {
		return
	}
	span := ritBars * sh.bpb
	last := sh.ritFrom + span // the final downbeat
	delay, held := 0.0, 0.0   // beats the end comes later; beats of the final bar
	for b := range factor {
		x := float64(b) + 0.5
		switch {
		case x <= sh.ritFrom:
		case x < last:
			factor[b] = 1 - sh.ritDepth*(x-sh.ritFrom)/span
		default:
			factor[b] = 1 - sh.ritDepth
			held++
		}
		delay += 1/factor[b] - 1
	}
	if held == 0 {
		return
	}
	spare := sh.s.TailSeconds*0.5*sh.s.BPM/60 - delay
	slow := 1 / (1 - fermata)
	if extra := held / (1 - sh.ritDepth) * (slow - 1); extra > spare {
		slow = 1 + max(0, spare)/(held/(1-sh.ritDepth))
	}
	for b := range factor {
		if float64(b)+0.5 >= last {
			factor[b] /= slow
		}
	}
}
