package engine_test

import (
	"encoding/base64"
	"math"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/tune"
)

// readTune reads a tune of the music package's corpus.
func readTune(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../music/testdata/tunes/" + name + ".abc")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// leadOf is the score's lead track.
func leadOf(t *testing.T, s *score.Score) *score.Track {
	t.Helper()
	for i := range s.Tracks {
		if s.Tracks[i].Role == score.RoleLead {
			return &s.Tracks[i]
		}
	}
	t.Fatal("no lead")
	return nil
}

// A request's melody reaches the song: the key, meter and tempo are the
// tune's, the lead plays it, a recipe of the song composes it again note
// for note, and chords given with it are the chords played.
func TestMelodyThroughTheEngine(t *testing.T) {
	o := engine.Options{Melody: tune.Source{ABC: readTune(t, "amazing-grace"), Transpose: 2}}
	r := engine.Resolve("gospel choir", 5, o)
	if r.Plan.KeyRoot != 9 || r.Plan.Mode != "major" || r.Plan.Meter != 3 || r.Plan.BPM != 80 {
		t.Fatalf("plan key %d %s, meter %d, %g bpm; want A major (G transposed by 2), 3/4, 80", r.Plan.KeyRoot, r.Plan.Mode, r.Plan.Meter, r.Plan.BPM)
	}
	c, err := engine.Compose(r)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(leadOf(t, c.Written).Notes); n != 33 {
		t.Errorf("the lead plays %d notes, want the tune's 33 once (no duration asked)", n)
	}
	again := recomposed(t, r)
	if !reflect.DeepEqual(again.Written, c.Written) {
		t.Fatal("the recipe of a song with a melody composes another song")
	}

	o.Chords = map[string]string{"song": "A D A E"}
	withChords, err := engine.Compose(engine.Resolve("gospel choir", 5, o))
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range withChords.Written.Chords {
		if !slices.Contains([]string{"A", "D", "E"}, ch.Symbol) {
			t.Fatalf("with chords given the song plays %s", ch.Symbol)
		}
	}
}

// A MIDI file's melody is arranged like an ABC tune: its notes in the
// lead, its tempo and meter the song's.
func TestMelodyFromMIDI(t *testing.T) {
	mid, err := os.ReadFile("../../cmd/songsmith/testdata/tune.mid")
	if err != nil {
		t.Fatal(err)
	}
	r := engine.Resolve("lo-fi hip hop", 2, engine.Options{Melody: tune.Source{MIDI: base64.StdEncoding.EncodeToString(mid)}})
	c, err := engine.Compose(r)
	if err != nil {
		t.Fatal(err)
	}
	s := c.Written
	if s.BeatsPerBar != 2 || s.Subdivision != 3 || math.Abs(s.BPM-100/1.5) > 0.01 {
		t.Errorf("%d/%d at %g bpm, want 6/8 at 66.67 dotted quarters", s.BeatsPerBar, s.Subdivision, s.BPM)
	}
	var got []int
	for _, n := range leadOf(t, s).Notes {
		got = append(got, n.Pitch)
	}
	// A tune of one bar is played as often as a song's shortest length
	// (10 s) holds.
	if len(got) < 2 || len(got)%2 != 0 || !slices.Equal(got[:2], []int{67, 71}) {
		t.Errorf("lead pitches %v, want the file's 67 71 (the chord's top note, then B) repeated", got)
	}
}
