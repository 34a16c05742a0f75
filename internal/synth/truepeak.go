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
	for ph := 1; ph < 4; ph++ {
		p[ph-1] = tpPhase(float64(ph) / 4)
	}
	return p
}()

// tpPhase is the interpolation filter at fraction at (0 to 1) of a sample
// after the current frame: a Kaiser-windowed sinc, cutoff at the input
// Nyquist, 48 taps at 4x. History slot k holds the input sample at time
// k-(tpTaps/2-1) relative to the current frame.
func tpPhase(at float64) (h [tpTaps]float64) {
	const beta = 5.0
	sum := 0.0
	for k := range tpTaps {
		x := float64(k-(tpTaps/2-1)) - at
		sinc := 1.0
		if x != 0 {
			sinc = math.Sin(math.Pi*x) / (math.Pi * x)
		}
		r := x / (tpTaps / 2)
		w := bessel0(beta*math.Sqrt(math.Max(0, 1-r*r))) / bessel0(beta)
		h[k] = sinc * w
		sum += sinc * w
	}
	for k := range tpTaps {
		h[k] /= sum
	}
	return h
}

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
	for _, ph := range tpFinePhases {
		s := 0.0
		for _, c := range ph {
			s += math.Abs(c)
		}
		g = math.Max(g, s)
	}
	return g * (1 + 1e-6)
}()

// tpFineSteps is how finely a frame whose 4x true peak comes near what
// is measured is interpolated again: at 16x, as the continuous true peak
// ffmpeg's ebur128 reads (the 4x grid missed up to 0.2 dB of a sharp
// peak between its points: afrobeats seed 2 read -3.00 dBTP, ffmpeg
// -2.8, a 16x measure -2.82).
const tpFineSteps = 16

// tpFineNear is how close to the threshold (as a factor) a frame's 4x
// true peak, or the next frame's sample, must come for the frame to be
// interpolated at tpFineSteps: a peak between two points a quarter
// sample apart stands at most 1/cos(pi/8) (0.69 dB) above them for a tone
// at the Nyquist frequency; the factor leaves room for sums of tones.
const tpFineNear = 0.9

// tpFinePhases holds the interpolation filter at every 16x phase (phase
// 0 unused: the sample itself), designed as tpPhases.
var tpFinePhases = func() (p [tpFineSteps][tpTaps]float64) {
	for ph := 1; ph < tpFineSteps; ph++ {
		p[ph] = tpPhase(float64(ph) / tpFineSteps)
	}
	return p
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

// truePeakFrames writes into dst (when non-nil), for every frame n of an
// interleaved buffer with ch channels (the first two are measured), the
// true peak of the frame: the largest absolute value among the sample
// itself and the three 4x-interpolated points after it, and the 16x ones
// (tpFine) where those or the next sample come near thr (tpFineNear). It
// also writes the maximum of every tpChunk frames into chunkPeak (when
// non-nil) and returns the overall maximum.
//
// Only values at or above thr are guaranteed exact. A chunk whose input
// window cannot reach thr (bounded through tpGain) gets its largest sample
// instead: no true peak there reaches thr, and neither does that value.
// So any decision of the form "is g*peak above c" with g*thr <= c, and the
// overall maximum when thr is at most the sample peak, come out exactly as
// with a full measurement. thr <= 0 measures everything.
func truePeakFrames(s []float32, ch int, dst, chunkPeak []float32, thr float64) float64 {
	t := newTPScan(s, ch, thr)
	best := float32(0)
	// Sample maxima of the previous, current and next chunk bound the
	// window of every frame in the current chunk (tpAfter < tpChunk).
	prev, cur, next := float32(0), t.sampleMax(0), t.sampleMax(1)
	for c := range t.nc {
		if c > 0 {
			prev, cur, next = cur, next, t.sampleMax(c+1)
		}
		var d []float32
		if dst != nil {
			d = dst[c*tpChunk:]
		}
		cp := t.chunk(c, prev, cur, next, d)
		if chunkPeak != nil {
			chunkPeak[c] = cp
		}
		best = max(best, cp)
	}
	return float64(best)
}

// tpScan measures the per-frame true peaks of an interleaved buffer one
// tpChunk at a time, exactly as truePeakFrames does for a threshold, so a
// caller can measure the chunks it needs when it needs them.
type tpScan struct {
	s          []float32
	ch, nch    int
	frames, nc int
	lim        float32 // chunks whose windows stay below lim cannot reach thr
	near       float32 // frames whose 4x true peak reaches near are measured at 16x
}

func newTPScan(s []float32, ch int, thr float64) tpScan {
	frames := len(s) / ch
	lim, near := float32(thr/tpGain), float32(thr*tpFineNear)
	if thr <= 0 {
		lim, near = -1, -1
	}
	return tpScan{s: s, ch: ch, nch: min(ch, 2), frames: frames, nc: (frames + tpChunk - 1) / tpChunk, lim: lim, near: near}
}

// sampleMax returns the largest absolute sample (all channels) of chunk c,
// or 0 outside the buffer. Absolute floats order like their bit patterns,
// so the maximum needs no branches.
func (t *tpScan) sampleMax(c int) float32 {
	if c < 0 || c >= t.nc {
		return 0
	}
	return math.Float32frombits(absMaxBits(t.s[c*tpChunk*t.ch : min(t.frames, (c+1)*tpChunk)*t.ch]))
}

// absMaxBitsGo returns the largest float32 bit pattern of |s[i]| (0 for
// an empty s). Absolute floats order like their bit patterns, so the
// maximum needs no branches. It is absMaxBits where no vector version
// exists, and the reference the vector version is tested against.
func absMaxBitsGo(s []float32) uint32 {
	var m uint32
	for _, v := range s {
		m = max(m, math.Float32bits(v)&^(1<<31))
	}
	return m
}

// chunk measures chunk c, given the sample maxima of chunks c-1, c and c+1:
// it writes the per-frame values into dst (when non-nil) and returns their
// maximum.
func (t *tpScan) chunk(c int, prev, cur, next float32, dst []float32) float32 {
	lo := c * tpChunk
	hi := min(t.frames, lo+tpChunk)
	if max(prev, cur, next) < t.lim {
		// Nothing here can reach thr: store the sample maximum, a value
		// below thr that the caller's decisions ignore.
		if dst != nil {
			for i := range hi - lo {
				dst[i] = cur
			}
		}
		return cur
	}
	if t.nch == 2 {
		return t.chunkStereo(lo, hi, dst)
	}
	// Gather the window (zero outside the buffer) per channel.
	var win [2][tpChunk + tpTaps - 1]float64
	s, ch := t.s, t.ch
	for c := range t.nch {
		w := &win[c]
		if f0 := lo - tpBefore; f0 >= 0 && f0+len(w) <= t.frames {
			for i := range w {
				w[i] = float64(s[(f0+i)*ch+c])
			}
			continue
		}
		for i := range w {
			f := lo - tpBefore + i
			v := 0.0
			if f >= 0 && f < t.frames {
				v = float64(s[f*ch+c])
			}
			w[i] = v
		}
	}
	var cp float32
	for n := lo; n < hi; n++ {
		i := n - lo
		p := tpWindow((*[tpTaps]float64)(win[0][i : i+tpTaps]))
		if t.nch == 2 {
			p = max(p, tpWindow((*[tpTaps]float64)(win[1][i:i+tpTaps])))
		}
		v := math.Float32frombits(uint32(p))
		if max(v, float32(math.Abs(win[0][i+tpAfter])), float32(math.Abs(win[1][i+tpAfter]))) >= t.near {
			v = max(v, tpFine((*[tpTaps]float64)(win[0][i:i+tpTaps])))
			if t.nch == 2 {
				v = max(v, tpFine((*[tpTaps]float64)(win[1][i:i+tpTaps])))
			}
		}
		if dst != nil {
			dst[i] = v
		}
		cp = max(cp, v)
	}
	return cp
}

// chunkStereo is chunk for frames lo to hi of a buffer whose first two
// channels are measured: the window gathered interleaved and both
// channels interpolated at once (tpStereo).
func (t *tpScan) chunkStereo(lo, hi int, dst []float32) float32 {
	var w [2 * (tpChunk + tpTaps - 1)]float64
	s, ch := t.s, t.ch
	f0 := lo - tpBefore
	for i := range len(w) / 2 {
		if f := f0 + i; f >= 0 && f < t.frames {
			w[2*i], w[2*i+1] = float64(s[f*ch]), float64(s[f*ch+1])
		}
	}
	var pk [tpChunk]uint32
	p := pk[:hi-lo]
	tpStereo(w[:], p)
	var cp float32
	for i, b := range p {
		v := math.Float32frombits(b)
		if max(v, float32(math.Abs(w[2*(i+tpAfter)])), float32(math.Abs(w[2*(i+tpAfter)+1]))) >= t.near {
			v = max(v, tpFineStereo((*[2 * tpTaps]float64)(w[2*i:2*(i+tpTaps)])))
		}
		if dst != nil {
			dst[i] = v
		}
		cp = max(cp, v)
	}
	return cp
}

// tpStereoGo writes into out[i], for each frame i, the larger of
// tpWindow over the left and the right window of interleaved stereo w
// (len(w) at least 2*(len(out)+tpTaps-1)). It is tpStereo where no vector
// version exists, and the reference that version is tested against.
func tpStereoGo(w []float64, out []uint32) {
	var h [2][tpTaps]float64
	for i := range out {
		for j := range tpTaps {
			h[0][j], h[1][j] = w[2*(i+j)], w[2*(i+j)+1]
		}
		out[i] = uint32(max(tpWindow(&h[0]), tpWindow(&h[1])))
	}
}

// tpWindow returns the true peak between h[tpBefore] and h[tpBefore+1]:
// the larger of |h[tpBefore]| and the three interpolated points, rounded
// to float32 and returned as its bit pattern (which orders like the value).
func tpWindow(h *[tpTaps]float64) uint64 {
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
	// Absolute float64 values order like their bit patterns: no branches.
	const abs = 1<<63 - 1
	p := max(math.Float64bits(h[5])&abs, math.Float64bits(mid)&abs,
		math.Float64bits(e+o)&abs, math.Float64bits(e-o)&abs)
	return uint64(math.Float32bits(float32(math.Float64frombits(p))))
}

// tpFine returns the true peak between h[tpBefore] and h[tpBefore+1] at
// tpFineSteps: the largest absolute value of the points interpolated
// there but the 4x points (tpWindow's), rounded to float32. As in
// tpKernel, phases ph and tpFineSteps-ph are mirror images: both come
// from the window's folded sums and differences.
func tpFine(h *[tpTaps]float64) float32 {
	var sum, diff [tpTaps / 2]float64
	for k := range tpTaps / 2 {
		sum[k], diff[k] = h[k]+h[tpTaps-1-k], h[k]-h[tpTaps-1-k]
	}
	return float32(tpFineFolded(&sum, &diff))
}

// tpFineStereo is max(tpFine(left), tpFine(right)) for the interleaved
// stereo window h (tpTaps frames), read in place.
func tpFineStereo(h *[2 * tpTaps]float64) float32 {
	var sumL, difL, sumR, difR [tpTaps / 2]float64
	for k := range tpTaps / 2 {
		a, b := 2*k, 2*(tpTaps-1-k)
		sumL[k], difL[k] = h[a]+h[b], h[a]-h[b]
		sumR[k], difR[k] = h[a+1]+h[b+1], h[a+1]-h[b+1]
	}
	return max(float32(tpFineFolded(&sumL, &difL)), float32(tpFineFolded(&sumR, &difR)))
}

// tpFineFolded is tpFine's largest absolute point from the window's folded
// sums and differences: each phase's two dot products written out tap by
// tap (tpTaps is 12: six folded taps), in the order of a loop over the
// taps.
func tpFineFolded(sum, diff *[tpTaps / 2]float64) float64 {
	best := 0.0
	for i := range tpFineKernel {
		k := &tpFineKernel[i]
		e, o := 0.0, 0.0
		e += k.even[0] * sum[0]
		o += k.odd[0] * diff[0]
		e += k.even[1] * sum[1]
		o += k.odd[1] * diff[1]
		e += k.even[2] * sum[2]
		o += k.odd[2] * diff[2]
		e += k.even[3] * sum[3]
		o += k.odd[3] * diff[3]
		e += k.even[4] * sum[4]
		o += k.odd[4] * diff[4]
		e += k.even[5] * sum[5]
		o += k.odd[5] * diff[5]
		best = max(best, math.Abs(e+o), math.Abs(e-o))
	}
	return best
}

// tpFineKernel is tpFinePhases folded as tpKernel is, for the phases
// below the half sample that are not 4x points, each with its mirror.
var tpFineKernel = func() (out []struct{ even, odd [tpTaps / 2]float64 }) {
	for ph := 1; ph < tpFineSteps/2; ph++ {
		if ph%(tpFineSteps/4) == 0 {
			continue
		}
		var k struct{ even, odd [tpTaps / 2]float64 }
		for i := range tpTaps / 2 {
			j := tpTaps - 1 - i
			k.even[i] = (tpFinePhases[ph][i] + tpFinePhases[ph][j]) / 2
			k.odd[i] = (tpFinePhases[ph][i] - tpFinePhases[ph][j]) / 2
		}
		out = append(out, k)
	}
	return out
}()

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// TruePeak returns the maximum true-peak level of a buffer in dBTP, found on
// a 4x oversampled signal (BS.1770-4 Annex 2), at 16x near its peak. It
// returns -Inf for silence.
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
// only windows that could beat the largest sample are interpolated, and
// no per-frame values are kept (half the time of keeping them).
func truePeakMax(s []float32, ch int) float64 {
	frames := len(s) / ch
	var sp float32
	if ch <= 2 {
		// Every sample is measured: one pass over them, eight at a time.
		sp = math.Float32frombits(absMaxBits(s[:frames*ch]))
	} else {
		for n := range frames {
			sp = max(sp, abs32(s[n*ch]), abs32(s[n*ch+1]))
		}
	}
	if sp == 0 {
		return 0
	}
	return truePeakFrames(s, ch, nil, nil, float64(sp))
}
