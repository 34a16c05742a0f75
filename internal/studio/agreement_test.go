package studio_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
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

// agreeTempo is the rule of issue 30 item 4 (testutil.AgreeTempo).
var agreeTempo = testutil.AgreeTempo

// heard is the tempo the measured block says a listener counts.
func heard(m *measured.Block) float64 {
	if m.BPM.FeltBPM > 0 {
		return m.BPM.FeltBPM
	}
	return m.BPM.Value
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

// agreementHeader is the first line of the agreement table.
const agreementHeader = "style\tseed\tasked_bpm\tvalue_bpm\tfelt_bpm\taubio\tbpm_tools\tbpm_tools_40_240\ttempo_agrees\tasked_key\tkey\tkey_matches\tlufs\tffmpeg_lufs\tlufs_agrees\ttrue_peak\tffmpeg_peak\tpeak_agrees\tessentia_key\tkey_agrees"

// agreementTally counts the songs on which each comparison agrees.
type agreementTally struct {
	n, tempo, aubio, bpmTools, wide, any, lufs, peak, keyMatch, bpmMatch int
	keySame, keyNotes                                                    int // with Essentia: the same key, a relative key
	written                                                              int // the written tempo (or its double or half) heard by aubio or bpm-tools, either range
}

// add compares one song's block with the outside tools, counts it and
// returns its table line.
func (a *agreementTally) add(t *testing.T, s agreementSong, m *measured.Block, o outside) string {
	t.Helper()
	ta := agreeTempo(heard(m), o.aubio) || agreeTempo(heard(m), o.bpmTools)
	la := math.Abs(math.Round(m.LoudnessLUFS.Value*10)/10-o.lufs) <= 0.1
	pa := math.Abs(m.TruePeakDBTP.Value-o.peak) <= peakAgreeDB+ffmpegRoundDB
	a.n++
	a.tempo, a.lufs, a.peak = a.tempo+b2i(ta), a.lufs+b2i(la), a.peak+b2i(pa)
	a.aubio, a.bpmTools = a.aubio+b2i(agreeTempo(heard(m), o.aubio)), a.bpmTools+b2i(agreeTempo(heard(m), o.bpmTools))
	a.wide += b2i(agreeTempo(heard(m), o.bpmWide))
	a.any += b2i(ta || agreeTempo(heard(m), o.bpmWide))
	a.keyMatch, a.bpmMatch = a.keyMatch+b2i(m.Key.Matches), a.bpmMatch+b2i(m.BPM.Matches)
	ka := ""
	if o.key != "" {
		same, notes := m.Key.Value == o.key, relativeKeys(m.Key.Value, o.key)
		a.keySame, a.keyNotes = a.keySame+b2i(same), a.keyNotes+b2i(notes)
		ka = strconv.FormatBool(same || notes)
		if !same && !notes {
			t.Logf("%s/%d: key ours %s, Essentia %s (written %s)", s.name, s.seed, m.Key.Value, o.key, m.Key.Asked)
		}
	}
	if !la || !pa {
		t.Errorf("%s/%d: loudness %.2f LUFS (ffmpeg %.1f), true peak %.2f dBTP (ffmpeg %.1f)", s.name, s.seed, m.LoudnessLUFS.Value, o.lufs, m.TruePeakDBTP.Value, o.peak)
	}
	written := testutil.Tempi{Aubio: o.aubio, BPMTools: o.bpmTools, BPMWide: o.bpmWide}.Heard(m.BPM.Asked)
	a.written += b2i(written != "-")
	if os.Getenv("MEASURE_AGREEMENT") == "prompts" {
		t.Logf("%-45s %d: written %.0f, aubio %.1f, bpm-tools %.1f (%.1f over 40-240): %s", s.name, s.seed, m.BPM.Asked, o.aubio, o.bpmTools, o.bpmWide, written)
	}
	if !ta {
		t.Logf("%s/%d: tempo %.1f (felt %.1f, %q), aubio %.1f, bpm-tools %.1f (%.1f over 40-240)", s.name, s.seed, m.BPM.Value, m.BPM.FeltBPM, m.BPM.Reason, o.aubio, o.bpmTools, o.bpmWide)
	}
	return fmt.Sprintf("%s\t%d\t%g\t%g\t%g\t%g\t%g\t%g\t%v\t%s\t%s\t%v\t%g\t%g\t%v\t%g\t%g\t%v\t%s\t%s", s.name, s.seed,
		m.BPM.Asked, m.BPM.Value, m.BPM.FeltBPM, o.aubio, o.bpmTools, o.bpmWide, ta, m.Key.Asked, m.Key.Value, m.Key.Matches,
		m.LoudnessLUFS.Value, o.lufs, la, m.TruePeakDBTP.Value, o.peak, pa, o.key, ka)
}

// report logs the percentages.
func (a *agreementTally) report(t *testing.T, essentia bool) {
	pc := func(k int) float64 { return 100 * float64(k) / float64(a.n) }
	t.Logf("%d songs: tempo agrees with aubio %.1f %%, with bpm-tools %.1f %% (over 40-240 bpm: %.1f %%), with either of the first two %.1f %%, with any of the three %.1f %%, loudness with ffmpeg %.1f %%, true peak %.1f %%; the block's own matches: bpm %.1f %%, key %.1f %%",
		a.n, pc(a.aubio), pc(a.bpmTools), pc(a.wide), pc(a.tempo), pc(a.any), pc(a.lufs), pc(a.peak), pc(a.bpmMatch), pc(a.keyMatch))
	t.Logf("%d songs: the written tempo (or its double or half) heard by aubio or bpm-tools (either range) in %d", a.n, a.written)
	if essentia {
		t.Logf("%d songs: the key agrees with Essentia's on %.1f %% (the same key %.1f %%, a relative key %.1f %%)",
			a.n, pc(a.keySame+a.keyNotes), pc(a.keySame), pc(a.keyNotes))
	}
}

// peakAgreeDB is how close the block's true peak must come to ffmpeg's
// ebur128 reading to agree, beside ffmpegRoundDB, the rounding of the
// one decimal ffmpeg prints (our -3.00 dBTP against ffmpeg's -2.8, a true
// -2.82, was 0.2 apart before the meter measured at 16x near the peak).
const (
	peakAgreeDB   = 0.2
	ffmpegRoundDB = 0.05
)

// The measured block agrees with outside tools (issue 30 item 4): on a
// sample of six 30 s songs, the integrated loudness is within 0.1 LU of
// ffmpeg's ebur128 (which prints one decimal) and the true peak within
// 0.2 dB of its (and its rounding, 0.05), on every song; the tempo a listener counts agrees with
// aubio's or bpm-tools' (within 3 %, or double or half) on five of six.
// With MEASURE_ESSENTIA naming a directory holding node_modules/essentia.js
// (an AGPL npm package, not installed by tools.sh), the key agrees with
// Essentia's KeyExtractor (scripts/essentia-key.js), the same key or a
// relative one, on four of six. scripts/measure-agreement.sh runs it over
// the whole corpus (MEASURE_AGREEMENT=corpus) and writes a table
// (MEASURE_AGREEMENT_OUT); MEASURE_AGREEMENT_WAVS names a directory that
// keeps the WAVs. The tools' answers are cached by the WAV's SHA-256
// (MEASURE_AGREEMENT_CACHE, testutil.DefaultToolCacheDir); the block is
// always measured again.
func TestMeasuredAgreesWithOutsideTools(t *testing.T) {
	if testing.Short() {
		t.Skip("renders songs and runs outside tools: not in -short")
	}
	for _, tool := range []string{"aubio", "bpm", "sox", "ffmpeg"} {
		testutil.RequireTool(t, tool)
	}
	ess := os.Getenv("MEASURE_ESSENTIA")
	if ess != "" {
		testutil.RequireTool(t, "node")
	}
	tools := newOutsideTools(t, ess)
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
		fmt.Fprintln(tsv, agreementHeader)
	}
	dir := t.TempDir()
	var a agreementTally
	for i, s := range sample {
		file := filepath.Join(dir, fmt.Sprintf("%d.wav", i))
		if keep := os.Getenv("MEASURE_AGREEMENT_WAVS"); keep != "" {
			file = filepath.Join(keep, fmt.Sprintf("%s-%d.wav", strings.ReplaceAll(s.name, " ", "_"), s.seed))
		}
		m, o := agreementOne(t, tools, s, file)
		line := a.add(t, s, m, o)
		if tsv != nil {
			fmt.Fprintln(tsv, line)
			_ = tsv.Flush()
		}
	}
	t.Logf("outside tools: %d answers from the cache, %d runs", tools.hits, tools.runs)
	a.report(t, ess != "")
	if len(sample) == 6 && a.tempo < 5 {
		t.Errorf("tempo agrees with the outside tools on %d of 6 songs, want 5", a.tempo)
	}
	if len(sample) == 6 && ess != "" && a.keySame+a.keyNotes < 4 {
		t.Errorf("the key agrees with Essentia on %d of 6 songs, want 4", a.keySame+a.keyNotes)
	}
}

// agreementOne renders one song, measures it and writes it to path for
// the outside tools.
func agreementOne(t *testing.T, tools *outsideTools, s agreementSong, path string) (*measured.Block, outside) {
	t.Helper()
	req := engine.Resolve(s.name, s.seed, engine.Options{Seconds: s.secs})
	song, err := engine.Render(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	m := studio.Measure(song, req)
	var buf bytes.Buffer
	if err := wav.Encode(&buf, song.Audio); err != nil {
		t.Fatal(err)
	}
	song.Release()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	o := tools.measure(t, buf.Bytes(), path)
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
