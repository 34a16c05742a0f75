package synth_test

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/synth"
)

func load(t *testing.T, p string) []float32 {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float32, len(b)/4)
	for i := range x {
		x[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return x
}

func diff(t *testing.T, name string, a, b []float32) {
	md, e, d := 0.0, 0.0, 0.0
	for i := range a {
		df := float64(a[i]) - float64(b[i])
		md = math.Max(md, math.Abs(df))
		e += float64(a[i]) * float64(a[i])
		d += df * df
	}
	t.Logf("%s: max diff %.3g, SNR %.1f dB", name, md, 10*math.Log10(e/d))
}

func TestZZCompare(t *testing.T) {
	p := os.Getenv("SYNTH_CMP")
	if p == "" {
		t.Skip()
	}
	od, om := load(t, p+".dry"), load(t, p+".master")
	s := demoScore(180, 42)
	b := &audio.Buffer{Rate: audio.CD, Channels: 2, Samples: append([]float32(nil), od...)}
	if err := synth.Master(context.Background(), b, synth.MasterOptions{FadeIn: s.FadeIn, FadeOut: s.FadeOut}); err != nil {
		t.Fatal(err)
	}
	diff(t, "master(orig dry)", om, b.Samples)
	t.Logf("new master: %.3f LUFS %.3f dBTP", synth.IntegratedLoudness(b), synth.TruePeak(b))
	if os.Getenv("SYNTH_DRY") != "" {
		dry, _ := synth.RenderDry(context.Background(), s)
		diff(t, "dry", od, dry.Samples)
		r, _ := synth.Render(context.Background(), s)
		diff(t, "render", om, r.Samples)
		t.Logf("render: %.3f LUFS %.3f dBTP", synth.IntegratedLoudness(r), synth.TruePeak(r))
	}
}

func TestZZFiles(t *testing.T) {
	a, b := os.Getenv("ZA"), os.Getenv("ZB")
	if a == "" {
		t.Skip()
	}
	diff(t, a, load(t, a), load(t, b))
}
