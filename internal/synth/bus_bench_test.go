package synth

import (
	"fmt"
	"math"
	"testing"
)

// busSignal is three minutes of a wide, loud interleaved stereo test mix.
func busSignal() []float32 {
	n := 180 * int(sr)
	s := make([]float32, 2*n)
	for i := range n {
		t := float64(i) / sr
		m := 0.3*math.Sin(2*math.Pi*55*t) + 0.2*math.Sin(2*math.Pi*1000*t) + 0.1*math.Sin(2*math.Pi*9000*t)
		d := 0.1 * math.Sin(2*math.Pi*440*t)
		s[2*i], s[2*i+1] = float32(m+d), float32(m-d)
	}
	return s
}

// BenchmarkBusTone measures the mix bus's tone on a three-minute mix,
// with the bands two at a time (pairs=true, where the processor has AVX2)
// and one at a time.
func BenchmarkBusTone(b *testing.B) {
	s := busSignal()
	avx := useBandPairs
	defer func() { useBandPairs = avx }()
	for _, pairs := range []bool{true, false} {
		b.Run(fmt.Sprintf("pairs=%v", pairs), func(b *testing.B) {
			useBandPairs = pairs && avx
			for b.Loop() {
				busTone(s)
			}
		})
	}
}

// BenchmarkLevel measures the leveller (analysis and gain) on a
// three-minute mix.
func BenchmarkLevel(b *testing.B) {
	s := busSignal()
	for b.Loop() {
		level(s, 2)
	}
}

// BenchmarkKWeigh measures one K-weighted loudness analysis of a
// three-minute mix, with the two stages pipelined (piped=true, where the
// processor has AVX2) and not.
func BenchmarkKWeigh(b *testing.B) {
	s := busSignal()
	avx := useKPipe
	defer func() { useKPipe = avx }()
	for _, piped := range []bool{true, false} {
		b.Run(fmt.Sprintf("piped=%v", piped), func(b *testing.B) {
			useKPipe = piped && avx
			for b.Loop() {
				kWeigh(s, 2, sr, nil)
			}
		})
	}
}
