package analysis

import "math"

// Bounds of the tempo search, and the tempo prior: a log-normal weight
// centred on priorBPM, priorOctaves wide, that makes the tempo estimate
// prefer the metrical level listeners tap to (Ellis 2007).
const (
	MinBPM       = 30.0
	MaxBPM       = 300.0
	priorBPM     = 120.0
	priorOctaves = 1.0
	// combHarmonics is how many multiples of a period the tempo comb reads
	// from the autocorrelation.
	combHarmonics = 4
	// minOnsetPower is the smallest onset-envelope power a pulse is
	// measured against; songs have 50 and more, a held tone 0.005.
	minOnsetPower = 1.0
)

// Tempo is a pulse heard in a song.
type Tempo struct {
	// BPM is the pulse's tempo, from the beat tracker's beats (their
	// least-squares spacing) where it found enough, else from the comb.
	BPM float64
	// Strength is the comb's value at the pulse: the mean autocorrelation
	// of the onset envelope at its first combHarmonics multiples,
	// normalised by the envelope's power (0: no pulse; above about 0.1 a
	// clear one).
	Strength float64
	// Beats are the tracked beat times in seconds.
	Beats []float64
}

// onsetEnvelope returns the spectral flux of mono: the summed rise of the
// log-magnitude spectrum between onsetSize-point frames every onsetHop
// samples, less its one-second moving average.
func onsetEnvelope(mono []float64) []float64 {
	if len(mono) < onsetSize {
		return nil
	}
	n := (len(mono)-onsetSize)/onsetHop + 1
	flux := make([]float64, n)
	sp := newSpectra(onsetSize)
	prev := make([]float64, onsetSize/2)
	cur := make([]float64, onsetSize/2)
	frame := func(f int) []float64 { return mono[f*onsetHop : f*onsetHop+onsetSize] }
	rise := func(f int, mag []float64) {
		sum := 0.0
		for k := 1; k < len(mag); k++ {
			cur[k] = logish(100 * mag[k])
			if d := cur[k] - prev[k]; d > 0 && f > 0 {
				sum += d
			}
		}
		flux[f] = sum
		prev, cur = cur, prev
	}
	for f := 0; f < n; f += 2 {
		if f+1 < n {
			sp.magnitudes(frame(f), frame(f+1))
			rise(f, sp.ma)
			rise(f+1, sp.mb)
			continue
		}
		sp.magnitudes(frame(f), nil)
		rise(f, sp.ma)
	}
	return detrend(flux, int(math.Round(analysisRate/onsetHop)))
}

// logish is a fast ln(1+x) for x >= 0, within 0.01 of it: the onset
// envelope takes millions and needs only their rises.
func logish(x float64) float64 {
	y := 1 + x
	bits := math.Float64bits(y)
	e := float64(int(bits>>52&0x7ff) - 1023)
	m := math.Float64frombits(bits&^(0x7ff<<52)|1023<<52) - 1 // mantissa - 1 in [0, 1)
	// ln(1+m) on [0, 1) by a cubic fit.
	return e*math.Ln2 + m*(0.9991150-m*(0.4899597-m*0.1806104))
}

// detrend subtracts the centred moving average of width w from x.
func detrend(x []float64, w int) []float64 {
	out := make([]float64, len(x))
	pre := make([]float64, len(x)+1)
	for i, v := range x {
		pre[i+1] = pre[i] + v
	}
	for i := range x {
		lo, hi := max(0, i-w/2), min(len(x), i+w/2+1)
		out[i] = x[i] - (pre[hi]-pre[lo])/float64(hi-lo)
	}
	return out
}

// autocorr returns the autocorrelation of x for lags 0..maxLag, each lag
// normalised by its overlap and the whole by lag 0.
func autocorr(x []float64, maxLag int) []float64 {
	maxLag = min(maxLag, len(x)-1)
	if maxLag < 1 {
		return nil
	}
	r := make([]float64, maxLag+1)
	for l := range r {
		s := 0.0
		for i := l; i < len(x); i++ {
			s += x[i] * x[i-l]
		}
		r[l] = s / float64(len(x)-l)
	}
	// Below minOnsetPower the envelope is numerical noise (a held
	// tone's): normalising by it would find a pulse in nothing.
	r0 := math.Max(r[0], minOnsetPower)
	for l := range r {
		r[l] /= r0
	}
	return r
}

// comb is the tempo strength of a period of p frames: the mean
// autocorrelation at p, 2p ... combHarmonics·p (linearly interpolated),
// over the multiples inside r.
func comb(r []float64, p float64) float64 {
	s, n := 0.0, 0
	for k := 1; k <= combHarmonics; k++ {
		l := p * float64(k)
		i := int(l)
		if i+1 >= len(r) {
			break
		}
		fr := l - float64(i)
		s += r[i]*(1-fr) + r[i+1]*fr
		n++
	}
	if n == 0 {
		return 0
	}
	return s / float64(n)
}

// strengths returns the autocorrelation of the onset envelope and a
// function giving the comb's strength at a tempo.
func (a *Analysis) strengths() (func(bpm float64) float64, bool) {
	if a.fps <= 0 || len(a.onset) < 4 {
		return nil, false
	}
	maxLag := int(math.Ceil(a.fps*60/MinBPM)) * 2
	r := autocorr(a.onset, maxLag)
	if r == nil {
		return nil, false
	}
	return func(bpm float64) float64 { return comb(r, a.fps*60/bpm) }, true
}

// Tempo returns the song's dominant pulse: the tempo between MinBPM and
// MaxBPM whose comb strength, weighted by the tempo prior, is greatest.
// It is what a tempo tracker that does not know the written tempo
// reports; the zero Tempo when the song has no pulse at all.
func (a *Analysis) Tempo() Tempo {
	s, ok := a.strengths()
	if !ok {
		return Tempo{}
	}
	best, bestW := 0.0, 0.0
	for b := MinBPM; b <= MaxBPM; b *= 1.002 {
		lg := math.Log2(b/priorBPM) / priorOctaves
		if w := s(b) * math.Exp(-0.5*lg*lg); w > bestW {
			best, bestW = b, w
		}
	}
	if best == 0 {
		return Tempo{}
	}
	return a.refine(s, best)
}

// TempoNear returns the strongest pulse within a fraction tol of bpm
// (0.06: six per cent either side), the tempo of that metrical level as
// played; ok is false when there is no peak of the comb inside the window
// (only rising or falling strength: the pulse is elsewhere).
func (a *Analysis) TempoNear(bpm, tol float64) (t Tempo, ok bool) {
	s, okS := a.strengths()
	if !okS || bpm <= 0 {
		return Tempo{}, false
	}
	lo, hi := bpm*(1-tol), bpm*(1+tol)
	best, bestS := 0.0, math.Inf(-1)
	for b := lo; b <= hi; b *= 1.001 {
		if v := s(b); v > bestS {
			best, bestS = b, v
		}
	}
	// A peak, not the window's edge on a slope toward a stronger pulse.
	if best < lo*1.002 || best > hi/1.002 || bestS <= 0 {
		return Tempo{}, false
	}
	return a.refine(s, best), true
}

// refine tracks the beats at tempo bpm and measures the tempo from their
// spacing.
func (a *Analysis) refine(s func(float64) float64, bpm float64) Tempo {
	t := Tempo{BPM: bpm, Strength: s(bpm)}
	beats := trackBeats(a.onset, a.fps*60/bpm)
	if len(beats) >= 8 {
		if p := beatPeriod(beats); p > 0 && math.Abs(60*a.fps/p/bpm-1) < 0.03 {
			t.BPM = 60 * a.fps / p
		}
	}
	t.Beats = make([]float64, len(beats))
	for i, b := range beats {
		t.Beats[i] = float64(b) / a.fps
	}
	return t
}
