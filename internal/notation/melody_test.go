package notation_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
	"github.com/songsmith/songsmith/internal/tune"
)

// The score of a song arranged around a given melody (a pickup in the
// intro, 3/4, 6/8 with broken rhythm, sixteenths) validates against the
// MusicXML schema and holds every note of its MIDI file, part by part.
func TestMusicXMLOfAMelody(t *testing.T) {
	xmllint := testutil.RequireTool(t, "xmllint")
	schema, err := filepath.Abs("testdata/schema/musicxml.xsd")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ prompt, tune string }{
		{"gospel", "amazing-grace"}, {"folk", "greensleeves"}, {"pop", "frere-jacques"}, {"celtic", "irish-washerwoman"},
	} {
		abc, err := os.ReadFile("../music/testdata/tunes/" + c.tune + ".abc")
		if err != nil {
			t.Fatal(err)
		}
		comp, err := engine.Compose(engine.Resolve(c.prompt, 1, engine.Options{Melody: tune.Source{ABC: string(abc)}}))
		if err != nil {
			t.Fatal(err)
		}
		s := comp.Written
		x := write(t, s, comp.Title)
		f := filepath.Join(t.TempDir(), c.tune+".musicxml")
		if err := os.WriteFile(f, x, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", schema, f).CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", c.tune, err, firstLines(string(out), 10))
		}
		rs := readMusicXML(t, x)
		var mid bytes.Buffer
		if err := music.WriteMIDI(&mid, s, comp.Title); err != nil {
			t.Fatal(err)
		}
		notes, division := readMIDI(t, mid.Bytes())
		perBeat := float64(division)
		if s.Subdivision == 3 {
			perBeat *= 1.5
		}
		for i, tr := range s.Tracks {
			want := expected(s, notes, i+1, perBeat, tr.Instrument == score.Drums)
			got := map[string]int{}
			for _, n := range rs.parts[i] {
				got[key(n, tr.Instrument == score.Drums)]++
			}
			if diff := compare(want, got); diff != "" {
				t.Errorf("%s, part %q: %s", c.tune, tr.Name, diff)
			}
		}
	}
}
