package synth_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// centroid returns the spectral centroid (Hz) of the first 65536 frames
// of the left channel.
func centroid(x []float32) float64 {
	m := spectrum(left(x, 0, 65536))
	num, den := 0.0, 0.0
	for k, v := range m {
		num += v * v * float64(k) * 44100 / 65536
		den += v * v
	}
	return num / den
}

// rmsEnvelope returns the RMS of the left channel in windows of w frames.
func rmsEnvelope(x []float32, w int) []float64 {
	l := left(x, 0, len(x)/2)
	var e []float64
	for i := 0; i+w <= len(l); i += w {
		e = append(e, rms(l[i:i+w]))
	}
	return e
}

// t30 returns the milliseconds from the loudest 10 ms window to the last
// window within 30 dB of it.
func t30(x []float32) float64 {
	e := rmsEnvelope(x, 441)
	top, at := 0.0, 0
	for i, v := range e {
		if v > top {
			top, at = v, i
		}
	}
	last := at
	for i := at; i < len(e); i++ {
		if e[i] > top*math.Pow(10, -30.0/20) {
			last = i
		}
	}
	return float64(last-at) * 10
}

// strikes counts the onsets in the first ms milliseconds: peaks of the
// rectified left channel smoothed twice with a 1 ms one-pole that rise at
// least 6 dB over the trough before them and reach a quarter of the
// loudest peak.
func strikes(x []float32, ms int) int {
	n := ms * 441 / 10
	e := make([]float64, n)
	a := 1 - math.Exp(-1/(0.001*44100))
	z1, z2 := 0.0, 0.0
	for i := range e {
		// The mono sum: the kit's overhead image (a delayed side
		// signal) belongs to the mix, not to the sound.
		z1 += a * (math.Abs(0.5*float64(x[2*i]+x[2*i+1])) - z1)
		z2 += a * (z1 - z2)
		e[i] = z2
	}
	top := 0.0
	for _, v := range e {
		top = math.Max(top, v)
	}
	count, trough, rising := 0, 0.0, true
	for i := 1; i < n; i++ {
		switch {
		case rising && e[i] < e[i-1]:
			if e[i-1] >= 2*trough && e[i-1] >= 0.25*top {
				count++
			}
			rising, trough = false, e[i]
		case !rising && e[i] > e[i-1]:
			rising = true
		case !rising:
			trough = math.Min(trough, e[i])
		}
	}
	return count
}

// TestPercussionCharacter checks the hand percussion and big drums of the
// acoustic kit (key of C) against what the real instruments measure:
// spectral centroid, decay to -30 dB, the body pitch, several strikes in
// a group clap and the teeth of a guiro.
func TestPercussionCharacter(t *testing.T) {
	testutil.SkipRaceShort(t)
	cases := []struct {
		d              score.Drum
		cLo, cHi       float64 // centroid Hz
		tLo, tHi       float64 // t30 ms
		fLo, fHi       float64 // body pitch Hz (0: not checked)
		minStrikes, ms int     // onsets in the first ms milliseconds
	}{
		{score.HandClap, 1200, 4000, 80, 500, 0, 0, 4, 60},
		{score.Snap, 1500, 5000, 10, 120, 0, 0, 0, 0},
		{score.Cowbell, 600, 2000, 150, 600, 540, 640, 0, 0},
		{score.Clave, 2000, 3000, 50, 250, 2200, 2800, 0, 0},
		{score.CongaHigh, 250, 600, 300, 900, 290, 420, 0, 0},
		{score.CongaLow, 150, 400, 400, 1200, 180, 280, 0, 0},
		{score.Bongo, 400, 1000, 150, 500, 420, 800, 0, 0},
		{score.Timbale, 500, 2000, 300, 900, 0, 0, 0, 0},
		{score.Guiro, 2000, 7000, 80, 300, 0, 0, 8, 200},
		{score.Tambourine, 5000, 12000, 100, 500, 0, 0, 0, 0},
		{score.SleighBells, 5000, 12000, 200, 900, 0, 0, 0, 0},
		{score.TablaNa, 200, 600, 500, 1500, 255, 268, 0, 0},
		{score.TablaGe, 60, 200, 700, 2000, 80, 120, 0, 0},
		{score.Taiko, 40, 200, 1500, 3000, 45, 90, 0, 0},
		// The tonic in the octave nearest its nominal G2: C3 in C (it took
		// the fifth, G2, before tuned drums kept to the tonic).
		{score.Timpani, 60, 300, 1500, 3000, 127, 135, 0, 0},
		{score.Surdo, 40, 200, 1000, 2500, 45, 90, 0, 0},
		{score.LogKick, 40, 200, 600, 2000, 45, 90, 0, 0},
	}
	for _, c := range cases {
		x := hit(t, score.KitAcoustic, c.d, 0)
		cen, dec := centroid(x), t30(x)
		f := 0.0
		if c.fHi > 0 {
			f = fundamental(left(x, int(0.05*44100), 16384))
		}
		t.Logf("%-12s centroid %5.0f Hz  t30 %4.0f ms  pitch %7.1f Hz", c.d, cen, dec, f)
		if cen < c.cLo || cen > c.cHi {
			t.Errorf("%s: centroid %.0f Hz, want %.0f..%.0f", c.d, cen, c.cLo, c.cHi)
		}
		if dec < c.tLo || dec > c.tHi {
			t.Errorf("%s: decay to -30 dB %.0f ms, want %.0f..%.0f", c.d, dec, c.tLo, c.tHi)
		}
		if c.fHi > 0 && (f < c.fLo || f > c.fHi) {
			t.Errorf("%s: pitch %.1f Hz, want %.0f..%.0f", c.d, f, c.fLo, c.fHi)
		}
		if c.minStrikes > 0 {
			n := strikes(x, c.ms)
			t.Logf("%-12s %d strikes in %d ms", c.d, n, c.ms)
			if n < c.minStrikes {
				t.Errorf("%s: %d strikes in %d ms, want at least %d", c.d, n, c.ms, c.minStrikes)
			}
		}
	}
	// The bayan's pitch bends up: the first 93 ms sit lower than the
	// settled tone.
	ge := hit(t, score.KitAcoustic, score.TablaGe, 0)
	early, late := fundamental(left(ge, 0, 4096)), fundamental(left(ge, 13230, 16384))
	if !(early < 0.95*late) {
		t.Errorf("tabla_ge: %.1f Hz early, %.1f Hz settled: no upward bend", early, late)
	}
	// Congas and bongos keep their order of size.
	if b, h, l := fundamental(left(hit(t, "", score.Bongo, 0), 2000, 16384)),
		fundamental(left(hit(t, "", score.CongaHigh, 0), 2000, 16384)),
		fundamental(left(hit(t, "", score.CongaLow, 0), 2000, 16384)); !(b > h && h > l) {
		t.Errorf("bongo %.0f, conga high %.0f, conga low %.0f Hz: not in order of size", b, h, l)
	}
}

// TestVinylCrackle checks the texture is quiet (dry RMS at most -45
// dBFS, far under a pad at the same velocity) and broadband (every
// third-octave band from 250 Hz to 12.5 kHz within 12 dB of the
// loudest).
func TestVinylCrackle(t *testing.T) {
	testutil.SkipRaceShort(t)
	render := func(in score.Instrument) []float32 {
		return renderScore(t, &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 8, TailSeconds: 0.5, Seed: 5,
			Tracks: []score.Track{{Instrument: in, Role: score.RoleFX, Notes: []score.Note{
				{Start: 0, Length: 8, Pitch: 60, Velocity: 0.8}}}}})
	}
	x, pad := render(score.VinylCrackle), render(score.Pad)
	lvl, padLvl := 20*math.Log10(rms(x)), 20*math.Log10(rms(pad))
	t.Logf("crackle %.1f dBFS, pad %.1f dBFS", lvl, padLvl)
	if lvl > -36 || lvl > padLvl-12 || lvl < -80 { // at the fader's 0 dB (Unbalanced)
		t.Errorf("crackle at %.1f dBFS (pad %.1f): want audible but quiet", lvl, padLvl)
	}
	b := bandsDB(x)
	for i, c := range thirdOctaves {
		if c >= 240 && c <= 13000 && b[i] < -12 {
			t.Errorf("crackle band %.0f Hz at %.1f dB: not broadband", c, b[i])
		}
	}
}
