// Command keymeasure renders songs and asks Essentia (npm essentia.js
// 0.1.3, KeyExtractor with its defaults, on a 60 s mono excerpt from 15 s
// in, as docs/engine-composition.md describes) which key it hears, then
// compares it with the song's tagged key: right when Essentia hears the
// tagged key or its relative (for a mode, the relative of its tonic's major
// or minor key), or, for a mode, its tonic (either scale) or its parent
// scale (the major or minor key with the same notes).
//
//	NODE_PATH=/path/to/node_modules go run ./scripts/keymeasure [-seeds 1] [-s 75] [-j 2] [-styles pop,jazz]
//
// It renders every style of the catalogue at each seed and prints one line
// per song and the share heard right.
package main

import (
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/plan"
)

var names = []string{"C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

// essentiaNames maps Essentia's spellings to pitch classes.
var essentiaNames = map[string]int{"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
	"G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11}

// parent is the semitones from a mode's tonic up to the tonic of the major
// key with the same notes.
var parent = map[string]int{"major": 0, "minor": 3, "harmonic minor": 3, "dorian": 10, "phrygian": 8,
	"lydian": 7, "mixolydian": 5, "locrian": 1}

type song struct {
	genre      plan.Genre
	seed       uint64
	root       int
	mode, path string
}

func main() {
	seeds := flag.Int("seeds", 1, "seeds 1..n per style")
	secs := flag.Int("s", 75, "song length in seconds")
	workers := flag.Int("j", 2, "songs rendered at once")
	only := flag.String("styles", "", "comma-separated styles to render (default: every style)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "keymeasure")
	check(err)
	defer os.RemoveAll(dir)
	var songs []*song
	for _, g := range plan.Genres {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), string(g)) {
			continue
		}
		for seed := 1; seed <= *seeds; seed++ {
			songs = append(songs, &song{genre: g, seed: uint64(seed)})
		}
	}
	work := make(chan *song)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range work {
				render(s, *secs, dir)
			}
		}()
	}
	for _, s := range songs {
		work <- s
	}
	close(work)
	wg.Wait()
	args := []string{"scripts/keymeasure/key.js"}
	for _, s := range songs {
		args = append(args, s.path)
	}
	out, err := exec.Command("node", args...).Output()
	check(err)
	heard := map[string][2]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) >= 3 {
			heard[f[0]] = [2]string{f[1], f[2]}
		}
	}
	right := 0
	var wrong []string
	for _, s := range songs {
		h := heard[s.path]
		ok := judge(s.root, s.mode, h[0], h[1])
		mark := "ok"
		if ok {
			right++
		} else {
			mark = "WRONG"
			wrong = append(wrong, fmt.Sprintf("%s/%d", s.genre, s.seed))
		}
		fmt.Printf("%-16s seed %d  tagged %-3s %-14s heard %-3s %-6s %s\n", s.genre, s.seed, names[s.root], s.mode, h[0], h[1], mark)
	}
	fmt.Printf("heard right: %d of %d (%.1f %%); wrong: %s\n", right, len(songs), 100*float64(right)/float64(len(songs)), strings.Join(wrong, ", "))
}

// judge reports whether Essentia's key (name, scale) is the tagged key
// (root, mode), its relative, or for a mode its tonic or parent scale.
func judge(root int, mode, name, scale string) bool {
	pc, ok := essentiaNames[name]
	if !ok {
		return false
	}
	minor := mode == "minor" || mode == "harmonic minor" || mode == "dorian" || mode == "phrygian" || mode == "locrian"
	if pc == root && (scale == "minor") == minor {
		return true
	}
	if pc == root && mode != "major" && mode != "minor" && mode != "harmonic minor" {
		return true // a mode's tonic
	}
	// The relative of the tonic's major or minor key (Bb major for G
	// dorian, as for G minor).
	if minor && scale == "major" && pc == (root+3)%12 || !minor && scale == "minor" && pc == (root+9)%12 {
		return true
	}
	major := (root + parent[mode]) % 12
	if scale == "major" {
		return pc == major
	}
	return pc == (major+9)%12
}

// render renders one song and writes its 60 s mono excerpt from 15 s in.
func render(s *song, secs int, dir string) {
	prompt := fmt.Sprintf("%s, %d seconds", s.genre, secs)
	r, err := engine.Render(context.Background(), engine.Resolve(prompt, s.seed, engine.Options{}))
	check(err)
	s.root, s.mode = r.Score.KeyRoot, r.Score.Mode
	b := r.Audio
	from, to := 15*int(b.Rate), 75*int(b.Rate)
	to = min(to, b.Frames())
	if from >= to {
		from = 0
	}
	buf := make([]byte, 0, 4*(to-from))
	for i := from; i < to; i++ {
		var m float32
		for c := range b.Channels {
			m += b.Samples[i*b.Channels+c]
		}
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(m/float32(b.Channels)))
	}
	s.path = filepath.Join(dir, fmt.Sprintf("%s-%d.f32", strings.ReplaceAll(string(s.genre), " ", "_"), s.seed))
	check(os.WriteFile(s.path, buf, 0o644))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
