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
	sb0, sb1, sb2, sa1, sa2 := shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2
	ha1, ha2 := hp.a1, hp.a2 // hp numerator is 1, -2, 1
	var (
		lx1, lx2, ly1, ly2 float64 // left shelf state
		lu1, lu2, lz1, lz2 float64 // left high-pass state
		rx1, rx2, ry1, ry2 float64
		ru1, ru2, rz1, rz2 float64
		acc                float64
	)
	n := 0
	stereo := ch >= 2
	for lo := 0; lo < frames; lo += analysisChunk {
		hi := min(frames, lo+analysisChunk)
		e := 0.0
		for f := lo; f < hi; f++ {
			// The feedback terms come last, so the recursion is one
			// multiply and one add long.
			x := float64(s[f*ch])
			y := sb0*x + sb1*lx1 + sb2*lx2 - sa2*ly2 - sa1*ly1
			lx2, lx1 = lx1, x
			ly2, ly1 = ly1, y
			z := y - 2*lu1 + lu2 - ha2*lz2 - ha1*lz1
			lu2, lu1 = lu1, y
			lz2, lz1 = lz1, z
			p := z * z
			if stereo {
				x := float64(s[f*ch+1])
				y := sb0*x + sb1*rx1 + sb2*rx2 - sa2*ry2 - sa1*ry1
				rx2, rx1 = rx1, x
				ry2, ry1 = ry1, y
				z := y - 2*ru1 + ru2 - ha2*rz2 - ha1*rz1
				ru2, ru1 = ru1, y
				rz2, rz1 = rz1, z
				p += z * z
			}
			e += p
			acc += p
			n++
			if n == subLen {
				subs = append(subs, acc/float64(subLen))
				acc, n = 0, 0
			}
		}
		if energy != nil {
			energy[lo/analysisChunk] = float32(e)
		}
	}
	return subs
}
