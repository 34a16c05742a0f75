package notation_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// TestMusicXMLConverts converts songs headless with MuseScore 3 (to PDF)
// and musicxml2ly, and engraves one with LilyPond: each must succeed
// without the reader calling the file invalid, dropping a voice or
// warning. Outside tools
// and seconds of CPU per song: skipped in -short (and fails in CI when a
// tool is missing; scripts/tools.sh installs musescore3 and lilypond).
func TestMusicXMLConverts(t *testing.T) {
	if testing.Short() {
		t.Skip("outside tools: seconds per song")
	}
	mscore := testutil.RequireTool(t, "mscore3")
	musicxml2ly := testutil.RequireTool(t, "musicxml2ly")
	lilypond := testutil.RequireTool(t, "lilypond")
	// Each song in its own subtest, on every core: the tools take
	// seconds of CPU per song.
	for i, prompt := range []string{"jazz song, 40 seconds", "celtic jig, 30 seconds", "classical song", "lullaby"} {
		t.Run(strings.ReplaceAll(prompt, " ", "_"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			c := compose(t, prompt)
			base := filepath.Join(dir, strings.ReplaceAll(prompt, " ", "-"))
			if err := os.WriteFile(base+".musicxml", write(t, c.Written, c.Title), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(mscore, "-o", base+".pdf", base+".musicxml")
			cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+dir)
			out, err := cmd.CombinedOutput()
			if err != nil || bytes.Contains(out, []byte("not a valid MusicXML file")) || bytes.Contains(out, []byte("too many voices")) {
				t.Errorf("%s: mscore3: %v\n%s", prompt, err, firstLines(string(out), 10))
			}
			checkPDF(t, base+".pdf")
			out, err = exec.Command(musicxml2ly, "-o", base+".ly", base+".musicxml").CombinedOutput()
			if err != nil || bytes.Contains(bytes.ToLower(out), []byte("warning")) {
				t.Errorf("%s: musicxml2ly: %v\n%s", prompt, err, firstLines(string(out), 10))
			}
			if i < 3 { // LilyPond takes seconds a page: the short lullaby only
				return
			}
			cmd = exec.Command(lilypond, "-o", base+"-ly", base+".ly")
			cmd.Dir = dir
			out, err = cmd.CombinedOutput()
			if err != nil || bytes.Contains(bytes.ToLower(out), []byte("warning")) {
				t.Errorf("%s: lilypond: %v\n%s", prompt, err, firstLines(string(out), 20))
			}
			checkPDF(t, base+"-ly.pdf")
		})
	}
}

func checkPDF(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Error(err)
		return
	}
	if !bytes.HasPrefix(b, []byte("%PDF")) || len(b) < 10000 {
		t.Errorf("%s: not a PDF of a score (%d bytes)", path, len(b))
	}
}
