// Command study renders the study's prompts (prompts.txt: user prompts
// across every family of the catalogue) at seeds with the current engine,
// measures every figure issue 32 and the second study name, and prints per
// reference family the songs' median [IQR] beside the references' (from
// internal/mixmeter/testdata/reference.json), each marked inside or
// OUTSIDE (docs/reference-music.md, "The study"). `make study` runs it.
//
//	go run ./scripts/study [-seeds 1,2] [-seconds 45] [-j 2] [-dir DIR] [-essentia DIR] [-compare before.tsv] [-match TEXT]
//	go run ./scripts/study -table study.tsv [-compare before.tsv]
//
// Per song: the left/right correlation of four bands, the 500 Hz, 2 kHz
// and 16 kHz octaves, centroid, flatness (mixmeter.Measure); the
// short-term level range, quiet depth and near-literal repeats of the
// music without its ring-out (mixmeter.Growth); the longest silence in
// the score's last 10 s (mixmeter.FinalHole); the MIDI file's tempo and
// expression events (mixmeter.MIDIEvents); with -essentia (default
// $STUDY_ESSENTIA: a folder holding node_modules/essentia.js 0.1.3, an
// AGPL outside tool run as a program) Essentia's beat confidence and tempo
// drift; the tempo bpm-tools and aubio hear against the tempo asked; the
// share of lead notes gated at 0.9-1.0 of the gap to the next
// (mixmeter.GateShare); the distinct chords of the written score
// (mixmeter.DistinctChords). The songs (WAV, MIDI) and the rows (study.tsv) are kept in -dir;
// study.tsv grows as songs finish; -resume continues an interrupted run
// from it. -compare reads an earlier study.tsv for a before/after table; -table
// prints the tables of a study.tsv again without rendering (after `make
// reference` moved the references, say).
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/style"
)

// Prompt is one line of the prompt list: the style the engine should read
// it as, and the prompt.
type Prompt struct {
	Style, Text string
}

func main() {
	list := flag.String("prompts", "scripts/study/prompts.txt", "prompt list (style | prompt per line)")
	seedList := flag.String("seeds", "1,2", "comma-separated seeds")
	seconds := flag.Float64("seconds", 45, "song length")
	jobs := flag.Int("j", runtime.NumCPU(), "songs rendered (and measured) at once")
	dir := flag.String("dir", filepath.Join(os.TempDir(), "songsmith-study"), "folder for the songs and study.tsv")
	essentia := flag.String("essentia", os.Getenv("STUDY_ESSENTIA"), "folder holding node_modules/essentia.js: also beat confidence and tempo drift")
	compare := flag.String("compare", "", "an earlier study.tsv: print a before/after table")
	match := flag.String("match", "", "only the prompts containing this")
	refPath := flag.String("ref", "", "reference JSON (default: the committed internal/mixmeter/testdata/reference.json)")
	table := flag.String("table", "", "an earlier study.tsv: print its tables without rendering")
	resume := flag.Bool("resume", false, "keep the songs -dir's study.tsv already holds (an interrupted run) and render the rest")
	flag.Parse()
	seeds, err := parseSeeds(*seedList)
	check(err)
	prompts, err := ReadPrompts(*list)
	check(err)
	ref, err := mixmeter.LoadReference()
	if *refPath != "" {
		ref, err = mixmeter.ReadReference(*refPath)
	}
	check(err)
	if *table != "" {
		rows, err := readRows(*table)
		check(err)
		report(rows, ref, *compare, *table)
		return
	}
	check(os.MkdirAll(*dir, 0o755))
	type job struct {
		i, p int
		seed uint64
	}
	var todo []job
	for i, p := range prompts {
		if strings.Contains(p.Text, *match) {
			for _, s := range seeds {
				todo = append(todo, job{len(todo), i, s})
			}
		}
	}
	out := filepath.Join(*dir, "study.tsv")
	rows := make([]mixmeter.StudyRow, len(todo))
	done := map[string]mixmeter.StudyRow{}
	if *resume {
		if old, err := readRows(out); err == nil {
			for _, r := range old {
				done[fmt.Sprint(r.Seed, r.Prompt)] = r
			}
		}
	}
	var mu sync.Mutex
	finished := 0
	parallel(len(todo), *jobs, func(k int) {
		j := todo[k]
		r, ok := done[fmt.Sprint(j.seed, prompts[j.p].Text)]
		if !ok {
			r = measure(prompts[j.p], j.seed, *seconds, filepath.Join(*dir, fmt.Sprintf("%02d-%d", j.p, j.seed)), *essentia)
		}
		mu.Lock()
		defer mu.Unlock()
		rows[k] = r
		finished++
		fmt.Fprintf(os.Stderr, "study: %d/%d %s (seed %d)\n", finished, len(todo), prompts[j.p].Text, j.seed)
		// The rows so far, in list order: -resume continues from them.
		var kept []mixmeter.StudyRow
		for _, x := range rows {
			if x.Values != nil {
				kept = append(kept, x)
			}
		}
		writeRows(out, kept)
	})
	report(rows, ref, *compare, out)
}

// writeRows writes rows to path as a study table.
func writeRows(path string, rows []mixmeter.StudyRow) {
	var tsv bytes.Buffer
	check(mixmeter.WriteStudyTSV(&tsv, rows))
	check(os.WriteFile(path+".tmp", tsv.Bytes(), 0o644))
	check(os.Rename(path+".tmp", path))
}

// report prints the study's tables (a before/after table when compare
// names an earlier study.tsv) and the figures outside the references'
// interquartile range.
func report(rows []mixmeter.StudyRow, ref mixmeter.Reference, compare, out string) {
	fams := mixmeter.Summarize(rows, ref)
	if compare != "" {
		before, err := readRows(compare)
		check(err)
		mixmeter.CompareTable(os.Stdout, mixmeter.Summarize(before, ref), fams)
	} else {
		mixmeter.StudyTable(os.Stdout, fams)
	}
	fmt.Printf("\noutside the references' IQR: %s\nrows: %s\n", strings.Join(mixmeter.Outside(fams), ", "), out)
}

// readRows reads a study.tsv.
func readRows(path string) ([]mixmeter.StudyRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return mixmeter.ReadStudyTSV(f)
}

// measure renders one prompt at one seed, keeps its WAV and MIDI at
// base.wav and base.mid, and measures it.
func measure(p Prompt, seed uint64, seconds float64, base, essentia string) mixmeter.StudyRow {
	ctx := context.Background()
	song, err := engine.Render(ctx, engine.Resolve(p.Text, seed, engine.Options{Seconds: seconds}))
	check(err)
	defer song.Release()
	row := mixmeter.StudyRow{Prompt: p.Text, Seed: seed, Style: song.Style.Name, Family: string(song.Style.Reference()),
		Values: map[string]float64{}}
	if row.Style != p.Style {
		fmt.Fprintf(os.Stderr, "study: %q is read as %s, listed as %s\n", p.Text, row.Style, p.Style)
	}
	f := mixmeter.Measure(song.Audio)
	// The growth figures of the music without its ring-out (a 120 s
	// excerpt of a reference track has none), as TestFamilyMedians reads them.
	f.LevelRange, f.QuietDepth, f.Repeats = mixmeter.Growth(song.Audio, song.Score.WrittenToSeconds(song.Score.TotalBeats))
	var w bytes.Buffer
	check(wav.Encode(&w, song.Audio))
	check(os.WriteFile(base+".wav", w.Bytes(), 0o644))
	if essentia != "" {
		r, err := mixmeter.EssentiaRhythm(ctx, filepath.Join(essentia, "node_modules"), base+".wav")
		check(err)
		f.Rhythm = &r
	}
	for _, m := range append(mixmeter.StudyMeasures, "essentia_bpm") {
		if v, ok := f.Value(m); ok {
			row.Values[m] = v
		}
	}
	if len(f.BandCorr) > 0 {
		row.Values[mixmeter.StudyMinBandCorr] = slices.Min(f.BandCorr)
	}
	row.Values[mixmeter.StudyFinalHole] = mixmeter.FinalHole(song.Score)
	if g, ok := mixmeter.GateShare(song.Score); ok {
		row.Values[mixmeter.StudyGate] = g
	}
	row.Values[mixmeter.StudyChords] = float64(mixmeter.DistinctChords(song.Written))
	if song.Style.MixFamily() == style.MixJazz {
		row.Values[mixmeter.StudyJazzChords] = row.Values[mixmeter.StudyChords]
	}
	row.Values[mixmeter.StudyBPM] = song.BPM
	if v, err := heard(base + ".wav"); err == nil {
		row.Values[mixmeter.StudyBPMTools], row.Values[mixmeter.StudyAubio], row.Values[mixmeter.StudyBPMToolsWide] = v[0], v[1], v[2]
	} else {
		fmt.Fprintln(os.Stderr, "study: tempo heard:", err)
	}
	mid, err := studio.MIDI(song.Score, song.Title)
	check(err)
	check(os.WriteFile(base+".mid", mid.Data, 0o644))
	tempo, expr, err := mixmeter.MIDIEvents(mid.Data)
	check(err)
	row.Values[mixmeter.StudyTempoEvents], row.Values[mixmeter.StudyExpression] = float64(tempo), float64(expr)
	return row
}

// heard returns the tempo bpm-tools (sox's mono float stream into bpm, its
// default range), aubio (the last line of aubio tempo) and bpm-tools over
// 40-240 bpm hear in a WAV file.
func heard(path string) ([3]float64, error) {
	var v [3]float64
	for i, rng := range map[int]string{0: "", 2: " -m 40 -x 240"} {
		out, err := exec.Command("sh", "-c", fmt.Sprintf("sox %q -t raw -r 44100 -e float -c 1 - | bpm%s", path, rng)).Output()
		if err != nil {
			return v, fmt.Errorf("bpm-tools: %w", err)
		}
		if v[i], err = strconv.ParseFloat(strings.TrimSpace(string(out)), 64); err != nil {
			return v, fmt.Errorf("bpm-tools: %w", err)
		}
	}
	out, err := exec.Command("aubio", "tempo", "-i", path).Output()
	if err != nil {
		return v, fmt.Errorf("aubio: %w", err)
	}
	lines := strings.Fields(strings.TrimSpace(string(out)))
	if len(lines) < 2 {
		return v, fmt.Errorf("aubio: %q", out)
	}
	v[1], err = strconv.ParseFloat(lines[len(lines)-2], 64)
	return v, err
}

// ReadPrompts reads a prompt list: "style | prompt" per line, blank lines
// and lines starting with # left out.
func ReadPrompts(path string) ([]Prompt, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Prompt
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		st, text, ok := strings.Cut(line, "|")
		if !ok || strings.TrimSpace(st) == "" || strings.TrimSpace(text) == "" {
			return nil, fmt.Errorf("%s:%d: want \"style | prompt\"", path, n)
		}
		out = append(out, Prompt{Style: strings.TrimSpace(st), Text: strings.TrimSpace(text)})
	}
	return out, sc.Err()
}

func parseSeeds(list string) ([]uint64, error) {
	var seeds []uint64
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("seeds: %w", err)
		}
		seeds = append(seeds, n)
	}
	return seeds, nil
}

// parallel calls do(0..n-1) on workers goroutines.
func parallel(n, workers int, do func(int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "study:", err)
		os.Exit(1)
	}
}
