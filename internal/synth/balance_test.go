package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// stemLoudness renders every stem of s and returns its integrated
// loudness (LUFS), as outputs: ["stems"] delivers them.
func stemLoudness(tb testing.TB, s *score.Score) []float64 {
	tb.Helper()
	out := make([]float64, len(s.Tracks))
	for i := range s.Tracks {
		b, err := synth.RenderStem(context.Background(), s, i, styled(s, synth.Options{}))
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = synth.IntegratedLoudness(b)
	}
	return out
}

// checkBalance asserts the part balance rules of issue 18 on the stems'
// loudness l of s: the melody is the loudest pitched part (a featured part
// may pass it), the drums at most 4 LU over it (6 in drum-led styles), a
// featured part within 6 LU of the loudest part, pads 2-8 LU under the
// chords (unless the chords or the pad are featured: a choir the prompt
// names is raised to the featured rule instead).
func checkBalance(t *testing.T, name string, s *score.Score, l []float64) {
	t.Helper()
	plan := style.Must(s.Genre).MixPlan()
	lead, drums, chords, pad, loudest, pitched := math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)
	pitchedFeatured, chordsFeatured, padFeatured := false, false, false
	for i, tr := range s.Tracks {
		loudest = math.Max(loudest, l[i])
		switch tr.Role {
		case score.RoleLead:
			lead = math.Max(lead, l[i])
		case score.RoleDrums:
			drums = l[i]
		case score.RoleChords:
			chords, chordsFeatured = l[i], tr.Featured
		case score.RolePad:
			pad, padFeatured = l[i], tr.Featured
		}
		if tr.Role != score.RoleDrums && l[i] > pitched {
			pitched, pitchedFeatured = l[i], tr.Featured || tr.Role == score.RoleLead
		}
		t.Logf("%s: %-22s %-6s featured=%-5v %6.1f LUFS", name, tr.Name, tr.Role, tr.Featured, l[i])
	}
	if !pitchedFeatured && pitched > lead+0.5 {
		t.Errorf("%s: a %.1f LUFS part is louder than the melody (%.1f)", name, pitched, lead)
	}
	most := 4.0
	if plan.DrumLed {
		most = 6
	}
	if !math.IsInf(drums, -1) && drums-lead > most {
		t.Errorf("%s: drums %.1f LU over the melody (at most %v)", name, drums-lead, most)
	}
	for i, tr := range s.Tracks {
		if tr.Featured && loudest-l[i] > 6 {
			t.Errorf("%s: featured %s %.1f LU under the loudest part", name, tr.Name, loudest-l[i])
		}
	}
	if !math.IsInf(pad, -1) && !math.IsInf(chords, -1) && !chordsFeatured && !padFeatured && (chords-pad < 2 || chords-pad > 8) {
		t.Errorf("%s: pads %.1f LU under the chords, want 2-8", name, chords-pad)
	}
}

// TestBalanceByLoudness: the stems of songs of several families keep the
// balance rules, whatever their sources' own loudness.
func TestBalanceByLoudness(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: every part's loudness in every style")
	}
	for _, prompt := range []string{"pop song, 30 seconds", "epic cinematic trailer music with choir, 30 seconds",
		"house track, 30 seconds", "hip hop beat, 30 seconds", "rock song, 30 seconds"} {
		s := music.Compose(music.Resolve(reader.Parse(prompt), 1), 1)
		checkBalance(t, prompt, s, stemLoudness(t, s))
	}
}

// TestBalanceFeatured: a part marked Featured (the prompt named its
// instrument) is raised to within the plan's distance of the loudest part;
// unmarked, the same part sits where its role puts it.
func TestBalanceFeatured(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: featured parts' loudness")
	}
	s := music.Compose(music.Resolve(reader.Parse("house track with piano, 30 seconds"), 2), 2)
	ci := -1
	for i, tr := range s.Tracks {
		s.Tracks[i].Featured = false
		if tr.Role == score.RoleChords {
			ci = i
		}
	}
	if ci < 0 {
		t.Fatal("no chords track")
	}
	plain := stemLoudness(t, s)
	s.Tracks[ci].Featured = true
	feat := stemLoudness(t, s)
	checkBalance(t, "featured", s, feat)
	loudest := math.Inf(-1)
	for _, l := range feat {
		loudest = math.Max(loudest, l)
	}
	if gap := loudest - feat[ci]; gap > style.Must(s.Genre).MixPlan().Featured+1 {
		t.Errorf("featured chords %.1f LU under the loudest part", gap)
	}
	if feat[ci] < plain[ci]+2 {
		t.Errorf("featured chords %.1f LUFS, %.1f unmarked: not raised", feat[ci], plain[ci])
	}
	for i := range s.Tracks {
		if i != ci && math.Abs(feat[i]-plain[i]) > 0.01 {
			t.Errorf("%s moved %.2f LU when the chords were featured", s.Tracks[i].Name, feat[i]-plain[i])
		}
	}
}
