package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/soundfont/sfwrite"
	"github.com/songsmith/songsmith/internal/synth"
)

// TestRenderWithSF3Bank: a song renders with an SF3 bank (Ogg Vorbis
// samples, as SONGSMITH_SOUNDFONT may name one): a bank made here whose
// piano preset (0:0) is one Ogg-coded tone plays the song's piano, only
// the frames the song plays are decoded, the song differs from the same
// score synthesized, and the same prompt and seed give the same samples.
// Needs ffmpeg to encode the fixture (fails under CI=true without it).
func TestRenderWithSF3Bank(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: songs rendered from an SF3 bank")
	}
	ogg, _ := sfwrite.Vorbis(t, sfwrite.Tone(261.63, 3*44100))
	b, err := soundfont.Load(sfwrite.WriteBank(t, []sfwrite.Sample{{Name: "tone", Ogg: ogg, LoopStart: 44100, LoopEnd: 2 * 44100}}))
	if err != nil {
		t.Fatal(err)
	}
	if !b.Compressed() {
		t.Fatal("the fixture did not load as an SF3 bank")
	}
	const prompt, seed = "gentle piano ballad, 12 seconds", 1
	s, _, _ := composePerformed(prompt, seed, engine.Options{})
	piano := false
	for i := range s.Tracks {
		if bank, prog, ok := synth.RecordedPreset(&s.Tracks[i]); ok && bank == 0 && prog == 0 {
			piano = true
		}
	}
	if !piano {
		t.Fatalf("no track of %q plays GM piano from the bank", prompt)
	}
	ctx := context.Background()
	o := engine.Options{Synth: synth.Options{Bank: func() *soundfont.Bank { return b }}}
	a, err := engine.Render(ctx, engine.Resolve(prompt, seed, o))
	if err != nil {
		t.Fatal(err)
	}
	if n := b.SampleFrames(); n == 0 || n > 3*44100 {
		t.Errorf("%d frames decoded, want some of the 3 s sample", n)
	}
	again, err := engine.Render(ctx, engine.Resolve(prompt, seed, o))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Audio.Samples, again.Audio.Samples) {
		t.Error("the same prompt and seed gave different songs with the SF3 bank")
	}
	synthesized, err := engine.Render(ctx, engine.Resolve(prompt, seed, engine.Options{Synth: synth.Options{Bank: synth.NoBank}}))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(a.Audio.Samples, synthesized.Audio.Samples) {
		t.Error("the song with the SF3 bank equals the song synthesized: the piano did not play from the bank")
	}
}
