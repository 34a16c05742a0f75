package mixmeter

import (
	"math"
	"math/cmplx"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/fft"
)

// Growth measures of issue 32 item 6 (/work/shared/music-reference.md's
// second study): how far a piece's level moves over tens of seconds, how
// deep its quiet moments go, and how much of it restates itself literally.
const (
	// LevelWindow is the RMS window of LevelRange in seconds.
	LevelWindow = 3.0
	// QuietFrame is the RMS frame of QuietDepth in seconds.
	QuietFrame = 0.05
	// RepeatSegment is the length of a RepeatShare segment in seconds.
	RepeatSegment = 2.0
	// RepeatGap is how far apart (seconds) two segments of RepeatShare
	// start at least.
	RepeatGap = 4.0
	// RepeatCorrelation is the correlation over which a segment counts as
	// a near-literal repeat (of the log band energies less each band's
	// mean over the excerpt, so that the song's constant spectral
	// balance does not make every segment repeat every other).
	RepeatCorrelation = 0.9
)

// silentDB is the level under which a window or frame is left out of the
// growth measures (digital silence before or after a song).
const silentDB = -90

// rmsDB returns the RMS level in dBFS of both channels over windows of
// win samples every hop samples; windows under silentDB are left out.
func rmsDB(l, r []float64, win, hop int) []float64 {
	if win <= 0 || hop <= 0 || len(l) < win {
		return nil
	}
	pre := make([]float64, len(l)+1)
	for i := range l {
		pre[i+1] = pre[i] + l[i]*l[i] + r[i]*r[i]
	}
	var out []float64
	for s := 0; s+win <= len(l); s += hop {
		p := (pre[s+win] - pre[s]) / float64(2*win)
		if d := 10 * math.Log10(p); d > silentDB {
			out = append(out, d)
		}
	}
	return out
}

// percentile is the p-th percentile (0..100, linear between ranks) of x.
func percentile(x []float64, p float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	pos := p / 100 * float64(len(s)-1)
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

// levelRange is the short-term level range in dB: the 95th minus the 10th
// percentile of the RMS level of LevelWindow windows every second.
func levelRange(l, r []float64, rate float64) float64 {
	st := rmsDB(l, r, int(LevelWindow*rate), int(rate))
	if len(st) == 0 {
		return 0
	}
	return percentile(st, 95) - percentile(st, 10)
}

// quietDepth is how far the quietest moments lie under the median in dB:
// the median minus the 5th percentile of the RMS level of QuietFrame
// frames.
func quietDepth(l, r []float64, rate float64) float64 {
	fr := rmsDB(l, r, int(QuietFrame*rate), int(QuietFrame*rate))
	if len(fr) == 0 {
		return 0
	}
	return percentile(fr, 50) - percentile(fr, 5)
}

// repeatBands is the number of log-spaced bands of repeatShare's
// spectrogram, from 60 Hz to 12 kHz.
const repeatBands = 24

// repeatShare is the share (0..1) of RepeatSegment segments (one every
// RepeatSegment seconds) whose highest Pearson correlation with any
// segment starting RepeatGap seconds or more away (every 0.1 s) is over
// RepeatCorrelation; segments are log energies in 24 bands (60 Hz-12
// kHz) of 0.1 s frames of the mid signal.
func repeatShare(l, r []float64, rate float64) float64 {
	spec := bandFrames(l, r, rate)
	centre(spec)
	const perSec = 10
	seg := int(RepeatSegment * perSec)
	gap := int(RepeatGap * perSec)
	if len(spec) < seg+gap {
		return 0
	}
	starts := len(spec) - seg + 1
	vecs := make([][]float64, starts)
	for s := range starts {
		v := make([]float64, 0, seg*repeatBands)
		for f := s; f < s+seg; f++ {
			v = append(v, spec[f]...)
		}
		vecs[s] = standardise(v)
	}
	n, hits := 0, 0
	for s := 0; s < starts; s += seg {
		n++
		for o := range starts {
			if abs(o-s) >= gap && dot(vecs[s], vecs[o]) > RepeatCorrelation {
				hits++
				break
			}
		}
	}
	return float64(hits) / float64(n)
}

// bandFrames is the log energy (dB) in repeatBands bands of 0.1 s frames
// (a Hann-windowed FFT of the mid signal, frames every 0.1 s).
func bandFrames(l, r []float64, rate float64) [][]float64 {
	hop := int(0.1 * rate)
	n := 4096
	for n < hop {
		n *= 2
	}
	edges := make([]int, repeatBands+1)
	for i := range edges {
		f := 60 * math.Pow(200, float64(i)/repeatBands) // 60 Hz .. 12 kHz
		edges[i] = min(n/2, int(math.Round(f*float64(n)/rate)))
	}
	win := make([]float64, hop)
	for i := range win {
		win[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(hop))
	}
	buf := make([]complex128, n)
	var out [][]float64
	for s := 0; s+hop <= len(l); s += hop {
		clear(buf)
		for i := range hop {
			buf[i] = complex((l[s+i]+r[s+i])/2*win[i], 0)
		}
		fft.Transform(buf, false)
		row := make([]float64, repeatBands)
		for b := range repeatBands {
			e := 1e-12
			for k := edges[b]; k < max(edges[b+1], edges[b]+1); k++ {
				a := cmplx.Abs(buf[k])
				e += a * a
			}
			row[b] = 10 * math.Log10(e)
		}
		out = append(out, row)
	}
	return out
}

// centre subtracts each band's mean over all frames from the band.
func centre(spec [][]float64) {
	if len(spec) == 0 {
		return
	}
	for b := range spec[0] {
		m := 0.0
		for _, row := range spec {
			m += row[b]
		}
		m /= float64(len(spec))
		for _, row := range spec {
			row[b] -= m
		}
	}
}

// standardise returns v with mean 0 and unit norm (so that a dot product
// of two is their Pearson correlation); a constant v becomes all zeros.
func standardise(v []float64) []float64 {
	m := 0.0
	for _, x := range v {
		m += x
	}
	m /= float64(len(v))
	ss := 0.0
	for i := range v {
		v[i] -= m
		ss += v[i] * v[i]
	}
	if ss > 0 {
		k := 1 / math.Sqrt(ss)
		for i := range v {
			v[i] *= k
		}
	}
	return v
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Growth returns the growth measures of the first seconds of b (of its
// first ExcerptSeconds at most): a song's music without its ring-out,
// which a 120 s excerpt of a longer reference track does not have.
// Measure computes the same figures on the whole excerpt.
func Growth(b *audio.Buffer, seconds float64) (rangeDB, depthDB, share float64) {
	l, r := channels(b)
	n := min(len(l), b.Rate.NSeconds(min(seconds, ExcerptSeconds)))
	l, r = l[:n], r[:n]
	rate := float64(b.Rate)
	return levelRange(l, r, rate), quietDepth(l, r, rate), repeatShare(l, r, rate)
}
