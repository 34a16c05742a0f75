package synth

import (
	"math"
	"slices"
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

// TestSideFourBits: the wideners' side signals four at a time (delayed,
// then sideFour) give side's samples and leave its state, block after
// block, for one-tap and room wideners with delays from none to the
// ring's length, one to eight at a time, blocks up to blockSize long.
func TestSideFourBits(t *testing.T) {
	avx := useBandPairs
	defer func() { useBandPairs = avx }()
	for _, lanes := range []bool{false, true} {
		useBandPairs = lanes && avx
		sideFourBits(t)
	}
}

// sideFourBits is TestSideFourBits for one setting of useBandPairs.
func sideFourBits(t *testing.T) {
	mk := func() []*widener {
		return []*widener{
			newWidener(0.8, 0.012, 300), newRoomWidener(0.6, 0.02, 250, 0),
			newWidener(1, 0, 120), newRoomWidener(0.9, 0.04, 400, 0),
			newWidener(0.5, 2047/sr, 80), newWidener(0.7, 1/sr, 200), newRoomWidener(0.4, 0.005, 150, 0),
			newWidener(0.3, 0.03, 500), newRoomWidener(0.8, 0.011, 90, 0), newWidener(0.9, 0.0107, 50),
		}
	}
	got, want := mk(), mk()
	x := uint32(7)
	for blk := range 80 {
		n := 1 + (blk*181)%blockSize
		if blk%5 == 0 {
			n = blockSize
		}
		m := 1 + blk%8
		off := blk % (len(got) - m + 1)
		ins := make([][]float32, m)
		gs, ws := make([][]float32, m), make([][]float32, m)
		for k := range ins {
			ins[k] = make([]float32, n)
			for i := range ins[k] {
				x = x*1664525 + 1013904223
				ins[k][i] = float32(int32(x)) / float32(1<<31)
			}
			gs[k], ws[k] = make([]float32, n), make([]float32, n)
			got[off+k].delayed(ins[k], gs[k])
			want[off+k].side(ins[k], ws[k])
		}
		sideFour(got[off:off+m], gs)
		for k := range gs {
			for i := range gs[k] {
				if math.Float32bits(gs[k][i]) != math.Float32bits(ws[k][i]) {
					t.Fatalf("block %d (n %d), widener %d, sample %d: %v, side %v", blk, n, off+k, i, gs[k][i], ws[k][i])
				}
			}
		}
		for k := range got {
			g, w := got[k], want[k]
			if g.pos != w.pos || g.hp.z != w.hp.z || !slices.Equal(g.buf, w.buf) {
				t.Fatalf("block %d: widener %d's state differs from side's", blk, k)
			}
		}
	}
}

// BenchmarkSideFour: six wideners' side signals for a block (four
// one-tap, two rooms), up to eight at a time (four=true) and as the mix
// ran them before (the one-tap wideners in pairs, sideTwo, the rooms
// alone).
func BenchmarkSideFour(b *testing.B) {
	ws := []*widener{newWidener(0.8, 0.012, 300), newWidener(0.6, 0.015, 250),
		newWidener(0.7, 0.011, 200), newWidener(0.5, 0.013, 150),
		newRoomWidener(0.6, 0.02, 250, 0), newRoomWidener(0.5, 0.01, 200, 0)}
	in := make([][]float32, len(ws))
	out := make([][]float32, len(ws))
	for k := range in {
		in[k], out[k] = make([]float32, blockSize), make([]float32, blockSize)
		for i := range in[k] {
			in[k][i] = float32(math.Sin(float64(i*(k+3)) * 0.01))
		}
	}
	b.Run("four=true", func(b *testing.B) {
		for b.Loop() {
			for k, w := range ws {
				w.delayed(in[k], out[k])
			}
			sideFour(ws, out)
		}
	})
	b.Run("four=false", func(b *testing.B) {
		for b.Loop() {
			sideTwo(ws[0], ws[1], in[0], in[1], out[0], out[1])
			sideTwo(ws[2], ws[3], in[2], in[3], out[2], out[3])
			ws[4].side(in[4], out[4])
			ws[5].side(in[5], out[5])
		}
	})
}
