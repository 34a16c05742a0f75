package music

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/music/overlay"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// TestComposerKnowsVocabulary proves the composer knows every value of the
// catalogue's typed vocabularies (harmony families, builtin drummers, bass
// lines and comping, forms, parts) and every instrument an entry casts:
// no entry falls back silently to pop progressions, a backbeat or a pad.
func TestComposerKnowsVocabulary(t *testing.T) {
	for _, f := range style.HarmonyFamilies {
		if _, ok := harmony.ProgressionPools[f]; !ok && f != "blues" { // blues: twelve-bar choruses (runBluesForm)
			t.Errorf("harmony family %q has no progression pool", f)
		}
	}
	for _, d := range style.DrumBuiltins {
		if _, ok := genre.DrumNames[d]; !ok {
			t.Errorf("builtin drummer %q unknown", d)
		}
	}
	for _, b := range style.BassBuiltins {
		if _, ok := genre.BassNames[b]; !ok {
			t.Errorf("builtin bass %q unknown", b)
		}
	}
	for _, c := range style.CompBuiltins {
		if _, ok := genre.CompNames[c]; !ok {
			t.Errorf("builtin comping %q unknown", c)
		}
	}
	for _, f := range style.Forms {
		if _, ok := genre.FormNames[f]; !ok {
			t.Errorf("form %q unknown", f)
		}
	}
	for _, p := range style.Parts {
		if !slices.Contains(form.LayerNames[:], p) && p != overlay.DronePart {
			t.Errorf("part %q unknown", p)
		}
	}
	for _, st := range style.All() {
		if !slices.Contains(style.HarmonyFamilies, st.Harmony.Family) {
			t.Errorf("%s: harmony family %q not in the vocabulary", st.Name, st.Harmony.Family)
		}
		if !slices.Contains(style.Forms, st.Form) {
			t.Errorf("%s: form %q not in the vocabulary", st.Name, st.Form)
		}
		b := st.Band
		insts := append([]score.Instrument{b.Bass, b.Chords, b.Pad, b.Lead, b.Arp, b.Drone.Instrument}, append(b.LeadAlt, b.ChordsAlt...)...)
		for _, in := range insts {
			if in == "" {
				continue
			}
			if _, ok := cast.PreferredLayers[in]; !ok {
				t.Errorf("%s: instrument %q has no seat in the band", st.Name, in)
			}
			if _, ok := gmPrograms[in]; !ok {
				t.Errorf("%s: instrument %q has no MIDI program", st.Name, in)
			}
		}
	}
}
