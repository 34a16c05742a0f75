package engine_test

import (
	"context"
	"crypto/sha256"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// distinctPrompts are prompts people write that the engine once answered
// with one identical song at a given seed (prompts without a known genre
// word, other languages, emoji), and a spread of the rest.
var distinctPrompts = []string{
	"a lullaby for my baby girl", "samba for carnival", "música relajante para dormir", "chanson douce pour étudier",
	"fröhliches Lied für eine Hochzeit", "musica triste con pianoforte", "落ち着いたピアノの曲", "轻松的咖啡馆音乐",
	"신나는 댄스 음악", "🎄🎅🔔", "🌧️☕📚", "👻🎃", "sea shanty for pirates", "happy birthday song for my dad",
	"meditation music", "tango for a rainy night", "afrobeats party", "amapiano with log drums", "bossa nova cafe",
	"epic trailer music", "8-bit video game boss fight", "gospel choir sunday", "phonk with cowbell", "celtic jig",
	"slow romantic dance for our wedding", "workout motivation", "corporate presentation background", "horror ambience",
	"something nice", "asdf", "a song about my cat", "rain",
}

// TestDifferentPromptsDifferentSongs renders many different prompts at one
// seed (each shortened to 8 s, on every processor) and requires that no two give identical
// audio: nothing random stands in for reading the prompt.
func TestDifferentPromptsDifferentSongs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: many prompts rendered")
	}
	hashes := make([][32]byte, len(distinctPrompts))
	genres := make([]string, len(distinctPrompts))
	inParallel(len(distinctPrompts), func(i int) {
		prompt := distinctPrompts[i]
		s, _, _ := composePerformed(prompt, 1, engine.Options{})
		s = music.Compose(shorter(prompt, s), s.Seed)
		buf, err := synth.Render(context.Background(), s, styled(s, synth.Options{}))
		if err != nil {
			t.Errorf("%q: %v", prompt, err)
			return
		}
		b := make([]byte, 0, 4*len(buf.Samples))
		for _, v := range buf.Samples {
			u := uint32(int32(v * (1 << 30)))
			b = append(b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
		}
		hashes[i], genres[i] = sha256.Sum256(b), s.Genre
	})
	if t.Failed() {
		return
	}
	seen := map[[32]byte]string{}
	for i, prompt := range distinctPrompts {
		if other, dup := seen[hashes[i]]; dup {
			t.Errorf("%q and %q give identical audio at seed 1", prompt, other)
		}
		seen[hashes[i]] = prompt
		t.Logf("%-45q %s", prompt, genres[i])
	}
}

// shorter returns the plan of prompt as engine.Compose read it (the
// score's own genre, mood, tempo and key), 8 seconds long.
func shorter(prompt string, s *score.Score) plan.Plan {
	p := reader.Parse(prompt)
	p.Genre, p.Mood, p.BPM, p.KeyRoot, p.Mode, p.Seconds = plan.Genre(s.Genre), plan.Mood(s.Mood), s.BPM, s.KeyRoot, s.Mode, 8
	return p
}
