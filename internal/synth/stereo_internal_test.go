package synth

import (
	"math"
	"math/cmplx"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// TestBalanceWidth checks that balanceWidth narrows a very wide mix into
// the correlation range and leaves a nearly mono one as it is (it never
// raises the side signal: issue 32), without touching the mono sum.
func TestBalanceWidth(t *testing.T) {
	for _, side := range []float64{0.2, 0.9} {
		n := 44100
		s := make([]float32, 2*n)
		for i := range n {
			m := math.Sin(2 * math.Pi * 220 * float64(i) / sr)
			d := side * math.Sin(2*math.Pi*1375*float64(i)/sr)
			s[2*i], s[2*i+1] = float32(m+d), float32(m-d)
		}
		before := corr(s)
		mono := make([]float32, n)
		for i := range n {
			mono[i] = s[2*i] + s[2*i+1]
		}
		balanceWidth(s, corrMin, corrMax)
		after := corr(s)
		t.Logf("side %.1f: correlation %.3f -> %.3f", side, before, after)
		switch {
		case before > corrMax && math.Abs(after-before) > 1e-6:
			t.Errorf("side %.1f: correlation %.3f -> %.3f: a narrow mix was widened", side, before, after)
		case before < corrMin && (after < corrMin-0.01 || after > corrMax+0.01):
			t.Errorf("side %.1f: correlation %.3f after balancing, want %.2f..%.2f", side, after, corrMin, corrMax)
		}
		for i := range n {
			if d := math.Abs(float64(s[2*i] + s[2*i+1] - mono[i])); d > 1e-5 {
				t.Fatalf("frame %d: mono sum changed by %g", i, d)
			}
		}
	}
}

// corr is the left/right correlation of an interleaved stereo signal.
func corr(s []float32) float64 {
	var ll, rr, lr float64
	for i := 0; i < len(s); i += 2 {
		l, r := float64(s[i]), float64(s[i+1])
		ll += l * l
		rr += r * r
		lr += l * r
	}
	return lr / math.Sqrt(ll*rr)
}

// TestInPhase gives a mix a band in anti-phase (a 1 kHz tone twice as
// loud in the side as in the mid, over an in-phase 200 Hz tone) and checks
// that inPhase brings that band's correlation to at least its floor (less
// a little for the estimate; beat music's sideMinCorr and calm music's
// calmBandMinCorr), leaves the in-phase band alone and keeps the mono sum.
func TestInPhase(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, floor := range []float64{sideMinCorr, calmBandMinCorr} {
		checkInPhase(t, floor)
	}
}

func checkInPhase(t *testing.T, floor float64) {
	n := 10 * 44100
	s := make([]float32, 2*n)
	for i := range n {
		x := float64(i) / sr
		m := 0.5*math.Sin(2*math.Pi*200*x) + 0.2*math.Sin(2*math.Pi*1000*x)
		d := 0.4 * math.Sin(2*math.Pi*1000*x+1)
		s[2*i], s[2*i+1] = float32(m+d), float32(m-d)
	}
	mono := make([]float32, n)
	for i := range n {
		mono[i] = s[2*i] + s[2*i+1]
	}
	band := func(f float64) float64 {
		b := slices.Clone(s)
		for _, q := range []eqBand{highPass(f/1.4, 0.7071), lowPass(f*1.4, 0.7071)} {
			q.process(b)
		}
		return corr(b)
	}
	before := band(1000)
	inPhase(s, floor)
	after, low := band(1000), band(200)
	t.Logf("floor %.2f: 1 kHz band: correlation %.2f -> %.2f; 200 Hz band %.2f", floor, before, after, low)
	if before > -0.3 {
		t.Fatalf("the test signal's 1 kHz band correlates %.2f: not anti-phase", before)
	}
	if after < floor-0.1 {
		t.Errorf("1 kHz band correlation %.2f after inPhase(%.2f), want >= %.2f", after, floor, floor-0.1)
	}
	if low < 0.99 {
		t.Errorf("the in-phase 200 Hz band fell to %.2f", low)
	}
	for i := range n {
		if d := math.Abs(float64(s[2*i] + s[2*i+1] - mono[i])); d > 1e-4 {
			t.Fatalf("frame %d: mono sum changed by %g", i, d)
		}
	}
}

// response is the gain in dB of a cascade of biquads at f Hz.
func response(f float64, bands ...eqBand) float64 {
	w := 2 * math.Pi * f / sr
	db := 0.0
	for _, b := range bands {
		// |b0 + b1 z^-1 + b2 z^-2| / |1 + a1 z^-1 + a2 z^-2| at z = e^jw.
		nr := b.b0 + b.b1*math.Cos(w) + b.b2*math.Cos(2*w)
		ni := -b.b1*math.Sin(w) - b.b2*math.Sin(2*w)
		dr := 1 + b.a1*math.Cos(w) + b.a2*math.Cos(2*w)
		di := -b.a1*math.Sin(w) - b.a2*math.Sin(2*w)
		db += 10 * math.Log10((nr*nr+ni*ni)/(dr*dr+di*di))
	}
	return db
}

// sideResponse is the gain in dB of the side crossover at f Hz: its
// high band and lowSideKept of its low band.
func sideResponse(f float64, s *sideHP) float64 {
	z := cmplx.Exp(complex(0, -2*math.Pi*f/sr)) // z^-1
	h := func(b eqBand) complex128 {
		return (complex(b.b0, 0) + complex(b.b1, 0)*z + complex(b.b2, 0)*z*z) / (1 + complex(b.a1, 0)*z + complex(b.a2, 0)*z*z)
	}
	hp, lp := h(s.hp), h(s.lp)
	return 20 * math.Log10(cmplx.Abs(hp*hp+complex(s.keep, 0)*lp*lp))
}

// TestBusTone checks the mix bus's tone against its design: sines in the
// mid (L+R) come out with busEQ's gain, sines in the side (L-R) with the
// side high-pass's gain on top, and the design itself keeps its shape
// (the low shelf, the presence lift, the 17 kHz low-pass, a centred low
// end).
func TestBusTone(t *testing.T) {
	eq, hp := busEQ(), newSideHP(monoBelow)
	for _, f := range []float64{50, 150, 400, 1000, 3000, 8000, 17000, 19500} {
		for _, side := range []bool{false, true} {
			n := int(sr) // a second; the first half settles the filters
			s := make([]float32, 2*n)
			for i := range n {
				v := float32(0.25 * math.Sin(2*math.Pi*f*float64(i)/sr))
				s[2*i], s[2*i+1] = v, v
				if side {
					s[2*i+1] = -v
				}
			}
			busTone(s)
			var e float64
			for i := n / 2; i < n; i++ {
				e += float64(s[2*i])*float64(s[2*i]) + float64(s[2*i+1])*float64(s[2*i+1])
			}
			// Mean power per channel over the last n/2 frames, against
			// the input's.
			got := 10 * math.Log10(e/float64(n)/(0.25*0.25/2))
			want := response(f, eq...)
			if side {
				want += sideResponse(f, hp)
			}
			if want > -60 && math.Abs(got-want) > 0.05 {
				t.Errorf("%g Hz side=%v: %.2f dB, want %.2f dB", f, side, got, want)
			}
		}
	}
	checks := []struct {
		name      string
		got, want float64
	}{
		{"mid at 50 Hz (low shelf)", response(50, eq...), -5},
		{"mid at 3 kHz (presence)", response(3000, eq...), 2.5},
		{"mid at 19.5 kHz (low-pass)", response(19500, eq...), -12},
		{"side at 60 Hz (centred low end)", sideResponse(60, hp), -10.5},
		{"side at 1 kHz (width kept)", sideResponse(1000, hp), 0},
	}
	for _, c := range checks {
		t.Logf("%s: %.2f dB", c.name, c.got)
	}
	if g := checks[0].got; g > -4 || g < -5.5 {
		t.Errorf("%s: %.2f dB, want about -5", checks[0].name, g)
	}
	if g := checks[1].got; g < 2 || g > 3 {
		t.Errorf("%s: %.2f dB, want about +2.5", checks[1].name, g)
	}
	if g := checks[2].got; g > -6 {
		t.Errorf("%s: %.2f dB, want well under 0", checks[2].name, g)
	}
	if g, want := checks[3].got, 20*math.Log10(lowSideKept); math.Abs(g-want) > 0.2 {
		t.Errorf("%s: %.2f dB, want %.2f (lowSideKept)", checks[3].name, g, want)
	}
	// A shelf, no notch: the crossover's bands are in phase everywhere.
	for f := 40.0; f < 2000; f *= 1.1 {
		if g, floor := sideResponse(f, hp), 20*math.Log10(lowSideKept); g < floor-0.1 || g > 0.1 {
			t.Errorf("side at %.0f Hz: %.2f dB, want %.2f..0", f, g, floor)
		}
	}
	if g := checks[4].got; math.Abs(g) > 0.1 {
		t.Errorf("%s: %.2f dB, want 0", checks[4].name, g)
	}
}

// TestBusToneBits: the bus tone with its bands two at a time
// (busTonePiped, processBandPair in AVX lanes where the processor has
// AVX2) gives the one-band-at-a-time loop's samples to the bit, on
// lengths around the block (odd ones too), with and without the
// low-mono crossover, for five bands and for two and three.
func TestBusToneBits(t *testing.T) {
	avx := useBandPairs
	defer func() { useBandPairs = avx }()
	for _, n := range []int{0, 1, 2, 7, 2*blockSize - 1, 2 * blockSize, 2*blockSize + 2, 5*2*blockSize + 333, 9 * 2 * blockSize} {
		for _, eq := range [][]eqBand{busEQ(), busEQ()[:2], busEQ()[1:4], busEQFor(-3, 4)} {
			for _, mono := range []float64{0, monoBelow} {
				in := make([]float32, n)
				x := uint32(n + 1)
				for i := range in {
					x = x*1664525 + 1013904223
					in[i] = float32(int32(x)) / float32(1<<31)
					if i%97 == 5 {
						in[i] = 1e-39
					}
				}
				got, want := append([]float32(nil), in...), append([]float32(nil), in...)
				e1, e2 := append([]eqBand(nil), eq...), append([]eqBand(nil), eq...)
				useBandPairs = avx
				busToneWith(got, e1, mono)
				useBandPairs = false
				busToneWith(want, e2, mono)
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("n %d, %d bands, mono %v: sample %d %v, want %v", n, len(eq), mono, i, got[i], want[i])
					}
				}
			}
		}
	}
}
