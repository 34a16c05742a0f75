package engine_test

import (
	"cmp"
	"context"
	"math"
	"math/cmplx"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/fft"
	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
)

// TestEnergyCurveOnTheAudio renders briefs with a drawn energy curve that
// runs against the composer's shape (falling, a valley, a peak) and checks
// that each section's short-term loudness and onset density follow the
// curve's order (Spearman >= 0.8), and that a 1.0 section is at least
// EnergyLoudnessLU louder and EnergyOnsetRatio times denser than a 0.2 one
// (the figures docs/api.md states).
func TestEnergyCurveOnTheAudio(t *testing.T) {
	if testing.Short() {
		t.Skip("renders three 40 s songs")
	}
	briefs := []struct{ prompt, curve string }{
		{"upbeat pop with drums", `[{"bar":1,"value":1},{"bar":21,"value":0.2}]`},
		{"energetic rock", `[{"bar":1,"value":1},{"bar":10,"value":0.2},{"bar":21,"value":1}]`},
		{"house track", `[{"at":0,"value":0.2},{"at":18,"value":1},{"at":36,"value":0.2}]`},
	}
	for _, b := range briefs {
		t.Run(b.prompt, func(t *testing.T) {
			t.Parallel() // a render each: on every core
			c, err := edit.ParseCurve([]byte(b.curve))
			if err != nil {
				t.Fatal(err)
			}
			r := engine.Resolve(b.prompt, 7, engine.Options{Seconds: 40, Edits: []engine.Edit{{Energy: c}}})
			song, err := engine.Render(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			st := mixmeter.ShortTerm(song.Audio)
			on := onsetTimes(song.Audio)
			var want, loud, dense []float64
			var lo, hi [2]float64 // loudness, onsets/s of the quietest and loudest drawn section
			loE, hiE := 2.0, -1.0
			for _, sec := range song.Score.Sections {
				from := song.Score.BeatToSeconds(sec.StartBeat)
				to := song.Score.BeatToSeconds(sec.StartBeat + float64(sec.Bars*song.Score.BeatsPerBar))
				l, ok := mixmeter.Median(st, from, to)
				if !ok {
					continue
				}
				d := rate(on, from, to)
				want, loud, dense = append(want, sec.Energy), append(loud, l), append(dense, d)
				t.Logf("%-10s %5.1f-%5.1f s energy %.2f: %6.1f LUFS, %4.1f onsets/s", sec.Name, from, to, sec.Energy, l, d)
				if sec.Energy < loE {
					loE, lo = sec.Energy, [2]float64{l, d}
				}
				if sec.Energy > hiE {
					hiE, hi = sec.Energy, [2]float64{l, d}
				}
			}
			if len(want) < 3 {
				t.Fatalf("only %d sections long enough to measure", len(want))
			}
			if rho := spearman(want, loud); rho < 0.8 {
				t.Errorf("loudness follows the curve with rho %.2f, want >= 0.8", rho)
			}
			if rho := spearman(want, dense); rho < 0.8 {
				t.Errorf("onset density follows the curve with rho %.2f, want >= 0.8", rho)
			}
			if hiE-loE >= 0.65 && (hi[0]-lo[0] < engine.EnergyLoudnessLU || hi[1] < engine.EnergyOnsetRatio*lo[1]) {
				t.Errorf("energy %.1f vs %.1f: %.1f LU and %.1fx onsets, want >= %g LU and %gx",
					hiE, loE, hi[0]-lo[0], hi[1]/max(lo[1], 1e-9), engine.EnergyLoudnessLU, engine.EnergyOnsetRatio)
			}
		})
	}
}

// onsetTimes are the onsets of b in seconds: peaks of the spectral flux
// (log-compressed magnitudes, 1024-sample Hann frames every 256 samples)
// above 1.5 times the flux's median over the surrounding second plus a
// floor, at most one per 50 ms.
func onsetTimes(b *audio.Buffer) []float64 {
	const n, hop = 1024, 256
	rate := float64(b.Rate)
	frames := b.Frames()
	var flux []float64
	prev := make([]float64, n/2)
	x := make([]complex128, n)
	for f := 0; f+n <= frames; f += hop {
		for i := range x {
			w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/n)
			v := 0.0
			for c := 0; c < b.Channels; c++ {
				v += float64(b.Samples[(f+i)*b.Channels+c])
			}
			x[i] = complex(w*v, 0)
		}
		fft.Transform(x, false)
		sum := 0.0
		for k := 1; k < n/2; k++ {
			m := math.Log1p(100 * cmplx.Abs(x[k]))
			sum += max(m-prev[k], 0)
			prev[k] = m
		}
		flux = append(flux, sum)
	}
	win := int(0.5 * rate / hop)
	floor := 0.02 * slices.Max(flux)
	var out []float64
	last := -1.0
	for i := 1; i+1 < len(flux); i++ {
		if flux[i] < flux[i-1] || flux[i] < flux[i+1] {
			continue
		}
		local := slices.Clone(flux[max(i-win, 0):min(i+win, len(flux))])
		slices.Sort(local)
		at := float64(i*hop) / rate
		if flux[i] > 1.5*local[len(local)/2]+floor && at-last >= 0.05 {
			out, last = append(out, at), at
		}
	}
	return out
}

// rate is the onsets per second of on within from..to.
func rate(on []float64, from, to float64) float64 {
	n := 0
	for _, x := range on {
		if x >= from && x < to {
			n++
		}
	}
	return float64(n) / (to - from)
}

// spearman is the rank correlation of x and y (ties share their mean rank).
func spearman(x, y []float64) float64 {
	rx, ry := ranks(x), ranks(y)
	mx, my := mean(rx), mean(ry)
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
