// Package resample converts audio between sample rates with a polyphase
// windowed-sinc filter (Kaiser window): the engine renders at 44.1 kHz and
// a request may ask for 48 kHz. Deterministic on every architecture: the
// products are rounded before they are summed (no fused multiply-add).
package resample

import (
	"context"
	"fmt"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// halfTaps is the number of input samples used on each side of an output
// sample: 32 zero crossings of the sinc.
const halfTaps = 32

// beta is the Kaiser window's shape: about 90 dB of stop-band rejection.
const beta = 9.0

// Frames is how many frames n input frames at from become at to (rounded).
func Frames(n int, from, to audio.SampleRate) int {
	return int(math.Round(float64(n) * float64(to) / float64(from)))
}

// To returns b resampled to rate: Frames(b.Frames(), b.Rate, rate) frames,
// the band above the lower rate's Nyquist frequency (less a 4 %
// transition) removed. b itself is returned when it is at rate already.
// It returns ctx.Err() when ctx is cancelled.
func To(ctx context.Context, b *audio.Buffer, rate audio.SampleRate) (*audio.Buffer, error) {
	if b.Rate == rate {
		return b, nil
	}
	if b.Rate <= 0 || rate <= 0 || b.Channels < 1 {
		return nil, fmt.Errorf("resample: %d Hz to %d Hz, %d channels", b.Rate, rate, b.Channels)
	}
	up, down := ratio(int(rate), int(b.Rate))
	if up > 4096 {
		return nil, fmt.Errorf("resample: %d Hz to %d Hz: ratio %d/%d too fine", b.Rate, rate, up, down)
	}
	// Cutoff relative to the input's Nyquist frequency.
	cut := 0.96 * math.Min(1, float64(rate)/float64(b.Rate))
	taps := makeTaps(up, cut)
	in, ch := b.Frames(), b.Channels
	n := Frames(in, b.Rate, rate)
	out := audio.TakeBuffer(rate, ch, n) // a stem's buffer of the previous stem when recycled
	acc := make([]float64, ch)
	for j := 0; j < n; j++ {
		if j%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// Output j sits at input position j*down/up = i + phase/up.
		pos := j * down
		i, phase := pos/up, pos%up
		h := taps[phase]
		if ch == 2 && i-halfTaps+1 >= 0 && i+halfTaps < in {
			// Stereo away from the edges: the common case, unrolled.
			var l, r float64
			x := b.Samples[2*(i-halfTaps+1) : 2*(i+halfTaps+1)]
			for k, w := range h {
				l += float64(w * float64(x[2*k]))
				r += float64(w * float64(x[2*k+1]))
			}
			out.Samples[2*j], out.Samples[2*j+1] = float32(l), float32(r)
			continue
		}
		for c := range acc {
			acc[c] = 0
		}
		for k := -halfTaps + 1; k <= halfTaps; k++ {
			x := i + k
			if x < 0 || x >= in {
				continue
			}
			w := h[k+halfTaps-1]
			for c := 0; c < ch; c++ {
				acc[c] += float64(w * float64(b.Samples[x*ch+c]))
			}
		}
		for c := 0; c < ch; c++ {
			out.Samples[j*ch+c] = float32(acc[c])
		}
	}
	return out, nil
}

// makeTaps returns, for each of up phases, the 2*halfTaps filter taps for
// input offsets -halfTaps+1 .. halfTaps (phase p: the output lies p/up of
// an input sample after the tap at offset 0).
func makeTaps(up int, cut float64) [][]float64 {
	i0b := bessel0(beta)
	taps := make([][]float64, up)
	for p := 0; p < up; p++ {
		h := make([]float64, 2*halfTaps)
		frac := float64(p) / float64(up)
		for k := -halfTaps + 1; k <= halfTaps; k++ {
			t := float64(k) - frac // input sample offset from the output position
			r := t / float64(halfTaps)
			if math.Abs(r) >= 1 {
				continue
			}
			win := bessel0(beta*math.Sqrt(1-r*r)) / i0b
			h[k+halfTaps-1] = cut * sinc(cut*t) * win
		}
		taps[p] = h
	}
	return taps
}

func sinc(x float64) float64 {
	if x == 0 {
		return 1
	}
	return math.Sin(math.Pi*x) / (math.Pi * x)
}

// bessel0 is the modified Bessel function of the first kind, order 0.
func bessel0(x float64) float64 {
	sum, term := 1.0, 1.0
	for k := 1; k < 50; k++ {
		term *= (x / 2) / float64(k)
		sum += term * term
		if term*term < 1e-21*sum {
			break
		}
	}
	return sum
}

// ratio reduces to/from to lowest terms.
func ratio(to, from int) (up, down int) {
	g := gcd(to, from)
	return to / g, from / g
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
