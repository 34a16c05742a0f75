package engine_test

import (
	"cmp"
	"context"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/tune"
)

// pitchEnergy is the energy at the fundamental of MIDI pitch p and its
// octave above in samples (Goertzel).
func pitchEnergy(samples []float64, rate float64, p int) float64 {
	return goertzel(samples, rate, p) + goertzel(samples, rate, p+12)
}

// A given melody is heard in the audio: at the start of each lead note
// of a tenth of a second or more, the note's pitch (with its octave)
// holds more energy than the semitones either side of it and is among
// the three strongest pitches of the fifths around it, in 90 % of the
// notes (85 of 87). Three tunes of 16-26 s; skipped in -short mode.
func TestMelodyAudible(t *testing.T) {
	if testing.Short() {
		t.Skip("renders three songs")
	}
	heardAll, notesAll := 0, 0
	for _, c := range []struct{ prompt, tune string }{
		{"folk", "yankee-doodle"},
		{"piano pop", "frere-jacques"},
		{"jazz trio", "row-your-boat"},
	} {
		r := engine.Resolve(c.prompt, 4, engine.Options{Melody: tune.Source{ABC: readTune(t, c.tune)}})
		song, err := engine.Render(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		rate, mono := float64(song.Audio.Rate), monoOf(song.Audio)
		heard, all := 0, 0
		for _, n := range leadOf(t, song.Written).Notes {
			from := song.Score.WrittenToSeconds(n.Start) + 0.03
			to := math.Min(song.Score.WrittenToSeconds(n.Start+n.Length), from+0.25)
			if to-from < 0.1 || int(to*rate) > len(mono) {
				continue
			}
			win := mono[int(from*rate):int(to*rate)]
			all++
			e := pitchEnergy(win, rate, n.Pitch)
			var others []float64
			for q := n.Pitch - 7; q <= n.Pitch+7; q++ {
				if q != n.Pitch {
					others = append(others, pitchEnergy(win, rate, q))
				}
			}
			slices.SortFunc(others, func(x, y float64) int { return -cmp.Compare(x, y) })
			if e > pitchEnergy(win, rate, n.Pitch-1) && e > pitchEnergy(win, rate, n.Pitch+1) && e >= others[2] {
				heard++
			}
		}
		t.Logf("%s (%s): %d of %d melody notes heard", c.prompt, c.tune, heard, all)
		heardAll, notesAll = heardAll+heard, notesAll+all
	}
	if notesAll == 0 || 10*heardAll < 9*notesAll {
		t.Errorf("%d of %d melody notes heard, want 90 %%", heardAll, notesAll)
	}
}
