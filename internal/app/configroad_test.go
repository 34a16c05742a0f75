package app_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/app"
)

// SONGSMITH_MP3_BITRATE must be a bitrate the MP3 encoder supports: one that
// is not fails at startup, naming the ones that are, instead of every job
// failing at encoding.
func TestLoadMP3Bitrate(t *testing.T) {
	for _, ok := range []string{"128", "160", "192", "224", "256", "320"} {
		c, err := app.Load(env(map[string]string{"SONGSMITH_MP3_BITRATE": ok}))
		if err != nil || c.MP3Bitrate == 0 {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"130", "96", "321", "200", "fast", "1e3"} {
		_, err := app.Load(env(map[string]string{"SONGSMITH_MP3_BITRATE": bad}))
		if err == nil || !strings.Contains(err.Error(), "SONGSMITH_MP3_BITRATE") || !strings.Contains(err.Error(), "128, 160, 192, 224, 256, 320") {
			t.Errorf("%s: err = %v, want one naming the variable and the supported bitrates", bad, err)
		}
	}
}

// SONGSMITH_SOUNDFONT is read here and nowhere else: the path as given, its
// default the Debian bank, "off" none.
func TestLoadSoundFont(t *testing.T) {
	for in, want := range map[string]string{"": app.Default("SONGSMITH_SOUNDFONT"), "off": "", "OFF": "", "/banks/x.sf2": "/banks/x.sf2"} {
		c, err := app.Load(env(map[string]string{"SONGSMITH_SOUNDFONT": in}))
		if err != nil || c.SoundFont != want {
			t.Errorf("%q: %q, %v; want %q", in, c.SoundFont, err, want)
		}
	}
}

// No product package below internal/app reads the environment: a value
// reaches the engine by one road, config -> generator -> studio -> engine
// -> synth options. Test support packages (…test, testutil) may.
func TestNoEnvironmentBelowApp(t *testing.T) {
	read := regexp.MustCompile(`os\.(Getenv|LookupEnv|Environ)\(`)
	root := filepath.Join("..")
	n := 0
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "app" || d.Name() == "testdata" || d.Name() == "testutil" || (strings.HasSuffix(d.Name(), "test") && path != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		n++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if read.Match(b) {
			t.Errorf("%s reads the environment; take the value from internal/app's config instead", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("scanned %d files: the walk is wrong", n)
	}
}
