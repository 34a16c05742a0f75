package engine

import (
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// clockHits puts the performed score p of a written score w with hit
// points (score.Marks) on w's tempo map: the players kept a steady tempo
// (perform sees the marks), and every note, hit, control and noise moves to where
// the map plays its beat, so each hit lands on its downbeat to the sample.
func clockHits(p, w *score.Score) {
	if len(w.Marks) == 0 || len(w.Tempo) == 0 {
		return
	}
	p.Tracks = slices.Clone(p.Tracks)
	for i := range p.Tracks {
		t := &p.Tracks[i]
		t.Notes, t.Hits, t.Controls, t.Noises = slices.Clone(t.Notes), slices.Clone(t.Hits), slices.Clone(t.Controls), slices.Clone(t.Noises)
		for k := range t.Notes {
			n := &t.Notes[k]
			end := w.Clock(n.Start + n.Length)
			n.Start = w.Clock(n.Start)
			n.Length = end - n.Start
		}
		for k := range t.Hits {
			t.Hits[k].Start = w.Clock(t.Hits[k].Start)
		}
		for k := range t.Controls {
			t.Controls[k].Start = w.Clock(t.Controls[k].Start)
		}
		for k := range t.Noises {
			x := &t.Noises[k]
			end := w.Clock(x.Start + x.Length)
			x.Start = w.Clock(x.Start)
			x.Length = end - x.Start
		}
	}
	p.Tempo = slices.Clone(w.Tempo)
	// TotalBeats stays written (the timeline and MIDI map it); the audio
	// lasts the clock's length, so the tail takes the difference.
	p.TailSeconds = max(p.TailSeconds+(w.Clock(w.TotalBeats)-w.TotalBeats)*60/w.BPM, 0.5)
}
