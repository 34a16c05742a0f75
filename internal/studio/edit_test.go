package studio_test

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/request"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestEditLists keeps the instruments and kits an edit may name (jobs,
// stdlib only) equal to the score's.
func TestEditLists(t *testing.T) {
	pitched := []score.Instrument{score.Piano, score.EPiano, score.Organ, score.Guitar, score.DistGuitar, score.Pluck,
		score.Strings, score.Pad, score.ChoirPad, score.SawLead, score.SquareLead, score.Bells, score.Flute, score.Sax,
		score.Brass, score.Bass, score.SubBass, score.SynthBass, score.Reese, score.Arp, score.Fiddle, score.Banjo,
		score.Mandolin, score.Ukulele, score.Accordion, score.SteelDrums, score.Sitar, score.MusicBox, score.NylonGuitar,
		score.Harpsichord, score.Marimba, score.Vibraphone, score.Kalimba, score.Harp, score.UprightBass, score.SingingBowl,
		score.LogDrum, score.CowbellLead, score.ChipLead, score.ChipBass, score.Tabla}
	kits := []score.Kit{score.KitAcoustic, score.KitBrush, score.KitVintage, score.Kit808, score.Kit909,
		score.KitElectronic, score.KitLatin, score.KitOrchestral, score.KitChip, score.KitMarching}
	for _, i := range pitched {
		if !slices.Contains(request.EditPitched, string(i)) {
			t.Errorf("instrument %s missing from request.EditPitched", i)
		}
	}
	for _, k := range kits {
		if !slices.Contains(request.EditKits, string(k)) {
			t.Errorf("kit %s missing from request.EditKits", k)
		}
	}
	if len(request.EditPitched) != len(pitched) || len(request.EditKits) != len(kits) {
		t.Errorf("jobs lists %d instruments and %d kits, the score %d and %d", len(request.EditPitched), len(request.EditKits), len(pitched), len(kits))
	}
	roles := []score.Role{score.RoleLead, score.RoleChords, score.RoleBass, score.RolePad, score.RoleArp, score.RoleDrums, score.RoleFX}
	for i, r := range roles {
		if request.EditRoles[i] != string(r) {
			t.Errorf("role %d: %s, want %s", i, request.EditRoles[i], r)
		}
	}
}

// TestRequestOfAnEditChain: an edit of an edit composes the root
// source's prompt, seed and options, then each level's changes in turn.
func TestRequestOfAnEditChain(t *testing.T) {
	half := 0.2
	root := &jobs.Options{BPM: 90, Key: "D minor", Intensity: &half}
	first := &jobs.Options{Key: "E", Source: &request.EditSource{Prompt: "lo-fi", Seed: 7, Options: root}}
	top := jobs.Options{BPM: 120, Seconds: 30, ExactDuration: true, Regenerate: []string{"bridge"},
		Source: &request.EditSource{Prompt: "lo-fi", Seed: 7, Options: first}}
	st := &studio.Studio{}
	req, err := st.Request("ignored", 1, top)
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Resolve("lo-fi", 7, engine.Options{BPM: 90, KeyRoot: 2, HasKey: true, Mode: "minor"})
	if req.Seed != 7 || req.SongSeed != want.SongSeed || req.Plan.BPM != 90 || req.Plan.KeyRoot != 2 || req.Plan.Mode != "minor" ||
		req.Plan.Genre != "lo-fi" || req.Title != want.Title || req.Plan.Prompt != "" {
		t.Fatalf("root: %+v, want %+v", req, want)
	}
	if len(req.Edits) != 3 || req.Edits[0].Intensity == nil || req.Edits[0].BPM != 0 ||
		!req.Edits[1].HasKey || req.Edits[1].KeyRoot != 4 || req.Edits[1].Mode != "" ||
		req.Edits[2].BPM != 120 || req.Edits[2].Seconds != 30 || !req.Edits[2].Exact || req.Edits[2].Regenerate[0] != "bridge" {
		t.Fatalf("edits: %+v", req.Edits)
	}
	if req.ExactLength() != 30 {
		t.Fatalf("exact length %g", req.ExactLength())
	}
	plain, err := st.Request("rock", 3, jobs.Options{BPM: 100})
	if err != nil || plain.Seed != 3 || plain.Plan.Genre != "rock" || plain.Plan.BPM != 100 || len(plain.Edits) != 0 {
		t.Fatalf("a song of its own: %+v %v", plain, err)
	}
}

// An edit's chords reach the engine as an edit of the source, whose own
// chords are its plan's.
func TestChordsOfAnEdit(t *testing.T) {
	testutil.SkipRaceShort(t)
	root := &jobs.Options{Chords: map[string]string{"song": "Am F C G"}}
	top := jobs.Options{Chords: map[string]string{"chorus": "Dm G C Am"},
		Source: &request.EditSource{Prompt: "folk", Seed: 7, Options: root}}
	req, err := (&studio.Studio{}).Request("ignored", 1, top)
	if err != nil {
		t.Fatal(err)
	}
	if req.Plan.Chords["song"] != "Am F C G" || len(req.Edits) != 1 || req.Edits[0].Chords["chorus"] != "Dm G C Am" {
		t.Fatalf("plan chords %v, edits %+v", req.Plan.Chords, req.Edits)
	}
	if _, err := engine.Compose(req); err != nil {
		t.Fatal(err)
	}
}
