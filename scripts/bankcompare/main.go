// Command bankcompare measures SoundFont banks side by side on the same
// notes and the same scores (issue 18 item 7; docs/engine.md, "Choosing
// the bank"). Not part of make test; scripts/bankcompare.sh runs it with
// the song measures and peak memory.
//
//	go run ./scripts/bankcompare [-songs DIR] [-seconds 40] name=bank.sf2 name=bank.sf3 ...
//
// Per bank: load time and the Go heap after loading. Per GM instrument
// (one note, velocity 100 of 127, held 1 s then released): level (RMS dB
// of the first second), spectral centroid, octave bands 125 Hz-8 kHz (dB
// re total, as internal/mixmeter), time to peak, velocity layers (distinct
// sample sets over velocities 1-127 at that key) and the worst loop
// (soundfont.Region.LoopJump: the step at the wrap over the RMS step; ~1
// seamless). With -songs, every style of the catalogue is rendered with
// each bank to DIR/<bank>/<family>/<style>.wav (calm or beat, the style's
// reference family) for scripts/refmeasure -compare.
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/cmplx"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// instrument is one measured preset and the key it plays.
type instrument struct {
	name          string
	bank, program int
	key           int
}

var instruments = []instrument{
	{"piano", 0, 0, 60}, {"e-piano", 0, 4, 60}, {"organ", 0, 19, 60},
	{"nylon guitar", 0, 24, 55}, {"steel guitar", 0, 25, 55}, {"acoustic bass", 0, 32, 40},
	{"finger bass", 0, 33, 40}, {"violin", 0, 40, 67}, {"cello", 0, 42, 48},
	{"harp", 0, 46, 60}, {"timpani", 0, 47, 45}, {"strings", 0, 48, 60},
	{"choir", 0, 52, 60}, {"trumpet", 0, 56, 67}, {"trombone", 0, 57, 55},
	{"horn", 0, 60, 55}, {"brass", 0, 61, 60}, {"alto sax", 0, 65, 62},
	{"oboe", 0, 68, 67}, {"clarinet", 0, 71, 62}, {"flute", 0, 73, 72},
	{"kick", soundfont.PercussionBank, 0, 36}, {"snare", soundfont.PercussionBank, 0, 38},
	{"closed hat", soundfont.PercussionBank, 0, 42}, {"ride", soundfont.PercussionBank, 0, 51},
}

var bands = []string{"band_125", "band_250", "band_500", "band_1000", "band_2000", "band_4000", "band_8000"}

func main() {
	songs := flag.String("songs", "", "render every style with each bank into this folder")
	seconds := flag.Int("seconds", 40, "song length with -songs")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: bankcompare [-songs DIR] name=bank ...")
		os.Exit(2)
	}
	for _, arg := range flag.Args() {
		name, path, ok := strings.Cut(arg, "=")
		if !ok {
			name, path = filepath.Base(arg), arg
		}
		var ms runtime.MemStats
		t0 := time.Now()
		b, err := soundfont.Load(path)
		check(err)
		load := time.Since(t0)
		runtime.GC()
		runtime.ReadMemStats(&ms)
		fmt.Printf("\n## %s (%s): load %.0f ms, Go heap %.1f MiB after load\n\n", name, path,
			float64(load.Microseconds())/1000, float64(ms.HeapInuse)/(1<<20))
		fmt.Printf("| instrument | preset | level dB | centroid Hz | %s | peak ms | vel layers | worst loop |\n",
			strings.ReplaceAll(strings.Join(bands, " | "), "band_", ""))
		fmt.Printf("|%s\n", strings.Repeat("---|", 8+len(bands)))
		for _, in := range instruments {
			fmt.Println(measure(b, in))
		}
		if b.Compressed() {
			fmt.Printf("\ndecoded for these presets, in full: %.1f MiB\n", float64(b.SampleFrames()*2)/(1<<20))
		}
		if *songs != "" {
			renderSongs(b, filepath.Join(*songs, name), *seconds)
		}
	}
}

// measure plays one note of in and formats its table row.
func measure(b *soundfont.Bank, in instrument) string {
	pn, ok := b.Preset(in.bank, in.program)
	if !ok {
		return fmt.Sprintf("| %s | (none) |", in.name)
	}
	pl, err := b.NewPlayer(16)
	check(err)
	ch := 0
	if in.bank == soundfont.PercussionBank {
		ch = soundfont.PercussionChannel
	}
	check(pl.Program(b, ch, in.bank, in.program))
	x := make([]float32, soundfont.SampleRate*3/2)
	pl.NoteOn(ch, in.key, 99.0/126)
	pl.Render(x[:soundfont.SampleRate])
	pl.NoteOff(ch, in.key)
	pl.Render(x[soundfont.SampleRate:])
	first := x[:soundfont.SampleRate]
	var sum float64
	for _, v := range first {
		sum += float64(v * v)
	}
	level := 10 * math.Log10(sum/float64(len(first))+1e-30)
	st := audio.NewBuffer(soundfont.SampleRate, 2, len(first))
	for i, v := range first {
		st.Samples[2*i], st.Samples[2*i+1] = v, v
	}
	f := mixmeter.Measure(st)
	row := fmt.Sprintf("| %s | %s | %.1f | %.0f |", in.name, pn, level, centroid(first))
	for _, band := range bands {
		v, _ := f.Value(band)
		row += fmt.Sprintf(" %.1f |", v)
	}
	// Velocity layers: the distinct sample sets over velocities 1-127.
	layers := map[string]int{}
	for v := 1; v <= 127; v++ {
		var names []string
		for _, r := range b.Regions(in.bank, in.program, in.key, v) {
			names = append(names, r.Sample)
		}
		slices.Sort(names)
		if _, ok := layers[strings.Join(names, "+")]; !ok {
			layers[strings.Join(names, "+")] = v
		}
	}
	worst := 0.0
	check(b.Decode(in.bank, in.program)) // an SF3 bank's loops, decoded
	for _, v := range layers {
		for _, r := range b.Regions(in.bank, in.program, in.key, v) {
			worst = max(worst, r.LoopJump)
		}
	}
	return row + fmt.Sprintf(" %.0f | %d | %.2f |", peakMs(x), len(layers), worst)
}

// peakMs is the time of the loudest 2 ms window, in milliseconds.
func peakMs(x []float32) float64 {
	const w = soundfont.SampleRate / 500
	best, at := 0.0, 0
	for i := 0; i+w <= len(x); i += w / 2 {
		var s float64
		for _, v := range x[i : i+w] {
			s += float64(v * v)
		}
		if s > best {
			best, at = s, i
		}
	}
	return float64(at) * 1000 / soundfont.SampleRate
}

// centroid is the power-weighted mean frequency of the first 32768 frames.
func centroid(x []float32) float64 {
	const n = 1 << 15
	c := make([]complex128, n)
	for i := range min(n, len(x)) {
		w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/n)
		c[i] = complex(float64(x[i])*w, 0)
	}
	fft(c)
	var num, den float64
	for k := 1; k < n/2; k++ {
		p := real(c[k])*real(c[k]) + imag(c[k])*imag(c[k])
		num += p * float64(k) * soundfont.SampleRate / n
		den += p
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// fft is an in-place radix-2 transform (len(a) a power of two).
func fft(a []complex128) {
	n := len(a)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j |= bit
		if i < j {
			a[i], a[j] = a[j], a[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, -2*math.Pi/float64(size)))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := range size / 2 {
				u, v := a[start+k], a[start+k+size/2]*wk
				a[start+k], a[start+k+size/2] = u+v, u-v
				wk *= w
			}
		}
	}
}

// renderSongs renders every style at seed 1 with bank b into dir/<family>/.
func renderSongs(b *soundfont.Bank, dir string, seconds int) {
	o := engine.Options{Synth: synth.Options{Bank: func() *soundfont.Bank { return b }}}
	for _, g := range plan.Genres {
		fam := string(style.Must(string(g)).Reference())
		prompt := fmt.Sprintf("%s music, %d seconds", g, seconds)
		song, err := engine.Render(context.Background(), engine.Resolve(prompt, 1, o))
		check(err)
		p := filepath.Join(dir, fam, strings.ReplaceAll(string(g), " ", "-")+".wav")
		check(os.MkdirAll(filepath.Dir(p), 0o755))
		f, err := os.Create(p)
		check(err)
		check(wav.Encode(f, song.Audio))
		check(f.Close())
	}
	fmt.Printf("\nrendered %d styles to %s\n", len(plan.Genres), dir)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bankcompare:", err)
		os.Exit(1)
	}
}
