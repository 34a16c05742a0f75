package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// biquad holds direct-form-I biquad coefficients; K-weighting runs them in
// float64, where precision at low frequencies matters.
type biquad struct{ b0, b1, b2, a1, a2 float64 }

// kWeighting returns the two BS.1770-4 K-weighting stages (high shelf and
// RLB high-pass) for a sample rate, derived from the analogue prototype so
// that at 48 kHz they match the coefficients printed in the standard.
func kWeighting(rate float64) (shelf, hp biquad) {
	{
		f0, g, q := 1681.974450955533, 3.999843853973347, 0.7071752369554196
		k := math.Tan(math.Pi * f0 / rate)
		vh := math.Pow(10, g/20)
		vb := math.Pow(vh, 0.4996667741545416)
		a0 := 1 + k/q + k*k
		shelf = biquad{
			b0: (vh + vb*k/q + k*k) / a0,
			b1: 2 * (k*k - vh) / a0,
			b2: (vh - vb*k/q + k*k) / a0,
			a1: 2 * (k*k - 1) / a0,
			a2: (1 - k/q + k*k) / a0,
		}
	}
	{
		f0, q := 38.13547087602444, 0.5003270373238773
		k := math.Tan(math.Pi * f0 / rate)
		a0 := 1 + k/q + k*k
		hp = biquad{b0: 1, b1: -2, b2: 1, a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	}
	return shelf, hp
}

// gatedLoudness applies the BS.1770-4 absolute (-70 LUFS) and relative
// (-10 LU) gates to 100 ms sub-block powers and returns LUFS, or -Inf when
// nothing passes the gates.
func gatedLoudness(subs []float64) float64 {
	nb := len(subs) - 3
	if nb <= 0 {
		return math.Inf(-1)
	}
	block := func(j int) float64 { return (subs[j] + subs[j+1] + subs[j+2] + subs[j+3]) / 4 }
	lufs := func(z float64) float64 { return -0.691 + 10*math.Log10(z) }
	absGate := math.Pow(10, (-70+0.691)/10)
	sum, cnt := 0.0, 0
	for j := range nb {
		if z := block(j); z > absGate {
			sum += z
			cnt++
		}
	}
	if cnt == 0 {
		return math.Inf(-1)
	}
	relGate := sum / float64(cnt) * math.Pow(10, -10.0/10)
	sum, cnt = 0, 0
	for j := range nb {
		if z := block(j); z > absGate && z > relGate {
			sum += z
			cnt++
		}
	}
	if cnt == 0 {
		return math.Inf(-1)
	}
	return lufs(sum / float64(cnt))
}

// IntegratedLoudness measures the gated integrated loudness of a mono or
// stereo buffer per ITU-R BS.1770-4 (K-weighting, 400 ms blocks with 75 %
// overlap, absolute and relative gates), in LUFS. It returns -Inf for
// silence or audio shorter than one 400 ms block. Channels beyond the
// second are ignored.
func IntegratedLoudness(b *audio.Buffer) float64 {
	if b == nil || b.Channels < 1 || b.Rate <= 0 {
		return math.Inf(-1)
	}
	subs := kWeigh(b.Samples, b.Channels, float64(b.Rate), nil)
	return gatedLoudness(subs)
}

// kWeigh K-weights an interleaved buffer (first two channels) and returns
// the channel-summed mean-square power of every complete 100 ms sub-block.
// When energy is non-nil it
// also receives the summed power of every analysisChunk frames.
func kWeigh(s []float32, ch int, rate float64, energy []float32) (subs []float64) {
	frames := len(s) / ch
	subLen := int(math.Round(rate / 10))
	subs = make([]float64, 0, frames/max(1, subLen)+1)
	shelf, hp := kWeighting(rate)
	if ch == 2 && kSumStereo && frames > 0 {
		return kWeighStereo(s, frames, subLen, &shelf, &hp, energy, subs)
	}
	// The high-pass's input history is the shelf's output history, so each
	// channel needs six state values. Each block's squared outputs are
	// worked out first (a stereo block both channels at once, see
	// kStereo), then summed in the same order as a frame-by-frame loop
	// would.
	var left, right kState
	var acc float64
	n := 0
	var pw, pr [kBlock]float64
	for b0 := 0; b0 < frames; b0 += kBlock {
		p := pw[:min(kBlock, frames-b0)]
		switch {
		case ch == 2:
			kStereo(s[b0*2:], &left, &right, &shelf, &hp, p)
		case ch > 2:
			r := pr[:len(p)]
			left.run(s[b0*ch:], ch, &shelf, &hp, p)
			right.run(s[b0*ch+1:], ch, &shelf, &hp, r)
			for i, v := range r {
				p[i] += v
			}
		default:
			left.run(s[b0:], 1, &shelf, &hp, p)
		}
		for lo := 0; lo < len(p); lo += analysisChunk {
			e := 0.0
			for _, v := range p[lo:min(lo+analysisChunk, len(p))] {
				e += v
				acc += v
				n++
				if n == subLen {
					subs = append(subs, acc/float64(subLen))
					acc, n = 0, 0
				}
			}
			if energy != nil {
				energy[(b0+lo)/analysisChunk] = float32(e)
			}
		}
	}
	return subs
}

// kBlock is the number of frames kWeigh K-weights at a time (a multiple
// of analysisChunk).
const kBlock = 64 * analysisChunk

// kState is the K-weighting state of one channel: shelf input and output
// history (the output history is also the high-pass's input history) and
// high-pass output history.
type kState struct{ x1, x2, y1, y2, z1, z2 float64 }

// run K-weights len(p) frames of one channel of s (stride ch) and stores
// each squared output in p.
func (k *kState) run(s []float32, ch int, shelf, hp *biquad, p []float64) {
	sb0, sb1, sb2, sa1, sa2 := shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2
	ha1, ha2 := hp.a1, hp.a2 // hp numerator is 1, -2, 1
	x1, x2, y1, y2, z1, z2 := k.x1, k.x2, k.y1, k.y2, k.z1, k.z2
	s = s[:(len(p)-1)*ch+1]
	for i := range p {
		// The feedback terms come last, so the recursion is one multiply
		// and one add long.
		x := float64(s[i*ch])
		y := sb0*x + sb1*x1 + sb2*x2 - sa2*y2 - sa1*y1
		z := y - 2*y1 + y2 - ha2*z2 - ha1*z1
		x2, x1 = x1, x
		y2, y1 = y1, y
		z2, z1 = z1, z
		p[i] = z * z
	}
	k.x1, k.x2, k.y1, k.y2, k.z1, k.z2 = x1, x2, y1, y2, z1, z2
}

// kStereoGo K-weights len(p) frames of interleaved stereo s and stores in
// p each frame's left squared output plus its right one, each channel run
// over the chunk in turn (run). It is kStereo where no vector version
// exists, and the reference the vector version is tested against.
func kStereoGo(s []float32, left, right *kState, shelf, hp *biquad, p []float64) {
	var pr [analysisChunk]float64
	for lo := 0; lo < len(p); lo += analysisChunk {
		n := min(analysisChunk, len(p)-lo)
		q, r := p[lo:lo+n], pr[:n]
		left.run(s[2*lo:], 2, shelf, hp, q)
		right.run(s[2*lo+1:], 2, shelf, hp, r)
		for i, v := range r {
			q[i] += v
		}
	}
}
