package soundfont_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/testutil"
)

// playChord plays a C major chord on preset 0:program for one second and
// returns the mid and side a stereo player renders (side nil for a mono
// player).
func playChord(t *testing.T, b *soundfont.Bank, program int, stereo bool) (mid, side []float32) {
	t.Helper()
	newPlayer := b.NewPlayer
	if stereo {
		newPlayer = b.NewStereoPlayer
	}
	pl, err := newPlayer(32)
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Program(b, 0, 0, program); err != nil {
		t.Fatal(err)
	}
	if pl.Stereo() != stereo {
		t.Fatalf("Stereo() = %v, want %v", pl.Stereo(), stereo)
	}
	for _, k := range []int{60, 64, 67} {
		pl.NoteOn(0, k, 0.8)
	}
	mid = make([]float32, 44100)
	if !stereo {
		pl.Render(mid)
		return mid, nil
	}
	side = make([]float32, len(mid))
	// Uneven lengths, as a part renders between note events.
	for pos, n := 0, 77; pos < len(mid); pos, n = pos+n, n*3%500+1 {
		end := min(len(mid), pos+n)
		pl.RenderMidSide(mid[pos:end], side[pos:end])
	}
	return mid, side
}

func power(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return s / float64(len(x))
}

// TestStereoPlayer: a stereo player of a preset with stereo sample pairs
// (FluidR3's grand piano and strings) renders a side signal, left and
// right differ, and its mid stays within a few dB of the mono player's
// (which plays the left halves only and renders as before). A preset
// without pairs renders no side.
func TestStereoPlayer(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustLoad(t)
	for _, program := range []int{0, 48} {
		if !b.StereoPairs(0, program) {
			t.Fatalf("preset 0:%d has no stereo pairs", program)
		}
		mono, _ := playChord(t, b, program, false)
		mid, side := playChord(t, b, program, true)
		pm, ps, p0 := power(mid), power(side), power(mono)
		if p0 == 0 || pm == 0 {
			t.Fatalf("preset 0:%d silent: mono %g, mid %g", program, p0, pm)
		}
		sm := 10 * math.Log10(ps/pm)
		dm := 10 * math.Log10(pm/p0)
		t.Logf("preset 0:%d: side/mid %.1f dB, mid %.1f dB against the mono player", program, sm, dm)
		if sm < -30 {
			t.Errorf("preset 0:%d: side %.1f dB under the mid: not stereo", program, -sm)
		}
		if math.Abs(dm) > 4 {
			t.Errorf("preset 0:%d: stereo mid %.1f dB from the mono player", program, dm)
		}
	}
	// The first GM preset without pairs: its side is float rounding of
	// the centre pan's gains.
	for program := range 128 {
		if b.StereoPairs(0, program) {
			continue
		}
		if _, ok := b.Preset(0, program); !ok {
			continue
		}
		mid, side := playChord(t, b, program, true)
		if r := 10 * math.Log10(power(side)/power(mid)); r > -80 {
			t.Errorf("preset 0:%d has no pairs but a stereo player renders a side %.1f dB under the mid", program, -r)
		}
		break
	}
}
