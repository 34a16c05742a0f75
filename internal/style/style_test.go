package style_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// required are the styles the catalogue must hold: the engine's first 21
// and the ones issue 8 asks for.
var required = []string{
	"lo-fi", "hip hop", "trap", "house", "techno", "trance", "drum and bass", "dubstep", "synthwave", "pop",
	"rock", "metal", "funk", "disco", "reggae", "jazz", "ambient", "classical", "folk", "blues", "country",
	"bossa nova", "samba", "salsa", "reggaeton", "latin pop", "tango", "afrobeats", "amapiano", "dancehall",
	"soca", "gospel", "soul", "r&b", "k-pop", "j-pop", "bollywood", "phonk", "chiptune", "cinematic",
	"lullaby", "christmas", "celtic", "sea shanty", "marching band", "big band", "punk", "grunge", "indie",
	"bluegrass", "edm", "future bass", "meditation", "dark ambient", "corporate", "power ballad", "gregorian chant",
}

var (
	moods     = []string{"happy", "sad", "dark", "dreamy", "epic", "calm", "energetic", "romantic", "mysterious", "melancholic", "chill", "aggressive", "uplifting", "nostalgic"}
	builtinDr = style.DrumBuiltins
	builtinBa = style.BassBuiltins
	builtinCo = style.CompBuiltins
	harmonies = style.HarmonyFamilies
	forms     = style.Forms
	looks     = []string{"sungrid", "geometric", "rays", "orbs", "shards", "grain", "bold", "waves"}
	parts     = style.Parts
	modes     = []string{"major", "minor", "dorian", "phrygian", "lydian", "mixolydian", "locrian", "harmonic minor"}
	meters    = []style.Meter{style.FourFour, style.ThreeFour, style.SixEight}
)

func TestCatalogueHasRequiredStyles(t *testing.T) {
	for _, name := range required {
		if _, ok := style.Lookup(name); !ok {
			t.Errorf("no style %q", name)
		}
	}
}

// TestCatalogueComplete checks that every entry fills every field with a
// value the engine understands, so that no style falls back silently.
func TestCatalogueComplete(t *testing.T) {
	seenName := map[string]string{}
	for _, s := range style.All() {
		t.Run(strings.ReplaceAll(s.Name, " ", "_"), func(t *testing.T) {
			checkEntry(t, s)
		})
		for _, a := range append([]string{s.Name}, s.Aliases...) {
			if other, dup := seenName[a]; dup && other != s.Name {
				t.Errorf("alias %q names both %q and %q", a, other, s.Name)
			}
			seenName[a] = s.Name
		}
	}
}

func checkEntry(t *testing.T, s style.Style) {
	if s.Name == "" || s.Name != strings.ToLower(s.Name) || s.Family == "" {
		t.Errorf("name %q family %q", s.Name, s.Family)
	}
	for _, a := range s.Aliases {
		if a != strings.ToLower(a) || a != strings.Join(strings.Fields(a), " ") || a == "" {
			t.Errorf("alias %q: want lower case, single spaces", a)
		}
	}
	if s.Tempo[0] < 40 || s.Tempo[1] > 240 || s.Tempo[0] > s.Tempo[1] {
		t.Errorf("tempo %v", s.Tempo)
	}
	if s.Seconds < 30 || s.Seconds > 300 {
		t.Errorf("seconds %v", s.Seconds)
	}
	if len(s.Meters) == 0 {
		t.Error("no meters")
	}
	for _, m := range s.Meters {
		if !slices.Contains(meters, m) {
			t.Errorf("meter %v", m)
		}
	}
	if s.Swing < 0 || s.Swing > 1 {
		t.Errorf("swing %v", s.Swing)
	}
	if len(s.Moods) == 0 {
		t.Error("no moods")
	}
	for _, m := range s.Moods {
		if !slices.Contains(moods, m) {
			t.Errorf("mood %q", m)
		}
	}
	if len(s.Drums.Grooves) == 0 {
		t.Error("no groove (a drumless style still needs one for prompts that ask for drums)")
	}
	for _, g := range s.Drums.Grooves {
		checkGroove(t, g)
	}
	if len(s.Bass) == 0 || len(s.Comp) == 0 {
		t.Errorf("bass %d lines, comp %d lines", len(s.Bass), len(s.Comp))
	}
	for _, l := range s.Bass {
		checkLine(t, "bass", l, builtinBa, "RL3578TAC-.")
	}
	for _, l := range s.Comp {
		checkLine(t, "comp", l, builtinCo, "xtlb1234su-.")
	}
	b := s.Band
	if b.Bass == "" && b.Chords == "" && b.Pad == "" {
		t.Error("band has no bass, chords or pad")
	}
	if b.Lead == "" && len(b.LeadAlt) > 0 {
		t.Error("LeadAlt without a Lead")
	}
	for _, r := range b.Recorded {
		if !slices.Contains(parts, r) {
			t.Errorf("recorded part %q", r)
		}
	}
	if !slices.Contains(harmonies, s.Harmony.Family) || s.Harmony.Ext < 3 || s.Harmony.Ext > 5 || !progressionsOK(s.Harmony.Major) || !progressionsOK(s.Harmony.Minor) {
		t.Errorf("harmony %+v", s.Harmony)
	}
	if c := s.Harmony.Cadence; c != "" && !slices.Contains(style.Cadences, c) {
		t.Errorf("cadence %q", c)
	}
	for _, m := range s.Harmony.Modes {
		if !slices.Contains(modes, m) {
			t.Errorf("mode %q", m)
		}
	}
	if !slices.Contains(forms, s.Form) {
		t.Errorf("form %q", s.Form)
	}
	if s.Lead.Density <= 0 || s.Lead.Density > 1 {
		t.Errorf("lead density %v", s.Lead.Density)
	}
	if s.Mix.Reverb <= 0 || s.Mix.Reverb > 1 || s.Mix.Tail <= 0 || s.Mix.Tail > 4 {
		t.Errorf("mix %+v", s.Mix)
	}
	c := s.Cover
	if !slices.Contains(looks, c.Look) || c.Sat <= 0 || c.BgL <= 0 || c.AccL <= 0 {
		t.Errorf("cover %+v", c)
	}
	if len(s.Titles) < 4 {
		t.Errorf("%d title words, want at least 4", len(s.Titles))
	}
}

func checkGroove(t *testing.T, g style.Groove) {
	t.Helper()
	if g.Name == "" {
		t.Error("groove without a name")
	}
	if g.Builtin != "" {
		if !slices.Contains(builtinDr, g.Builtin) || len(g.Lines) > 0 {
			t.Errorf("groove %q: builtin %q with %d lines", g.Name, g.Builtin, len(g.Lines))
		}
		return
	}
	if len(g.Lines) == 0 {
		t.Errorf("groove %q has no lines", g.Name)
	}
	if r := g.SlowBPM; len(g.Slow) > 0 && (r[0] < 0 || r[1] <= r[0]) {
		t.Errorf("groove %q: Slow lines at %v bpm, want a range [from, to)", g.Name, r)
	}
	for _, l := range slices.Concat(g.Lines, g.Break, g.Slow) {
		steps := strings.ReplaceAll(l.Steps, " ", "")
		if strings.Trim(steps, "xo-.") != "" || !strings.ContainsAny(steps, "xo-") {
			t.Errorf("groove %q %s: steps %q", g.Name, l.Drum, l.Steps)
		}
		if !stepsFit(len(steps), g.Meter) {
			t.Errorf("groove %q %s: %d steps do not divide a bar of %v", g.Name, l.Drum, len(steps), g.Meter)
		}
		if l.Drum == "" || l.Level < 0 || l.Level > 3 || (l.Every > 0 && (l.On < 0 || l.On >= l.Every)) {
			t.Errorf("groove %q line %+v", g.Name, l)
		}
	}
	if g.Fill != "" && g.Fill == score.Drum("") {
		t.Errorf("groove %q fill", g.Name)
	}
}

func checkLine(t *testing.T, what string, l style.Line, builtins []style.LineBuiltin, alphabet string) {
	t.Helper()
	if (l.Builtin == "") == (l.Steps == "") {
		t.Errorf("%s line %+v: want exactly one of Builtin and Steps", what, l)
		return
	}
	if l.Builtin != "" {
		if !slices.Contains(builtins, l.Builtin) {
			t.Errorf("%s builtin %q", what, l.Builtin)
		}
		return
	}
	steps := strings.ReplaceAll(l.Steps, " ", "")
	if strings.Trim(steps, alphabet) != "" || steps[0] == '-' {
		t.Errorf("%s steps %q: use %q, not starting with a hold", what, l.Steps, alphabet)
	}
	if !stepsFit(len(steps), l.Meter) {
		t.Errorf("%s steps %q do not divide a bar of %v", what, l.Steps, l.Meter)
	}
}

// stepsFit reports whether n steps divide a bar of meter m evenly into
// eighths, triplets or sixteenths.
func stepsFit(n int, m style.Meter) bool {
	if m == (style.Meter{}) {
		m = style.FourFour
	}
	if n == 0 {
		return false
	}
	for _, per := range []int{1, 2, 3, 4, 6} {
		if n == m.Beats*per {
			return true
		}
	}
	return false
}

// progressionsOK reports whether every progression has 2 to 12 bars of
// degrees 0..6.
func progressionsOK(ps [][]int) bool {
	for _, p := range ps {
		if len(p) < 2 || len(p) > 12 {
			return false
		}
		for _, d := range p {
			if d < 0 || d > 6 {
				return false
			}
		}
	}
	return true
}
