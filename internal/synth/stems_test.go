package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// The stems of a song (with drums, so the sidechain ducks, and reverb and
// delay sends) have the mix's length and sum back to the unmastered mix.
func TestStemsSumToDryMix(t *testing.T) {
	testutil.SkipRaceShort(t)
	ctx := context.Background()
	for _, prompt := range []string{"deep house with pads and plucks, 12 seconds", "dub reggae, 12 seconds"} {
		s := music.Compose(music.Resolve(reader.Parse(prompt), 5), 5)
		dry, err := synth.RenderDry(ctx, s, styled(s, synth.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		sum := make([]float64, len(dry.Samples))
		for i := range s.Tracks {
			st, err := synth.RenderStem(ctx, s, i, styled(s, synth.Options{}))
			if err != nil {
				t.Fatal(err)
			}
			if st.Frames() != dry.Frames() || st.Channels != 2 {
				t.Fatalf("stem %d: %d frames x %d, want %d x 2", i, st.Frames(), st.Channels, dry.Frames())
			}
			for k, v := range st.Samples {
				sum[k] += float64(v)
			}
		}
		worst, peak := 0.0, 0.0
		for k, v := range dry.Samples {
			worst = max(worst, math.Abs(sum[k]-float64(v)))
			peak = max(peak, math.Abs(float64(v)))
		}
		if worst > synth.StemTolerance || peak < 0.01 {
			t.Fatalf("%q: %d stems differ from the mix by up to %g (peak %.3f), tolerance %g", prompt, len(s.Tracks), worst, peak, synth.StemTolerance)
		}
		t.Logf("%q: %d stems, largest difference from the mix %.2g (peak %.3f)", prompt, len(s.Tracks), worst, peak)
	}
	if _, err := synth.RenderStem(ctx, music.Compose(music.Resolve(reader.Parse("jazz"), 1), 1), 99, styled(music.Compose(music.Resolve(reader.Parse("jazz"), 1), 1), synth.Options{})); err == nil {
		t.Fatal("no error for a missing track")
	}
}
