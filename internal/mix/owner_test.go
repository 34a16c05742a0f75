package mix_test

import (
	"reflect"
	"testing"

	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
)

// TestTheScoreCarriesNoMix: a score has no field for a track's level,
// seat, sends or colour, nor for the room: the composer, the edits and
// the players cannot write one. The mix step hands them to the
// synthesizer beside the score (mixplan.Channel in synth.Options), so a
// drum-mix bug lives in the mix step and the plan (issue 29 item 2).
func TestTheScoreCarriesNoMix(t *testing.T) {
	mixFields := map[string]bool{"ReverbSize": true, "RoomSize": true}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[mixplan.Channel]()) {
		mixFields[f.Name] = true
	}
	if len(mixFields) < 10 {
		t.Fatalf("the channel has %d fields: it lost its mix", len(mixFields)-2)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[score.Track](), reflect.TypeFor[score.Score]()} {
		for _, f := range reflect.VisibleFields(typ) {
			if mixFields[f.Name] {
				t.Errorf("score.%s has a mix field %s: the mix step owns it (mixplan.Channel)", typ.Name(), f.Name)
			}
		}
	}
}
