package overlay

import (
	"cmp"
	"slices"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

// ChoirChorus lets a choir the prompt names carry the chorus: besides its
// chords, it sings the lead's melody in every chorus and drop, each note
// held until the next (a choir sings lines, not staccato figures). The
// new part is featured, so the mix keeps it near the loudest part.
func ChoirChorus(s *score.Score, p plan.Plan) {
	if !slices.Contains(p.Featured, score.ChoirPad) {
		return
	}
	var lead *score.Track
	for i := range s.Tracks {
		t := &s.Tracks[i]
		if t.Instrument == score.ChoirPad && t.Role == score.RoleLead {
			return // the choir already sings the melody
		}
		if t.Role == score.RoleLead && lead == nil && len(t.Notes) > 0 {
			lead = t
		}
	}
	if lead == nil {
		return
	}
	var notes []score.Note
	for _, sec := range s.Sections {
		if sec.Name != "chorus" && sec.Name != "drop" {
			continue
		}
		from, to := sec.StartBeat, sec.StartBeat+float64(sec.Bars*s.BeatsPerBar)
		var in []score.Note
		for _, n := range lead.Notes {
			if n.Start >= from && n.Start < to {
				in = append(in, n)
			}
		}
		slices.SortFunc(in, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
		for i, n := range in {
			end := to
			if i+1 < len(in) {
				end = in[i+1].Start
			}
			n.Length = max(n.Length, min(end-n.Start, 4))
			n.Glide = false
			notes = append(notes, n)
		}
	}
	if len(notes) == 0 {
		return
	}
	s.Tracks = append(s.Tracks, score.Track{Name: "choir (chorus)", Instrument: score.ChoirPad, Role: score.RoleLead,
		Part: score.PartChoir, Notes: notes, Featured: true, Recorded: true})
}

// Texture adds the style's texture (rain, vinyl crackle, ...) as one note
// held through the song, unless the prompt leaves it out.
func Texture(s *score.Score, p plan.Plan, tx score.Instrument) {
	if tx == "" || slices.Contains(p.Without, tx) {
		return
	}
	s.Tracks = append(s.Tracks, score.Track{Name: "texture (" + string(tx) + ")", Instrument: tx, Role: score.RoleFX,
		Part: score.PartTexture, Notes: []score.Note{{Start: 0, Length: s.TotalBeats, Pitch: 60, Velocity: 0.6}}})
}
