package engine

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/perform"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// Song is a rendered song and its description.
type Song struct {
	Title   string        // evocative title, Title Case, 2-5 words
	BPM     float64       // the tempo actually used
	Seconds float64       // exact length of Audio in seconds
	Tags    []string      // genre, mood, tempo feel, key, instruments
	Genre   string        // canonical genre (see plan.Genres)
	Mood    string        // canonical mood (see plan.Moods)
	Key     string        // for example "D minor"
	Audio   *audio.Buffer // mastered 44.1 kHz stereo
	Score   *score.Score  // what was played (for MIDI and stems)
}

// Options are the settings of one song: explicit request options that take
// precedence over what the prompt says (zero fields leave the prompt's
// reading alone) and the synthesizer's settings.
type Options struct {
	Seconds float64 // length in seconds (clamped to the composer's range)
	BPM     float64 // exact tempo (clamped to the composer's range)
	KeyRoot int     // pitch class 0..11 of the tonic; -1 (or HasKey false) for none
	HasKey  bool    // KeyRoot is set
	Mode    string  // "major", "minor", "dorian" ...; "" leaves the mode to the prompt
	// ExactSeconds makes the audio exactly Seconds long, to the sample,
	// still ending on its final cadence (plan.Plan.ExactSeconds).
	ExactSeconds bool
	// Synth tunes the synthesizer (the sample bank of recorded parts).
	Synth synth.Options
	// LoudnessLUFS is the master's integrated loudness target, -31 to
	// -9 LUFS (the -1 dBTP ceiling wins where both cannot hold); 0 keeps
	// the style family's default (-20 to -9 LUFS, docs/engine-mix.md).
	LoudnessLUFS float64
	// Loop makes a seamless loop of about Seconds (plan.Plan.Loop).
	Loop bool
	// Edits change the composed song in turn (edit.go, issue 20 item 4):
	// the fields above compose the source song, each edit changes it.
	Edits []Edit
}

// apply sets the overrides on a parsed plan.
func (o Options) apply(p plan.Plan) plan.Plan {
	if o.Seconds > 0 {
		p.Seconds = min(max(o.Seconds, plan.MinSeconds), plan.MaxSeconds)
		p.ExactSeconds = o.ExactSeconds
	}
	if o.Loop {
		p.Loop = true
		if o.Seconds > 0 {
			p.Seconds = min(max(o.Seconds, plan.MinLoopSeconds), plan.MaxSeconds)
		}
	}
	if o.BPM > 0 {
		p.BPM, p.ExplicitBPM = min(max(o.BPM, plan.MinBPM), plan.MaxBPM), true
	}
	if o.HasKey {
		p.KeyRoot = o.KeyRoot
	}
	if o.Mode != "" {
		p.Mode = o.Mode
	}
	return p
}

// Compose understands the prompt and writes the score Render would play
// with the same options, with its title and tags, without synthesizing
// it: the composed score as the players perform it (internal/perform), the
// timing and dynamics the synthesizer and the MIDI export carry. It takes
// no context: it runs in milliseconds and cannot block.
func Compose(prompt string, seed uint64, o Options) (s *score.Score, title string, tags []string) {
	s, title, tags = ComposeWritten(prompt, seed, o)
	return perform.Apply(s), title, tags
}

// ComposeWritten is Compose before the performance: every note on the
// composed grid. A tempo edit keeps these notes on their beats and performs
// them again (perform.Apply) at the new tempo.
func ComposeWritten(prompt string, seed uint64, o Options) (s *score.Score, title string, tags []string) {
	plan, mixed := ResolvePlan(prompt, seed, o)
	return composePlan(plan, mixed, seed)
}

// composePlan composes a resolved plan with the mixed seed and describes
// it: the one step from a plan to the written score, for a prompt
// (ComposeWritten) and for a recipe (RenderPlan).
func composePlan(plan plan.Plan, mixed, seed uint64) (s *score.Score, title string, tags []string) {
	s = music.Compose(plan, mixed)
	// Titles number the title space by the job's own seed, so that
	// neighbouring seeds never share one.
	title, tags = music.Describe(plan, s, seed)
	return s, title, tags
}

// Render understands the prompt, composes, synthesizes and masters a song.
// The same prompt, seed and options always give the same song, sample for
// sample.
func Render(ctx context.Context, prompt string, seed uint64, o Options) (*Song, error) {
	plan, mixed := ResolvePlan(prompt, seed, o)
	s, title, tags, err := performPlan(plan, mixed, seed, o)
	if err != nil {
		return nil, err
	}
	return synthesize(ctx, s, title, tags, o)
}

// synthesize renders a performed score to the mastered song: the one step
// after the performance, for a prompt (Render) and a recipe (RenderPlan).
func synthesize(ctx context.Context, s *score.Score, title string, tags []string, o Options) (*Song, error) {
	if err := CheckBudget(s); err != nil { // budget.go: refused before anything is allocated
		return nil, err
	}
	so := o.Synth
	so.LoudnessLUFS = o.LoudnessLUFS
	buf, err := synth.Render(ctx, s, so)
	if err != nil {
		return nil, fmt.Errorf("engine: render: %w", err)
	}
	if secs := o.ExactLength(); secs > 0 {
		// The score lasts the length up to float rounding: make the
		// frame count exact.
		SetFrames(buf, buf.Rate.NSeconds(secs))
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

// Release hands the song's audio back for the next render to reuse
// (audio.Recycle) and sets Audio to nil. Call it once the audio is encoded
// and nothing else holds Audio.Samples: a worker rendering songs one after
// another then keeps one song's samples in memory instead of two
// (docs/engine.md, "CPU and memory budget"). The rest of the song stays.
func (s *Song) Release() {
	if s == nil || s.Audio == nil {
		return
	}
	audio.Recycle(s.Audio)
	s.Audio = nil
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
