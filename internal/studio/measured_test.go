package studio_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// Every finished song carries the measured block, measured from its audio:
// a 10 s drum-led song at an asked tempo and key, an exact length and a
// quiet loudness target is heard at that tempo and key, at the target
// loudness under the ceiling, exactly as long as asked, sounding to its end.
func TestMeasuredBlock(t *testing.T) {
	testutil.SkipRaceShort(t)
	req := engine.Resolve("funk groove with drums, bass and clavinet", 3, engine.Options{Seconds: 10, ExactSeconds: true,
		BPM: 104, KeyRoot: 4, HasKey: true, Mode: "minor", LoudnessLUFS: -18})
	song, err := engine.Render(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	m := studio.Measure(song, req)
	if m == nil {
		t.Fatal("no measured block")
	}
	t.Logf("%+v", *m)
	if m.BPM.Asked != 104 || !m.BPM.Matches || math.Abs(m.BPM.Value-104) > 104*0.03 {
		t.Errorf("tempo %+v, want 104 bpm within 3 %%", m.BPM)
	}
	if m.Key.Asked != "E minor" || !m.Key.Matches {
		t.Errorf("key %+v, want E minor or its notes", m.Key)
	}
	if l := m.LoudnessLUFS; l.Asked != -18 || !l.Matches || math.Abs(l.Value+18) > 0.5 {
		t.Errorf("loudness %+v, want -18 LUFS", l)
	}
	if p := m.TruePeakDBTP; !p.Matches || p.Value > p.Asked+0.2 || p.Value < -20 {
		t.Errorf("true peak %+v", p)
	}
	if d := m.Duration; d.Asked != 10 || d.Value != 10 || !d.Matches {
		t.Errorf("duration %+v, want exactly 10 s", d)
	}
	if e := m.AudibleEnd; e.Asked != 10 || e.Value <= 7 || e.Value > 10 || !e.Matches {
		t.Errorf("audible end %+v", e)
	}
}
