package generator_test

import (
	"context"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/app/generator"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/synth"
)

func load(t *testing.T, kv map[string]string) app.Config {
	t.Helper()
	cfg, err := app.Load(func(k string) string { return kv[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// The configuration reaches the studio: its format, bitrate and the bank
// of SONGSMITH_SOUNDFONT (none when off).
func TestNewCarriesConfig(t *testing.T) {
	cfg := load(t, map[string]string{"SONGSMITH_AUDIO_FORMAT": "flac", "SONGSMITH_MP3_BITRATE": "256", "SONGSMITH_SOUNDFONT": "off"})
	s, ok := generator.New(cfg).(*studio.Studio)
	if !ok || s.Format != "flac" || s.Bitrate != 256 || s.Synth.Bank == nil {
		t.Fatalf("studio %+v", s)
	}
	if b := s.Synth.Bank(); b != nil {
		t.Fatalf("SONGSMITH_SOUNDFONT=off loaded %s", b.Path())
	}
	bank := load(t, map[string]string{"SONGSMITH_SOUNDFONT": soundfont.DebianPath})
	if got, want := generator.SynthOptions(bank).Bank(), soundfont.Shared(soundfont.DebianPath); got != want {
		t.Fatalf("bank %v, want the shared one of %s (%v)", got, soundfont.DebianPath, want)
	}
}

// The bitrates config accepts are those of 128 kbit/s and above that the
// MP3 encoder supports, so no configured bitrate fails at encoding.
func TestConfigBitratesAreEncoderBitrates(t *testing.T) {
	var want []int
	for n := 1; n <= 1000; n++ {
		if n >= app.MP3Bitrates[0] && mp3.ValidBitrate(n) {
			want = append(want, n)
		}
	}
	if !slices.Equal(app.MP3Bitrates, want) {
		t.Fatalf("app.MP3Bitrates %v, the encoder's from %d: %v", app.MP3Bitrates, app.MP3Bitrates[0], want)
	}
}

// The studio's synth options reach the synthesizer through the engine: a
// song with recorded parts asks the studio's bank loader for its bank.
func TestStudioBankReachesSynth(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: songs rendered with the SoundFont bank")
	}
	calls := 0
	s := &studio.Studio{Format: "wav", Synth: synth.Options{Bank: func() *soundfont.Bank { calls++; return nil }}}
	if _, err := s.Generate(context.Background(), "bossa nova with nylon guitar, 10 seconds", 3, jobs.Options{}); err != nil {
		t.Fatal(err)
	}
	if calls == 0 {
		t.Fatal("the studio's bank loader was never asked")
	}
}
