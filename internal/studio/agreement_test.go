package studio_test

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs/measured"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/testutil"
)

// outside is what the outside tools measured in one song.
type outside struct {
	aubio, bpmTools float64 // tempo: aubio tempo, bpm-tools (its default range, 84-146 bpm)
	bpmWide         float64 // bpm-tools over the engine's whole range (40-240 bpm)
	lufs, peak      float64 // ffmpeg ebur128: integrated loudness, true peak
}

// agreeTempo is the rule of issue 30 item 4 (testutil.AgreeTempo).
var agreeTempo = testutil.AgreeTempo

// heard is the tempo the measured block says a listener counts.
func heard(m *measured.Block) float64 {
	if m.BPM.FeltBPM > 0 {
		return m.BPM.FeltBPM
	}
	return m.BPM.Value
}

var (
	ebuI    = regexp.MustCompile(`(?m)^\s+I:\s+(-?[0-9.]+) LUFS`)
	ebuPeak = regexp.MustCompile(`(?m)^\s+Peak:\s+(-?[0-9.inf]+) dBFS`)
)

// measureOutside runs aubio, bpm-tools and ffmpeg's ebur128 on a WAV file.
func measureOutside(t *testing.T, path string) outside {
	t.Helper()
	tempi := testutil.HearTempo(t, path)
	o := outside{aubio: tempi.Aubio, bpmTools: tempi.BPMTools, bpmWide: tempi.BPMWide}
	out, err := exec.Command("ffmpeg", "-nostats", "-hide_banner", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg ebur128: %v", err)
	}
	summary := string(out)
	if i := strings.LastIndex(summary, "Summary:"); i >= 0 {
		summary = summary[i:]
	}
	o.lufs, o.peak = math.NaN(), math.NaN()
	if m := ebuI.FindStringSubmatch(summary); m != nil {
		o.lufs, _ = strconv.ParseFloat(m[1], 64)
	}
	if m := ebuPeak.FindStringSubmatch(summary); m != nil {
		o.peak, _ = strconv.ParseFloat(m[1], 64)
	}
	return o
}

// agreementSong is one song of the agreement run.
type agreementSong struct {
	name string
	seed uint64
	secs float64
}

// tempoPrompts are prompts as users write them whose tempo a listener
// must tap as written (issue 30 item 4, issue 32 item 2): the held-out
// study's (ballads, drones, cinematic, reggae, drum and bass) and the
// slow, sparse and half-time cases beside them.
var tempoPrompts = []string{
	"calm piano piece for studying",
	"slow cinematic strings, sad but hopeful",
	"ambient drone for sleep",
	"acoustic folk song with fingerpicked guitar",
	"gentle piano ballad, 76 bpm",
	"calm meditation music with singing bowls",
	"gregorian chant in a stone church",
	"lo-fi hip hop beat to study to",
	"dreamy synthwave night drive",
	"upbeat pop song with piano and strings",
	"roots reggae with organ skank and deep bass",
	"fast drum and bass with reese bass",
	"funky disco with slap bass",
	"lullaby for a baby",
	"a gentle waltz for a wedding dance",
	"dark drone with low cello",
	"trap beat, 140 bpm, half-time feel",
	"174 bpm jungle track",
	"60 bpm soul ballad",
	"sad piano ballad in D minor",
}

// agreementSample is the test's sample; with MEASURE_AGREEMENT=corpus,
// every style of the catalogue at seeds 1 and 2, 30 s each (only those
// MEASURE_AGREEMENT_STYLES names, comma-separated, when it is set); with
// MEASURE_AGREEMENT=prompts, tempoPrompts at seeds 1 and 2, 45 s each
// (as the study asked: ", 45 seconds" in the prompt), or the prompts
// MEASURE_AGREEMENT_PROMPTS names (separated by ";").
func agreementSample() []agreementSong {
	if os.Getenv("MEASURE_AGREEMENT") == "prompts" {
		prompts := tempoPrompts
		if only := os.Getenv("MEASURE_AGREEMENT_PROMPTS"); only != "" {
			prompts = strings.Split(only, ";")
		}
		var out []agreementSong
		for _, p := range prompts {
			p = strings.TrimSpace(p) + ", 45 seconds"
			out = append(out, agreementSong{p, 1, 0}, agreementSong{p, 2, 0})
		}
		return out
	}
	if os.Getenv("MEASURE_AGREEMENT") == "corpus" {
		only := os.Getenv("MEASURE_AGREEMENT_STYLES") // "lo-fi,blues": those styles only
		var out []agreementSong
		for _, n := range style.Names() {
			if only == "" || slices.Contains(strings.Split(only, ","), n) {
				out = append(out, agreementSong{n, 1, 30}, agreementSong{n, 2, 30})
			}
		}
		return out
	}
	var out []agreementSong
	for _, n := range []string{"pop", "house", "rock", "reggae", "bossa nova", "funk"} {
		out = append(out, agreementSong{n, 1, 30})
	}
	return out
}

// The measured block agrees with outside tools (issue 30 item 4): on a
// sample of six 30 s songs, the integrated loudness is within 0.1 LU of
// ffmpeg's ebur128 (which prints one decimal) and the true peak within
// 0.2 dB of its, on every song; the tempo a listener counts agrees with
// aubio's or bpm-tools' (within 3 %, or double or half) on five of six.
// scripts/measure-agreement.sh runs it over the whole corpus
// (MEASURE_AGREEMENT=corpus) and writes a table (MEASURE_AGREEMENT_OUT);
// MEASURE_AGREEMENT_WAVS names a directory that keeps the WAVs.
func TestMeasuredAgreesWithOutsideTools(t *testing.T) {
	if testing.Short() {
		t.Skip("renders songs and runs outside tools: not in -short")
	}
	for _, tool := range []string{"aubio", "bpm", "sox", "ffmpeg"} {
		testutil.RequireTool(t, tool)
	}
	sample := agreementSample()
	var tsv *bufio.Writer
	if p := os.Getenv("MEASURE_AGREEMENT_OUT"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		tsv = bufio.NewWriter(f)
		defer tsv.Flush()
		fmt.Fprintln(tsv, "style\tseed\tasked_bpm\tvalue_bpm\tfelt_bpm\taubio\tbpm_tools\tbpm_tools_40_240\ttempo_agrees\tasked_key\tkey\tkey_matches\tlufs\tffmpeg_lufs\tlufs_agrees\ttrue_peak\tffmpeg_peak\tpeak_agrees")
	}
	dir := t.TempDir()
	var tempoOK, aubioOK, bpmToolsOK, wideOK, anyOK, lufsOK, peakOK, keyOK, bpmMatch, writtenOK int
	for i, s := range sample {
		file := filepath.Join(dir, fmt.Sprintf("%d.wav", i))
		if keep := os.Getenv("MEASURE_AGREEMENT_WAVS"); keep != "" {
			file = filepath.Join(keep, fmt.Sprintf("%s-%d.wav", strings.ReplaceAll(s.name, " ", "_"), s.seed))
		}
		m, o := agreementOne(t, s, file)
		ta := agreeTempo(heard(m), o.aubio) || agreeTempo(heard(m), o.bpmTools)
		la := math.Abs(math.Round(m.LoudnessLUFS.Value*10)/10-o.lufs) <= 0.1
		pa := math.Abs(m.TruePeakDBTP.Value-o.peak) <= 0.2
		tempoOK, lufsOK, peakOK = tempoOK+b2i(ta), lufsOK+b2i(la), peakOK+b2i(pa)
		aubioOK, bpmToolsOK = aubioOK+b2i(agreeTempo(heard(m), o.aubio)), bpmToolsOK+b2i(agreeTempo(heard(m), o.bpmTools))
		wideOK += b2i(agreeTempo(heard(m), o.bpmWide))
		anyOK += b2i(ta || agreeTempo(heard(m), o.bpmWide))
		keyOK, bpmMatch = keyOK+b2i(m.Key.Matches), bpmMatch+b2i(m.BPM.Matches)
		if tsv != nil {
			fmt.Fprintf(tsv, "%s\t%d\t%g\t%g\t%g\t%g\t%g\t%g\t%v\t%s\t%s\t%v\t%g\t%g\t%v\t%g\t%g\t%v\n", s.name, s.seed,
				m.BPM.Asked, m.BPM.Value, m.BPM.FeltBPM, o.aubio, o.bpmTools, o.bpmWide, ta, m.Key.Asked, m.Key.Value, m.Key.Matches,
				m.LoudnessLUFS.Value, o.lufs, la, m.TruePeakDBTP.Value, o.peak, pa)
			_ = tsv.Flush()
		}
		if !la || !pa {
			t.Errorf("%s/%d: loudness %.2f LUFS (ffmpeg %.1f), true peak %.2f dBTP (ffmpeg %.1f)", s.name, s.seed, m.LoudnessLUFS.Value, o.lufs, m.TruePeakDBTP.Value, o.peak)
		}
		written := testutil.Tempi{Aubio: o.aubio, BPMTools: o.bpmTools, BPMWide: o.bpmWide}.Heard(m.BPM.Asked)
		writtenOK += b2i(written != "-")
		if os.Getenv("MEASURE_AGREEMENT") == "prompts" {
			t.Logf("%-45s %d: written %.0f, aubio %.1f, bpm-tools %.1f (%.1f over 40-240): %s", s.name, s.seed, m.BPM.Asked, o.aubio, o.bpmTools, o.bpmWide, written)
		}
		if !ta {
			t.Logf("%s/%d: tempo %.1f (felt %.1f, %q), aubio %.1f, bpm-tools %.1f (%.1f over 40-240)", s.name, s.seed, m.BPM.Value, m.BPM.FeltBPM, m.BPM.Reason, o.aubio, o.bpmTools, o.bpmWide)
		}
	}
	n := float64(len(sample))
	t.Logf("%d songs: tempo agrees with aubio %.1f %%, with bpm-tools %.1f %% (over 40-240 bpm: %.1f %%), with either of the first two %.1f %%, with any of the three %.1f %%, loudness with ffmpeg %.1f %%, true peak %.1f %%; the block's own matches: bpm %.1f %%, key %.1f %%",
		len(sample), 100*float64(aubioOK)/n, 100*float64(bpmToolsOK)/n, 100*float64(wideOK)/n, 100*float64(tempoOK)/n, 100*float64(anyOK)/n, 100*float64(lufsOK)/n, 100*float64(peakOK)/n, 100*float64(bpmMatch)/n, 100*float64(keyOK)/n)
	t.Logf("%d songs: the written tempo (or its double or half) heard by aubio or bpm-tools (either range) in %d", len(sample), writtenOK)
	if len(sample) == 6 && tempoOK < 5 {
		t.Errorf("tempo agrees with the outside tools on %d of 6 songs, want 5", tempoOK)
	}
}

// agreementOne renders one song, measures it and writes it to path for
// the outside tools.
func agreementOne(t *testing.T, s agreementSong, path string) (*measured.Block, outside) {
	t.Helper()
	req := engine.Resolve(s.name, s.seed, engine.Options{Seconds: s.secs})
	song, err := engine.Render(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	m := studio.Measure(song, req)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := wav.Encode(f, song.Audio); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	song.Release()
	o := measureOutside(t, path)
	if os.Getenv("MEASURE_AGREEMENT_WAVS") == "" {
		_ = os.Remove(path)
	}
	return m, o
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The key the measured block names agrees with Essentia's KeyExtractor
// (scripts/essentia-key.js): the same key, or the same notes (a relative
// key), on at least four of the six sample songs, every style at seeds 1
// and 2 with MEASURE_AGREEMENT=corpus. Essentia is optional (an AGPL npm
// package, not installed by tools.sh): the test runs only when
// MEASURE_ESSENTIA names a directory holding node_modules/essentia.js.
func TestMeasuredKeyAgreesWithEssentia(t *testing.T) {
	ess := os.Getenv("MEASURE_ESSENTIA")
	if testing.Short() || ess == "" {
		t.Skip("needs MEASURE_ESSENTIA (a directory with node_modules/essentia.js) and no -short")
	}
	testutil.RequireTool(t, "node")
	dir := t.TempDir()
	sample := agreementSample()
	keys := make(map[string]measured.Key, len(sample))
	var paths []string
	for i, s := range sample {
		req := engine.Resolve(s.name, s.seed, engine.Options{Seconds: s.secs})
		song, err := engine.Render(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("%03d.wav", i))
		keys[p] = studio.Measure(song, req).Key
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := wav.Encode(f, song.Audio); err != nil {
			t.Fatal(err)
		}
		_ = f.Close()
		song.Release()
		paths = append(paths, p)
	}
	cmd := exec.Command("node", append([]string{"../../scripts/essentia-key.js"}, paths...)...)
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(ess, "node_modules"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("essentia-key.js: %v", err)
	}
	same, notes := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			continue
		}
		ours := keys[f[0]].Value
		theirs := essentiaKey(f[1])
		i, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(f[0]), ".wav"))
		switch {
		case ours == theirs:
			same++
		case relativeKeys(ours, theirs):
			notes++
		default:
			t.Logf("%s/%d: ours %s, Essentia %s (written %s)", sample[i].name, sample[i].seed, ours, theirs, keys[f[0]].Asked)
		}
	}
	n := float64(len(sample))
	t.Logf("%d songs: the key agrees with Essentia's on %.1f %% (the same key %.1f %%, a relative key %.1f %%)",
		len(sample), 100*float64(same+notes)/n, 100*float64(same)/n, 100*float64(notes)/n)
	if len(sample) == 6 && same+notes < 4 {
		t.Errorf("the key agrees with Essentia on %d of 6 songs, want 4", same+notes)
	}
}

// essentiaKey names Essentia's "Bb minor" as the engine does ("A# minor").
func essentiaKey(k string) string {
	flats := map[string]string{"Db": "C#", "Eb": "D#", "Gb": "F#", "Ab": "G#", "Bb": "A#"}
	f := strings.Fields(k)
	if len(f) == 2 {
		if s, ok := flats[f[0]]; ok {
			f[0] = s
		}
		return f[0] + " " + f[1]
	}
	return k
}

// relativeKeys reports whether a and b ("A minor", "C major") are relative
// keys: the same seven notes.
func relativeKeys(a, b string) bool {
	names := []string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}
	parse := func(k string) (int, bool, bool) {
		f := strings.Fields(k)
		if len(f) != 2 {
			return 0, false, false
		}
		for i, n := range names {
			if n == f[0] {
				return i, f[1] == "minor", true
			}
		}
		return 0, false, false
	}
	ra, ma, ok1 := parse(a)
	rb, mb, ok2 := parse(b)
	if !ok1 || !ok2 || ma == mb {
		return false
	}
	if ma { // a minor: its relative major is 3 semitones up
		return (ra+3)%12 == rb
	}
	return (rb+3)%12 == ra
}
