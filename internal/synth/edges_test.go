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

// TestFadeInEdge: no song starts at full level: the first 10 ms stay
// 10 dB under the song's peak.
func TestFadeInEdge(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustRender(t, demoScore(6, 3))
	var first, all float64
	for i := range b.Frames() {
		v := math.Max(math.Abs(float64(b.Samples[2*i])), math.Abs(float64(b.Samples[2*i+1])))
		all = math.Max(all, v)
		if i < 441 {
			first = math.Max(first, v)
		}
	}
	if first > all*dbGain(-10) {
		t.Errorf("first 10 ms peak %.1f dB under the song's peak, want >= 10", 20*math.Log10(all/first))
	}
}

func dbGain(db float64) float64 { return math.Pow(10, db/20) }

// TestNoDCOffset: distorted parts (metal guitars, driven kits) leave no
// DC offset in the mix: each channel's mean stays under -60 dBFS.
func TestNoDCOffset(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: DC offset of every sound")
	}
	for _, prompt := range []string{"heavy metal, 20 seconds", "energetic rock, 20 seconds", "dark trap with 808s, 20 seconds"} {
		s := music.Compose(music.Resolve(reader.Parse(prompt), 1), 1)
		b, err := synth.Render(context.Background(), s, styled(s, synth.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		for c := range 2 {
			sum := 0.0
			for i := c; i < len(b.Samples); i += 2 {
				sum += float64(b.Samples[i])
			}
			dc := 20 * math.Log10(math.Abs(sum)/float64(b.Frames())+1e-12)
			t.Logf("%s: channel %d DC %.0f dBFS", prompt, c, dc)
			if dc > -60 {
				t.Errorf("%s: channel %d DC offset %.1f dBFS, want < -60", prompt, c, dc)
			}
		}
	}
}
