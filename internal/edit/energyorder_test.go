package edit_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/score"
)

// TestEnergyPartsOrder: drawn 0.9, 0.6, 0.2, a part louder in a lower
// section than above plays at least 1.5 dB under it there; and a lead the
// 0.6 verse does not play leaves the 0.2 outro (a melody brought in drawn
// that low would outplay the section above), while the lead the verse
// plays stays in it.
func TestEnergyPartsOrder(t *testing.T) {
	s := energyScore()
	s.Tracks[3].Notes = append(s.Tracks[3].Notes, score.Note{Start: 16, Length: 4, Pitch: 45, Velocity: 0.7})
	verseLead := score.Track{Name: "sax", Instrument: score.Sax, Role: score.RoleLead}
	outroLead := score.Track{Name: "saw", Instrument: score.SawLead, Role: score.RoleLead}
	for b := 0.0; b < 8; b += 2 {
		verseLead.Notes = append(verseLead.Notes, score.Note{Start: 8 + b, Length: 2, Pitch: 72, Velocity: 0.5})
		outroLead.Notes = append(outroLead.Notes, score.Note{Start: 16 + b, Length: 2, Pitch: 74, Velocity: 0.9})
	}
	// The drums play louder in the verse than in the intro.
	for k, h := range s.Tracks[0].Hits {
		if h.Start >= 8 && h.Start < 16 {
			s.Tracks[0].Hits[k].Velocity = 1
		}
	}
	s.Tracks = append(s.Tracks, verseLead, outroLead)
	c, err := edit.ParseCurve([]byte(`{"intro": 0.9, "verse": 0.6, "outro": 0.2}`))
	if err != nil {
		t.Fatal(err)
	}
	out := edit.Energy(s, c)
	if n, _ := countIn(out.Tracks[5], 16, 24, ""); n != 0 {
		t.Errorf("%d notes of the lead the verse does not play in the 0.2 outro, want none", n)
	}
	if n, _ := countIn(out.Tracks[4], 8, 16, ""); n != 4 {
		t.Errorf("%d notes of the verse's own lead in the verse, want its 4", n)
	}
	power := func(tr score.Track, from, to float64) float64 { // the hits' squared velocities a beat
		p := 0.0
		for _, h := range tr.Hits {
			if h.Start >= from && h.Start < to {
				p += h.Velocity * h.Velocity
			}
		}
		return p / (to - from)
	}
	if intro, verse := power(out.Tracks[0], 0, 8), power(out.Tracks[0], 8, 16); verse > intro*0.71 {
		t.Errorf("the verse's drums play %.3f a beat against the intro's %.3f, want 1.5 dB under", verse, intro)
	}
}
