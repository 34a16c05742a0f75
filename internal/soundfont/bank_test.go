package soundfont_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/testutil"
)

func mustLoad(tb testing.TB) *soundfont.Bank {
	tb.Helper()
	p := testutil.RequireFile(tb, soundfont.DebianPath, "make tools installs fluid-soundfont-gm")
	b, err := soundfont.Load(p)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func TestLoad(t *testing.T) {
	testutil.SkipRaceShort(t)
	t.Run("OK", func(t *testing.T) {
		b := mustLoad(t)
		for _, p := range [][2]int{{0, 0}, {0, 48}, {0, 73}, {soundfont.PercussionBank, 0}, {soundfont.PercussionBank, 40}} {
			if _, ok := b.Preset(p[0], p[1]); !ok {
				t.Errorf("no preset %d:%d", p[0], p[1])
			}
		}
		if b.SampleFrames() < 1e6 {
			t.Errorf("%d sample frames, want the whole bank", b.SampleFrames())
		}
		// Stereo pairs fold to one voice: the piano plays its left sample only.
		regs := b.Regions(0, 0, 60, 100)
		if len(regs) != 1 {
			t.Fatalf("piano middle C plays %d regions, want 1 (stereo folded): %+v", len(regs), regs)
		}
	})
	t.Run("ErrNotSoundFont", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "x.sf2")
		if err := os.WriteFile(p, []byte("RIFF\x04\x00\x00\x00WAVE"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := soundfont.Load(p); err == nil {
			t.Fatal("a WAVE file loaded as a bank")
		}
		if _, err := soundfont.Load(filepath.Join(t.TempDir(), "missing.sf2")); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("missing file: %v, want ErrNotExist", err)
		}
	})
	t.Run("ErrNoPreset", func(t *testing.T) {
		b := mustLoad(t)
		pl, err := b.NewPlayer(16)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Program(b, 0, 5, 0); !errors.Is(err, soundfont.ErrNoPreset) {
			t.Fatalf("bank 5: %v, want ErrNoPreset", err)
		}
	})
}

// Shared loads a path's bank once per process; "" and a missing file are
// no bank (recorded parts are then synthesized).
func TestShared(t *testing.T) {
	if soundfont.Shared("") != nil || soundfont.Loader("")() != nil {
		t.Fatal(`"" gave a bank`)
	}
	if soundfont.Shared(filepath.Join(t.TempDir(), "missing.sf2")) != nil {
		t.Fatal("a missing file gave a bank")
	}
	p := testutil.RequireFile(t, soundfont.DebianPath, "make tools installs fluid-soundfont-gm")
	a := soundfont.Shared(p)
	if a == nil || a.Path() != p || soundfont.Shared(p) != a || soundfont.Loader(p)() != a {
		t.Fatalf("Shared(%q) = %v, not one bank per process", p, a)
	}
}

// TestPlayersShareBank renders the same phrase on players of one bank in
// parallel (run with -race): each player owns its state, so the results
// are equal.
func TestPlayersShareBank(t *testing.T) {
	b := mustLoad(t)
	const n = 4
	out := make([][]float32, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			pl, err := b.NewPlayer(32)
			if err != nil {
				t.Error(err)
				return
			}
			if err := pl.Program(b, 0, 0, 0); err != nil {
				t.Error(err)
				return
			}
			x := make([]float32, 44100)
			for k, key := range []int{60, 64, 67} {
				pl.NoteOn(0, key, 0.7)
				pl.Render(x[k*8000 : (k+1)*8000])
			}
			pl.NoteOff(0, 60)
			pl.Render(x[24000:])
			out[i] = x
		})
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if !slices.Equal(out[0], out[i]) {
			t.Fatalf("player %d rendered differently", i)
		}
	}
	peak := float32(0)
	for _, v := range out[0] {
		peak = max(peak, v, -v)
	}
	if peak < 0.01 {
		t.Fatalf("peak %v: the piano is silent", peak)
	}
}

// BenchmarkLoad loads FluidR3_GM: the cold-start cost of the bank (the
// sample data is memory-mapped, so this is the preset tables).
func BenchmarkLoad(b *testing.B) {
	p := testutil.RequireFile(b, soundfont.DebianPath, "make tools installs fluid-soundfont-gm")
	for b.Loop() {
		if _, err := soundfont.Load(p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFilterBypass: regions at the SF2 default cutoff (19.9 kHz, "no
// filter") are opened above 22 kHz, so meltysynth skips their low-pass;
// regions the bank filters on purpose keep a filter, raised an octave up
// to 17 kHz for melodic instruments (brightenFilters): the piano's 12 kHz
// to 17, the harp's 7.1 to 14.2 kHz; a kit's kick keeps its own.
func TestFilterBypass(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustLoad(t)
	// FluidR3's finger bass (33) and standard kit's closed hat have no
	// filter of their own; its piano filters at 12 kHz, its harp at 7.1.
	for _, p := range [][3]int{{0, 33, 40}, {soundfont.PercussionBank, 0, 42}} {
		for _, r := range b.Regions(p[0], p[1], p[2], 100) {
			if r.Cutoff < 22050 {
				t.Errorf("%d:%d key %d region %s: cutoff %.0f Hz, want the filter off (>= 22050)", p[0], p[1], p[2], r.Sample, r.Cutoff)
			}
		}
	}
	for _, c := range []struct {
		bank, program, key int
		lo, hi             float64
	}{
		{0, 0, 60, 16900, 17100},                      // piano: 12 kHz raised to the ceiling
		{0, 46, 60, 14100, 14300},                     // harp: 7.1 kHz an octave up
		{soundfont.PercussionBank, 0, 36, 4900, 8100}, // the kit's kick: its own 5-8 kHz
	} {
		rs := b.Regions(c.bank, c.program, c.key, 100)
		if len(rs) == 0 {
			t.Errorf("%d:%d key %d: no region", c.bank, c.program, c.key)
		}
		for _, r := range rs {
			if r.Cutoff < c.lo || r.Cutoff > c.hi {
				t.Errorf("%d:%d key %d region %s: cutoff %.0f Hz, want %.0f-%.0f", c.bank, c.program, c.key, r.Sample, r.Cutoff, c.lo, c.hi)
			}
		}
	}
	open, filtered := 0, 0
	for prog := range 128 {
		for _, r := range b.Regions(0, prog, 60, 100) {
			if r.Cutoff >= 22050 {
				open++
			} else {
				filtered++
			}
		}
	}
	t.Logf("GM programs at middle C: %d regions unfiltered, %d filtered", open, filtered)
	if filtered == 0 || open == 0 {
		t.Errorf("%d regions unfiltered, %d filtered: want both (only default cutoffs are opened)", open, filtered)
	}
}
