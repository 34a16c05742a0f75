package synth_test

import (
	"context"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestOptionsStyle: the synthesizer mixes by the plan it is given
// (Options.Mix, from the style's entry), not by the score's genre name,
// and with none by the pop family's plan.
func TestOptionsStyle(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := demoScore(4, 1) // genre "house"
	render := func(st *style.Style) []float32 {
		o := synth.Options{}
		if st != nil {
			p := st.MixPlan()
			o.Mix, o.Calm = &p, st.Reference() == style.RefCalm
		}
		b, err := synth.Render(context.Background(), s, o)
		if err != nil {
			t.Fatal(err)
		}
		return b.Samples
	}
	pop, calm := style.Must("pop"), style.Must("classical")
	if !slices.Equal(render(nil), render(&pop)) {
		t.Error("no entry does not mix as pop")
	}
	if slices.Equal(render(&pop), render(&calm)) {
		t.Error("a classical entry mixes a house score as pop: the entry is not read")
	}
}
