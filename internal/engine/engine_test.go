package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// genrePrompts has one short prompt per genre the engine knows.
var genrePrompts = map[plan.Genre]string{
	plan.LoFi: "chill lofi hip hop beat", plan.HipHop: "boom bap hip-hop", plan.Trap: "dark trap with 808s",
	plan.House: "deep house groove", plan.Techno: "driving techno", plan.Trance: "uplifting trance",
	plan.DrumAndBass: "energetic dnb", plan.Dubstep: "aggressive dubstep", plan.Synthwave: "nostalgic synthwave",
	plan.Pop: "happy pop song", plan.Rock: "energetic rock", plan.Metal: "heavy metal", plan.Funk: "funky groove",
	plan.Disco: "disco", plan.Reggae: "roots reggae", plan.Jazz: "smooth jazz with saxophone",
	plan.Ambient: "calm ambient soundscape", plan.Classical: "classical piece with strings and timpani", plan.Folk: "acoustic folk",
	plan.Blues: "slow blues", plan.Country: "country",
}

const testSeconds = 24

// promptFor returns the test prompt of a style: a hand-written one for
// the first 21, else the style's name as people write it.
func promptFor(g plan.Genre) string {
	if p, ok := genrePrompts[g]; ok {
		return p
	}
	return string(g) + " music"
}

// renderSong renders prompt for a test that measures it alone (songs that
// several tests measure come from renderCached).
func renderSong(t *testing.T, prompt string, seed uint64) *engine.Song {
	t.Helper()
	song, err := engine.Render(context.Background(), engine.Resolve(prompt, seed, engine.Options{}))
	if err != nil {
		t.Fatalf("Render(%q): %v", prompt, err)
	}
	return song
}

// writeWAV writes b to a temporary WAV file and returns its path.
func writeWAV(t *testing.T, b *audio.Buffer) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "song.wav")
	var buf bytes.Buffer
	if err := wav.Encode(&buf, b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// command runs a shell pipeline and returns its combined output.
func command(t *testing.T, script string) string {
	t.Helper()
	out, err := exec.Command("sh", "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
	return string(out)
}

func number(t *testing.T, re, text string) float64 {
	t.Helper()
	m := regexp.MustCompile(re).FindAllStringSubmatch(text, -1)
	if m == nil {
		t.Fatalf("no %q in:\n%s", re, text)
	}
	v, err := strconv.ParseFloat(m[len(m)-1][1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkTempo runs bpm-tools on the WAV at path: it must hear bpm within 3 %,
// or half or double it. bpm-tools searches the range it is given, so the
// range spans half to double the song's tempo (with 5 % to spare): a fixed
// 60-200 range could never report double of a song above 100 bpm and
// pinned such readings at its upper bound.
func checkTempo(t *testing.T, path string, bpm float64) {
	t.Helper()
	lo, hi := bpm*0.5*0.95, bpm*2*1.05
	detected := number(t, `([0-9.]+)`, command(t, fmt.Sprintf("sox %q -t raw -r 44100 -e float -c 1 - | bpm -m %.1f -x %.1f", path, lo, hi)))
	for _, m := range []float64{0.5, 1, 2} {
		if math.Abs(detected/(bpm*m)-1) <= 0.03 {
			return
		}
	}
	t.Errorf("bpm-tools hears %.2f bpm, song says %.0f", detected, bpm)
}

// checkSilence fails when ffmpeg found a silence of 2 s or more that is not
// inside the intro or the outro (with its tail).
func checkSilence(t *testing.T, ff string, s *score.Score, song *engine.Song) {
	t.Helper()
	introEnd, outroStart := 0.0, s.Seconds()
	if first := s.Sections[0]; first.Name == "intro" {
		introEnd = s.BeatToSeconds(float64(first.Bars * s.BeatsPerBar))
	}
	if last := s.Sections[len(s.Sections)-1]; last.Name == "outro" {
		outroStart = s.BeatToSeconds(last.StartBeat)
	}
	starts := regexp.MustCompile(`silence_start: (-?[0-9.]+)`).FindAllStringSubmatch(ff, -1)
	ends := regexp.MustCompile(`silence_end: ([0-9.]+)`).FindAllStringSubmatch(ff, -1)
	for i, m := range starts {
		a, _ := strconv.ParseFloat(m[1], 64)
		b := song.Seconds
		if i < len(ends) {
			b, _ = strconv.ParseFloat(ends[i][1], 64)
		}
		if b > introEnd && a < outroStart {
			t.Errorf("silence from %.2f s to %.2f s outside intro (ends %.2f s) and outro (starts %.2f s)", a, b, introEnd, outroStart)
		}
	}
}

func TestRenderDeterministic(t *testing.T) {
	testutil.SkipRaceShort(t)
	ctx := context.Background()
	prompt := "dreamy synthwave with arps, 10 seconds"
	a, err := engine.Render(ctx, engine.Resolve(prompt, 7, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Render(ctx, engine.Resolve(prompt, 7, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Audio.Samples, b.Audio.Samples) || a.Title != b.Title || !slices.Equal(a.Tags, b.Tags) {
		t.Fatal("same prompt and seed gave different songs")
	}
	c, err := engine.Render(ctx, engine.Resolve(prompt, 8, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(a.Audio.Samples, c.Audio.Samples) {
		t.Fatal("different seeds gave identical audio")
	}
	// A released, longer song's samples are reused (audio.TakeBuffer):
	// the next song must not hear any of them.
	long, err := engine.Render(ctx, engine.Resolve("dreamy synthwave with arps, 20 seconds", 8, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	long.Release()
	if long.Audio != nil {
		t.Fatal("Release left the audio")
	}
	d, err := engine.Render(ctx, engine.Resolve(prompt, 7, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Audio.Samples, d.Audio.Samples) {
		t.Fatal("a render reusing a released song's samples differs")
	}
}

func TestRenderDescribes(t *testing.T) {
	testutil.SkipRaceShort(t)
	song, err := engine.Render(context.Background(), engine.Resolve("romantic jazz with piano in Eb major at 96 bpm, 15 seconds", 3, engine.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if song.BPM != 96 || song.Key != "Eb major" || song.Genre != "jazz" || song.Mood != "romantic" {
		t.Fatalf("got bpm %v key %q genre %q mood %q", song.BPM, song.Key, song.Genre, song.Mood)
	}
	if song.Title == "" || !slices.Contains(song.Tags, "piano") || !slices.Contains(song.Tags, "jazz") {
		t.Fatalf("title %q tags %v", song.Title, song.Tags)
	}
	if math.Abs(song.Seconds-15) > 4*60/song.BPM {
		t.Fatalf("length %.2f s for a 15 s request", song.Seconds)
	}
}

func TestRenderCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := engine.Render(ctx, engine.Resolve("pop, 20 seconds", 1, engine.Options{})); err == nil {
		t.Fatal("Render with a canceled context succeeded")
	}
}

// hasDrums reports whether a score has a drum track with hits.
func hasDrums(s *score.Score) bool {
	return slices.ContainsFunc(s.Tracks, func(t score.Track) bool { return t.Role == score.RoleDrums && len(t.Hits) > 0 })
}

// Explicit options beat what the prompt says.
func TestComposeOptions(t *testing.T) {
	const prompt = "fast punk in C major, 170 bpm, 2 minutes"
	s, _, _ := composePerformed(prompt, 7, engine.Options{Seconds: 30, BPM: 96, KeyRoot: 3, HasKey: true, Mode: "dorian"})
	if s.BPM != 96 || s.KeyRoot != 3 || s.Mode != "dorian" {
		t.Fatalf("bpm %v key %d %s, want 96, 3 dorian", s.BPM, s.KeyRoot, s.Mode)
	}
	if sec := s.Seconds(); sec < 25 || sec > 36 {
		t.Fatalf("length %.1f s, want about 30", sec)
	}
	plain, _, _ := composePerformed(prompt, 7, engine.Options{})
	if plain.BPM != 170 || plain.KeyRoot != 0 {
		t.Fatalf("without overrides: bpm %v key %d", plain.BPM, plain.KeyRoot)
	}
	same, _, _ := composePerformed(prompt, 7, engine.Options{})
	if same.BPM != plain.BPM || same.Seconds() != plain.Seconds() || same.KeyRoot != plain.KeyRoot {
		t.Fatal("zero overrides change the song")
	}
}
