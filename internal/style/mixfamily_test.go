package style_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// TestMixFamiliesComplete: every style has a mix family and a reference
// set, every family a plan within the engine's bounds, and the plan's
// balance rules hold (issue 18, item 1).
func TestMixFamiliesComplete(t *testing.T) {
	seen := map[style.MixFamily]bool{}
	for _, s := range style.All() {
		f, ref := s.MixFamily(), s.Reference()
		if s.Seat.Family == "" || s.Seat.Ref == "" {
			t.Errorf("%s: no Seat (mix family and reference set) in its entry", s.Name)
		}
		if ref != style.RefCalm && ref != style.RefBeat {
			t.Errorf("%s: reference %q", s.Name, ref)
		}
		// A style without a kit is measured against the calm references.
		if s.Drums.None && ref != style.RefCalm {
			t.Errorf("%s: plays without a kit but is measured as %s", s.Name, ref)
		}
		seen[f] = true
		p := s.MixPlan()
		if p.LoudnessLUFS < -20 || p.LoudnessLUFS > -9 {
			t.Errorf("%s: loudness %v outside -20..-9 LUFS", s.Name, p.LoudnessLUFS)
		}
		if p.CeilingDBTP > -1 {
			t.Errorf("%s: ceiling %v over -1 dBTP", s.Name, p.CeilingDBTP)
		}
		lead := p.PartLU(score.RoleLead)
		for _, r := range []score.Role{score.RoleBass, score.RoleChords, score.RolePad, score.RoleArp, score.RoleFX} {
			if p.PartLU(r) >= lead {
				t.Errorf("%s: %s at %v LU, not under the lead", s.Name, r, p.PartLU(r))
			}
		}
		d := p.PartLU(score.RoleDrums) - lead
		if max := map[bool]float64{true: 6, false: 4}[p.DrumLed]; d > max {
			t.Errorf("%s: drums %v LU over the lead (at most %v)", s.Name, d, max)
		}
		if p.DrumLed != (f == style.MixDance || f == style.MixUrban) {
			t.Errorf("%s (%s): drum-led %v", s.Name, f, p.DrumLed)
		}
		if p.Featured <= 0 || p.Featured > 6 {
			t.Errorf("%s: featured part up to %v LU under the loudest", s.Name, p.Featured)
		}
		if calm := f == style.MixOrchestral || f == style.MixAmbient || f == style.MixAcoustic || f == style.MixJazz; calm == p.Leveller {
			t.Errorf("%s (%s): upward leveller %v", s.Name, f, p.Leveller)
		}
	}
	for _, f := range style.MixFamilies() {
		if !seen[f] {
			t.Errorf("family %s has no style", f)
		}
	}
}

// TestMixPlanOverride: a style's own loudness wins over its family's.
func TestMixPlanOverride(t *testing.T) {
	lofi, hiphop := style.Must("lo-fi").MixPlan(), style.Must("hip hop").MixPlan()
	if lofi.LoudnessLUFS != -15.5 || hiphop.LoudnessLUFS != style.FamilyPlan(style.MixUrban).LoudnessLUFS {
		t.Errorf("lo-fi %v, hip hop %v LUFS", lofi.LoudnessLUFS, hiphop.LoudnessLUFS)
	}
	lofi.Parts[score.RoleLead] = 99 // a copy: the family's plan is untouched
	if style.FamilyPlan(style.MixUrban).PartLU(score.RoleLead) == 99 {
		t.Error("MixPlan shares the family's Parts map")
	}
}
