package mixmeter_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/prng"
)

// stereo returns seconds of audio whose samples f gives at frame i.
func stereo(seconds float64, f func(i int) float64) *audio.Buffer {
	n := audio.CD.NSeconds(seconds)
	b := audio.NewBuffer(audio.CD, 2, n)
	for i := range n {
		v := float32(f(i))
		b.Samples[2*i], b.Samples[2*i+1] = v, v
	}
	return b
}

// TestGrowth checks the growth measures on signals whose answers are
// known: a steady noise has no level range, no quiet moments and no
// repeats; a noise 20 dB softer for half its length has a range near 20
// dB; a noise whose first 3 s return unchanged has most segments
// repeated; and Growth reads only the seconds it is given.
func TestGrowth(t *testing.T) {
	r := prng.New(1)
	noise := make([]float64, audio.CD.NSeconds(3))
	for i := range noise {
		noise[i] = 0.2 * (2*r.Float64() - 1)
	}
	fresh := prng.New(2)
	steady := stereo(20, func(int) float64 { return 0.2 * (2*fresh.Float64() - 1) })
	lr, qd, rep := mixmeter.Growth(steady, 20)
	if lr > 0.5 || qd > 1 || rep > 0.05 {
		t.Errorf("steady noise: level range %.2f dB, quiet depth %.2f dB, repeats %.2f; want about 0", lr, qd, rep)
	}
	half := audio.CD.NSeconds(10)
	step := stereo(20, func(i int) float64 {
		v := 0.2 * (2*fresh.Float64() - 1)
		if i >= half {
			v *= 0.1
		}
		return v
	})
	if lr, _, _ := mixmeter.Growth(step, 20); math.Abs(lr-20) > 1 {
		t.Errorf("a 20 dB step: level range %.2f dB, want 20", lr)
	}
	loop := stereo(20, func(i int) float64 { return noise[i%len(noise)] })
	if _, _, rep := mixmeter.Growth(loop, 20); rep < 0.8 {
		t.Errorf("a 3 s loop: repeats %.2f, want most segments", rep)
	}
	if lr, _, _ := mixmeter.Growth(step, 9); lr > 0.5 {
		t.Errorf("the first 9 s of the step: level range %.2f dB, want about 0", lr)
	}
	if v, ok := (mixmeter.Features{LevelRange: lr}).Value("level_range"); !ok || v != lr {
		t.Errorf("Value(level_range) = %v, %v; want %v", v, ok, lr)
	}
}
