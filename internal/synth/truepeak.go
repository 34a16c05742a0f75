package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// tpTaps is the number of input samples each interpolated point depends on.
const tpTaps = 12

// tpBefore and tpAfter are how many frames before and after a frame its
// interpolated points depend on.
const (
	tpBefore = tpTaps/2 - 1
	tpAfter  = tpTaps / 2
)

// tpPhases holds the 4x polyphase interpolation filter (phases 1..3; phase
// 0 is the input sample itself, since the windowed sinc is a Nyquist filter).
var tpPhases = func() (p [3][tpTaps]float64) {
	// Kaiser-windowed sinc, cutoff at the input Nyquist, 48 taps at 4x.
	// History slot k holds the input sample at time k-(tpTaps/2-1) relative
	// to the current frame; phase ph interpolates at time ph/4.
	const beta = 5.0
	for ph := 1; ph < 4; ph++ {
		sum := 0.0
		for k := range tpTaps {
			x := float64(k-(tpTaps/2-1)) - float64(ph)/4
			sinc := 1.0
			if x != 0 {
				sinc = math.Sin(math.Pi*x) / (math.Pi * x)
			}
			r := x / (tpTaps / 2)
			w := bessel0(beta*math.Sqrt(math.Max(0, 1-r*r))) / bessel0(beta)
			p[ph-1][k] = sinc * w
			sum += sinc * w
		}
		for k := range tpTaps {
			p[ph-1][k] /= sum
		}
	}
	return p
}()

// tpKernel is tpPhases folded around the window centre: with
// s[k] = h[k]+h[11-k] and d[k] = h[k]-h[11-k], phase 2 (the half-sample
// point, a symmetric filter) is mid·s, and phases 1 and 3 (mirror images
// of each other) are even·s ± odd·d. This needs 18 products instead of 36.
var tpKernel = func() (k struct{ even, odd, mid [tpTaps / 2]float64 }) {
	for i := range tpTaps / 2 {
		j := tpTaps - 1 - i
		k.even[i] = (tpPhases[0][i] + tpPhases[0][j]) / 2
		k.odd[i] = (tpPhases[0][i] - tpPhases[0][j]) / 2
		k.mid[i] = tpPhases[1][i]
	}
	return k
}()

// tpGain bounds how far any interpolated point can exceed the largest
// absolute input sample in its window: the largest L1 norm of a phase,
// padded for rounding. A window whose samples all stay below x/tpGain
// cannot produce a true peak of x or more.
var tpGain = func() float64 {
	g := 1.0
	for _, ph := range tpPhases {
		s := 0.0
		for _, c := range ph {
			s += math.Abs(c)
		}
		g = math.Max(g, s)
	}
	return g * (1 + 1e-6)
}()

// bessel0 is the zeroth-order modified Bessel function of the first kind.
func bessel0(x float64) float64 {
	s, t := 1.0, 1.0
	for k := 1; k < 30; k++ {
		t *= (x / (2 * float64(k))) * (x / (2 * float64(k)))
		s += t
	}
	return s
}

// tpChunk is the frame granularity of truePeakFrames; it equals
// analysisChunk so per-chunk peaks fall out of the same pass.
const tpChunk = analysisChunk

// truePeakFrames writes into dst, for every frame n of an interleaved
// buffer with ch channels (the first two are measured), the true peak of
// the frame: the largest absolute value among the sample itself and the
// three 4x-interpolated points after it. It also writes the maximum of
// every tpChunk frames into chunkPeak (when non-nil) and returns the
// overall maximum.
//
// Only values at or above thr are guaranteed exact. A chunk whose input
// window cannot reach thr (bounded through tpGain) gets its largest sample
// instead: no true peak there reaches thr, and neither does that value.
// So any decision of the form "is g*peak above c" with g*thr <= c, and the
// overall maximum when thr is at most the sample peak, come out exactly as
// with a full measurement. thr <= 0 measures everything.
func truePeakFrames(s []float32, ch int, dst, chunkPeak []float32, thr float64) float64 {
	frames := len(s) / ch
	nch := min(ch, 2)
	lim := float32(thr / tpGain)
	if thr <= 0 {
		lim = -1
	}
	var win [2][tpChunk + tpTaps - 1]float64
	best := float32(0)
	nc := (frames + tpChunk - 1) / tpChunk
	// Sample maxima of the previous, current and next chunk bound the
	// window of every frame in the current chunk (tpAfter < tpChunk).
	chunkMax := func(c int) float32 {
		if c < 0 || c >= nc {
			return 0
		}
		var m float32
		for _, v := range s[c*tpChunk*ch : min(frames, (c+1)*tpChunk)*ch] {
			if a := abs32(v); a > m {
				m = a
			}
		}
		return m
	}
	prev, cur, next := float32(0), chunkMax(0), chunkMax(1)
	for c := range nc {
		if c > 0 {
			prev, cur, next = cur, next, chunkMax(c+1)
		}
		lo := c * tpChunk
		hi := min(frames, lo+tpChunk)
		var cp float32
		if max(prev, cur, next) < lim {
			// Nothing here can reach thr: store the sample maximum,
			// a value below thr that the caller's decisions ignore.
			cp = cur
			for n := lo; n < hi; n++ {
				dst[n] = cur
			}
		} else {
			// Gather the window (zero outside the buffer) per channel.
			for c := range nch {
				w := &win[c]
				for i := range w {
					f := lo - tpBefore + i
					v := 0.0
					if f >= 0 && f < frames {
						v = float64(s[f*ch+c])
					}
					w[i] = v
				}
			}
			for n := lo; n < hi; n++ {
				i := n - lo
				p := tpWindow((*[tpTaps]float64)(win[0][i : i+tpTaps]))
				if nch == 2 {
					if q := tpWindow((*[tpTaps]float64)(win[1][i : i+tpTaps])); q > p {
						p = q
					}
				}
				dst[n] = float32(p)
				if float32(p) > cp {
					cp = float32(p)
				}
			}
		}
		if chunkPeak != nil {
			chunkPeak[c] = cp
		}
		best = max(best, cp)
	}
	return float64(best)
}

// tpWindow returns the true peak between h[tpBefore] and h[tpBefore+1]:
// the larger of |h[tpBefore]| and the three interpolated points.
func tpWindow(h *[tpTaps]float64) float64 {
	k := &tpKernel
	s0, d0 := h[0]+h[11], h[0]-h[11]
	s1, d1 := h[1]+h[10], h[1]-h[10]
	s2, d2 := h[2]+h[9], h[2]-h[9]
	s3, d3 := h[3]+h[8], h[3]-h[8]
	s4, d4 := h[4]+h[7], h[4]-h[7]
	s5, d5 := h[5]+h[6], h[5]-h[6]
	mid := k.mid[0]*s0 + k.mid[1]*s1 + k.mid[2]*s2 + k.mid[3]*s3 + k.mid[4]*s4 + k.mid[5]*s5
	e := k.even[0]*s0 + k.even[1]*s1 + k.even[2]*s2 + k.even[3]*s3 + k.even[4]*s4 + k.even[5]*s5
	o := k.odd[0]*d0 + k.odd[1]*d1 + k.odd[2]*d2 + k.odd[3]*d3 + k.odd[4]*d4 + k.odd[5]*d5
	p := math.Abs(h[5])
	if a := math.Abs(mid); a > p {
		p = a
	}
	if a := math.Abs(e + o); a > p {
		p = a
	}
	if a := math.Abs(e - o); a > p {
		p = a
	}
	return p
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// TruePeak returns the maximum true-peak level of a buffer in dBTP, found on
// a 4x oversampled signal (BS.1770-4 Annex 2). It returns -Inf for silence.
func TruePeak(b *audio.Buffer) float64 {
	if b == nil || b.Channels < 1 || len(b.Samples) == 0 {
		return math.Inf(-1)
	}
	pk := truePeakMax(b.Samples, b.Channels)
	if pk == 0 {
		return math.Inf(-1)
	}
	return gainToDB(pk)
}

// truePeakMax returns the exact linear true peak of an interleaved buffer:
// only windows that could beat the largest sample are interpolated.
func truePeakMax(s []float32, ch int) float64 {
	frames := len(s) / ch
	nch := min(ch, 2)
	var sp float32
	for n := range frames {
		for c := range nch {
			sp = max(sp, abs32(s[n*ch+c]))
		}
	}
	if sp == 0 {
		return 0
	}
	const piece = 1 << 12
	tmp := make([]float32, piece+tpTaps)
	pk := 0.0
	for start := 0; start < frames; start += piece {
		end := min(frames, start+piece)
		// Pieces are measured with their full filter support, so splitting
		// changes nothing.
		a, b := max(0, start-tpBefore), min(frames, end+tpAfter)
		seg := s[a*ch : b*ch]
		d := tmp[:b-a]
		truePeakFrames(seg, ch, d, nil, float64(sp))
		for _, v := range d[start-a : end-a] {
			pk = max(pk, float64(v))
		}
	}
	return pk
}
