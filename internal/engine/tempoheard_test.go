package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// tempoMisses are the styles whose TestStyles render neither aubio nor
// bpm-tools hears at its tempo (or its double or half), with the reason:
// honest misses, each to be fixed in the music, never a tolerance.
var tempoMisses = map[string]string{}

// TestStylesTempoHeard: every style's render of TestStyles (the shared
// cache: 40 s at the rotation's seed, and the pinned seeds) is heard at its
// written tempo, or its double or half within 3 %, by aubio or by
// bpm-tools over its default range or 40-240 bpm (issue 32 item 2, issue
// 30 item 4): drumless styles too (ballads, drones, chant), whose pulse the
// players must state. After TestStyles it costs only the outside tools
// (bpm-tools, then aubio and bpm-tools over 40-240 bpm only while none has
// heard the tempo: about 0.3-0.8 s a song); alone it renders every style
// first. Engine 2026.11.29.2: all 62 songs heard, no listed miss.
func TestStylesTempoHeard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: every style's render heard by outside tempo trackers")
	}
	for _, tool := range []string{"aubio", "bpm", "sox"} {
		testutil.RequireTool(t, tool)
	}
	for _, s := range styleSongs() {
		t.Run(fmt.Sprintf("%s/%d", strings.ReplaceAll(string(s.style), " ", "_"), s.seed), func(t *testing.T) {
			t.Parallel()
			r := renderCached(t, stylePrompt(s.style), s.seed)
			heard, ok := testutil.HearsTempo(t, r.WAV(t), r.Song.BPM)
			why, miss := tempoMisses[string(s.style)]
			switch {
			case !ok && !miss:
				t.Errorf("written %.0f bpm: aubio hears %.1f, bpm-tools %.1f (%.1f over 40-240)", r.Song.BPM, heard.Aubio, heard.BPMTools, heard.BPMWide)
			case !ok:
				t.Logf("listed miss (%s): written %.0f bpm: aubio %.1f, bpm-tools %.1f (%.1f over 40-240)", why, r.Song.BPM, heard.Aubio, heard.BPMTools, heard.BPMWide)
			case miss:
				t.Errorf("listed as a miss (%s) but heard: take it off tempoMisses", why)
			}
		})
	}
}
