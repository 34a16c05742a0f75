// Package engine is the music engine behind the API: it understands a
// prompt, composes a song (internal/music), synthesizes and masters it
// (internal/synth) and describes it (title, tags, tempo, key).
package engine

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// Song is a rendered song and its description.
type Song struct {
	Title   string        // evocative title, Title Case, 2-5 words
	BPM     float64       // the tempo actually used
	Seconds float64       // exact length of Audio in seconds
	Tags    []string      // genre, mood, tempo feel, key, instruments
	Genre   string        // canonical genre (see music.Genres)
	Mood    string        // canonical mood (see music.Moods)
	Key     string        // for example "D minor"
	Audio   *audio.Buffer // mastered 44.1 kHz stereo
	Score   *score.Score  // what was played (for MIDI and stems)
}

// Overrides are explicit request options that take precedence over what
// the prompt says. Zero fields leave the prompt's reading alone.
type Overrides struct {
	Seconds float64 // length in seconds (clamped to the composer's range)
	BPM     float64 // exact tempo (clamped to the composer's range)
	KeyRoot int     // pitch class 0..11 of the tonic; -1 (or HasKey false) for none
	HasKey  bool    // KeyRoot is set
	Mode    string  // "major", "minor", "dorian" ...; "" leaves the mode to the prompt
	// ExactSeconds makes the audio exactly Seconds long, to the sample,
	// still ending on its final cadence (music.Plan.ExactSeconds).
	ExactSeconds bool
	// Loop makes a seamless loop of about Seconds (music.Plan.Loop).
	Loop bool
}

// apply sets the overrides on a parsed plan.
func (o Overrides) apply(p music.Plan) music.Plan {
	if o.Seconds > 0 {
		p.Seconds = min(max(o.Seconds, music.MinSeconds), music.MaxSeconds)
		p.ExactSeconds = o.ExactSeconds
	}
	if o.Loop {
		p.Loop = true
		if o.Seconds > 0 {
			p.Seconds = min(max(o.Seconds, music.MinLoopSeconds), music.MaxSeconds)
		}
	}
	if o.BPM > 0 {
		p.BPM, p.ExplicitBPM = min(max(o.BPM, music.MinBPM), music.MaxBPM), true
	}
	if o.HasKey {
		p.KeyRoot = o.KeyRoot
	}
	if o.Mode != "" {
		p.Mode = o.Mode
	}
	return p
}

// Compose understands the prompt and writes the score Render would play,
// with its title and tags, without synthesizing it.
func Compose(prompt string, seed uint64) (s *score.Score, title string, tags []string) {
	return ComposeWith(prompt, seed, Overrides{})
}

// ComposeWith is Compose with explicit overrides of the prompt.
func ComposeWith(prompt string, seed uint64, o Overrides) (s *score.Score, title string, tags []string) {
	mixed := songSeed(prompt, seed)
	plan := o.apply(music.Parse(prompt)).Resolve(mixed)
	s = music.Compose(plan, mixed)
	// Titles number the title space by the job's own seed, so that
	// neighbouring seeds never share one.
	title, tags = music.Describe(plan, s, seed)
	return s, title, tags
}

// Render understands the prompt, composes, synthesizes and masters a song.
// The same prompt and seed always give the same song, sample for sample.
func Render(ctx context.Context, prompt string, seed uint64) (*Song, error) {
	return RenderWith(ctx, prompt, seed, Overrides{})
}

// RenderWith is Render with explicit overrides of the prompt.
func RenderWith(ctx context.Context, prompt string, seed uint64, o Overrides) (*Song, error) {
	s, title, tags := ComposeWith(prompt, seed, o)
	buf, err := synth.Render(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("engine: render: %w", err)
	}
	if o.ExactSeconds && o.Seconds > 0 && !o.Loop {
		// The score lasts the length up to float rounding: make the
		// frame count exact.
		SetFrames(buf, buf.Rate.NSeconds(min(max(o.Seconds, music.MinSeconds), music.MaxSeconds)))
	}
	return &Song{
		Title:   title,
		BPM:     s.BPM,
		Seconds: buf.Seconds(),
		Tags:    tags,
		Genre:   s.Genre,
		Mood:    s.Mood,
		Key:     music.KeyName(s),
		Audio:   buf,
		Score:   s,
	}, nil
}

// songSeed mixes the prompt's text into the seed: two prompts that read
// alike ("rain", "🌧️☕📚") still give two different songs at one seed,
// while a prompt and seed always give the same song.
func songSeed(prompt string, seed uint64) uint64 {
	h := fnv.New64a()
	h.Write([]byte(strings.TrimSpace(prompt)))
	// Added, not XORed: consecutive job seeds stay consecutive, so the
	// grooves a style takes in turn by seed differ between them.
	return seed + h.Sum64()
}

// SetFrames makes b exactly n frames long: it drops frames from the end or
// adds silence there (an exact length moves the end by a frame at most).
func SetFrames(b *audio.Buffer, n int) {
	want := n * b.Channels
	if len(b.Samples) >= want {
		b.Samples = b.Samples[:want]
		return
	}
	b.Samples = append(b.Samples, make([]float32, want-len(b.Samples))...)
}
