package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// MasterLayers gives layers the gain a master gave their sum: a slow gain
// ride on the mid, another on the side (a width change), and the layers
// then sum to the mastered mix within -40 dB, each keeping its own share.
func TestMasterLayersFollowsTheMaster(t *testing.T) {
	testutil.SkipRaceShort(t)
	const n = 44100
	layer := func(hz float64, pan float32) *audio.Buffer {
		b := audio.NewBuffer(audio.CD, 2, n)
		for i := 0; i < n; i++ {
			v := float32(0.3 * math.Sin(2*math.Pi*hz*float64(i)/44100))
			b.Samples[2*i], b.Samples[2*i+1] = v*(1-pan), v*(1+pan)
		}
		return b
	}
	layers := []*audio.Buffer{layer(110, 0), layer(440, 0.5), layer(1320, -0.3)}
	mix := audio.NewBuffer(audio.CD, 2, n)
	for i := 0; i < n; i++ {
		gm, gs := 0.5+1.5*float64(i)/n, 1.2-0.6*float64(i)/n // the master's rides
		var l, r float64
		for _, b := range layers {
			l += float64(b.Samples[2*i])
			r += float64(b.Samples[2*i+1])
		}
		m, s := 0.5*(l+r)*gm, 0.5*(l-r)*gs
		mix.Samples[2*i], mix.Samples[2*i+1] = float32(m+s), float32(m-s)
	}
	if err := synth.MasterLayers(context.Background(), layers, mix); err != nil {
		t.Fatal(err)
	}
	var errE, mixE float64
	for i := range mix.Samples {
		var sum float64
		for _, b := range layers {
			sum += float64(b.Samples[i])
		}
		errE += (sum - float64(mix.Samples[i])) * (sum - float64(mix.Samples[i]))
		mixE += float64(mix.Samples[i]) * float64(mix.Samples[i])
	}
	if db := 10 * math.Log10(errE/mixE); db > -40 {
		t.Errorf("the layers sum to the mix within %.1f dB, want under -40", db)
	}
	short := audio.NewBuffer(audio.CD, 2, n/2)
	if err := synth.MasterLayers(context.Background(), []*audio.Buffer{short}, mix); err == nil {
		t.Error("a layer shorter than the mix was accepted")
	}
}
