package notation_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/notation"
	"github.com/songsmith/songsmith/internal/plan"
	prompt "github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/testutil"
)

// Every chord quality a request's chart may give is written with its
// MusicXML kind, none as "other".
func TestGivenChordKinds(t *testing.T) {
	testutil.SkipRaceShort(t)
	var all strings.Builder
	for _, chart := range []string{
		"C Cm | Cdim Caug", "Csus2 Csus4 | C6 Cm6", "C7 Cmaj7 | Cm7 Cm7b5", "Cdim7 Cm(maj7) | C7sus4 Caug7",
		"C7b5 C7b9 | C7#9 C9", "Cmaj9 Cm9 | Cadd9 Cmadd9", "C69 C11 | Cm11 C13", "Cmaj13 Cm13 | C/E G/B",
	} {
		p := prompt.Parse("piano pop, 20 seconds")
		p.Chords = map[string]string{plan.ChordsSong: chart}
		var b bytes.Buffer
		if err := notation.Write(&b, music.Compose(p, 1), "Chords"); err != nil {
			t.Fatal(err)
		}
		xml := b.String()
		if i := strings.Index(xml, ">other</kind>"); i >= 0 {
			t.Errorf("%s: a chord's kind is other: %s", chart, xml[max(0, i-80):i+13])
		}
		all.WriteString(xml)
	}
	for _, kind := range []string{"minor-13th", "augmented-seventh", "dominant-13th", "major-sixth", "suspended-second", "half-diminished"} {
		if !strings.Contains(all.String(), ">"+kind+"</kind>") {
			t.Errorf("no %s chord in the scores", kind)
		}
	}
}
