package engine_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"os"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// goldenRecipe is a fixed song whose samples must not change while
// recipe.Version stays the same.
type goldenRecipe struct {
	name   string
	prompt string
	seed   uint64
	opts   engine.Options
	hash   string // SHA-256 of the float32 samples (little-endian bits)
}

// goldenRecipes are short songs (10 s), so the test stays cheap: two
// fully synthesized, one playing the Debian FluidR3_GM bank. Engine
// 2026.11.28.2 (issue 32 items 2-3): the ambient and folk songs follow a
// tempo map (phrase rubato), and parts play expression inside notes.
// 2026.11.28.3 (issue 30 item 2): a request may give a melody; these
// songs, which give none, are unchanged.
// 2026.11.28.3 (issue 30 item 4): lo-fi, reggae, soul and r&b swing their
// sixteenths only, slow grooves play drums in the intro; these three songs
// do not change.
// 2026.11.28.3 (issue 31, picture): hit points closer than 6.25 bars land
// with an odd bar; the golden songs have no hits: their hashes stand.
// 2026.11.29.1 (issue 30 item 1, chords2): songs with given chords state
// each chord (guide tones, bass above C2, short soft passing notes, soft
// crash on a chord); these songs give none: their hashes stand.
// 2026.11.29.1 (issue 31, density): a drawn energy orders the sections'
// onsets with the lead's notes too; the golden songs draw none: unchanged.
// 2026.11.29.1 (issue 30 item 4, heard2): meditation, dark ambient and
// gregorian chant strike their drone on every beat; these songs do not
// change.
// 2026.11.29.1 (issue 32 item 6, growth): sections of varied lengths and
// calm pieces that build; 10 s songs keep even 2-bar phrases and no arc:
// these three hashes stand.
// 2026.11.29.1 (issue 32 item 4, width): beat basses carry a little room
// and the bus keeps half their low side; calm octaves may reach 0.12
// (0.4 from 8 kHz), calm basses carry more room.
// 2026.11.29.1 (issue 32 item 5, air): the bank's melodic filters an
// octave up, brighter reverb dampers, air shelves on dull sources and
// acoustic kits, a +6 dB bus shelf at 12 kHz: every song changes (the
// hashes are those of the merge with width's stereo).
// 2026.11.29.2 (one merge of six branches; the hashes are the merge's):
// breath, bow, pick and key noises under the notes (every song); players
// of given charts hold a bend gesture's pitch until the next; calm parts' room
// wideners add an air reflection over 3 kHz and calm strings, flute, brass
// and piano a presence dip at 2.5 kHz; ballads' keys state every beat,
// drum and bass kicks on 3; metal, phonk and celtic basses state the
// tonic; given charts voice their extensions above; drawn energy thins
// hats and crashes.
// 2026.11.29.3 (issues 30-32): the synthesizer holds a bend between
// gestures in every song; a pick's click is a 5 ms transient at 2-5 kHz;
// calm chords and pads are warmer and the calm presence bell sits at
// 2 kHz; calm drones and drumless intros state the beat, bluegrass has a
// tempo map; beat styles' drums play from the first bar; given charts
// sound every note of a diminished seventh; drawn energy's fills follow
// their section; the true-peak meter reads frames near the peak at 16x,
// so the limiter holds the ceiling ffmpeg reads; a drum hit fades over its
// last 40 ms instead of stopping while it rings.
// 2026.11.29.3 (calm7): calm warmth 3.5 dB (pads 3), calm bass parts 2 dB
// more body, a low harp bass its body and mud bells: the ambient song
// changes (its strings' drone and pads), pop and folk do not.
// 2026.11.29.4 (slow7, issue 32 item 2): ballads' pianos keep their
// eighths, reggae, slow blues and gospel intros state the pulse; these
// three songs do not change: their hashes stand.
// 2026.11.29.4 (fast7): drum and bass plays half time outside its drops,
// metal, big band and trap state the beat for both tempo trackers; the
// pop, ambient and folk songs do not change: their hashes stand.
// 2026.11.29.4 (calm8): classical without drums at 75-105 bpm states the
// beat (plucked cellos on every beat, a minuet's intro in oom-pah-pah, an
// intro's answer on the beats), slow cinematic pieces (under 95 bpm) play
// their arpeggio's and chords' notes between the beats light and roll an
// intro's chord in a note a beat; these songs do not change.
// 2026.11.29.4 (conf7): the calm pulse breathes (ambient, meditation,
// chant rest at phrase ends, eighths out of the outro), tango's verses
// play the sincopa; 10 s songs have no phrase long enough: unchanged.
// 2026.11.29.4 (conf8): a tango's bass and chords hold a middle section's
// last bar (Band.HoldPhraseEnds); no golden song is a tango: unchanged.
// 2026.11.29.4 (conf8): an ambient piece's piano melody sings 55 ms behind
// the pulse (Feel.PianoLag); the golden songs' melodies are not an ambient
// piano: unchanged.
// 2026.11.29.4 (calm9): a trailer's breakdown is held and its outro rings
// without drums, a concert piece's cellos play halves in the bridge;
// these songs do not change: their hashes stand.
// 2026.11.29.5 (cine9): a slow cinematic piece's taiko ostinato plays on
// the beats (style.Groove.Slow) and its choir vibrates at a fifth of the
// depth; no golden song is cinematic: their hashes stand.
// 2026.11.29.5 (blues10, issue 32 item 2): a blues under 78 bpm opens on a
// bar counted in with finger snaps alone; no golden song is a blues: the
// hashes stand.
// 2026.11.29.5 (reggae9): a reggae intro's organ holds a note under the
// skank, the one drop's bass holds longer; no golden song is reggae: the
// hashes stand.
// 2026.11.29.5 (fast9): metal, trap and drum and bass state the beat for
// both tempo trackers; the pop, ambient and folk songs do not change: their
// hashes stand.
// 2026.11.29.5 (quiet9, issue 32): the beat family's live bands but
// reggae fill the intro's first bar (the pad from the first bar) and hold
// the final chord to the written end (the bass through the last bar, the
// fade only over the ring-out): the pop and folk songs change.
// 2026.11.29.5 (kit10): a recorded kit's soft hits sound (the player's
// gate sits under the kit's lift): folk-bank changes.
// 2026.11.29.5 (kit11): reggae's steppers and gospel's shuffle play their
// soft hats as ghosts; no golden song is reggae or gospel: hashes stand.
var goldenRecipes = []goldenRecipe{
	{"pop", "happy pop song, 10 seconds", 1, engine.Options{Synth: synth.Options{Bank: synth.NoBank}},
		"173a053e60c32e55b5f8b29b5cb7945ea99598c8a15961dbc5838ea562488557"},
	{"ambient-exact", "calm ambient soundscape in D minor", 7,
		engine.Options{Seconds: 10.5, ExactSeconds: true, LoudnessLUFS: -20, Synth: synth.Options{Bank: synth.NoBank}},
		"754e5e2fdf2dd210cd5712a70f8a5fa056a010c293af952f10cd33c3d04d7fdf"},
	{"folk-bank", "acoustic folk, 10 seconds", 3, engine.Options{Synth: synth.Options{Bank: soundfont.Loader(soundfont.DebianPath)}},
		"3920a1b48174971cff32bea19c44c61b199a59cef97d2fec0986853cc3341675"},
}

// SamplesHash is the hex SHA-256 of b's float32 samples.
func samplesHash(b *audio.Buffer) string {
	h := sha256.New()
	var w [4]byte
	for _, v := range b.Samples {
		binary.LittleEndian.PutUint32(w[:], math.Float32bits(v))
		h.Write(w[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestGoldenRecipes: the audio of each fixed recipe hashes to its golden
// value, so a change that alters the engine's output cannot keep
// recipe.Version (recipes of the old version would render another song).
// Each recipe also renders the same samples and title from its Request
// through the recipe's JSON (engine.EncodeRequest, recipe.Parse,
// engine.DecodeRequest), as POST /generate with a recipe does.
func TestGoldenRecipes(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, g := range goldenRecipes {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel() // two renders each: on every core
			if g.name == "folk-bank" {
				if _, err := os.Stat(soundfont.DebianPath); err != nil {
					if os.Getenv("CI") == "true" {
						t.Fatalf("the bank %s is missing (apt-get install fluid-soundfont-gm): %v", soundfont.DebianPath, err)
					}
					t.Skipf("no bank at %s", soundfont.DebianPath)
				}
			}
			ctx := context.Background()
			song, err := engine.Render(ctx, engine.Resolve(g.prompt, g.seed, g.opts))
			if err != nil {
				t.Fatal(err)
			}
			got := samplesHash(song.Audio)
			if got != g.hash {
				t.Errorf("the audio of golden recipe %q changed: samples hash %s, golden %s.\n"+
					"If the change is intended, bump recipe.Version (now %q, internal/recipe/recipe.go) AND set this recipe's golden hash "+
					"in internal/engine/golden_test.go to the new value, in the same commit: recipes of the old version must be refused, not rendered differently.",
					g.name, got, g.hash, recipe.Version)
			}
			req := engine.Resolve(g.prompt, g.seed, g.opts)
			env := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: recipe.NoBank, Request: engine.EncodeRequest(req)}
			raw, err := env.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			back, err := recipe.Parse(raw)
			if err != nil {
				t.Fatalf("recipe %s does not read back: %v", raw, err)
			}
			again, err := engine.DecodeRequest(back.Request)
			if err != nil {
				t.Fatal(err)
			}
			again.Synth = g.opts.Synth
			song2, err := engine.Render(ctx, again)
			if err != nil {
				t.Fatal(err)
			}
			if h := samplesHash(song2.Audio); h != got || song2.Title != song.Title || song2.BPM != song.BPM {
				t.Fatalf("the recipe's render differs from the prompt's: hash %s title %q bpm %g, want %s %q %g (recipe %s)",
					h, song2.Title, song2.BPM, got, song.Title, song.BPM, raw)
			}
		})
	}
}
