package engine_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// TestEnergyStems renders the energy brief SONGSMITH_ENERGY_STEMS names
// (a prompt of energyBriefs, or "all") as TestEnergyThirtyBriefs does and
// logs, per section, the drawn energy, the onsets a second of the master
// and of the dry mix, and for each part the onsets its notes start a
// second (the score), its onsets alone and the onsets the dry mix loses
// without it (a measurement: which parts make the onsets a section is
// heard with).
func TestEnergyStems(t *testing.T) {
	arg := os.Getenv("SONGSMITH_ENERGY_STEMS")
	if testing.Short() || arg == "" {
		t.Skip("measurement: set SONGSMITH_ENERGY_STEMS to a prompt of energyBriefs, or all")
	}
	for _, b := range energyBriefs {
		if arg != "all" && b.prompt != arg {
			continue
		}
		c, err := edit.ParseCurve([]byte(b.curve))
		if err != nil {
			t.Fatal(err)
		}
		r := engine.Resolve(b.prompt, 11, engine.Options{Seconds: 28, Edits: []engine.Edit{{Energy: c}}})
		t.Log(energyStems(t, b.prompt, r))
	}
}

// energyStems is TestEnergyStems's table for one request.
func energyStems(t *testing.T, prompt string, r engine.Request) string {
	song, err := engine.Render(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	s := song.Score
	so := mix.Of(song.Style, s, r.Synth)
	stems := make([]*audio.Buffer, len(s.Tracks))
	for i := range s.Tracks {
		if stems[i], err = synth.RenderStem(context.Background(), s, i, so); err != nil {
			t.Fatal(err)
		}
	}
	sum := func(skip int) *audio.Buffer {
		out := &audio.Buffer{Rate: stems[0].Rate, Channels: stems[0].Channels, Samples: make([]float32, len(stems[0].Samples))}
		for i, st := range stems {
			if i == skip {
				continue
			}
			for k, v := range st.Samples {
				out.Samples[k] += v
			}
		}
		return out
	}
	master, dry := onsetTimes(song.Audio), onsetTimes(sum(-1))
	alone, without := make([][]float64, len(stems)), make([][]float64, len(stems))
	for i := range stems {
		alone[i], without[i] = onsetTimes(stems[i]), onsetTimes(sum(i))
	}
	var b strings.Builder
	if len(song.Written.Tracks) != len(s.Tracks) {
		t.Fatalf("%d tracks written, %d performed", len(song.Written.Tracks), len(s.Tracks))
	}
	fmt.Fprintf(&b, "%s (%s, %.0f bpm)\n", prompt, s.Genre, s.BPM)
	for j, sec := range s.Sections {
		from := s.BeatToSeconds(sec.StartBeat)
		to := s.BeatToSeconds(sec.StartBeat + float64(sec.Bars*s.BeatsPerBar))
		fmt.Fprintf(&b, "%-10s %5.1f-%5.1f s energy %.2f: master %4.1f, dry %4.1f onsets/s\n",
			sec.Name, from, to, sec.Energy, rate(master, from, to), rate(dry, from, to))
		for i, tr := range s.Tracks {
			n := notesStarting(&song.Written.Tracks[i], sec.StartBeat, s.SectionEnd(j))
			if n == 0 {
				continue
			}
			fmt.Fprintf(&b, "    %-26s %-7s score %4.1f/s alone %4.1f without %4.1f (%+.1f)\n", tr.Name, tr.Role,
				float64(n)/(to-from), rate(alone[i], from, to), rate(without[i], from, to), rate(without[i], from, to)-rate(dry, from, to))
		}
	}
	return b.String()
}

// notesStarting is the number of distinct onsets (notes and hits) of t in
// [from, to) beats (of the written score: on the grid).
func notesStarting(t *score.Track, from, to float64) int {
	at := map[float64]bool{}
	for _, n := range t.Notes {
		if n.Start >= from-1e-9 && n.Start < to-1e-9 {
			at[n.Start] = true
		}
	}
	for _, h := range t.Hits {
		if h.Start >= from-1e-9 && h.Start < to-1e-9 {
			at[h.Start] = true
		}
	}
	return len(at)
}
