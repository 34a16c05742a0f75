package analysis_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/analysis"
	"github.com/songsmith/songsmith/internal/testutil"
)

// clickTrack is a stereo 44.1 kHz track of seconds: a decaying 1 kHz
// click on every beat at bpm (every second one louder), a sustained chord
// of the pitch classes pcs (A4 = 440 Hz, octaves 3 and 4) under it, then
// tail seconds of silence.
func clickTrack(bpm, seconds, tail float64, pcs []int) []float32 {
	const rate = 44100.0
	n := int((seconds + tail) * rate)
	s := make([]float32, 2*n)
	period := 60 / bpm
	for i := range int(seconds * rate) {
		t := float64(i) / rate
		beat := math.Floor(t / period)
		dt := t - beat*period
		amp := 0.3
		if int(beat)%2 == 0 {
			amp = 0.5
		}
		v := amp * math.Exp(-dt*40) * math.Sin(2*math.Pi*1000*t)
		for _, pc := range pcs {
			for _, oct := range []int{3, 4} {
				midi := float64(12*(oct+1) + pc)
				hz := 440 * math.Pow(2, (midi-69)/12)
				v += 0.05 * math.Sin(2*math.Pi*hz*t)
			}
		}
		s[2*i], s[2*i+1] = float32(v), float32(v)
	}
	return s
}

// The tempo of a click track is heard at every tempo a song can have
// (within 1 %, or its double or half: every other click is louder);
// TempoNear finds the clicks' own tempo within 0.5 %, with a clear pulse,
// and its beats fall on the clicks (but the last, which the tracker may
// put at the end).
func TestTempoOfClicks(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, bpm := range []float64{72, 96, 120, 140, 174} {
		const secs = 12
		a := analysis.Analyze(clickTrack(bpm, secs, 0, nil), 2, 44100)
		got := a.Tempo()
		if got.BPM == 0 {
			t.Fatalf("%v bpm: no tempo", bpm)
		}
		ratio := got.BPM / bpm
		for _, m := range []float64{0.5, 1, 2} {
			if math.Abs(ratio/m-1) < 0.01 {
				ratio = 0
			}
		}
		if ratio != 0 {
			t.Errorf("%v bpm: heard %.2f bpm", bpm, got.BPM)
		}
		near, ok := a.TempoNear(bpm, 0.06)
		if !ok || math.Abs(near.BPM/bpm-1) > 0.005 {
			t.Errorf("%v bpm: near %.2f (%v)", bpm, near.BPM, ok)
		}
		if len(near.Beats) < int(secs*bpm/60)-3 {
			t.Errorf("%v bpm: %d beats in %d s", bpm, len(near.Beats), secs)
		}
		period := 60 / bpm
		for _, b := range near.Beats[:len(near.Beats)-1] { // the last may sit on the end
			if off := math.Mod(b+period/2, period) - period/2; math.Abs(off) > 0.03 {
				t.Errorf("%v bpm: beat at %.3f s is %.3f s off the clicks", bpm, b, off)
				break
			}
		}
		if near.Strength <= 0.1 {
			t.Errorf("%v bpm: strength %.3f", bpm, near.Strength)
		}
	}
}

// Silence and a steady tone have no pulse.
func TestNoPulse(t *testing.T) {
	testutil.SkipRaceShort(t)
	const rate = 44100
	tone := make([]float32, 2*10*rate)
	for i := range tone {
		tone[i] = float32(0.3 * math.Sin(2*math.Pi*220*float64(i/2)/rate))
	}
	for name, s := range map[string][]float32{"silence": make([]float32, 2*10*rate), "tone": tone} {
		a := analysis.Analyze(s, 2, rate)
		if tp := a.Tempo(); tp.Strength > 0.1 {
			t.Errorf("%s: a pulse at %.1f bpm, strength %.3f", name, tp.BPM, tp.Strength)
		}
	}
}

// A held C major or A minor triad over clicks gives that key.
func TestKeyOfChords(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, c := range []struct {
		pcs  []int
		want string
	}{
		{[]int{0, 4, 7}, "C major"},
		{[]int{9, 0, 4}, "A minor"},
		{[]int{7, 11, 2}, "G major"},
		{[]int{2, 5, 9}, "D minor"},
	} {
		a := analysis.Analyze(clickTrack(100, 3, 0, c.pcs), 2, 44100)
		if k := a.Key(); k.Name() != c.want || k.Correlation < 0.5 {
			t.Errorf("%v: key %s (r %.2f), want %s; chroma %.2f", c.pcs, k.Name(), k.Correlation, c.want, a.Chroma())
		}
	}
}

// The audible end is the last sample above -60 dBFS; the length counts
// the silence after it.
func TestAudibleEnd(t *testing.T) {
	testutil.SkipRaceShort(t)
	a := analysis.Analyze(clickTrack(120, 5, 2, []int{0}), 2, 44100)
	if math.Abs(a.Seconds-7) > 1e-6 {
		t.Errorf("seconds %.4f, want 7", a.Seconds)
	}
	if a.AudibleEnd < 4.98 || a.AudibleEnd > 5.0001 {
		t.Errorf("audible end %.4f s, want 5", a.AudibleEnd)
	}
	quiet := []float32{0.5, 0.5, 0.0009, -0.0009, 0.00099, 0}
	if e := analysis.Analyze(quiet, 2, 1).AudibleEnd; e != 1 {
		t.Errorf("audible end of a sample at -61 dB: %v, want 1", e)
	}
	if e := analysis.Analyze(make([]float32, 100), 2, 44100).AudibleEnd; e != 0 {
		t.Errorf("audible end of silence %v", e)
	}
}

// BenchmarkAnalyze3Min analyses three minutes of a click track.
func BenchmarkAnalyze3Min(b *testing.B) {
	s := clickTrack(120, 180, 0, []int{0, 4, 7})
	for b.Loop() {
		a := analysis.Analyze(s, 2, 44100)
		a.Tempo()
		a.TempoNear(120, 0.06)
		a.Key()
	}
}

// harmonicChords is a mono-in-stereo 44.1 kHz track of chords, secs
// seconds each: every pitch class of a chord sounds in octaves 2 and 3
// with its first six harmonics at 1/h, as a bowed string or a sawtooth
// does, and the root an octave lower again (the bass).
func harmonicChords(chords [][]int, secs float64) []float32 {
	const rate = 44100.0
	per := int(secs * rate)
	s := make([]float32, 2*per*len(chords))
	for c, pcs := range chords {
		var hz []float64
		for i, pc := range pcs {
			for _, oct := range []int{2, 3} {
				hz = append(hz, 440*math.Pow(2, (float64(12*(oct+1)+pc)-69)/12))
			}
			if i == 0 {
				hz = append(hz, 440*math.Pow(2, (float64(12+pc)-69)/12))
			}
		}
		for i := range per {
			t := float64(i) / rate
			v := 0.0
			for _, f := range hz {
				for h := 1.0; h <= 6; h++ {
					v += 0.03 / h * math.Sin(2*math.Pi*f*h*t)
				}
			}
			j := c*per + i
			s[2*j], s[2*j+1] = float32(v), float32(v)
		}
	}
	return s
}

// Tones rich in harmonics give the key of their chords, and a major
// triad's root weighs more than its fifth in the chroma: a note's third
// harmonic sounds a twelfth above it, and without the harmonic weighting
// the fifth of a C major triad of such tones outweighed its root (0.280
// against 0.274), which made songs heard in the key a fifth above.
func TestKeyOfHarmonicTones(t *testing.T) {
	testutil.SkipRaceShort(t)
	c := analysis.Analyze(harmonicChords([][]int{{0, 4, 7}}, 1.5), 2, 44100).Chroma()
	if c[0] < 1.1*c[7] {
		t.Errorf("C major triad: chroma C %.3f, G %.3f; want C at least 1.1 times G", c[0], c[7])
	}
	for _, c := range []struct {
		chords [][]int
		want   string
	}{
		{[][]int{{0, 4, 7}, {5, 9, 0}, {7, 11, 2}, {0, 4, 7}}, "C major"},
		{[][]int{{9, 0, 4}, {2, 5, 9}, {4, 8, 11}, {9, 0, 4}}, "A minor"},
		{[][]int{{2, 6, 9}, {9, 1, 4}, {7, 11, 2}, {2, 6, 9}}, "D major"},
	} {
		a := analysis.Analyze(harmonicChords(c.chords, 1.5), 2, 44100)
		if k := a.Key(); k.Name() != c.want {
			t.Errorf("%v: key %s (r %.2f), want %s; chroma %.2f", c.chords, k.Name(), k.Correlation, c.want, a.Chroma())
		}
	}
}
