package engine_test

import (
	"bytes"
	"cmp"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

// The song the edit tests change: a pop song with a bridge (its form
// has intro, verses, choruses, a bridge and an outro).
const (
	editPrompt = "happy pop song with piano"
	editSeed   = 11
)

func editOpts(seconds float64, edits ...engine.Edit) engine.Options {
	return engine.Options{Seconds: seconds, Edits: edits}
}

func mustEdited(t *testing.T, o engine.Options) *score.Score {
	t.Helper()
	s, _, _, err := composeEdited(editPrompt, editSeed, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// notesIn returns a part's notes that start in [a, b), moved by -shift.
func notesIn(t score.Track, a, b, shift float64) []score.Note {
	var out []score.Note
	for _, n := range t.Notes {
		if n.Start >= a-1e-9 && n.Start < b-1e-9 {
			n.Start -= shift
			out = append(out, n)
		}
	}
	return sortedNotes(out)
}

// sortedNotes orders notes by start, pitch, length and velocity: a part's
// order is no part of the music.
func sortedNotes(ns []score.Note) []score.Note {
	ns = slices.Clone(ns)
	slices.SortFunc(ns, func(a, b score.Note) int {
		switch {
		case a.Start != b.Start:
			return cmp.Compare(a.Start, b.Start)
		case a.Pitch != b.Pitch:
			return a.Pitch - b.Pitch
		case a.Length != b.Length:
			return cmp.Compare(a.Length, b.Length)
		}
		return cmp.Compare(a.Velocity, b.Velocity)
	})
	return ns
}

func hitsIn(t score.Track, a, b, shift float64) []score.Hit {
	var out []score.Hit
	for _, h := range t.Hits {
		if h.Start >= a-1e-9 && h.Start < b-1e-9 {
			h.Start -= shift
			out = append(out, h)
		}
	}
	slices.SortFunc(out, func(a, b score.Hit) int {
		if a.Start != b.Start {
			return cmp.Compare(a.Start, b.Start)
		}
		return strings.Compare(string(a.Drum), string(b.Drum))
	})
	return out
}

func sectionSpan(s *score.Score, i int) (float64, float64) {
	return s.Sections[i].StartBeat, s.Sections[i].StartBeat + float64(s.Sections[i].Bars*s.BeatsPerBar)
}

// TestEditNoEdits: a song without edits is the composed song.
func TestEditNoEdits(t *testing.T) {
	o := engine.Options{Seconds: 60}
	w, _, _ := composeWritten(editPrompt, editSeed, o)
	e := mustEdited(t, o)
	var a, b bytes.Buffer
	music.WriteMIDI(&a, w, "x")
	music.WriteMIDI(&b, e, "x")
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("ComposeEdited without edits differs from ComposeWritten")
	}
}

// TestEditKeyTempo: a key edit moves every pitched note by the interval
// between the tonics, note for note on the same beats, leaves the drums
// and follows with the chords; a tempo edit keeps every note on its beat.
func TestEditKeyTempo(t *testing.T) {
	src := mustEdited(t, editOpts(60))
	root := (src.KeyRoot + 3) % 12
	got := mustEdited(t, editOpts(60, engine.Edit{HasKey: true, KeyRoot: root, BPM: src.BPM + 17}))
	d := edit.Interval(src.KeyRoot, root)
	if d != 3 || got.KeyRoot != root || got.BPM != src.BPM+17 || got.TotalBeats != src.TotalBeats {
		t.Fatalf("key %d bpm %g beats %g; want %d, %g, %g", got.KeyRoot, got.BPM, got.TotalBeats, root, src.BPM+17, src.TotalBeats)
	}
	if len(got.Tracks) != len(src.Tracks) {
		t.Fatalf("%d parts, want %d", len(got.Tracks), len(src.Tracks))
	}
	for i, st := range src.Tracks {
		gt := got.Tracks[i]
		if !slices.Equal(hitsIn(gt, 0, 1e9, 0), hitsIn(st, 0, 1e9, 0)) {
			t.Errorf("%s: hits changed", st.Name)
		}
		if len(gt.Notes) != len(st.Notes) {
			t.Fatalf("%s: %d notes, want %d", st.Name, len(gt.Notes), len(st.Notes))
		}
		for k, n := range st.Notes {
			want := n
			if st.Instrument != score.Drums {
				want.Pitch += d
			}
			if gt.Notes[k] != want {
				t.Fatalf("%s note %d: %+v, want %+v", st.Name, k, gt.Notes[k], want)
			}
		}
	}
	if got.Chords[0].Symbol != edit.TransposeSymbol(src.Chords[0].Symbol, d) || got.Chords[0].Symbol == src.Chords[0].Symbol {
		t.Errorf("chord %s -> %s", src.Chords[0].Symbol, got.Chords[0].Symbol)
	}
	_, _, _, err := composeEdited(editPrompt, editSeed, editOpts(60, engine.Edit{Mode: otherMode(src.Mode)}))
	if !errors.Is(err, engine.ErrEdit) || !strings.Contains(err.Error(), "keeps the mode") {
		t.Fatalf("a mode change: %v", err)
	}
}

func otherMode(m string) string {
	if m == "major" {
		return "minor"
	}
	return "major"
}

// TestEditInstruments: a muted role is gone, a swapped one plays the same
// notes on its new instrument (and its MIDI program), the rest is equal.
func TestEditInstruments(t *testing.T) {
	src := mustEdited(t, editOpts(60))
	got := mustEdited(t, editOpts(60, engine.Edit{Instruments: map[string]string{"drums": "", "lead": "flute"}}))
	var lead *score.Track
	for _, gt := range got.Tracks {
		if gt.Role == score.RoleDrums {
			t.Fatal("drums still there")
		}
		if gt.Role == score.RoleLead && lead == nil {
			lead = &gt
		}
	}
	k := 0
	for _, st := range src.Tracks {
		if st.Role == score.RoleDrums {
			continue
		}
		gt := got.Tracks[k]
		k++
		if !slices.Equal(sortedNotes(gt.Notes), sortedNotes(st.Notes)) {
			t.Errorf("%s: notes changed", st.Name)
		}
		if st.Role == score.RoleLead && gt.Instrument != score.Flute {
			t.Errorf("%s: %s, want flute", st.Name, gt.Instrument)
		}
		if st.Role != score.RoleLead && gt.Instrument != st.Instrument {
			t.Errorf("%s: instrument %s changed", st.Name, gt.Instrument)
		}
	}
	if lead == nil {
		t.Fatal("no lead")
	}
	var a, b bytes.Buffer
	music.WriteMIDI(&a, src, "x")
	music.WriteMIDI(&b, got, "x")
	if !bytes.Contains(b.Bytes(), []byte("flute")) || bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the MIDI file does not name the new instrument")
	}
	_, _, _, err := composeEdited(editPrompt, editSeed, editOpts(60, engine.Edit{Instruments: map[string]string{"fx": "piano"}}))
	if !errors.Is(err, engine.ErrEdit) || !strings.Contains(err.Error(), "no fx part") {
		t.Fatalf("a role the song lacks: %v", err)
	}
}

// TestEditRegenerate: the named sections take new material, every other
// section stays note for note; an unknown section fails with the list.
func TestEditRegenerate(t *testing.T) {
	src := mustEdited(t, engine.Options{})
	bridge := slices.IndexFunc(src.Sections, func(s score.Section) bool { return s.Name == "bridge" })
	if bridge < 0 {
		t.Fatalf("the test song has no bridge: %v", edit.Labels(src))
	}
	got := mustEdited(t, engine.Options{Edits: []engine.Edit{{Regenerate: []string{"bridge"}}}})
	changed := false
	for i := range src.Sections {
		a, b := sectionSpan(src, i)
		same := true
		for ti, st := range src.Tracks {
			gt := got.Tracks[ti]
			same = same && slices.Equal(notesIn(st, a, b, 0), notesIn(gt, a, b, 0)) && slices.Equal(hitsIn(st, a, b, 0), hitsIn(gt, a, b, 0))
		}
		if src.Sections[i].Name == "bridge" {
			changed = !same
		} else if !same {
			t.Errorf("section %d (%s) changed", i, src.Sections[i].Name)
		}
	}
	if !changed {
		t.Error("the bridge did not change")
	}
	_, _, _, err := composeEdited(editPrompt, editSeed, engine.Options{Edits: []engine.Edit{{Regenerate: []string{"solo"}}}})
	if !errors.Is(err, engine.ErrEdit) || !strings.Contains(err.Error(), `no section "solo"`) || !strings.Contains(err.Error(), "bridge") {
		t.Fatalf("an unknown section: %v", err)
	}
}

// TestEditLength: a longer song keeps every section note for note (the
// ending moved later) and repeats chorus material; a shorter one keeps
// the intro and the ending.
func TestEditLength(t *testing.T) {
	src := mustEdited(t, editOpts(60))
	long := mustEdited(t, editOpts(60, engine.Edit{Seconds: 100}))
	if n := long.Seconds(); n < 90 || n > 110 || len(long.Sections) <= len(src.Sections) {
		t.Fatalf("extended to %.1f s, %d sections (from %.1f s, %d)", n, len(long.Sections), src.Seconds(), len(src.Sections))
	}
	last := len(src.Sections) - 1
	for i := range src.Sections {
		j := i
		if i == last {
			j = len(long.Sections) - 1
		}
		if long.Sections[j].Name != src.Sections[i].Name {
			t.Fatalf("section %d is %s, want %s", j, long.Sections[j].Name, src.Sections[i].Name)
		}
		a, b := sectionSpan(src, i)
		la, lb := sectionSpan(long, j)
		for ti, st := range src.Tracks {
			if !slices.Equal(notesIn(st, a, b, a), notesIn(long.Tracks[ti], la, lb, la)) || !slices.Equal(hitsIn(st, a, b, a), hitsIn(long.Tracks[ti], la, lb, la)) {
				t.Errorf("%s in section %d (%s) changed", st.Name, i, src.Sections[i].Name)
			}
		}
	}
	short := mustEdited(t, editOpts(100, engine.Edit{Seconds: 45}))
	if n := short.Seconds(); n > 60 || short.Sections[len(short.Sections)-1].Name != "outro" || short.Sections[0].Name != "intro" {
		t.Fatalf("cut to %.1f s: %v", n, edit.Labels(short))
	}
	exact := mustEdited(t, editOpts(60, engine.Edit{Seconds: 63.5, Exact: true}))
	if d := exact.Seconds() - 63.5; d > 1e-6 || d < -1e-6 {
		t.Fatalf("exact 63.5 s: %.6f", exact.Seconds())
	}
}

// TestEditIntensity: the lead keeps its notes; low intensity thins and
// softens the accompaniment, high intensity adds strikes.
func TestEditIntensity(t *testing.T) {
	src := mustEdited(t, editOpts(60))
	low, high := 0.1, 0.95
	soft := mustEdited(t, editOpts(60, engine.Edit{Intensity: &low}))
	busy := mustEdited(t, editOpts(60, engine.Edit{Intensity: &high}))
	count := func(s *score.Score, r score.Role) (n int) {
		for _, t := range s.Tracks {
			if t.Role == r {
				n += len(t.Notes) + len(t.Hits)
			}
		}
		return n
	}
	for ti, st := range src.Tracks {
		if st.Role == score.RoleLead && (!slices.Equal(sortedNotes(st.Notes), sortedNotes(soft.Tracks[ti].Notes)) || !slices.Equal(sortedNotes(st.Notes), sortedNotes(busy.Tracks[ti].Notes))) {
			t.Errorf("%s: the lead changed", st.Name)
		}
	}
	acc := count(src, score.RoleChords) + count(src, score.RolePad) + count(src, score.RoleArp)
	accSoft := count(soft, score.RoleChords) + count(soft, score.RolePad) + count(soft, score.RoleArp)
	accBusy := count(busy, score.RoleChords) + count(busy, score.RolePad) + count(busy, score.RoleArp)
	if !(accSoft < acc && acc < accBusy) {
		t.Errorf("accompaniment notes %d (0.1) %d (as composed) %d (0.95)", accSoft, acc, accBusy)
	}
	if !(count(soft, score.RoleDrums) <= count(src, score.RoleDrums) && count(src, score.RoleDrums) < count(busy, score.RoleDrums)) {
		t.Errorf("drum hits %d %d %d", count(soft, score.RoleDrums), count(src, score.RoleDrums), count(busy, score.RoleDrums))
	}
}

// TestEditChain: an edit of an edit applies both in turn: the second
// edit's regenerated bridge is the first regeneration's bridge moved into
// the first edit's key, and the rest is the first edit's song.
func TestEditChain(t *testing.T) {
	src := mustEdited(t, engine.Options{})
	up := engine.Edit{HasKey: true, KeyRoot: (src.KeyRoot + 2) % 12}
	one := mustEdited(t, engine.Options{Edits: []engine.Edit{up}})
	two := mustEdited(t, engine.Options{Edits: []engine.Edit{up, {Regenerate: []string{"bridge"}}}})
	if two.KeyRoot != one.KeyRoot {
		t.Fatalf("key %d, want %d", two.KeyRoot, one.KeyRoot)
	}
	bridge := slices.IndexFunc(src.Sections, func(s score.Section) bool { return s.Name == "bridge" })
	a, b := sectionSpan(src, bridge)
	changed := false
	for ti := range src.Tracks {
		if !slices.Equal(notesIn(two.Tracks[ti], 0, a, 0), notesIn(one.Tracks[ti], 0, a, 0)) ||
			!slices.Equal(notesIn(two.Tracks[ti], b, 1e9, 0), notesIn(one.Tracks[ti], b, 1e9, 0)) {
			t.Errorf("%s outside the bridge differs from the first edit", src.Tracks[ti].Name)
		}
		changed = changed || !slices.Equal(notesIn(two.Tracks[ti], a, b, 0), notesIn(one.Tracks[ti], a, b, 0))
	}
	if !changed {
		t.Error("the bridge did not change")
	}
	// The new bridge is in the song's key: it is the bridge the same
	// second edit regenerates in the source's key, moved up a tone.
	plain := mustEdited(t, engine.Options{Edits: []engine.Edit{{}, {Regenerate: []string{"bridge"}}}})
	for ti, pt := range plain.Tracks {
		want := notesIn(pt, a, b, 0)
		if pt.Instrument != score.Drums {
			for k := range want {
				want[k].Pitch += edit.Interval(src.KeyRoot, up.KeyRoot)
			}
		}
		if !slices.Equal(sortedNotes(want), notesIn(two.Tracks[ti], a, b, 0)) {
			t.Errorf("%s: the regenerated bridge is not the source key's moved up a tone", pt.Name)
		}
	}
}

// TestEditLoop: a song made a loop loses its intro and outro and keeps
// every other section note for note, moved to the start; no tail, no fades.
func TestEditLoop(t *testing.T) {
	src := mustEdited(t, editOpts(60))
	got := mustEdited(t, editOpts(60, engine.Edit{Loop: true}))
	if !got.Loop || got.TailSeconds != 0 || got.FadeIn != 0 || got.FadeOut != 0 {
		t.Fatalf("loop %v tail %g fades %g %g", got.Loop, got.TailSeconds, got.FadeIn, got.FadeOut)
	}
	if src.Sections[0].Name != "intro" || src.Sections[len(src.Sections)-1].Name != "outro" {
		t.Fatalf("the test song's form: %v", edit.Labels(src))
	}
	if len(got.Sections) != len(src.Sections)-2 || got.Sections[0].StartBeat != 0 {
		t.Fatalf("sections %v", edit.Labels(got))
	}
	for i := 1; i < len(src.Sections)-1; i++ {
		a, b := sectionSpan(src, i)
		ga, gb := sectionSpan(got, i-1)
		for ti, st := range src.Tracks {
			if !slices.Equal(notesIn(st, a, b, a), notesIn(got.Tracks[ti], ga, gb, ga)) {
				t.Errorf("%s in section %d changed", st.Name, i)
			}
		}
	}
}

// BenchmarkComposeEdited measures composing a three-minute song with an
// edit of every kind (the work an edit adds before synthesis).
func BenchmarkComposeEdited(b *testing.B) {
	x := 0.8
	o := engine.Options{Seconds: 180, Edits: []engine.Edit{{BPM: 100, HasKey: true, KeyRoot: 4, Seconds: 200, Intensity: &x,
		Instruments: map[string]string{"lead": "flute", "drums": ""}, Regenerate: []string{"bridge"}}}}
	for b.Loop() {
		if _, _, _, err := composeEdited(editPrompt, editSeed, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkComposeWritten is the same song without edits, for comparison.
func BenchmarkComposeWritten(b *testing.B) {
	for b.Loop() {
		composeWritten(editPrompt, editSeed, engine.Options{Seconds: 180})
	}
}
