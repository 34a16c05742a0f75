// Command refmeasure computes the feature set of issue 18 (loudness, LRA,
// true peak, PLR, crest factor, L/R correlation, side/mid, octave bands,
// per-stem loudness) for folders of audio files (ogg, mp3, wav, flac), as
// mixmeter.Measure computes it for an in-memory song, and prints a table
// per file with the median and interquartile range per set.
//
//	go run ./scripts/refmeasure [flags] [family=]DIR ...
//
// Each argument is one set (named by the part before "=", else by the
// folder). Files are decoded with ffmpeg to 44.1 kHz float stereo, first
// 120 s; integrated loudness, LRA and true peak are ffmpeg's ebur128
// (peak=true) figures of the same excerpt, the rest is internal/mixmeter.
// With -stems DIR, the files of DIR/<song name without extension>/ are a
// song's stems and their integrated loudness is reported by stem name.
// -o writes the sets as JSON (mixmeter.Reference); `make reference` uses it
// to write internal/mixmeter/testdata/reference.json (docs/reference-music.md).
// With -essentia DIR (default $STUDY_ESSENTIA; DIR/node_modules holds npm
// essentia.js 0.1.3, an AGPL outside tool run as a program) each file's
// beat confidence, tempo and tempo drift are measured too
// (mixmeter.EssentiaRhythm).
// -compare FILE checks each set's medians against the interquartile range
// of the family of the same name in a reference JSON (e.g. Songsmith songs
// as calm=DIR against the committed figures).
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/mixmeter"
)

var audioExt = map[string]bool{".ogg": true, ".mp3": true, ".wav": true, ".flac": true, ".oga": true}

func main() {
	out := flag.String("o", "", "write the sets as JSON to this file")
	n := flag.Int("n", 0, "pick this many files per set, evenly spaced in name order (0: all)")
	minSec := flag.Float64("min", 0, "skip files shorter than this many seconds")
	exclude := flag.String("exclude", "", "skip files whose name matches this regular expression")
	stems := flag.String("stems", "", "folder with one subfolder of stems per song")
	workers := flag.Int("j", 2, "files measured in parallel")
	method := flag.String("method", "", "method note stored in the JSON")
	compare := flag.String("compare", "", "reference JSON: check each set's medians against the same-named family's IQR")
	essentia := flag.String("essentia", os.Getenv("STUDY_ESSENTIA"), "folder holding node_modules/essentia.js (default $STUDY_ESSENTIA): also measure the beat (mixmeter.EssentiaRhythm)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: refmeasure [flags] [family=]DIR ...")
		os.Exit(2)
	}
	var ex *regexp.Regexp
	if *exclude != "" {
		ex = regexp.MustCompile(*exclude)
	}
	ref := mixmeter.Reference{Method: *method, Families: map[string]mixmeter.Set{}}
	var names []string
	for _, arg := range flag.Args() {
		name, dir, ok := strings.Cut(arg, "=")
		if !ok {
			name, dir = filepath.Base(arg), arg
		}
		files, err := pick(dir, *n, *minSec, ex)
		check(err)
		tracks := measureAll(files, *stems, *essentia, *workers)
		ref.Families[name] = mixmeter.NewSet(dir, tracks)
		names = append(names, name)
	}
	for _, name := range names {
		printSet(name, ref.Families[name])
	}
	if *compare != "" {
		against, err := mixmeter.ReadReference(*compare)
		check(err)
		for _, name := range names {
			if set, ok := against.Families[name]; ok {
				fmt.Printf("== %s against %s\n%s", name, set.Source, mixmeter.Table(set.CheckMedians(ref.Families[name].Tracks, mixmeter.Measures())))
			}
		}
	}
	if *out != "" {
		b, err := json.MarshalIndent(ref, "", "  ")
		check(err)
		check(os.WriteFile(*out, append(b, '\n'), 0o644))
	}
}

// pick lists the audio files of dir in name order (case-insensitive),
// drops those shorter than minSec or matching ex, and keeps n evenly
// spaced ones when n > 0.
func pick(dir string, n int, minSec float64, ex *regexp.Regexp) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !audioExt[strings.ToLower(filepath.Ext(name))] || (ex != nil && ex.MatchString(name)) {
			continue
		}
		path := filepath.Join(dir, name)
		if minSec > 0 && duration(path) < minSec {
			continue
		}
		files = append(files, path)
	}
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	if n <= 0 || n >= len(files) {
		return files, nil
	}
	kept := make([]string, n)
	for i := range n {
		kept[i] = files[int(math.Round(float64(i)*float64(len(files)-1)/float64(n-1)))]
	}
	return kept, nil
}

func duration(path string) float64 {
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path).Output()
	if err != nil {
		return 0
	}
	v, _ := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	return v
}

func measureAll(files []string, stems, essentia string, workers int) []mixmeter.Features {
	out := make([]mixmeter.Features, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = measureFile(files[i], stems, essentia)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// measureFile measures one file (and its stems, if any; and its beat with
// Essentia when essentia names its folder).
func measureFile(path, stems, essentia string) mixmeter.Features {
	b, err := decode(path)
	check(err)
	f := mixmeter.Measure(b)
	f.File = filepath.Base(path)
	lufs, lra, tp, err := ebur128(path)
	check(err)
	fmt.Fprintf(os.Stderr, "%s: ffmpeg I %.2f LRA %.2f TP %.2f, mixmeter I %.2f LRA %.2f TP %.2f\n", f.File, lufs, lra, tp, f.LUFS, f.LRA, f.TruePeak)
	f.LUFS, f.LRA, f.TruePeak = lufs, lra, tp
	f.PLR = tp - lufs
	if essentia != "" {
		r, err := mixmeter.EssentiaRhythm(context.Background(), filepath.Join(essentia, "node_modules"), path)
		check(err)
		f.Rhythm = &r
	}
	if stems != "" {
		dir := filepath.Join(stems, strings.TrimSuffix(f.File, filepath.Ext(f.File)))
		if entries, err := os.ReadDir(dir); err == nil {
			bufs := map[string]*audio.Buffer{}
			for _, e := range entries {
				if ext := filepath.Ext(e.Name()); audioExt[strings.ToLower(ext)] {
					sb, err := decode(filepath.Join(dir, e.Name()))
					check(err)
					bufs[strings.TrimSuffix(e.Name(), ext)] = sb
				}
			}
			f.Stems = mixmeter.MeasureStems(bufs)
		}
	}
	return f
}

// decode reads the first mixmeter.ExcerptSeconds of a file as 44.1 kHz
// float stereo through ffmpeg.
func decode(path string) (*audio.Buffer, error) {
	cmd := exec.Command("ffmpeg", "-v", "error", "-nostdin", "-t", strconv.Itoa(mixmeter.ExcerptSeconds), "-i", path,
		"-f", "f32le", "-ac", "2", "-ar", "44100", "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("ffmpeg %s: %v: %s", path, err, stderr.String())
	}
	b := &audio.Buffer{Rate: audio.CD, Channels: 2, Samples: make([]float32, len(raw)/4)}
	for i := range b.Samples {
		b.Samples[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	return b, nil
}

var (
	iRe   = regexp.MustCompile(`I:\s+(-?[0-9.]+) LUFS`)
	lraRe = regexp.MustCompile(`LRA:\s+(-?[0-9.]+) LU`)
	tpRe  = regexp.MustCompile(`Peak:\s+(-?[0-9.inf]+) dBFS`)
)

// ebur128 returns ffmpeg's integrated loudness, loudness range and true
// peak of the file's first mixmeter.ExcerptSeconds, resampled as decode does.
func ebur128(path string) (lufs, lra, tp float64, err error) {
	out, err := exec.Command("ffmpeg", "-hide_banner", "-nostats", "-nostdin", "-t", strconv.Itoa(mixmeter.ExcerptSeconds), "-i", path,
		"-af", "aresample=44100,ebur128=peak=true", "-ac", "2", "-f", "null", "-").CombinedOutput()
	if err != nil {
		return 0, 0, 0, fmt.Errorf("ffmpeg ebur128 %s: %v", path, err)
	}
	last := func(re *regexp.Regexp) float64 {
		m := re.FindAllStringSubmatch(string(out), -1)
		if m == nil {
			err = fmt.Errorf("ffmpeg ebur128 %s: no %s", path, re)
			return math.NaN()
		}
		v, _ := strconv.ParseFloat(m[len(m)-1][1], 64)
		return v
	}
	return last(iRe), last(lraRe), last(tpRe), err
}

// printSet prints one row per file and the set's median and quartiles.
func printSet(name string, s mixmeter.Set) {
	ms := mixmeter.Measures()
	fmt.Printf("== %s (%s, %d files)\n%-36s", name, s.Source, len(s.Tracks), "file")
	for _, m := range ms {
		fmt.Printf(" %9s", strings.TrimPrefix(m, "band_"))
	}
	fmt.Println()
	for _, f := range s.Tracks {
		fmt.Printf("%-36s", f.File)
		for _, m := range ms {
			v, _ := f.Value(m)
			fmt.Printf(" %9.2f", v)
		}
		fmt.Println()
		for _, k := range sortedKeys(f.Stems) {
			fmt.Printf("    stem %-27s %9.2f LUFS\n", k, f.Stems[k])
		}
	}
	for _, row := range []struct {
		label string
		m     map[string]float64
	}{{"median", s.Median}, {"q1", s.Q1}, {"q3", s.Q3}} {
		fmt.Printf("%-36s", row.label)
		for _, m := range ms {
			fmt.Printf(" %9.2f", row.m[m])
		}
		fmt.Println()
	}
}

func sortedKeys(m map[string]float64) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	slices.Sort(k)
	return k
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "refmeasure:", err)
		os.Exit(1)
	}
}
