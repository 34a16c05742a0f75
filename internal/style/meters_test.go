package style_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/style"
)

// meterOf returns m, with the zero meter read as 4/4.
func meterOf(m style.Meter) style.Meter {
	if m == (style.Meter{}) {
		return style.FourFour
	}
	return m
}

// TestEveryMeterIsPlayable checks that a style gives, for every meter it
// lists, at least one groove, one bass line and one comping line the
// composer can use in that meter (a builtin, or steps written in it; the
// builtin drummers play simple meters only): a line whose meter differs
// from the song's is not used.
func TestEveryMeterIsPlayable(t *testing.T) {
	for _, s := range style.All() {
		for _, m := range s.Meters {
			groove := false
			for _, g := range s.Drums.Grooves {
				groove = groove || g.Builtin != "" && m.Subdivision != 3 || g.Builtin == "" && meterOf(g.Meter) == m
			}
			line := func(ls []style.Line) bool {
				for _, l := range ls {
					if l.Builtin != "" || meterOf(l.Meter) == m {
						return true
					}
				}
				return false
			}
			if !groove || !line(s.Bass) || !line(s.Comp) {
				t.Errorf("%s in %v: groove %v, bass %v, comp %v", s.Name, m, groove, line(s.Bass), line(s.Comp))
			}
		}
	}
}

// TestStepGroovesAreOwn checks that no two styles share the same written
// groove, bass line or comping line set: each style has its own rhythm, not
// a re-labelled neighbour's.
func TestStepGroovesAreOwn(t *testing.T) {
	seen := map[string]string{}
	for _, s := range style.All() {
		for _, g := range s.Drums.Grooves {
			if len(g.Lines) == 0 {
				continue
			}
			var ls []string
			for _, l := range g.Lines {
				ls = append(ls, string(l.Drum)+":"+strings.ReplaceAll(l.Steps, " ", ""))
			}
			sort.Strings(ls)
			key := meterOf(g.Meter).String() + " " + strings.Join(ls, " ")
			if other, dup := seen[key]; dup && other != s.Name {
				t.Errorf("%s groove %q is the same as one of %s", s.Name, g.Name, other)
			}
			seen[key] = s.Name
		}
	}
}

// TestDrumlessStylesStillHaveAGroove checks that a style playing without a
// kit by default still answers a prompt that asks for drums, and that the
// styles the issue names as drumless are marked so.
func TestDrumlessStylesStillHaveAGroove(t *testing.T) {
	for _, name := range []string{"meditation", "dark ambient", "bluegrass", "tango"} {
		s := style.Must(name)
		if !s.Drums.None || len(s.Drums.Grooves) == 0 {
			t.Errorf("%s: None %v with %d grooves, want a drumless style with a groove for prompts asking for drums", name, s.Drums.None, len(s.Drums.Grooves))
		}
	}
	for _, name := range []string{"bossa nova", "samba", "salsa", "reggaeton", "edm", "punk", "amapiano", "celtic", "sea shanty"} {
		if style.Must(name).Drums.None {
			t.Errorf("%s plays without drums", name)
		}
	}
}
