package synth_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestHatRoundRobin: eight closed hats at one velocity are eight strokes,
// not one sound repeated: their brightness (zero crossings of the mono
// sum) differs from hit to hit while their level stays within 2.5 dB.
func TestHatRoundRobin(t *testing.T) {
	var hits []score.Hit
	for i := range 8 {
		hits = append(hits, score.Hit{Start: float64(i) / 2, Drum: score.ClosedHat, Velocity: 0.7})
	}
	x := renderScore(t, &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 4, TailSeconds: 0.5, Seed: 3,
		Tracks: []score.Track{{Instrument: score.Drums, Role: score.RoleDrums, Hits: hits}}})
	step := 44100 / 4 // an eighth at 120 bpm
	var lv, zc []float64
	for i := range 8 {
		sum, z := 0.0, 0
		prev := 0.0
		for j := i*step + 100; j < i*step+100+1500; j++ {
			v := float64(x[2*j] + x[2*j+1])
			sum += v * v
			if (v > 0) != (prev > 0) {
				z++
			}
			prev = v
		}
		lv = append(lv, 10*math.Log10(sum))
		zc = append(zc, float64(z))
	}
	span := func(x []float64) (float64, float64) {
		lo, hi := x[0], x[0]
		for _, v := range x {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		return lo, hi
	}
	llo, lhi := span(lv)
	zlo, zhi := span(zc)
	t.Logf("hit levels %.2f dB, zero crossings %v", lv, zc)
	if lhi-llo > 2.5 {
		t.Errorf("hits span %.2f dB, want <= 2.5", lhi-llo)
	}
	if zhi/zlo < 1.15 { // humanised velocity alone spreads them about 8 %
		t.Errorf("zero crossings %v..%v: every hit alike", zlo, zhi)
	}
}
