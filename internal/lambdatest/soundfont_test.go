package lambdatest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/testutil"
)

// bankEnv is the worker's SONGSMITH_SOUNDFONT in template.yaml.
const bankEnv = "SONGSMITH_SOUNDFONT: /opt/soundfont/FluidR3_GM.sf2"

// TestTemplateSoundFontLayer checks the sample bank's wiring: a layer built
// by the Makefile, attached to the worker with the bank's path in its
// environment, and absent from the API functions and the globals.
func TestTemplateSoundFontLayer(t *testing.T) {
	tmpl := readRoot(t, "template.yaml")
	res := resources(t, tmpl)
	layer := res["SoundFontLayer"]
	for _, want := range []string{"Type: AWS::Serverless::LayerVersion", "BuildMethod: makefile",
		"ContentUri: layers/soundfont/", "CompatibleArchitectures: [arm64]"} {
		if !strings.Contains(layer, want) {
			t.Errorf("SoundFontLayer lacks %q:\n%s", want, layer)
		}
	}
	worker := res["WorkerFunction"]
	for _, want := range []string{"Layers: [!Ref SoundFontLayer]", bankEnv} {
		if !strings.Contains(worker, want) {
			t.Errorf("WorkerFunction lacks %q", want)
		}
	}
	for _, fn := range []string{"GenerateFunction", "GetJobFunction"} {
		if body := uncommented(res[fn]); strings.Contains(body, "SoundFontLayer") || strings.Contains(body, "SONGSMITH_SOUNDFONT") {
			t.Errorf("%s carries the sample bank; only the worker renders", fn)
		}
	}
	globals, _, _ := strings.Cut(tmpl, "\nResources:\n")
	if strings.Contains(globals, "SONGSMITH_SOUNDFONT") {
		t.Error("SONGSMITH_SOUNDFONT is set globally; only the worker needs it")
	}
	if _, err := os.Stat(filepath.Join("..", "..", "layers", "soundfont", "Makefile")); err != nil {
		t.Errorf("layer ContentUri has no Makefile: %v", err)
	}
}

// TestSoundFontLayerBuild builds the layer and the worker the way `sam
// build` does, checks the bank lands where the worker's
// SONGSMITH_SOUNDFONT points (under /opt), loads and plays from there, and
// that the worker plus its layer stay under Lambda's 250 MB unzipped.
func TestSoundFontLayerBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the SoundFont layer")
	}
	testutil.RequireFile(t, soundfont.DebianPath, "make tools installs fluid-soundfont-gm")
	dir := t.TempDir()
	layer, worker := filepath.Join(dir, "layer"), filepath.Join(dir, "worker")
	for _, b := range []struct{ target, cwd, art string }{
		{"build-SoundFontLayer", "layers/soundfont", layer},
		{"build-WorkerFunction", "functions/worker", worker},
	} {
		if err := os.MkdirAll(b.art, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("make", "--no-print-directory", b.target)
		cmd.Dir = filepath.Join("..", "..", b.cwd)
		cmd.Env = append(os.Environ(), "ARTIFACTS_DIR="+b.art)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make %s: %v\n%s", b.target, err, out)
		}
	}
	// A layer's files appear under /opt on Lambda.
	opt := strings.TrimPrefix(strings.TrimPrefix(bankEnv, "SONGSMITH_SOUNDFONT: "), "/opt/")
	bank := filepath.Join(layer, opt)
	t0 := time.Now()
	b, err := soundfont.Load(bank)
	if err != nil {
		t.Fatalf("the layer's bank at /opt/%s: %v", opt, err)
	}
	t.Logf("bank loaded from the layer in %v", time.Since(t0))
	for _, p := range [][2]int{{0, 0}, {0, 48}, {soundfont.PercussionBank, 0}} {
		if _, ok := b.Preset(p[0], p[1]); !ok {
			t.Errorf("the layer's bank lacks preset %d:%d", p[0], p[1])
		}
	}
	if _, err := os.Stat(filepath.Join(layer, "soundfont", "COPYRIGHT")); err != nil {
		t.Errorf("the layer does not carry the bank's licence: %v", err)
	}
	total := dirSize(t, layer) + dirSize(t, worker)
	t.Logf("worker + layer unzipped: %.1f MB (layer %.1f MB)", float64(total)/1e6, float64(dirSize(t, layer))/1e6)
	if total >= 250<<20 {
		t.Errorf("worker + layer unzipped %d bytes, over Lambda's 250 MB", total)
	}
}

func dirSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// uncommented drops YAML comment lines.
func uncommented(block string) string {
	var b strings.Builder
	for _, l := range strings.Split(block, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
