package synth_test

import (
	"context"
	"math"
	"math/cmplx"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/fft"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

var allInstruments = []score.Instrument{score.Piano, score.EPiano, score.Organ, score.Guitar,
	score.DistGuitar, score.Pluck, score.Strings, score.Pad, score.ChoirPad, score.SawLead, score.SquareLead,
	score.Bells, score.Flute, score.Sax, score.Brass, score.Bass, score.SubBass, score.SynthBass,
	score.Reese, score.Arp}

var allDrums = []score.Drum{score.Kick, score.Kick808, score.Snare, score.Clap, score.Rim, score.ClosedHat,
	score.OpenHat, score.Ride, score.Crash, score.TomLow, score.TomMid, score.TomHigh, score.Shaker}

// oneTrack renders a 2-second score holding a single track.
func oneTrack(t *testing.T, tr score.Track) []float32 {
	t.Helper()
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 4, TailSeconds: 0.5, Seed: 5,
		Tracks: []score.Track{tr}}
	b, err := synth.RenderDry(context.Background(), s, styled(s, synth.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	return b.Samples
}

func TestInstruments(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, in := range allInstruments {
		t.Run(string(in), func(t *testing.T) {
			pitch := 60
			if in == score.Bass || in == score.SubBass || in == score.SynthBass || in == score.Reese {
				pitch = 36
			}
			x := oneTrack(t, score.Track{Instrument: in, Role: score.RoleLead, Notes: []score.Note{
				{Start: 0, Length: 1.5, Pitch: pitch, Velocity: 0.8},
				{Start: 2, Length: 1, Pitch: pitch + 7, Velocity: 0.5, Glide: true}}})
			if !allFinite(x) {
				t.Fatal("non-finite samples")
			}
			if p := peak(x); p < 0.02 {
				t.Errorf("peak %.3g: silent", p)
			}
		})
	}
}

func TestDrums(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, d := range allDrums {
		t.Run(string(d), func(t *testing.T) {
			soft := oneTrack(t, score.Track{Instrument: score.Drums, Role: score.RoleDrums,
				Hits: []score.Hit{{Start: 0, Drum: d, Velocity: 1}, {Start: 2, Drum: d, Velocity: 0.2}}})
			if !allFinite(soft) {
				t.Fatal("non-finite samples")
			}
			if p := peak(soft); p < 0.02 {
				t.Errorf("peak %.3g: silent", p)
			}
			// Velocity: the soft hit must be clearly quieter (dry mix).
			hop := 2 * 44100 // beat 2 at 120 BPM = 1 s
			loud := rms(soft[:min(len(soft), hop/4)])
			quiet := rms(soft[hop : hop+hop/4])
			if !(quiet < 0.5*loud) {
				t.Errorf("velocity 0.2 rms %.3g vs velocity 1 rms %.3g", quiet, loud)
			}
		})
	}
}

// spectrum returns the Hann-windowed magnitude spectrum of x (len power of 2).
func spectrum(x []float32) []float64 {
	n := len(x)
	c := make([]complex128, n)
	for i, v := range x {
		c[i] = complex(float64(v)*(0.5-0.5*math.Cos(2*math.Pi*float64(i)/float64(n))), 0)
	}
	fft.Transform(c, false)
	m := make([]float64, n/2)
	for i := range m {
		m[i] = cmplx.Abs(c[i])
	}
	return m
}

// aliasRatioDB returns the strongest spectral peak more than a few bins
// (27 Hz) away from every harmonic of f0 (up to 20 kHz), relative to the
// fundamental, in dB.
func aliasRatioDB(x []float32, f0 float64) float64 {
	m := spectrum(x)
	binHz := 44100 / float64(len(x))
	fund := 0.0
	for b := int(f0/binHz) - 3; b <= int(f0/binHz)+3; b++ {
		fund = math.Max(fund, m[b])
	}
	worst := 0.0
	for b := 1; float64(b)*binHz < 20000; b++ {
		f := float64(b) * binHz
		if near := math.Round(f/f0) * f0; math.Abs(f-near) < 20*binHz {
			continue
		}
		worst = math.Max(worst, m[b])
	}
	return 20 * math.Log10(worst/fund)
}

func TestOscillatorAliasing(t *testing.T) {
	testutil.SkipRaceShort(t)
	f0 := 440 * math.Pow(2, (96-69)/12.0) // MIDI 96, 2093 Hz
	const n = 1 << 15
	for _, w := range []struct {
		name string
		wave synth.Waveform
	}{{"Saw", synth.Saw}, {"Square", synth.Square}} {
		t.Run(w.name, func(t *testing.T) {
			if r := aliasRatioDB(synth.Oscillate(w.wave, f0, n), f0); r > -60 {
				t.Errorf("inharmonic energy %.1f dB re fundamental, want < -60 dB", r)
			}
		})
	}
	t.Run("NaiveSawFails", func(t *testing.T) {
		// The measurement must catch a naive (aliasing) saw.
		x := make([]float32, n)
		ph := 0.0
		for i := range x {
			x[i] = float32(2*ph - 1)
			ph += f0 / 44100
			ph -= math.Floor(ph)
		}
		if r := aliasRatioDB(x, f0); r < -40 {
			t.Errorf("naive saw measured %.1f dB, expected obvious aliasing", r)
		}
	})
	t.Run("Voices", func(t *testing.T) {
		// Synth bass carries a sine one octave down: its harmonic grid is f0/2.
		for in, base := range map[score.Instrument]float64{score.SynthBass: f0 / 2, score.Arp: f0} {
			x := oneTrack(t, score.Track{Instrument: in, Role: score.RoleLead, Notes: []score.Note{
				{Start: 0, Length: 3, Pitch: 96, Velocity: 1}}})
			left := make([]float32, n)
			for i := range left {
				left[i] = x[2*(4410+i)]
			}
			if r := aliasRatioDB(left, base); r > -45 {
				t.Errorf("%s at MIDI 96: inharmonic %.1f dB, want < -45 dB", in, r)
			}
		}
	})
}

// peak returns the largest absolute sample.
func peak(x []float32) float64 {
	p := 0.0
	for _, v := range x {
		p = math.Max(p, math.Abs(float64(v)))
	}
	return p
}
