package main

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/style"
)

// TestStudyPrompts reads the study's prompt list: about 40 prompts, each
// read by the engine as the style it is listed with, covering every
// family of the catalogue and both reference families. Resolving takes
// milliseconds; nothing is rendered.
func TestStudyPrompts(t *testing.T) {
	prompts, err := ReadPrompts("prompts.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(prompts) < 40 {
		t.Errorf("%d prompts, want about 40", len(prompts))
	}
	families, refs := map[string]bool{}, map[style.Reference]int{}
	for _, p := range prompts {
		r := engine.Resolve(p.Text, 1, engine.Options{Seconds: 45})
		got := string(r.Plan.Genre)
		if got != p.Style {
			t.Errorf("%q is read as %s, listed as %s", p.Text, got, p.Style)
			continue
		}
		st := style.Must(got)
		families[st.Family] = true
		refs[st.Reference()]++
	}
	for _, st := range style.All() {
		if !families[st.Family] {
			t.Errorf("no prompt of the catalogue's %s family (%s, ...)", st.Family, st.Name)
			families[st.Family] = true
		}
	}
	for _, r := range []style.Reference{style.RefCalm, style.RefBeat} {
		if refs[r] < 10 {
			t.Errorf("%d prompts of the %s reference family, want 10 or more", refs[r], r)
		}
	}
	if _, err := parseSeeds("1,x"); err == nil {
		t.Error(`seeds "1,x" were read`)
	}
	if s, _ := parseSeeds("1, 2"); !slices.Equal(s, []uint64{1, 2}) {
		t.Errorf(`seeds "1, 2" read as %v`, s)
	}
}
