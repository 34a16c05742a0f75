package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRenderUsesBank: the engine renders with zero Options (and so
// TestRenderGenres, TestRenderWaltz and the other outside-tool checks here)
// play acoustic parts from FluidR3_GM where Debian installs it; the
// options' bank (production: SONGSMITH_SOUNDFONT, by internal/app) replaces
// it, and a bank loader of "" synthesizes every part. The bank must be
// there: skipped locally without it, failing under CI=true
// (scripts/tools.sh installs fluid-soundfont-gm). An acoustic style's parts
// are Recorded with presets the bank holds, the song differs from the same
// score synthesized, and the same prompt and seed give the same song with
// the bank.
func TestRenderUsesBank(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: songs rendered from the SoundFont bank")
	}
	testutil.RequireFile(t, soundfont.DebianPath, "make tools installs fluid-soundfont-gm")
	b := soundfont.Shared(soundfont.DebianPath)
	if b == nil {
		t.Fatalf("bank %q did not load", soundfont.DebianPath)
	}
	const prompt = "bossa nova with nylon guitar, 8 seconds"
	s, _, _ := composePerformed(prompt, 3, engine.Options{})
	recorded := 0
	for i := range s.Tracks {
		if bank, prog, ok := synth.RecordedPreset(&s.Tracks[i]); ok {
			recorded++
			if _, has := b.Preset(bank, prog); !has {
				t.Errorf("track %q: the bank lacks preset %d:%d", s.Tracks[i].Name, bank, prog)
			}
		}
	}
	if recorded == 0 {
		t.Fatalf("no track of %q plays from the bank", prompt)
	}
	ctx := context.Background()
	a, err := engine.Render(ctx, engine.Resolve(prompt, 3, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	again, err := engine.Render(ctx, engine.Resolve(prompt, 3, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Audio.Samples, again.Audio.Samples) {
		t.Error("the same prompt and seed gave different songs with the bank")
	}
	synthesized, err := synth.Render(ctx, s, styled(s, synth.Options{Bank: synth.NoBank}))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(a.Audio.Samples, synthesized.Samples) {
		t.Error("the engine's song is the synthesized one: the bank was not used")
	}
	off, err := engine.Render(ctx, engine.Resolve(prompt, 3, engine.Options{Synth: synth.Options{Bank: soundfont.Loader("")}}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(off.Audio.Samples, synthesized.Samples) {
		t.Error("engine.Options' bank (none) did not reach the synthesizer")
	}
}
