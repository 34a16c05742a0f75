package engine_test

import (
	"math"
	"math/cmplx"
	"sort"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/fft"
)

// features are simple measurements that tell genres apart.
type features struct {
	Onsets   float64 // note onsets per second (spectral-flux peaks)
	Centroid float64 // power-weighted mean spectral centroid in Hz (low: bass-led mixes)
}

const (
	fftSize = 1024
	fftHop  = 512
)

// measure computes onset density and spectral centroid of a buffer.
func measure(b *audio.Buffer) features {
	n := b.Frames()
	mono := make([]float64, n)
	for i := 0; i < n; i++ {
		s := 0.0
		for c := 0; c < b.Channels; c++ {
			s += float64(b.Samples[i*b.Channels+c])
		}
		mono[i] = s / float64(b.Channels)
	}
	win := make([]float64, fftSize)
	for i := range win {
		win[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/fftSize)
	}
	buf := make([]complex128, fftSize)
	prev := make([]float64, fftSize/2)
	var flux []float64
	var cSum, eSum float64
	binHz := float64(b.Rate) / fftSize
	for start := 0; start+fftSize <= n; start += fftHop {
		for i := range buf {
			buf[i] = complex(mono[start+i]*win[i], 0)
		}
		fft.Transform(buf, false)
		f, num, den := 0.0, 0.0, 0.0
		for k := 1; k < fftSize/2; k++ {
			m := cmplx.Abs(buf[k])
			lm := math.Log1p(100 * m)
			if d := lm - prev[k]; d > 0 {
				f += d
			}
			prev[k] = lm
			num += float64(k) * binHz * m * m
			den += m * m
		}
		flux = append(flux, f)
		if den > 0 {
			cSum += num
			eSum += den
		}
	}
	onsets := 0
	for i := 1; i+1 < len(flux); i++ {
		lo, hi := max(0, i-10), min(len(flux), i+11)
		w := append([]float64(nil), flux[lo:hi]...)
		sort.Float64s(w)
		thr := 1.5*w[len(w)/2] + 1
		if flux[i] > thr && flux[i] >= flux[i-1] && flux[i] > flux[i+1] {
			onsets++
		}
	}
	ft := features{Onsets: float64(onsets) / b.Seconds()}
	if eSum > 0 {
		ft.Centroid = cSum / eSum
	}
	return ft
}
