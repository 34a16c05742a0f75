package engine_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/synth"
)

// TestAirStems renders the stems of SONGSMITH_AIR_STEMS ("prompt|seed")
// and logs each stem's share of the dry mix's 500 Hz, 2, 8 and 16 kHz
// octaves (a measurement: where a song's air comes from).
func TestAirStems(t *testing.T) {
	arg := os.Getenv("SONGSMITH_AIR_STEMS")
	if testing.Short() || arg == "" {
		t.Skip("measurement: set SONGSMITH_AIR_STEMS=prompt|seed")
	}
	prompt, seedText, _ := strings.Cut(arg, "|")
	seed, _ := strconv.ParseUint(seedText, 10, 64)
	r := engine.Resolve(prompt, seed, engine.Options{Seconds: 30})
	c, err := engine.Compose(r)
	if err != nil {
		t.Fatal(err)
	}
	so := r.Synth
	so = mix.Of(c.Style, c.Score, so)
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", c.Score.Genre, prompt)
	for i, tr := range c.Score.Tracks {
		st, err := synth.RenderStem(context.Background(), c.Score, i, so)
		if err != nil {
			t.Fatal(err)
		}
		f := mixmeter.Measure(st)
		ms := 0.0
		for k := 0; k+1 < len(st.Samples); k += 2 {
			m := 0.5 * float64(st.Samples[k]+st.Samples[k+1])
			ms += m * m
		}
		tot := 10 * math.Log10(ms/float64(len(st.Samples)/2))
		fmt.Fprintf(&b, "%-12s %-8s rec %-5v tot %6.1f | 500 %6.1f 2k %6.1f 4k %6.1f 8k %6.1f 16k %6.1f (abs) cen %5.0f flat %6.1f corr>4k %5.2f\n",
			tr.Instrument, tr.Role, tr.Recorded, tot, tot+f.Bands[3], tot+f.Bands[5], tot+f.Bands[6], tot+f.Bands[7], tot+f.Bands[8], f.Centroid, f.Flatness, f.BandCorr[3])
	}
	t.Log(b.String())
}
