package form_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
)

// A swing delays the off-beat eighth by a sixth of its amount and the
// off-beat sixteenths by a twelfth; a sixteenth swing keeps the eighths
// straight and leaves the beat alone.
func TestSwingPos(t *testing.T) {
	for _, c := range []struct {
		sw        form.Swing
		pos, want float64
	}{
		{form.Swing{Amount: 0.6}, 2.5, 2.6},
		{form.Swing{Amount: 0.6}, 2.25, 2.3},
		{form.Swing{Amount: 0.6}, 2.75, 2.8},
		{form.Swing{Amount: 0.6}, 2, 2},
		{form.Swing{Amount: 0.6, Sixteenths: true}, 2.5, 2.5},
		{form.Swing{Amount: 0.6, Sixteenths: true}, 2.25, 2.3},
		{form.Swing{Amount: 0.6, Sixteenths: true}, 2.75, 2.8},
		{form.Swing{Amount: 0.6, Sixteenths: true}, 3, 3},
		{form.Swing{}, 2.5, 2.5},
	} {
		if got := c.sw.Pos(c.pos); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%+v at %v: %v, want %v", c.sw, c.pos, got, c.want)
		}
	}
}
