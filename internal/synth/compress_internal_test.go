package synth

import (
	"math"
	"testing"
)

// compressRef is compress as first written (the gain ramp frame by frame
// in every control block, flat or not): TestCompressBits's reference.
func compressRef(s []float32, ch int, pre, threshDB, ratio float64) {
	kp := float32(pre)
	const kneeDB = 8.0
	aA := 1 - math.Exp(-1/(0.006*sr))
	aR := 1 - math.Exp(-1/(0.15*sr))
	bA, bR := 1-aA, 1-aR
	frames := len(s) / ch
	env, gPrev := 0.0, 1.0
	for c0 := 0; c0 < frames; c0 += ctrl {
		c1 := min(c0+ctrl, frames)
		for n := c0; n < c1; n++ {
			var m uint32
			fr := s[n*ch : n*ch+ch]
			for c, v := range fr {
				v *= kp
				fr[c] = v
				m = max(m, math.Float32bits(v)&^(1<<31))
			}
			x := float64(math.Float32frombits(m))
			if x > env {
				env = aA*x + bA*env
			} else {
				env = aR*x + bR*env
			}
		}
		over := gainToDB(env+1e-12) - threshDB
		gr := 0.0
		switch {
		case over >= kneeDB/2:
			gr = (1/ratio - 1) * over
		case over > -kneeDB/2:
			gr = (1/ratio - 1) * (over + kneeDB/2) * (over + kneeDB/2) / (2 * kneeDB)
		}
		g := dbToGain(gr)
		step := (g - gPrev) / float64(c1-c0)
		for n := c0; n < c1; n++ {
			gPrev += step
			k := float32(gPrev)
			for c := range ch {
				s[n*ch+c] *= k
			}
		}
		gPrev = g
	}
}

// TestCompressBits: compress (a flat block's gain applied at once, a gain
// of 1 skipped) gives the frame-by-frame loop's samples, on a mix that
// goes from quiet (no gain reduction) to loud bursts and back, then holds
// a loud level, stereo and mono.
func TestCompressBits(t *testing.T) {
	r := newRNG(11)
	for _, ch := range []int{1, 2} {
		s := make([]float32, ch*44100*3+ch*5)
		for i := range s {
			amp := 0.02
			if (i/ch/11025)%3 == 1 {
				amp = 0.9 // a loud quarter second in three
			}
			s[i] = float32(amp * r.bipolar())
			if i/ch >= 2*44100 {
				s[i] = 0.9 // a held level: the envelope settles, one gain a block
			}
		}
		want := append([]float32(nil), s...)
		compress(s, ch, 1.3, -12, 2)
		compressRef(want, ch, 1.3, -12, 2)
		for i := range s {
			if math.Float32bits(s[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%d channels, sample %d: %v, frame by frame %v", ch, i, s[i], want[i])
			}
		}
	}
}
