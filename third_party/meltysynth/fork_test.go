// Package fork_test checks Songsmith's patched copy of go-meltysynth
// (./meltysynth) against the upstream version go.mod pins: the patch series
// in ./patches rebuilds the copy from upstream exactly, and the copy plays
// a SoundFont to the same samples as upstream.
package fork_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	upstream "github.com/sinshu/go-meltysynth/meltysynth"
	"github.com/songsmith/songsmith/internal/soundfont/sftest"
	"github.com/songsmith/songsmith/internal/testutil"
	patched "github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

const (
	upstreamPath = "github.com/sinshu/go-meltysynth"
	// ourPath is where the copy lives in this module; patches that touch an
	// import of the upstream package get it rewritten to this path.
	ourPath = "github.com/songsmith/songsmith/third_party/meltysynth"
)

// upstreamDir returns the module cache directory of the pinned upstream
// version, downloading it (checked against go.sum) when needed.
func upstreamDir(t *testing.T) string {
	t.Helper()
	testutil.RequireTool(t, "go")
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", upstreamPath).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", upstreamPath, err)
	}
	version := strings.TrimSpace(string(out))
	out, err = exec.Command("go", "mod", "download", "-json", upstreamPath+"@"+version).Output()
	if err != nil {
		t.Fatalf("go mod download %s@%s: %v", upstreamPath, version, err)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		t.Fatalf("go mod download %s@%s: %s %v", upstreamPath, version, mod.Error, err)
	}
	return mod.Dir
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

func goFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestPatchSeriesRebuildsTree applies patches/series to the pinned upstream
// package (less the files in patches/omit), rewrites the import path, and
// requires the result to equal ./meltysynth file for file.
func TestPatchSeriesRebuildsTree(t *testing.T) {
	testutil.RequireTool(t, "git")
	up := upstreamDir(t)
	work := t.TempDir()
	dst := filepath.Join(work, "meltysynth")
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	omit := readLines(t, filepath.Join("patches", "omit"))
	for _, name := range goFiles(t, filepath.Join(up, "meltysynth")) {
		if slices.Contains(omit, name) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(up, "meltysynth", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	series := readLines(t, filepath.Join("patches", "series"))
	if len(series) == 0 {
		t.Fatal("patches/series lists no patch")
	}
	for _, p := range series {
		abs, err := filepath.Abs(filepath.Join("patches", p))
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("git", "apply", "--whitespace=nowarn", abs)
		cmd.Dir = work
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git apply %s: %v\n%s", p, err, out)
		}
	}
	got := goFiles(t, dst)
	want := goFiles(t, "meltysynth")
	if !slices.Equal(got, want) {
		t.Fatalf("files after the series:\n%v\nin the tree:\n%v", got, want)
	}
	for _, name := range want {
		b, err := os.ReadFile(filepath.Join(dst, name))
		if err != nil {
			t.Fatal(err)
		}
		b = bytes.ReplaceAll(b, []byte(`"`+upstreamPath+`/`), []byte(`"`+ourPath+`/`))
		tree, err := os.ReadFile(filepath.Join("meltysynth", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, tree) {
			t.Errorf("%s: upstream + series differs from the tree (run `make meltysynth-patches` after changing the copy)", name)
		}
	}
}

// song plays a few presets (piano chord, strings, bass, drums and a crash) on a synth
// through the two packages' common API and returns the rendered stereo.
type synth interface {
	ProcessMidiMessage(channel, command, data1, data2 int32)
	NoteOn(channel, key, velocity int32)
	NoteOff(channel, key int32)
	Render(left, right []float32)
}

func play(s synth) []float32 {
	const block = 4410
	var out []float32
	l, r := make([]float32, block), make([]float32, block)
	s.ProcessMidiMessage(1, 0xC0, 48, 0) // strings
	s.ProcessMidiMessage(2, 0xC0, 33, 0) // finger bass
	for step := 0; step < 30; step++ {
		switch step % 10 {
		case 0:
			for _, k := range []int32{60, 64, 67} {
				s.NoteOn(0, k, 90)
			}
			s.NoteOn(1, 55, 70)
			s.NoteOn(2, 36, 100)
			s.NoteOn(9, 36, 110)
			if step == 0 {
				// A crash: a cutoff over the filter's ceiling that its
				// modulation envelope only raises (voice.start's static
				// cutoff).
				s.NoteOn(9, 49, 100)
			}
		case 3:
			s.NoteOn(9, 38, 100)
			s.ProcessMidiMessage(1, 0xE0, 0, 80) // pitch bend on the strings
		case 5:
			for _, k := range []int32{60, 64, 67} {
				s.NoteOff(0, k)
			}
			s.NoteOff(2, 36)
			s.NoteOn(9, 42, 60)
		case 8:
			s.NoteOff(1, 55)
		}
		s.Render(l, r)
		out = append(out, l...)
		out = append(out, r...)
	}
	return out
}

// TestSameOutputAsUpstream renders the same events with upstream and the
// patched copy from the test bank: the patches make the voice faster and
// must not change a sample (on amd64, where Go fuses no multiply-add; on
// other platforms a fused multiply-add may move the last bits).
func TestSameOutputAsUpstream(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the fork rendered beside upstream")
	}
	path := sftest.Path()
	testutil.RequireFile(t, path, "make tools installs fluid-soundfont-gm")
	load := func(f func(*bufio.Reader) (synth, error)) []float32 {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		s, err := f(bufio.NewReaderSize(fh, 1<<20))
		if err != nil {
			t.Fatal(err)
		}
		return play(s)
	}
	want := load(func(r *bufio.Reader) (synth, error) {
		sf, err := upstream.NewSoundFont(r)
		if err != nil {
			return nil, err
		}
		return upstream.NewSynthesizer(sf, upstream.NewSynthesizerSettings(44100))
	})
	got := load(func(r *bufio.Reader) (synth, error) {
		sf, err := patched.NewSoundFont(r)
		if err != nil {
			return nil, err
		}
		return patched.NewSynthesizer(sf, patched.NewSynthesizerSettings(44100))
	})
	if len(got) != len(want) {
		t.Fatalf("rendered %d samples, upstream %d", len(got), len(want))
	}
	var loud int
	for i := range want {
		d := float64(got[i] - want[i])
		if runtime.GOARCH == "amd64" && d != 0 || d > 1e-6 || d < -1e-6 {
			t.Fatalf("sample %d: patched %v, upstream %v", i, got[i], want[i])
		}
		if want[i] > 0.01 || want[i] < -0.01 {
			loud++
		}
	}
	if loud < len(want)/10 {
		t.Fatalf("only %d of %d samples sound: the test plays too little to compare", loud, len(want))
	}
}
