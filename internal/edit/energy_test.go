package edit_test

import (
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/score"
)

// energyScore is three 2-bar sections (quiet, loud, quiet) of 4/4 with
// drums (kick on the beats, hats on the eighths), held chords, an arp and
// a bass on the downbeats.
func energyScore() *score.Score {
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 24, Sections: []score.Section{
		{Name: "intro", StartBeat: 0, Bars: 2, Energy: 0.5}, {Name: "verse", StartBeat: 8, Bars: 2, Energy: 0.5},
		{Name: "outro", StartBeat: 16, Bars: 2, Energy: 0.5}},
		Chords: []score.Chord{{Symbol: "Am", StartBeat: 0, Beats: 24}}}
	drums := score.Track{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums}
	chords := score.Track{Name: "chords", Instrument: score.Piano, Role: score.RoleChords}
	arp := score.Track{Name: "arp", Instrument: score.Arp, Role: score.RoleArp}
	bass := score.Track{Name: "bass", Instrument: score.Bass, Role: score.RoleBass}
	for b := 0.0; b < 24; b += 0.5 {
		drums.Hits = append(drums.Hits, score.Hit{Start: b, Drum: score.ClosedHat, Velocity: 0.6})
		arp.Notes = append(arp.Notes, score.Note{Start: b, Length: 0.5, Pitch: 69, Velocity: 0.6})
		if b == float64(int(b)) {
			drums.Hits = append(drums.Hits, score.Hit{Start: b, Drum: score.Kick, Velocity: 0.8})
		}
	}
	for b := 0.0; b < 24; b += 4 {
		chords.Notes = append(chords.Notes, score.Note{Start: b, Length: 4, Pitch: 57, Velocity: 0.6})
		if b < 16 {
			bass.Notes = append(bass.Notes, score.Note{Start: b, Length: 4, Pitch: 45, Velocity: 0.7})
		}
	}
	s.Tracks = []score.Track{drums, chords, arp, bass}
	return s
}

func countIn(t score.Track, from, to float64, drum score.Drum) (n int, vel float64) {
	for _, h := range t.Hits {
		if h.Start >= from && h.Start < to && (drum == "" || h.Drum == drum) {
			n, vel = n+1, vel+h.Velocity
		}
	}
	for _, x := range t.Notes {
		if x.Start >= from && x.Start < to {
			n, vel = n+1, vel+x.Velocity
		}
	}
	return n, vel
}

// TestEnergySections draws 0.2, 1, 0.2 over the sections: the quiet ones
// lose the drums and the arp and thin the chords, the loud one fills the
// hats (on the eighths), restrikes the chords and brings the bass in, a snare
// roll and a crash lead into the rise, and Section.Energy reports it.
func TestEnergySections(t *testing.T) {
	c, err := edit.ParseCurve([]byte(`{"intro": 0.2, "verse": 1, "outro": 0.2}`))
	if err != nil {
		t.Fatal(err)
	}
	in := energyScore()
	in.Tracks[0].Hits = slices.DeleteFunc(in.Tracks[0].Hits, func(h score.Hit) bool { // the verse's hats on the beats only
		return h.Start >= 8 && h.Start < 16 && h.Start != math.Trunc(h.Start)
	})
	s := edit.Energy(in, c)
	for i, want := range []float64{0.2, 1, 0.2} {
		if s.Sections[i].Energy != want {
			t.Errorf("section %d energy %g, want %g", i, s.Sections[i].Energy, want)
		}
	}
	drums, chords, arp, bass := s.Tracks[0], s.Tracks[1], s.Tracks[2], s.Tracks[3]
	if n, _ := countIn(drums, 0, 6, ""); n != 0 {
		t.Errorf("%d drum hits in the 0.2 intro (before its fill), want none", n)
	}
	if n, _ := countIn(arp, 16, 24, ""); n != 0 {
		t.Errorf("%d arp notes in the 0.2 outro, want none", n)
	}
	if n, _ := countIn(drums, 8, 14, score.ClosedHat); n != 12 {
		t.Errorf("the 1.0 verse plays %d hats in its first 6 beats, want them filled on the 12 eighths", n)
	}
	for _, h := range drums.Hits {
		if h.Drum == score.ClosedHat && h.Start >= 8 && h.Start < 16 && h.Start*2 != math.Trunc(h.Start*2) {
			t.Errorf("a hat on the sixteenth %g: the hats fill the eighths only", h.Start)
		}
	}
	if n, _ := countIn(chords, 8, 16, ""); n <= 2 {
		t.Errorf("the 1.0 verse's chords: %d notes, want restruck", n)
	}
	if n, _ := countIn(bass, 16, 24, ""); n != 0 {
		t.Errorf("bass came into the 0.2 outro: %d notes", n)
	}
	if n, _ := countIn(bass, 8, 16, ""); n < 8 {
		t.Errorf("the 1.0 verse's bass plays %d notes, want it brought in on the beats", n)
	}
	// The intro is drawn 0.2 (under 0.55) and 2 bars long: its fill is
	// the last beat in eighths.
	if n, _ := countIn(drums, 6, 8, score.Snare); n != 2 || slices.ContainsFunc(drums.Hits, func(h score.Hit) bool {
		return h.Drum == score.Snare && h.Start >= 6 && h.Start < 8 && h.Start != 7 && h.Start != 7.5
	}) {
		t.Errorf("%d snare hits in the two beats before the rise to 1.0, want the fill on beat 4 and its off-beat", n)
	}
	if n, _ := countIn(drums, 8, 8.01, score.Crash); n != 1 {
		t.Errorf("%d crashes on the rise's downbeat, want 1", n)
	}
	_, lo := countIn(chords, 16, 24, "")
	_, hi := countIn(chords, 8, 16, "")
	if hi <= 2*lo {
		t.Errorf("chord velocity sum %g in the 1.0 verse vs %g in the 0.2 outro, want more than double", hi, lo)
	}
	if n, _ := countIn(in.Tracks[0], 0, 8, ""); n != 24 {
		t.Errorf("Energy changed its input: %d intro hits", n)
	}
}

// TestEnergyCurvePoints reads a curve by bar: each section takes the
// value at its middle; a curve by seconds gives the same at 120 bpm.
func TestEnergyCurvePoints(t *testing.T) {
	for _, raw := range []string{`[{"bar": 1, "value": 0}, {"bar": 7, "value": 0.6}]`, `[{"at": 0, "value": 0}, {"at": 12, "value": 0.6}]`} {
		c, err := edit.ParseCurve([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		levels, set := c.Levels(energyScore())
		want := []float64{0.1, 0.3, 0.5}
		for i := range want {
			if !set[i] || levels[i] < want[i]-1e-9 || levels[i] > want[i]+1e-9 {
				t.Errorf("%s: section %d at %g (%v), want %g", raw, i, levels[i], set[i], want[i])
			}
		}
	}
}

// TestEnergyOrder draws 0.7 on a section the composer wrote dense and 0.75
// on one it wrote sparse (hats on the sixteenths against quarter notes):
// the section drawn lower ends with fewer onsets a beat and less power.
func TestEnergyOrder(t *testing.T) {
	s := energyScore()
	d := &s.Tracks[0]
	d.Hits = d.Hits[:0]
	for b := 0.0; b < 24; b += 0.25 {
		if b < 8 || b >= 16 || b == float64(int(b)) {
			d.Hits = append(d.Hits, score.Hit{Start: b, Drum: score.ClosedHat, Velocity: 0.7})
		}
	}
	c, err := edit.ParseCurve([]byte(`{"intro": 0.7, "verse": 0.75, "outro": 0.7}`))
	if err != nil {
		t.Fatal(err)
	}
	out := edit.Energy(s, c)
	slots := func(from, to float64) int {
		seen := map[float64]bool{}
		for _, tr := range out.Tracks {
			for _, h := range tr.Hits {
				if h.Start >= from && h.Start < to-2 { // the fill into the verse left out
					seen[h.Start] = true
				}
			}
			for _, n := range tr.Notes {
				if n.Start >= from && n.Start < to-2 {
					seen[n.Start] = true
				}
			}
		}
		return len(seen)
	}
	intro, verse := slots(0, 8), slots(8, 16)
	_, vi := countIn(out.Tracks[1], 0, 8, "")
	_, vv := countIn(out.Tracks[1], 8, 16, "")
	if intro >= verse {
		t.Errorf("the intro drawn at 0.7 has %d onsets in its first 6 beats, the verse drawn at 0.75 %d: want fewer", intro, verse)
	}
	if vi >= vv*1.001 && intro >= verse {
		t.Errorf("chords' velocity sum: intro %.2f, verse %.2f", vi, vv)
	}
}

// TestEnergyLeadJoins draws three sections a little apart (0.9, 0.8,
// 0.7) over a score whose lead plays sixteenths throughout and whose
// accompaniment cannot thin further: each lower section plays fewer
// onsets a beat than the one above it, its lead in longer notes that
// keep the melody's order and cover the same span.
func TestEnergyLeadJoins(t *testing.T) {
	s := energyScore()
	lead := score.Track{Name: "lead", Instrument: score.Flute, Role: score.RoleLead}
	for b := 0.0; b < 24; b += 0.25 {
		lead.Notes = append(lead.Notes, score.Note{Start: b, Length: 0.25, Pitch: 60 + int(b*4)%12, Velocity: 0.7})
	}
	s.Tracks = append(s.Tracks, lead)
	c, err := edit.ParseCurve([]byte(`{"intro": 0.9, "verse": 0.8, "outro": 0.7}`))
	if err != nil {
		t.Fatal(err)
	}
	out := edit.Energy(s, c)
	onsets := func(from, to float64) float64 {
		seen := map[float64]bool{}
		for _, tr := range out.Tracks {
			for _, h := range tr.Hits {
				if h.Start >= from && h.Start < to {
					seen[h.Start] = true
				}
			}
			for _, n := range tr.Notes {
				if n.Start >= from && n.Start < to {
					seen[n.Start] = true
				}
			}
		}
		return float64(len(seen)) / (to - from)
	}
	// The fill into a rise is none here: the curve only falls.
	intro, verse, outro := onsets(0, 8), onsets(8, 16), onsets(16, 24)
	if !(intro > verse*1.2 && verse > outro*1.2) {
		t.Errorf("onsets a beat: %.2f, %.2f, %.2f drawn 0.9, 0.8, 0.7: want each lower section under 1/1.2 of the one above", intro, verse, outro)
	}
	got := out.Tracks[len(out.Tracks)-1].Notes
	if len(got) >= len(lead.Notes) {
		t.Fatalf("the lead kept all its %d notes", len(got))
	}
	end, k := 0.0, 0
	for _, n := range got {
		for k < len(lead.Notes) && lead.Notes[k].Start < n.Start {
			k++
		}
		if k == len(lead.Notes) || lead.Notes[k].Start != n.Start || lead.Notes[k].Pitch != n.Pitch {
			t.Fatalf("lead note at %g (pitch %d) is not one of the melody's", n.Start, n.Pitch)
		}
		if n.Start > end+1e-9 {
			t.Errorf("the lead rests from %g to %g: joined notes should hold on", end, n.Start)
		}
		end = n.Start + n.Length
	}
	if end < 24-1e-9 {
		t.Errorf("the lead ends at %g, want 24", end)
	}
}

// TestEnergyBringsTheGroove draws 1 on an intro the composer left without
// drums, in a song whose drums play one groove bar over and over and one
// snare roll: the intro takes the groove, not the roll.
func TestEnergyBringsTheGroove(t *testing.T) {
	s := energyScore()
	d := &s.Tracks[0]
	d.Hits = d.Hits[:0]
	for b := 8.0; b < 24; b += 0.5 {
		switch {
		case b >= 12 && b < 16: // a bar-long roll
			d.Hits = append(d.Hits, score.Hit{Start: b, Drum: score.Snare, Velocity: 0.7},
				score.Hit{Start: b + 0.25, Drum: score.Snare, Velocity: 0.7})
		case b == float64(int(b)):
			d.Hits = append(d.Hits, score.Hit{Start: b, Drum: score.Kick, Velocity: 0.8},
				score.Hit{Start: b, Drum: score.ClosedHat, Velocity: 0.6})
		default:
			d.Hits = append(d.Hits, score.Hit{Start: b, Drum: score.ClosedHat, Velocity: 0.6})
		}
	}
	c, err := edit.ParseCurve([]byte(`{"intro": 1, "verse": 1, "outro": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	out := edit.Energy(s, c)
	if n, _ := countIn(out.Tracks[0], 0, 8, score.Snare); n != 0 {
		t.Errorf("the intro plays %d snares: it took the roll for its groove", n)
	}
	if n, _ := countIn(out.Tracks[0], 0, 8, score.Kick); n != 8 {
		t.Errorf("the intro plays %d kicks, want the groove's 8", n)
	}
}
