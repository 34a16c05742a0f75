package engine

import (
	"context"
	"fmt"
	"hash/fnv"
	"maps"
	"strings"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/music/describe"
	"github.com/songsmith/songsmith/internal/perform"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/tune"
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
	// Written is the score as composed, every note on its grid
	// (Composition.Written): what the MusicXML notates.
	Written *score.Score
	// Style is the song's catalogue entry, resolved once (pop's for a
	// genre the catalogue does not know): the stems' synthesizer and the
	// cover take it instead of looking Genre up.
	Style *style.Style
	// TargetLUFS and CeilingDBTP are what the master aimed for: the
	// integrated loudness and the true-peak ceiling (synth.MasterTarget).
	TargetLUFS, CeilingDBTP float64
}

// Options are what a request asks of a song beside its prompt: explicit
// overrides that take precedence over what the prompt says (zero fields
// leave the prompt's reading alone), the master's and synthesizer's
// settings and the edits. Resolve turns a prompt and Options into the
// Request every later stage takes.
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
	// LoudnessLUFS is the master's integrated loudness target (see
	// Request.LoudnessLUFS); 0 keeps the style family's default.
	LoudnessLUFS float64
	// Loop makes a seamless loop of about Seconds (plan.Plan.Loop).
	Loop bool
	// Edits change the composed song in turn (Request.Edits).
	Edits []Edit
	// Chords are chord charts by section name (plan.Plan.Chords); nil
	// lets the composer choose the harmony.
	Chords map[string]string
	// Melody is the tune the request gives (plan.Plan.Melody); the zero
	// value lets the composer write the melody.
	Melody tune.Source
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
	if len(o.Chords) > 0 {
		p.Chords = maps.Clone(o.Chords)
	}
	if o.Melody.ABC != "" || o.Melody.MIDI != "" {
		p.Melody = o.Melody
	}
	return p
}

// Request is what a song is: everything the stages after the reader
// need, and nothing of the prompt's text. Resolve makes one from a prompt;
// a recipe (internal/recipe) is a Request in a versioned envelope
// (EncodeRequest, DecodeRequest). The same Request always renders the same
// samples.
type Request struct {
	// Plan is the resolved plan (music.Resolve): style, mood, tempo, key,
	// mode, meter, length, loop and exact-length flags, the instruments
	// asked for, the content words. Its Prompt is always "".
	Plan plan.Plan
	// Seed is the job's seed; titles number by it.
	Seed uint64
	// SongSeed is the seed the composer draws from (the job's seed mixed
	// with the prompt's text).
	SongSeed uint64
	// Title is the song's title; "" names it from the plan and Seed.
	Title string
	// Edits change the composed song in turn (edit.go, issue 20 item 4).
	Edits []Edit
	// LoudnessLUFS is the master's integrated loudness target, -31 to
	// -9 LUFS (the -1 dBTP ceiling wins where both cannot hold); 0 keeps
	// the style family's default (-20 to -9 LUFS, docs/engine-mix.md).
	LoudnessLUFS float64
	// Synth are the synthesizer's process settings (the sample bank's
	// loader): not part of the song, so a recipe names the bank by its
	// identity in its envelope instead.
	Synth synth.Options
}

// Resolve is the reader and resolver: it reads the prompt
// (reader.Parse), sets o's overrides, completes the plan with the seed
// mixed with the prompt (music.Resolve) and names the song. It is the
// only stage that reads the prompt; it takes milliseconds.
func Resolve(prompt string, seed uint64, o Options) Request {
	mixed := songSeed(prompt, seed)
	p := music.Resolve(o.apply(reader.Parse(prompt)), mixed)
	title := music.Title(p, seed)
	p.Prompt = ""
	return Request{Plan: p, Seed: seed, SongSeed: mixed, Title: title, Edits: o.Edits,
		LoudnessLUFS: o.LoudnessLUFS, Synth: o.Synth}
}

// Composition is a composed song before synthesis.
type Composition struct {
	// Written is the score as composed and edited: every note on the
	// grid (the timeline's and the MIDI grid's view).
	Written *score.Score
	// Score is Written as the players perform it (internal/perform): the
	// timing and dynamics the synthesizer and the MIDI export carry.
	Score *score.Score
	Title string   // the request's title
	Tags  []string // of the composed (and edited) song
	// Style is the catalogue entry of the song's genre, resolved once:
	// the players and the synthesizer take it.
	Style *style.Style
}

// Compose writes the song of r without synthesizing it: its plan
// composed with its song seed, each edit applied in turn, performed. It
// takes no context: it runs in milliseconds and cannot block. An edit the
// song cannot take is an error that wraps ErrEdit.
func Compose(r Request) (*Composition, error) {
	written, tags, err := compose(r)
	if err != nil {
		return nil, err
	}
	title := r.Title
	if title == "" {
		title = music.Title(r.Plan, r.Seed)
	}
	st := styleOf(written.Genre)
	performed := perform.Apply(written, st)
	clockHits(performed, written)
	return &Composition{Written: written, Score: performed, Title: title, Tags: tags, Style: st}, nil
}

// Render composes, performs, synthesizes and masters the song of r. The
// same Request always gives the same song, sample for sample.
func Render(ctx context.Context, r Request) (*Song, error) {
	c, err := Compose(r)
	if err != nil {
		return nil, err
	}
	return synthesize(ctx, c, r)
}

// synthesize renders a performed score to the mastered song: the one
// step from the composition to synthesis.
func synthesize(ctx context.Context, c *Composition, r Request) (*Song, error) {
	s := c.Score
	if err := CheckBudget(s); err != nil { // budget.go: refused before anything is allocated
		return nil, err
	}
	so := r.Synth
	so.LoudnessLUFS = r.LoudnessLUFS
	so = mix.Of(c.Style, s, so) // the mix step: the plan, levels, seats, sends, colour, ride
	buf, err := synth.Render(ctx, s, so)
	if err != nil {
		return nil, fmt.Errorf("engine: render: %w", err)
	}
	if secs := r.ExactLength(); secs > 0 {
		// The score lasts the length up to float rounding: make the
		// frame count exact.
		SetFrames(buf, buf.Rate.NSeconds(secs))
	}
	lufs, ceiling := synth.MasterTarget(s, so)
	return &Song{
		TargetLUFS: lufs, CeilingDBTP: ceiling,
		Title:   c.Title,
		BPM:     s.BPM,
		Seconds: buf.Seconds(),
		Tags:    c.Tags,
		Genre:   s.Genre,
		Mood:    s.Mood,
		Key:     describe.KeyName(s),
		Audio:   buf,
		Score:   s,
		Written: c.Written,
		Style:   c.Style,
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
