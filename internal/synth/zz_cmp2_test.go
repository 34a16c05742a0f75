package synth_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

func TestZZParts(t *testing.T) {
	out := os.Getenv("SYNTH_PARTS")
	if out == "" {
		t.Skip()
	}
	s := demoScore(20, 42)
	s.Tracks = s.Tracks[1:]
	dry, _ := synth.RenderDry(context.Background(), s)
	f, _ := os.Create(out + ".nodrums")
	binary.Write(f, binary.LittleEndian, dry.Samples)
	f.Close()
	line := ""
	for _, d := range allDrums {
		x := oneTrack(t, score.Track{Instrument: score.Drums, Role: score.RoleDrums,
			Hits: []score.Hit{{Start: 0, Drum: d, Velocity: 1}, {Start: 2, Drum: d, Velocity: 0.5}}})
		line += fmt.Sprintf("%s %.2f dB\n", d, 20*math.Log10(rms(x)))
	}
	os.WriteFile(out+".drums", []byte(line), 0o644)
}
