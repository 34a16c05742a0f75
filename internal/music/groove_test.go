package music

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// drumVector is a song's drum pattern: for every drum and every position
// of a bar on a grid of twelve steps a beat, the summed velocity of its
// hits there over the whole song.
func drumVector(s *score.Score) map[string]float64 {
	v := map[string]float64{}
	beats := float64(s.BeatsPerBar)
	for _, t := range s.Tracks {
		for _, h := range t.Hits {
			pos := math.Mod(h.Start, beats)
			step := int(math.Round(pos*12)) % (12 * s.BeatsPerBar)
			v[fmt.Sprintf("%s@%d", h.Drum, step)] += h.Velocity
		}
	}
	return v
}

// cosine is the cosine similarity of two drum vectors (1 for the same
// pattern, 0 for patterns sharing no drum on any step).
func cosine(a, b map[string]float64) float64 {
	var dot, na, nb float64
	for k, x := range a {
		dot += x * b[k]
		na += x * x
	}
	for _, y := range b {
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// grooveOf returns the name of the groove seed plays in genre g's
// default meter, and how many grooves fit that meter.
func grooveOf(g plan.Genre, seed uint64) (string, int) {
	prof := genre.Of(g)
	m := meterFor(plan.Plan{}, prof)
	names := map[string]bool{}
	for s := uint64(0); s < 8; s++ {
		names[pickGroove(prof, m, s).Name] = true
	}
	return pickGroove(prof, m, seed).Name, len(names)
}

// TestGroovesPerSeed checks that every style with drums has at least two
// grooves in its default meter, that consecutive seeds play different
// ones, and that songs of one style playing different grooves differ to a
// listener: drum-pattern cosine below 0.9 (onsets per drum on a grid of
// twelve steps a beat, weighted by velocity, over the whole song).
func TestGroovesPerSeed(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's grooves over seeds")
	}
	worst, sum, pairs := 0.0, 0.0, 0
	var report []string
	for _, g := range plan.Genres {
		prof := genre.Of(g)
		if prof.Style.Drums.None {
			continue
		}
		if _, n := grooveOf(g, 0); n < 2 {
			t.Errorf("%s: %d groove in its default meter, want at least 2", g, n)
			continue
		}
		var vs []map[string]float64
		var names []string
		for seed := uint64(1); seed <= 4; seed++ {
			vs = append(vs, drumVector(Compose(reader.Parse(string(g)), seed)))
			name, _ := grooveOf(g, seed)
			names = append(names, name)
		}
		if names[0] == names[1] {
			t.Errorf("%s: seeds 1 and 2 both play %q", g, names[0])
		}
		most := 0.0
		for a := range vs {
			for b := a + 1; b < len(vs); b++ {
				if names[a] == names[b] {
					continue
				}
				c := cosine(vs[a], vs[b])
				most = max(most, c)
				sum += c
				pairs++
				if c >= 0.9 {
					t.Errorf("%s: seeds %d (%s) and %d (%s) have drum-pattern cosine %.2f, want < 0.9", g, a+1, names[a], b+1, names[b], c)
				}
			}
		}
		worst = max(worst, most)
		report = append(report, fmt.Sprintf("%s %.2f", g, most))
	}
	t.Logf("drum-pattern cosine between seeds playing different grooves: mean %.2f, worst %.2f; per style (most similar pair): %s", sum/float64(pairs), worst, strings.Join(report, ", "))
}

// TestStylesSoundApart checks that styles a listener tells apart keep
// different drum patterns at equal tempo: cosine below 0.9 for every seed
// from 1 to 4 (each style playing its seed's groove).
func TestStylesSoundApart(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: style pairs composed and compared")
	}
	pairs := [][2]string{{"house", "trance"}, {"disco", "house"}, {"blues", "country"}, {"country", "folk"},
		{"pop", "rock"}, {"pop", "synthwave"}, {"pop", "blues"}, {"rock", "synthwave"}, {"rock", "blues"}, {"synthwave", "blues"}}
	var report []string
	for _, p := range pairs {
		most := 0.0
		for seed := uint64(1); seed <= 4; seed++ {
			a := drumVector(Compose(reader.Parse(p[0]+", 120 bpm"), seed))
			b := drumVector(Compose(reader.Parse(p[1]+", 120 bpm"), seed))
			c := cosine(a, b)
			most = max(most, c)
			if c >= 0.9 {
				t.Errorf("%s and %s at 120 bpm, seed %d: drum-pattern cosine %.2f, want < 0.9", p[0], p[1], seed, c)
			}
		}
		report = append(report, fmt.Sprintf("%s/%s %.2f", p[0], p[1], most))
	}
	t.Logf("most similar seed per pair: %s", strings.Join(report, ", "))
}

// TestGhostNotesSound checks that a drum line's '-' steps play as ghost
// notes (soft hits between the others), while in a bass or comping line
// '-' still holds the previous note.
func TestGhostNotesSound(t *testing.T) {
	g := &style.Groove{Name: "test", Lines: []style.DrumLine{{Drum: score.Bongo, Steps: "x-o-x-o-"}}}
	d := &drummer{Player: &drums.Player{Style: genre.DrumsPattern, Groove: g, R: harmony.NewRNG(1, "ghost")}}
	d.patternBar(g.Lines, 0, 4, 2, 0, 0.5)
	if len(d.Hits) != 8 {
		t.Fatalf("%d hits from x-o-x-o-, want 8", len(d.Hits))
	}
	for i, h := range d.Hits {
		if want := 0.5 * float64(i); math.Abs(h.Start-want) > 1e-9 {
			t.Errorf("hit %d at beat %.2f, want %.2f", i, h.Start, want)
		}
		ghost := i%2 == 1
		if ghost && h.Velocity >= 0.5*d.Hits[0].Velocity {
			t.Errorf("ghost hit %d velocity %.2f, want well under the accent's %.2f", i, h.Velocity, d.Hits[0].Velocity)
		}
	}
	if st := steps("R---5---", 4); len(st) != 2 || st[0].size != 2 || st[1].size != 2 {
		t.Errorf("bass steps R---5---: %+v, want two notes of two beats", st)
	}
}

// TestBreakOutsideDrops: a groove with Break lines (drum and bass) plays
// them outside the drops from its BreakBPM on, its snare on 3 alone (half
// time), and the groove's own lines in the drops, its snare on 2 and 4;
// slower it plays the groove everywhere.
func TestBreakOutsideDrops(t *testing.T) {
	g := &style.Must("drum and bass").Drums.Grooves[1]
	if len(g.Break) == 0 {
		t.Fatal("drum and bass's two-step groove has no Break lines")
	}
	for _, c := range []struct {
		bpm             float64
		breakdown, drop []float64
	}{{185, []float64{2}, []float64{1, 3}}, {174, []float64{1, 3}, []float64{1, 3}}} {
		sec := func(name string, start float64) form.Section {
			s := form.Section{Beats: 4, BPM: c.bpm, DrumLevel: 2}
			s.Name, s.StartBeat, s.Bars, s.Energy = name, start, 2, 0.6
			s.On[form.LayerDrums] = true
			return s
		}
		hits := writeDrums([]form.Section{sec("breakdown", 0), sec("drop", 8), sec("outro", 16)}, g, form.Swing{}, false, 1)
		snares := map[string][]float64{}
		for _, h := range hits {
			p := math.Mod(h.Start, 4)
			if h.Drum != score.Snare || h.Velocity < 0.4 || math.Abs(p-math.Round(p)) > 1e-9 || math.Mod(h.Start, 8) >= 4 {
				continue
			}
			name := []string{"breakdown", "drop", "outro"}[int(h.Start)/8]
			snares[name] = append(snares[name], p)
		}
		if fmt.Sprint(snares["breakdown"]) != fmt.Sprint(c.breakdown) {
			t.Errorf("%.0f bpm: breakdown's first bar: loud snares on beats %v, want %v", c.bpm, snares["breakdown"], c.breakdown)
		}
		if fmt.Sprint(snares["drop"]) != fmt.Sprint(c.drop) {
			t.Errorf("%.0f bpm: drop's first bar: loud snares on beats %v, want %v (the two-step)", c.bpm, snares["drop"], c.drop)
		}
	}
}

// TestSlowTaikoOnTheBeats: the cinematic taiko ostinato at 80-95 bpm
// plays its Slow lines (style.Groove.Slow), its taiko and toms on the
// beats in every section (the and of 2 set aubio on the eighths at 85
// bpm, docs/engine.md#calm-pulse); a trailer at 110 and a piece at 74
// (where aubio holds the eighths, the double) keep the ostinato's and of
// 2.
func TestSlowTaikoOnTheBeats(t *testing.T) {
	var g *style.Groove
	for i, x := range style.Must("cinematic").Drums.Grooves {
		if x.Name == "taiko ostinato" {
			g = &style.Must("cinematic").Drums.Grooves[i]
		}
	}
	if g == nil || len(g.Slow) == 0 || g.SlowBPM != [2]float64{80, 95} {
		t.Fatalf("cinematic's taiko ostinato: %+v, want Slow lines at 80-95 bpm", g)
	}
	for _, bpm := range []float64{85, 74, 110} {
		sec := func(name string, start float64, level int) form.Section {
			s := form.Section{Beats: 4, BPM: bpm, DrumLevel: level}
			s.Name, s.StartBeat, s.Bars, s.Energy = name, start, 2, 0.5
			s.On[form.LayerDrums] = true
			return s
		}
		hits := writeDrums([]form.Section{sec("intro", 0, 1), sec("verse", 8, 2), sec("drop", 16, 3)}, g, form.Swing{}, false, 1)
		between := 0
		for _, h := range hits {
			// The first bar of each section: the second ends in a fill.
			if (h.Drum != score.Taiko && h.Drum != score.TomMid) || math.Mod(h.Start, 8) >= 4 {
				continue
			}
			if math.Abs(h.Start-math.Round(h.Start)) > 1e-9 {
				between++
			}
		}
		if slow := bpm >= 80 && bpm < 95; slow && between > 0 {
			t.Errorf("%.0f bpm: %d taiko and tom hits between the beats, want them on the beats", bpm, between)
		} else if !slow && between == 0 {
			t.Errorf("%.0f bpm: no taiko or tom hit between the beats, want the ostinato's and of 2", bpm)
		}
	}
}
