package synth_test

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// newInstrument is one instrument added for the style catalogue, the note
// its test plays and the pitch tolerance in cents (0: pitch not checked).
type newInstrument struct {
	in    score.Instrument
	pitch int
	cents float64
}

var newInstruments = []newInstrument{
	{score.Fiddle, 69, 25}, {score.Banjo, 67, 25}, {score.Mandolin, 69, 25}, {score.Ukulele, 64, 25},
	{score.Accordion, 60, 25}, {score.SteelDrums, 72, 25}, {score.Sitar, 62, 25}, {score.MusicBox, 84, 25},
	{score.NylonGuitar, 55, 25}, {score.Harpsichord, 60, 25}, {score.Marimba, 65, 25},
	{score.Vibraphone, 67, 25}, {score.Kalimba, 72, 25}, {score.Harp, 60, 25}, {score.UprightBass, 36, 25},
	{score.SingingBowl, 57, 25}, {score.LogDrum, 41, 50}, {score.CowbellLead, 72, 25}, {score.ChipLead, 72, 25},
	{score.ChipBass, 40, 25}, {score.Tabla, 62, 50}, {score.VinylCrackle, 60, 0},
}

// TestNewInstruments renders one note per new instrument and checks the
// audio is finite, audible and, for pitched voices, that its fundamental
// (the lowest spectral peak at least a fifth as strong as the strongest,
// refined to 0.05 bin) lies within the stated cents of the note.
func TestNewInstruments(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, c := range newInstruments {
		t.Run(string(c.in), func(t *testing.T) {
			role := score.RoleLead
			if c.pitch < 48 {
				role = score.RoleBass
			}
			x := oneTrack(t, score.Track{Instrument: c.in, Role: role, Notes: []score.Note{
				{Start: 0, Length: 2, Pitch: c.pitch, Velocity: 0.8}}})
			if !allFinite(x) {
				t.Fatal("non-finite samples")
			}
			if p := peak(x); p < 0.02 {
				t.Fatalf("peak %.3g: silent", p)
			}
			if c.cents == 0 {
				return
			}
			want := 440 * math.Exp2(float64(c.pitch-69)/12)
			got := fundamental(left(x, 4410, 16384))
			if d := 1200 * math.Log2(got/want); math.Abs(d) > c.cents {
				t.Errorf("fundamental %.2f Hz, note %.2f Hz: %+.1f cents (tolerance %.0f)", got, want, d, c.cents)
			}
		})
	}
}

// left returns n frames of interleaved stereo from frame start as mono:
// the mid (L+R)/2, which is the dry sound (the mix widens parts with a
// side signal that cancels there).
func left(x []float32, start, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = 0.5 * (x[2*(start+i)] + x[2*(start+i)+1])
	}
	return out
}

// fundamental estimates the fundamental of x in Hz: the lowest local
// maximum of its Hann-windowed spectrum (above 25 Hz) that reaches a
// fifth of the strongest peak, refined by evaluating the windowed DFT
// around it in steps of 0.05 bin.
func fundamental(x []float32) float64 {
	m := spectrum(x)
	binHz := 44100 / float64(len(x))
	top := 0.0
	for _, v := range m[2:] {
		top = math.Max(top, v)
	}
	lo := int(25 / binHz)
	b := lo
	for ; b < len(m)-1; b++ {
		if m[b] >= 0.2*top && m[b] >= m[b-1] && m[b] >= m[b+1] {
			break
		}
	}
	best, bestF := 0.0, float64(b)
	for f := float64(b) - 1; f <= float64(b)+1; f += 0.05 {
		if a := dftMag(x, f); a > best {
			best, bestF = a, f
		}
	}
	return bestF * binHz
}

// dftMag is the magnitude of the Hann-windowed DFT of x at fractional bin k.
func dftMag(x []float32, k float64) float64 {
	n := float64(len(x))
	// Rotating phasors for the DFT kernel and the window's cosine.
	rot := cmplx.Exp(complex(0, -2*math.Pi*k/n))
	wrot := cmplx.Exp(complex(0, 2*math.Pi/n))
	ph, wp := complex(1, 0), complex(1, 0)
	var s complex128
	for _, v := range x {
		w := 0.5 - 0.5*real(wp)
		s += complex(float64(v)*w, 0) * ph
		ph *= rot
		wp *= wrot
	}
	return cmplx.Abs(s)
}
