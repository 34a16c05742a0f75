// Package mixmeter measures a stereo mix the way issue 9 judges one:
// left/right correlation (whole mix and below a corner), loudness lost
// through a high-pass (a phone speaker), the share of a frequency band,
// short-term loudness over time and the loudness range (EBU Tech 3342).
// It is self-contained (its own BS.1770 K-weighting) so the same code can
// measure any version of the engine.
package mixmeter

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// biquad is a direct-form-I biquad in float64.
type biquad struct {
	b0, b1, b2, a1, a2 float64
	x1, x2, y1, y2     float64
}

func (f *biquad) tick(x float64) float64 {
	y := f.b0*x + f.b1*f.x1 + f.b2*f.x2 - f.a1*f.y1 - f.a2*f.y2
	f.x2, f.x1, f.y2, f.y1 = f.x1, x, f.y1, y
	return y
}

// rbj returns an RBJ-cookbook high-pass (hp) or low-pass biquad.
func rbj(hp bool, f0, q, rate float64) biquad {
	w := 2 * math.Pi * f0 / rate
	cw, sw := math.Cos(w), math.Sin(w)
	alpha := sw / (2 * q)
	a0 := 1 + alpha
	var b0, b1, b2 float64
	if hp {
		b0, b1, b2 = (1+cw)/2, -(1 + cw), (1+cw)/2
	} else {
		b0, b1, b2 = (1-cw)/2, 1-cw, (1-cw)/2
	}
	return biquad{b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: -2 * cw / a0, a2: (1 - alpha) / a0}
}

// kWeighting returns the BS.1770 K-weighting stages for a sample rate.
func kWeighting(rate float64) []biquad {
	f0, g, q := 1681.974450955533, 3.999843853973347, 0.7071752369554196
	k := math.Tan(math.Pi * f0 / rate)
	vh := math.Pow(10, g/20)
	vb := math.Pow(vh, 0.4996667741545416)
	a0 := 1 + k/q + k*k
	shelf := biquad{b0: (vh + vb*k/q + k*k) / a0, b1: 2 * (k*k - vh) / a0, b2: (vh - vb*k/q + k*k) / a0,
		a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	f0, q = 38.13547087602444, 0.5003270373238773
	k = math.Tan(math.Pi * f0 / rate)
	a0 = 1 + k/q + k*k
	hp := biquad{b0: 1, b1: -2, b2: 1, a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	return []biquad{shelf, hp}
}

// channels splits a buffer into float64 left and right (a mono buffer gives
// the same signal twice).
func channels(b *audio.Buffer) (l, r []float64) {
	n := b.Frames()
	l, r = make([]float64, n), make([]float64, n)
	for i := range n {
		l[i] = float64(b.Samples[i*b.Channels])
		r[i] = float64(b.Samples[i*b.Channels+b.Channels-1])
	}
	return l, r
}

func filter(x []float64, fs []biquad) []float64 {
	y := slices.Clone(x)
	for _, f := range fs {
		for i, v := range y {
			y[i] = f.tick(v)
		}
	}
	return y
}

// correlation is the Pearson correlation of two signals (1 for silence).
func correlation(l, r []float64) float64 {
	var sl, sr, sll, srr, slr float64
	for i := range l {
		sl += l[i]
		sr += r[i]
		sll += l[i] * l[i]
		srr += r[i] * r[i]
		slr += l[i] * r[i]
	}
	n := float64(len(l))
	cov := slr - sl*sr/n
	d := math.Sqrt((sll - sl*sl/n) * (srr - sr*sr/n))
	if d == 0 {
		return 1
	}
	return cov / d
}

// Correlation is the left/right correlation of the whole mix: 1 mono, 0
// unrelated channels, -1 out of phase.
func Correlation(b *audio.Buffer) float64 {
	l, r := channels(b)
	return correlation(l, r)
}

// LowCorrelation is the left/right correlation of the mix below hz (an
// eighth-order Butterworth low-pass, steep enough that a wide mix with
// little bass is not judged by what leaks from above): near 1 when the
// low end is centred.
func LowCorrelation(b *audio.Buffer, hz float64) float64 {
	rate := float64(b.Rate)
	lp := func() []biquad {
		return []biquad{rbj(false, hz, 0.5098, rate), rbj(false, hz, 0.6013, rate), rbj(false, hz, 0.9000, rate), rbj(false, hz, 2.5629, rate)}
	}
	l, r := channels(b)
	return correlation(filter(l, lp()), filter(r, lp()))
}

// blockPowers returns the mean K-weighted power (summed over channels) of
// windows of win seconds every hop seconds.
func blockPowers(l, r []float64, rate, win, hop float64) []float64 {
	kl, kr := filter(l, kWeighting(rate)), filter(r, kWeighting(rate))
	w, h := int(win*rate), int(hop*rate)
	if len(kl) < w || h <= 0 {
		return nil
	}
	// Prefix sums of the per-frame power make every window O(1).
	pre := make([]float64, len(kl)+1)
	for i := range kl {
		pre[i+1] = pre[i] + kl[i]*kl[i] + kr[i]*kr[i]
	}
	var out []float64
	for s := 0; s+w <= len(kl); s += h {
		out = append(out, (pre[s+w]-pre[s])/float64(w))
	}
	return out
}

func lufs(p float64) float64 { return -0.691 + 10*math.Log10(p) }

// integrated applies the BS.1770 gates to 400 ms block powers.
func integrated(blocks []float64) float64 {
	abs := math.Pow(10, (-70+0.691)/10)
	mean := func(gate float64) float64 {
		s, n := 0.0, 0
		for _, p := range blocks {
			if p > gate {
				s += p
				n++
			}
		}
		if n == 0 {
			return 0
		}
		return s / float64(n)
	}
	m := mean(abs)
	if m == 0 {
		return math.Inf(-1)
	}
	m = mean(math.Max(abs, m*0.1))
	if m == 0 {
		return math.Inf(-1)
	}
	return lufs(m)
}

// Loudness is the integrated loudness of a buffer in LUFS (BS.1770-4).
func Loudness(b *audio.Buffer) float64 {
	l, r := channels(b)
	return integrated(blockPowers(l, r, float64(b.Rate), 0.4, 0.1))
}

// HighPassLoss is how many LU the mix loses through a second-order
// Butterworth high-pass at hz (a small speaker at 200 Hz).
func HighPassLoss(b *audio.Buffer, hz float64) float64 {
	rate := float64(b.Rate)
	l, r := channels(b)
	before := integrated(blockPowers(l, r, rate, 0.4, 0.1))
	hl := filter(l, []biquad{rbj(true, hz, math.Sqrt2/2, rate)})
	hr := filter(r, []biquad{rbj(true, hz, math.Sqrt2/2, rate)})
	return before - integrated(blockPowers(hl, hr, rate, 0.4, 0.1))
}

// BandLoss is how many LU the mix loses when only the band lo..hi Hz is kept
// (fourth-order band-pass: two high-pass and two low-pass Butterworth
// stages): small for a present band.
func BandLoss(b *audio.Buffer, lo, hi float64) float64 {
	rate := float64(b.Rate)
	l, r := channels(b)
	before := integrated(blockPowers(l, r, rate, 0.4, 0.1))
	band := func() []biquad {
		return []biquad{rbj(true, lo, 0.5412, rate), rbj(true, lo, 1.3066, rate),
			rbj(false, hi, 0.5412, rate), rbj(false, hi, 1.3066, rate)}
	}
	return before - integrated(blockPowers(filter(l, band()), filter(r, band()), rate, 0.4, 0.1))
}

// ShortTermHop is the spacing in seconds of ShortTerm's values.
const ShortTermHop = 0.1

// ShortTerm returns the short-term loudness (3 s windows) every
// ShortTermHop seconds, in LUFS; value i covers i*hop .. i*hop+3 s.
func ShortTerm(b *audio.Buffer) []float64 {
	l, r := channels(b)
	ps := blockPowers(l, r, float64(b.Rate), 3, ShortTermHop)
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = lufs(p)
	}
	return out
}

// LRA is the loudness range in LU per EBU Tech 3342: the spread between
// the 10th and 95th percentiles of the gated short-term loudness.
func LRA(b *audio.Buffer) float64 { return lraShortTerm(ShortTerm(b)) }

// lraShortTerm is LRA from short-term loudness values.
func lraShortTerm(st []float64) float64 {
	var abs []float64
	for _, v := range st {
		if v > -70 {
			abs = append(abs, v)
		}
	}
	if len(abs) == 0 {
		return 0
	}
	s := 0.0
	for _, v := range abs {
		s += math.Pow(10, v/10)
	}
	gate := 10*math.Log10(s/float64(len(abs))) - 20
	var kept []float64
	for _, v := range abs {
		if v > gate {
			kept = append(kept, v)
		}
	}
	slices.Sort(kept)
	pct := func(p float64) float64 { return kept[int(math.Round(p*float64(len(kept)-1)))] }
	return pct(0.95) - pct(0.10)
}

// Median returns the median of the short-term values st whose 3 s windows
// lie inside from..to seconds, and false when none does.
func Median(st []float64, from, to float64) (float64, bool) {
	var in []float64
	for i, v := range st {
		t := float64(i) * ShortTermHop
		if t >= from && t+3 <= to {
			in = append(in, v)
		}
	}
	if len(in) == 0 {
		return 0, false
	}
	slices.Sort(in)
	return in[len(in)/2], true
}

// BreakdownDepth is how many LU the median short-term loudness (st, from
// ShortTerm) of s's breakdowns lies under that of its drops, on average
// (false when s has not both).
func BreakdownDepth(s *score.Score, st []float64) (float64, bool) {
	var drop, brk []float64
	for _, sec := range s.Sections {
		from := s.BeatToSeconds(sec.StartBeat)
		to := s.BeatToSeconds(sec.StartBeat + float64(sec.Bars*s.BeatsPerBar))
		m, ok := Median(st, from, to)
		if !ok {
			continue
		}
		switch sec.Name {
		case "drop":
			drop = append(drop, m)
		case "breakdown":
			brk = append(brk, m)
		}
	}
	if len(drop) == 0 || len(brk) == 0 {
		return 0, false
	}
	mean := func(x []float64) float64 {
		sum := 0.0
		for _, v := range x {
			sum += v
		}
		return sum / float64(len(x))
	}
	return mean(drop) - mean(brk), true
}

// BandCorrelation is the left/right correlation of the band lo..hi Hz of
// the mix (fourth-order Butterworth high-pass at lo and low-pass at hi; lo
// <= 0 for no high-pass, hi <= 0 for no low-pass), and the band's share of
// the mix's power in dB: a band under -60 dB holds next to nothing, and its
// correlation says little. Negative is anti-phase.
func BandCorrelation(b *audio.Buffer, lo, hi float64) (corr, share float64) {
	l, r := channels(b)
	return bandCorrelation(l, r, float64(b.Rate), lo, hi)
}

// bandCorrelation is BandCorrelation on two channels already split.
func bandCorrelation(l, r []float64, rate, lo, hi float64) (corr, share float64) {
	band := func() []biquad {
		var fs []biquad
		if lo > 0 {
			fs = append(fs, rbj(true, lo, 0.5412, rate), rbj(true, lo, 1.3066, rate))
		}
		if hi > 0 && hi < rate/2 {
			fs = append(fs, rbj(false, hi, 0.5412, rate), rbj(false, hi, 1.3066, rate))
		}
		return fs
	}
	bl, br := filter(l, band()), filter(r, band())
	var all, in float64
	for i := range l {
		all += l[i]*l[i] + r[i]*r[i]
		in += bl[i]*bl[i] + br[i]*br[i]
	}
	share = math.Inf(-1)
	if all > 0 && in > 0 {
		share = 10 * math.Log10(in/all)
	}
	return correlation(bl, br), share
}

// OctaveCorrelations are the left/right correlations of the octave bands
// of BandCentres (each centre/√2 .. centre·√2), in that order, with each
// band's share of the mix's power in dB (see BandCorrelation).
func OctaveCorrelations(b *audio.Buffer) (corr, share []float64) {
	for _, c := range BandCentres {
		k, s := BandCorrelation(b, c/math.Sqrt2, c*math.Sqrt2)
		corr, share = append(corr, k), append(share, s)
	}
	return corr, share
}

// StudyBands are the four bands of the reference study's per-band
// correlation (docs/reference-music.md): under 150 Hz, 150 Hz-1 kHz,
// 1-4 kHz and over 4 kHz, as lo, hi pairs for BandCorrelation.
var StudyBands = [][2]float64{{0, 150}, {150, 1000}, {1000, 4000}, {4000, 0}}
