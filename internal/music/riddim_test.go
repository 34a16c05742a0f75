package music_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// soundingShare is the share of the points every step beats in [from,
// to) where one of notes sounds.
func soundingShare(notes []score.Note, from, to, step float64) float64 {
	var in, all int
	for p := from; p < to-1e-9; p += step {
		all++
		for _, n := range notes {
			if n.Start <= p+1e-9 && p < n.Start+n.Length-1e-9 {
				in++
				break
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(in) / float64(all)
}

// trackOf returns s's track playing part p (nil when none does).
func trackOf(s *score.Score, p score.Part) *score.Track {
	for i := range s.Tracks {
		if s.Tracks[i].Part == p {
			return &s.Tracks[i]
		}
	}
	return nil
}

// A reggae intro's organ holds a note under the skank's short chops
// (riddimHold), so the intro sounds through every beat: its chops alone
// (0.3 beats on 2, the "and" of 2, 4 and its "and") left the intro 33-63
// dB under the song's median between them. The one drop's bass holds its
// root to the "and" of 2 and its fifth nearly to 4, so the verses and
// choruses sound through the drop (1.25 and 0.75 beats left a quarter of
// every bar without bass: quiet-moment depth 16.7 dB at seed 2).
func TestReggaeRiddimHolds(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := composeResolved("roots reggae with organ skank and deep bass, 45 seconds", seed)
		chords, bass := trackOf(s, score.PartChords), trackOf(s, score.PartBass)
		if s.Genre != "reggae" || chords == nil || bass == nil || len(s.Sections) == 0 || s.Sections[0].Name != "intro" {
			t.Fatalf("seed %d: genre %q, chords %v, bass %v, sections %v", seed, s.Genre, chords != nil, bass != nil, s.Sections)
		}
		in := s.Sections[0]
		end := in.StartBeat + float64(in.Bars*s.BeatsPerBar)
		if got := soundingShare(chords.Notes, in.StartBeat, end, 0.25); got < 0.99 {
			t.Errorf("seed %d: the organ sounds at %.0f %% of the intro's sixteenths, want all", seed, 100*got)
		}
		for _, sec := range s.Sections {
			if sec.Name != "verse" && sec.Name != "chorus" {
				continue
			}
			to := sec.StartBeat + float64(sec.Bars*s.BeatsPerBar)
			if got := soundingShare(bass.Notes, sec.StartBeat, to, 0.25); got < 0.85 {
				t.Errorf("seed %d: the bass sounds at %.0f %% of the %s's sixteenths (beats %.0f-%.0f), want 85 %% or more", seed, 100*got, sec.Name, sec.StartBeat, to)
			}
		}
	}
}

// steppers reports whether s's drums kick on every beat of its first
// verse (reggae's steppers; the one drop kicks on 3 only).
func steppers(s *score.Score) bool {
	for _, sec := range s.Sections {
		if sec.Name != "verse" {
			continue
		}
		kicks := 0
		for _, tr := range s.Tracks {
			for _, h := range tr.Hits {
				if h.Drum == score.Kick && h.Start >= sec.StartBeat && h.Start < sec.StartBeat+float64(s.BeatsPerBar) {
					kicks++
				}
			}
		}
		return kicks >= s.BeatsPerBar
	}
	return false
}

// Reggae's tune follows its groove's pulse (style.Groove.LeadDensity):
// over the one drop, heard at its eighths, a tune as dense as a pop
// lead's; over the steppers, heard at the beat, one in quarters and
// halves. The style's one density (0.4) let the tune move aubio between
// the beat and the eighths: roots reggae at 72 bpm heard at 136.0, at 77
// at 109.0.
func TestReggaeTuneFollowsTheGroove(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed += 2 {
		notes := map[bool]int{}
		for _, sd := range []uint64{seed, seed + 1} {
			s := composeResolved("roots reggae with organ skank and deep bass, 45 seconds", sd)
			if lead := trackOf(s, score.PartLead); lead != nil {
				notes[steppers(s)] += len(lead.Notes)
			}
		}
		if notes[true] == 0 || notes[false] < notes[true]*3/2 {
			t.Errorf("seeds %d-%d: the lead plays %d notes over the one drop, %d over the steppers; want 1.5 times as many or more", seed, seed+1, notes[false], notes[true])
		}
	}
}

// Over the one drop (heard at its eighths) every note of reggae's tune
// starts on an eighth (style.Groove.LeadEighths): a dotted eighth and a
// sixteenth on every beat of the verse took aubio onto the beat for a
// 15 s song's last two bars (147.2 for 78 bpm). The steppers' tune keeps
// its sixteenths.
func TestReggaeOneDropTuneOnEighths(t *testing.T) {
	songs, sixteenths := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := composeResolved("roots reggae with organ skank and deep bass, 15 seconds", seed)
		lead := trackOf(s, score.PartLead)
		if lead == nil {
			continue
		}
		off := 0
		for _, n := range lead.Notes {
			if f := n.Start * 2; math.Abs(f-math.Round(f)) > 1e-6 {
				off++
			}
		}
		if steppers(s) {
			sixteenths += off
			continue
		}
		songs++
		if off > 0 {
			t.Errorf("seed %d (one drop): %d of the tune's %d notes start between eighths", seed, off, len(lead.Notes))
		}
	}
	if songs < 3 || sixteenths == 0 {
		t.Errorf("%d one-drop songs, %d sixteenth notes over the steppers: want 3 or more, and some", songs, sixteenths)
	}
}
