package synth_test

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// TestStereoStage: a calm piece is as wide as the calm references, a
// kit-driven song as the beat references (issue 18 item 4: family
// medians calm 0.2-0.55, beat 0.55-0.83), and the low end stays centred.
func TestStereoStage(t *testing.T) {
	for _, c := range []struct {
		prompt string
		ref    style.Reference
	}{{"classical piece with strings, 30 seconds", style.RefCalm}, {"calm ambient soundscape, 30 seconds", style.RefCalm},
		{"happy pop song, 30 seconds", style.RefBeat}, {"energetic rock, 30 seconds", style.RefBeat}} {
		s := music.Compose(music.Resolve(reader.Parse(c.prompt), 1), 1)
		if got := style.Must(s.Genre).Reference(); got != c.ref {
			t.Fatalf("%s: reference %s, want %s", c.prompt, got, c.ref)
		}
		b, err := synth.Render(context.Background(), s, styled(s, synth.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		corr, low := mixmeter.Correlation(b), mixmeter.LowCorrelation(b, 150)
		t.Logf("%s: correlation %.2f, under 150 Hz %.2f", c.prompt, corr, low)
		want := map[style.Reference][2]float64{style.RefCalm: {0.2, 0.55}, style.RefBeat: {0.55, 0.83}}[c.ref]
		if corr < want[0] || corr > want[1] {
			t.Errorf("%s: correlation %.2f, want %.2f..%.2f", c.prompt, corr, want[0], want[1])
		}
		if low < 0.9 {
			t.Errorf("%s: correlation under 150 Hz %.2f, want >= 0.9", c.prompt, low)
		}
	}
}
