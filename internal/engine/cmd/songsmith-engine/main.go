// Command songsmith-engine renders one prompt with the music engine and
// writes any of: the mastered WAV, the score as a Standard MIDI File, and a
// one-line report with the real-time factor and peak memory (VmHWM).
//
//	go run ./internal/engine/cmd/songsmith-engine -prompt "lofi, 3 minutes" -seed 1 -wav out.wav -mid out.mid
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/synth"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "songsmith-engine:", err)
		os.Exit(1)
	}
}

func run() error {
	prompt := flag.String("prompt", "lo-fi hip hop, 3 minutes", "the song prompt")
	seed := flag.Uint64("seed", 1, "the seed")
	wavOut := flag.String("wav", "", "write the rendered song here")
	midOut := flag.String("mid", "", "write the score as a MIDI file here")
	noRender := flag.Bool("no-render", false, "compose only (with -mid)")
	bank := flag.String("soundfont", soundfont.DebianPath, "SoundFont bank of the recorded parts (off: synthesize every part)")
	recipeIn := flag.String("recipe", "", "render this recipe file (a result's recipe) instead of -prompt")
	recipeOut := flag.String("write-recipe", "", "also write the song's recipe to this file")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	flag.Parse()
	if *cpuProfile != "" {
		stop, err := profileCPU(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	if *bank == "off" {
		*bank = ""
	}
	opts := engine.Options{Synth: synth.Options{Bank: soundfont.Loader(*bank)}}

	req := engine.Resolve(*prompt, *seed, opts)
	if *recipeIn != "" {
		var err error
		if req, err = readRecipe(*recipeIn, *bank, opts); err != nil {
			return err
		}
	}
	if *midOut != "" || *noRender {
		// Render composes again: compose here only for what needs the
		// score alone (the whole process is what bench-engine.sh times).
		if err := writeScore(req, *midOut, *noRender); err != nil || *noRender {
			return err
		}
	}
	start := time.Now()
	song, err := engine.Render(context.Background(), req)
	if err != nil {
		return err
	}
	if *recipeOut != "" {
		if err := writeRecipe(*recipeOut, req, *bank); err != nil {
			return err
		}
	}
	el := time.Since(start)
	fmt.Printf("title=%q genre=%s mood=%s key=%q bpm=%.0f seconds=%.2f render=%.2fs x_realtime=%.1f vmhwm_kib=%d tags=%s\n",
		song.Title, song.Genre, song.Mood, song.Key, song.BPM, song.Seconds, el.Seconds(), song.Seconds/el.Seconds(), vmHWM(), strings.Join(song.Tags, ","))
	if *wavOut != "" {
		f, err := os.Create(*wavOut)
		if err != nil {
			return err
		}
		if err := wav.Encode(f, song.Audio); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	return nil
}

// writeScore composes req and writes its score as MIDI to midOut (when
// set) and, with info, a line naming the composed song.
func writeScore(req engine.Request, midOut string, info bool) error {
	c, err := engine.Compose(req)
	if err != nil {
		return err
	}
	s, title, tags := c.Score, c.Title, c.Tags
	if midOut != "" {
		f, err := os.Create(midOut)
		if err != nil {
			return err
		}
		if err := music.WriteMIDI(f, s, title); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	if info {
		fmt.Printf("title=%q genre=%s bpm=%.0f seconds=%.2f tags=%s\n", title, s.Genre, s.BPM, s.Seconds(), strings.Join(tags, ","))
	}
	return nil
}

// profileCPU starts a CPU profile written to path; the returned function
// stops it and closes the file.
func profileCPU(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// vmHWM returns the process's peak resident set size in KiB (0 if unknown).
func vmHWM() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			var n int
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(v), " kB"), &n)
			return n
		}
	}
	return 0
}
