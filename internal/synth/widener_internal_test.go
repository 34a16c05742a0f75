package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/fft"
)

// TestRoomWidenerAir: a calm part's room widener (with calmAir's
// reflection) widens the top octaves to about calmAir.width and leaves the
// middle at the part's own width; a beat bass's (no air) keeps its width
// up to the top. No band's side outweighs its mid (no anti-phase).
func TestRoomWidenerAir(t *testing.T) {
	const n = 1 << 16
	r := newRNG(7)
	in := make([]float32, n)
	for i := range in {
		in[i] = float32(r.bipolar())
	}
	cases := []struct {
		name     string
		w        *widener
		mid, top float64 // expected side/mid power ratios: 300 Hz-1 kHz, 6-16 kHz
	}{
		// The air reflection's one-pole high-pass passes about 0.6 of
		// its power at 6-16 kHz: 0.25 + 0.6*(0.85²-0.25) = 0.53.
		{"calm lead", newRoomWidener(0.5, 0.0097, 150, calmAir.width), 0.25, 0.53},
		{"beat bass", newRoomWidener(0.5, 0.0107, 50, 0), 0.25, 0.25},
	}
	for _, c := range cases {
		side := make([]float32, n)
		for at := 0; at < n; at += blockSize {
			c.w.side(in[at:at+blockSize], side[at:at+blockSize])
		}
		for _, b := range []struct {
			lo, hi, want float64
		}{{300, 1000, c.mid}, {6000, 16000, c.top}, {1000, 3000, -1}} {
			got := bandPowerRatio(side, in, b.lo, b.hi)
			if got >= 1 {
				t.Errorf("%s: %.0f-%.0f Hz: side/mid power %.2f: anti-phase", c.name, b.lo, b.hi, got)
			}
			if b.want >= 0 && math.Abs(got-b.want) > 0.1 {
				t.Errorf("%s: %.0f-%.0f Hz: side/mid power %.2f, want %.2f", c.name, b.lo, b.hi, got, b.want)
			}
		}
	}
}

// bandPowerRatio is the power of a over the power of b between lo and
// hi Hz (4096-point Hann windows, half overlapped).
func bandPowerRatio(a, b []float32, lo, hi float64) float64 {
	const w = 4096
	var pa, pb float64
	ba, bb := make([]complex128, w), make([]complex128, w)
	for at := w; at+w <= len(a); at += w / 2 { // skip the delay line's start
		for i := range w {
			h := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/w)
			ba[i], bb[i] = complex(float64(a[at+i])*h, 0), complex(float64(b[at+i])*h, 0)
		}
		fft.Transform(ba, false)
		fft.Transform(bb, false)
		for k := int(lo * w / sr); k < int(hi*w/sr); k++ {
			pa += real(ba[k])*real(ba[k]) + imag(ba[k])*imag(ba[k])
			pb += real(bb[k])*real(bb[k]) + imag(bb[k])*imag(bb[k])
		}
	}
	return pa / pb
}
