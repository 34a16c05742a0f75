package studio

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/music/describe"
	"github.com/songsmith/songsmith/internal/score"
)

// TimelineContentType is the content type of the timeline document.
const TimelineContentType = "application/json"

// TimelineVersion is the version of the timeline document's shape.
const TimelineVersion = 1

// Timeline is the composed grid of a song (outputs: ["timeline"]): every
// time is in seconds from the first sample of the audio. It is a view of
// the score: notes sit on this grid (a performance layer may move them by
// a few milliseconds around it). Where the performance has a tempo map
// (score.Score.Tempo), beats, bars, sections and chords follow it: each
// time is the integral of the map up to its written beat.
type Timeline struct {
	Version  int     `json:"version"`
	Duration float64 `json:"duration"` // the audio's length, release tail included
	Tempo    struct {
		BPM float64 `json:"bpm"`
		// Changes lists the performed tempo changes (bpm from a time):
		// phrase rubato and final ritardandi of live styles; empty where
		// the tempo is steady.
		Changes []TempoChange `json:"changes"`
	} `json:"tempo"`
	Meter struct {
		Signature   string `json:"signature"`     // "4/4", "3/4", "6/8"
		BeatsPerBar int    `json:"beats_per_bar"` // beats counted by bpm (6/8: two dotted quarters)
		// Changes lists the bars of another meter: a hit point's odd bar
		// (a 2/4 or 5/4 bar in 4/4) and the return after it; empty
		// where every bar is in the song's meter.
		Changes []MeterChange `json:"changes"`
	} `json:"meter"`
	Key struct {
		Name string `json:"name"` // "D minor"
		// Modulations lists key changes: a section played in another
		// key (a lifted last chorus) and the return to the song's key.
		Modulations []Modulation `json:"modulations"`
	} `json:"key"`
	Beats     []float64 `json:"beats"`     // every beat of the music (bpm counts them)
	Downbeats []float64 `json:"downbeats"` // the first beat of every bar
	Sections  []Span    `json:"sections"`  // label, start, end, energy
	Chords    []Chord   `json:"chords"`    // symbol, start, end
	Parts     []Part    `json:"parts"`     // per part, when it plays
	// Hits are the request's hit points and where each landed (issue 31
	// item 2); empty without any.
	Hits []HitLanding `json:"hits"`
}

// HitLanding is a hit point: its kind, the time asked, the downbeat it
// landed on (At, seconds; Bar from 1) and how far that is from the time
// asked (Moved, seconds, positive: later).
type HitLanding struct {
	Kind  string  `json:"kind"`
	Asked float64 `json:"asked"`
	At    float64 `json:"at"`
	Bar   int     `json:"bar"`
	Moved float64 `json:"moved"`
}

// MeterChange is a new meter from a time (a downbeat) on.
type MeterChange struct {
	At          float64 `json:"at"`
	Signature   string  `json:"signature"`
	BeatsPerBar int     `json:"beats_per_bar"`
}

// TempoChange is a new tempo from a time on.
type TempoChange struct {
	At  float64 `json:"at"`
	BPM float64 `json:"bpm"`
}

// Modulation is a new key from a time on.
type Modulation struct {
	At  float64 `json:"at"`
	Key string  `json:"key"`
}

// Span is a labelled stretch of the song.
type Span struct {
	Label string  `json:"label"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	// Energy is the energy the section plays at, 0..1: the drawn
	// energy's where the request gives one, else the composer's.
	Energy float64 `json:"energy"`
}

// Chord is one chord of the harmony and when it sounds.
type Chord struct {
	Symbol string  `json:"symbol"`
	Start  float64 `json:"start"`
	End    float64 `json:"end"`
}

// Part is one instrument's part and the stretches (whole bars) in which
// it plays: a bar counts when a note or hit sounds in it.
type Part struct {
	Name       string     `json:"name"`
	Instrument string     `json:"instrument"`
	Role       string     `json:"role"`
	Plays      []Interval `json:"plays"`
}

// Interval is a stretch of time.
type Interval struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

// NewTimeline is the timeline of s, whose audio lasts seconds.
func NewTimeline(s *score.Score, seconds float64) *Timeline {
	t := &Timeline{Version: TimelineVersion, Duration: round6(seconds)}
	at := func(beat float64) float64 { return round6(s.WrittenToSeconds(beat)) }
	t.Tempo.BPM, t.Tempo.Changes = s.BPM, make([]TempoChange, 0, len(s.Tempo))
	for _, c := range s.Tempo {
		t.Tempo.Changes = append(t.Tempo.Changes, TempoChange{At: at(c.Beat), BPM: math.Round(c.BPM*1000) / 1000})
	}
	bpb := max(s.BeatsPerBar, 1)
	t.Meter.BeatsPerBar = bpb
	t.Meter.Signature = signature(s, bpb)
	t.Key.Name, t.Key.Modulations = describe.KeyName(s), []Modulation{}
	beats := int(math.Round(s.TotalBeats))
	downbeats := s.Downbeats()
	t.Beats, t.Downbeats = make([]float64, 0, beats), make([]float64, 0, len(downbeats))
	for b := 0; b < beats; b++ {
		t.Beats = append(t.Beats, at(float64(b)))
	}
	for _, b := range downbeats {
		t.Downbeats = append(t.Downbeats, at(b))
	}
	t.Meter.Changes = meterChanges(s, at)
	t.Sections = make([]Span, 0, len(s.Sections))
	shift := 0
	for i, sec := range s.Sections {
		t.Sections = append(t.Sections, Span{Label: sec.Name, Start: at(sec.StartBeat), End: at(s.SectionEnd(i)), Energy: math.Round(sec.Energy*1000) / 1000})
		if sec.KeyShift != shift {
			shift = sec.KeyShift
			t.Key.Modulations = append(t.Key.Modulations, Modulation{At: at(sec.StartBeat), Key: describe.KeyNameShifted(s, shift)})
		}
	}
	t.Chords = make([]Chord, 0, len(s.Chords))
	for _, c := range s.Chords {
		t.Chords = append(t.Chords, Chord{Symbol: c.Symbol, Start: at(c.StartBeat), End: at(c.StartBeat + c.Beats)})
	}
	t.Hits = make([]HitLanding, 0, len(s.Marks))
	for _, m := range s.Marks {
		t.Hits = append(t.Hits, HitLanding{Kind: m.Kind, Asked: m.Asked, At: at(m.Beat), Bar: score.BarOf(downbeats, m.Beat) + 1,
			Moved: round6(at(m.Beat) - m.Asked)})
	}
	t.Parts = make([]Part, 0, len(s.Tracks))
	for _, tr := range s.Tracks {
		p := Part{Name: tr.Name, Instrument: string(tr.Instrument), Role: string(tr.Role), Plays: []Interval{}}
		for _, bars := range playingBars(s, tr, downbeats) {
			p.Plays = append(p.Plays, Interval{Start: at(barStart(s, downbeats, bars[0])), End: at(barStart(s, downbeats, bars[1]))})
		}
		t.Parts = append(t.Parts, p)
	}
	return t
}

// barStart is the written beat of bar i (from 0) of s, whose downbeats
// are given; the bar after the last is the song's end.
func barStart(s *score.Score, downbeats []float64, i int) float64 {
	if i < len(downbeats) {
		return downbeats[i]
	}
	return s.TotalBeats
}

// meterChanges lists the bars of another meter (a hit point's odd bar)
// and the return to the song's meter after each, as times of at.
func meterChanges(s *score.Score, at func(float64) float64) []MeterChange {
	out := []MeterChange{}
	for _, o := range s.OddBars {
		out = append(out, MeterChange{At: at(o.Beat), Signature: signature(s, o.Beats), BeatsPerBar: o.Beats})
		if end := o.Beat + float64(o.Beats); end < s.TotalBeats-1e-9 {
			out = append(out, MeterChange{At: at(end), Signature: signature(s, s.BeatsPerBar), BeatsPerBar: s.BeatsPerBar})
		}
	}
	return out
}

// signature is the time signature of a bar of beats beats in s's meter.
func signature(s *score.Score, beats int) string {
	if s.Subdivision == 3 {
		return fmt.Sprintf("%d/8", 3*beats)
	}
	return fmt.Sprintf("%d/4", beats)
}

// playingBars returns the runs [first, end) of bars in which tr (a track
// of s, timed on its clock) sounds.
func playingBars(s *score.Score, tr score.Track, downbeats []float64) [][2]int {
	bars := len(downbeats)
	on := make([]bool, bars)
	mark := func(start, end float64) {
		start, end = s.Written(start), s.Written(end)
		for b := score.BarOf(downbeats, max(start, 0)); b < bars && downbeats[b] < end; b++ {
			on[b] = true
		}
	}
	for _, n := range tr.Notes {
		mark(n.Start, n.Start+max(n.Length, 1e-9))
	}
	for _, h := range tr.Hits {
		mark(h.Start, h.Start+1e-9)
	}
	var out [][2]int
	for b := 0; b < bars; b++ {
		if !on[b] {
			continue
		}
		if n := len(out); n > 0 && out[n-1][1] == b {
			out[n-1][1] = b + 1
		} else {
			out = append(out, [2]int{b, b + 1})
		}
	}
	return out
}

// TimelineFile encodes the timeline of s as the job's timeline file.
func TimelineFile(s *score.Score, seconds float64) (*jobs.File, error) {
	data, err := json.Marshal(NewTimeline(s, seconds))
	if err != nil {
		return nil, fmt.Errorf("studio: timeline: %w", err)
	}
	return &jobs.File{Data: data, ContentType: TimelineContentType, Ext: "json"}, nil
}

// round6 rounds seconds to the microsecond.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
