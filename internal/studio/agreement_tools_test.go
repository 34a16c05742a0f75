package studio_test

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// outside is what the outside tools measured in one song.
type outside struct {
	aubio, bpmTools float64 // tempo: aubio tempo, bpm-tools (its default range, 84-146 bpm)
	bpmWide         float64 // bpm-tools over the engine's whole range (40-240 bpm)
	lufs, peak      float64 // ffmpeg ebur128: integrated loudness, true peak
	key             string  // Essentia's KeyExtractor ("A# minor"), "" when not asked
}

var (
	ebuI    = regexp.MustCompile(`(?m)^\s+I:\s+(-?[0-9.]+) LUFS`)
	ebuPeak = regexp.MustCompile(`(?m)^\s+Peak:\s+(-?[0-9.inf]+) dBFS`)
)

// outsideTools runs the outside tools of the agreement run through a
// result cache (testutil.ToolCache, MEASURE_AGREEMENT_CACHE): a tool is
// paid only for a WAV whose bytes it has not answered on yet.
type outsideTools struct {
	cache      *testutil.ToolCache
	essentia   string            // MEASURE_ESSENTIA: a directory with node_modules/essentia.js, or ""
	id         map[string]string // each tool's identity for the cache
	hits, runs int
}

// newOutsideTools names the tools' builds and opens the cache.
func newOutsideTools(t *testing.T, essentia string) *outsideTools {
	t.Helper()
	c, err := testutil.OpenToolCache(testutil.DefaultToolCacheDir())
	if err != nil {
		t.Fatal(err)
	}
	ff := testutil.ToolVersion("ffmpeg", "-version")
	o := &outsideTools{cache: c, essentia: essentia, id: map[string]string{
		"aubio":    testutil.ToolID([]string{"aubio", "tempo"}, "aubio") + " " + testutil.ToolVersion("aubio", "--version"),
		"bpm":      testutil.ToolID([]string{"sox -t raw -r 44100 -e float -c 1 | bpm"}, "sox", "bpm"),
		"bpmWide":  testutil.ToolID([]string{"sox -t raw -r 44100 -e float -c 1 | bpm -m 40 -x 240"}, "sox", "bpm"),
		"ebur128":  testutil.ToolID([]string{"ffmpeg -af ebur128=peak=true"}, "ffmpeg") + " " + ff,
		"essentia": essentiaID(t, essentia),
	}}
	return o
}

// essentiaID names the Essentia build: essentia.js's package.json, the
// script and node's version.
func essentiaID(t *testing.T, dir string) string {
	t.Helper()
	if dir == "" {
		return ""
	}
	pkg, err := os.ReadFile(filepath.Join(dir, "node_modules", "essentia.js", "package.json"))
	if err != nil {
		t.Fatalf("MEASURE_ESSENTIA: %v", err)
	}
	script, err := os.ReadFile("../../scripts/essentia-key.js")
	if err != nil {
		t.Fatal(err)
	}
	return "essentia-key.js " + string(script) + " | " + string(pkg) + " | node " + testutil.ToolVersion("node", "--version")
}

// run returns tool's answer on the WAV (bytes data, written at path).
func (o *outsideTools) run(t *testing.T, data []byte, tool string, f func() (string, error)) string {
	t.Helper()
	r, hit, err := o.cache.Do(data, o.id[tool], f)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if hit {
		o.hits++
	} else {
		o.runs++
	}
	return r
}

// measure runs aubio, bpm-tools (both ranges), ffmpeg's ebur128 and, when
// asked, Essentia on the WAV: data are its bytes, path the file.
func (o *outsideTools) measure(t *testing.T, data []byte, path string) outside {
	t.Helper()
	var m outside
	out := o.run(t, data, "aubio", func() (string, error) {
		b, err := exec.Command("aubio", "tempo", path).Output()
		return string(b), err
	})
	if f := strings.Fields(strings.TrimSpace(out)); len(f) >= 2 {
		m.aubio, _ = strconv.ParseFloat(f[len(f)-2], 64)
	}
	m.bpmTools = testutil.ParseBPM(o.run(t, data, "bpm", func() (string, error) { return testutil.BPMOutput(path) }))
	m.bpmWide = testutil.ParseBPM(o.run(t, data, "bpmWide", func() (string, error) { return testutil.BPMOutput(path, "-m", "40", "-x", "240") }))
	summary := o.run(t, data, "ebur128", func() (string, error) {
		b, err := exec.Command("ffmpeg", "-nostats", "-hide_banner", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-").CombinedOutput()
		s := string(b)
		if i := strings.LastIndex(s, "Summary:"); i >= 0 {
			s = s[i:]
		}
		return s, err
	})
	m.lufs, m.peak = math.NaN(), math.NaN()
	if v := ebuI.FindStringSubmatch(summary); v != nil {
		m.lufs, _ = strconv.ParseFloat(v[1], 64)
	}
	if v := ebuPeak.FindStringSubmatch(summary); v != nil {
		m.peak, _ = strconv.ParseFloat(v[1], 64)
	}
	if o.essentia != "" {
		line := o.run(t, data, "essentia", func() (string, error) {
			cmd := exec.Command("node", "../../scripts/essentia-key.js", path)
			cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(o.essentia, "node_modules"))
			b, err := cmd.Output()
			_, rest, _ := strings.Cut(strings.TrimSpace(string(b)), "\t") // the file name is not kept
			return rest, err
		})
		k, _, _ := strings.Cut(line, "\t")
		m.key = essentiaKey(k)
	}
	return m
}
