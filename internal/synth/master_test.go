package synth_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestRenderMastered(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := demoScore(12, 1)
	b := mustRender(t, s)
	want := style.Must(s.Genre).MixPlan().LoudnessLUFS // the family's target
	t.Run("OK", func(t *testing.T) {
		l, p := synth.IntegratedLoudness(b), synth.TruePeak(b)
		t.Logf("own meter: %.2f LUFS, %.2f dBTP", l, p)
		if math.Abs(l-want) > 0.5 {
			t.Errorf("integrated loudness %.2f LUFS, want %.1f +-0.5", l, want)
		}
		if p > -1.2 {
			t.Errorf("true peak %.2f dBTP, want <= -1.2", p)
		}
		for i, v := range b.Samples {
			if v > 1 || v < -1 || v != v {
				t.Fatalf("sample %d = %v outside [-1,1]", i, v)
			}
		}
	})
	t.Run("Ffmpeg", func(t *testing.T) {
		path := writeWAV(t, b)
		l, p := ffmpegLoudness(t, path)
		t.Logf("ffmpeg: %.1f LUFS, %.1f dBTP", l, p)
		if math.Abs(l-want) > 1 {
			t.Errorf("ffmpeg integrated %.1f LUFS, want %.1f +-1", l, want)
		}
		if p > -1.0 {
			t.Errorf("ffmpeg true peak %.1f dBTP, want <= -1.0", p)
		}
		if ff := soxFlatFactor(t, path); ff != 0 {
			t.Errorf("sox flat factor %v, want 0", ff)
		}
	})
}
