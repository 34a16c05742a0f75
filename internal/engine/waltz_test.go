package engine_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRenderWaltz renders waltzes (3/4) and checks them with outside tools
// like TestStyles: bpm-tools hears the reported tempo (or half or
// double it) within 3%, and the length is within one 3-beat bar. Every
// waltz is checked, with drums or without (the classical and the ambient
// one): without a kit the band counts the beats (music's oomPahPah and
// the plucked bass on every beat), as a waltz band does.
func TestRenderWaltz(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: eight waltzes rendered and measured with bpm-tools")
	}
	for _, tool := range []string{"bpm", "sox"} {
		testutil.RequireTool(t, tool)
	}
	for _, g := range []plan.Genre{plan.Folk, plan.Country, plan.Classical, plan.Jazz, plan.Pop, plan.Ambient, plan.LoFi, plan.Blues} {
		t.Run(strings.ReplaceAll(string(g), " ", "_"), func(t *testing.T) {
			t.Parallel()
			prompt := fmt.Sprintf("%s waltz, %d seconds", g, testSeconds)
			s, _, tags := composePerformed(prompt, 1, engine.Options{})
			if s.BeatsPerBar != 3 || !slices.Contains(tags, "3/4") {
				t.Fatalf("beats per bar %d, tags %v", s.BeatsPerBar, tags)
			}
			song := renderSong(t, prompt, 1)
			bar := 3 * 60 / song.BPM
			if math.Abs(song.Seconds-testSeconds) > bar {
				t.Errorf("length %.2f s, want %d s within one bar (%.2f s)", song.Seconds, testSeconds, bar)
			}
			path := writeWAV(t, song.Audio)
			song.Audio = nil
			checkTempo(t, path, song.BPM)
		})
	}
}
