package edit

import (
	"errors"
	"fmt"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// Change is one edit of a composed song; zero fields keep what the song has.
type Change struct {
	BPM     float64 // the new tempo; 0 keeps it
	HasKey  bool    // KeyRoot is set
	KeyRoot int     // the new tonic, pitch class 0..11
	Mode    string  // the key's mode when named; must be the song's
	Seconds float64 // the new length in seconds; 0 keeps it
	Exact   bool    // make the length exactly Seconds (see Fit)
	Loop    bool    // make the song a seamless loop
	// Intensity is the accompaniment's density and energy, 0..1 (0.5 is
	// as composed); nil keeps it.
	Intensity *float64
	// Energy is the energy drawn per section or along the song (issue
	// 31 item 1, energy.go); nil keeps the composer's.
	Energy *Curve
	// Hits are hit points to land on downbeats (issue 31 item 2,
	// hits.go); nil: none.
	Hits []HitPoint
	// Instruments maps a role to its new instrument (a kit for drums);
	// "" removes the role's parts.
	Instruments map[string]string
	Regenerate  []string // section labels composed anew (see Splice)
	// Chords are chord charts by section (plan.Plan.Chords; "song" for
	// every section): the sections they name are played over them anew,
	// taken from Hooks.Chorded (see Splice); every other bar stays.
	Chords map[string]string
}

// Hooks are what a Change needs from the engine.
type Hooks struct {
	// Alt returns the other composition whose bars regenerated sections
	// take: the same plan at another seed, with the earlier changes of
	// the song applied. Needed only when the change regenerates.
	Alt func() (*score.Score, error)
	// Chorded returns the song composed again with the change's chords
	// (the same plan and seed, the earlier changes applied). Needed only
	// when the change gives chords.
	Chorded func() (*score.Score, error)
	// Recorded reports whether an instrument plays from the sample bank
	// (a swapped part's Track.Recorded); nil: never.
	Recorded func(score.Instrument) bool
}

// ErrEdit marks an edit the song cannot take (a section it does not have,
// a role it lacks, another mode): its message is for the user.
var ErrEdit = errors.New("edit")

// Error is an edit the song cannot take; it is ErrEdit, and its Message
// is for the user.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

// Is makes an *Error match ErrEdit.
func (e *Error) Is(target error) bool { return target == ErrEdit }

func fail(format string, args ...any) error { return &Error{Message: fmt.Sprintf(format, args...)} }

// Apply returns s with the change c made, in the order of the package doc.
func Apply(s *score.Score, c Change, h Hooks) (*score.Score, error) {
	s = Clone(s)
	var err error
	if len(c.Regenerate) > 0 {
		if h.Alt == nil {
			return nil, errors.New("edit: regenerate without an Alt")
		}
		alt, err := h.Alt()
		if err != nil {
			return nil, err
		}
		if s, err = Splice(s, alt, c.Regenerate); err != nil {
			return nil, err
		}
	}
	if len(c.Chords) > 0 {
		if s, err = rechord(s, c.Chords, h); err != nil {
			return nil, err
		}
	}
	if c.BPM > 0 {
		s.BPM = c.BPM
	}
	if c.Loop && !s.Loop {
		s = MakeLoop(s)
	}
	if c.Seconds > 0 {
		s = Reform(s, c.Seconds)
		if c.Exact && !s.Loop {
			Fit(s, c.Seconds, c.BPM == 0)
		}
	}
	if c.HasKey || c.Mode != "" {
		root := s.KeyRoot
		if c.HasKey {
			root = c.KeyRoot
		}
		if s, err = Transpose(s, root, c.Mode); err != nil {
			return nil, err
		}
	}
	if len(c.Instruments) > 0 {
		if s, err = Swap(s, c.Instruments, h.Recorded); err != nil {
			return nil, err
		}
	}
	if c.Intensity != nil {
		s = Intensity(s, *c.Intensity)
	}
	if c.Energy != nil {
		s = Energy(s, c.Energy)
	}
	if len(c.Hits) > 0 {
		s = Hits(s, c.Hits)
	}
	return s, nil
}

// WithoutRegenerate is c without its regenerated sections and its
// chords: what an Alt (or a Chorded song, composed with the chords of
// every change) applies of the song's earlier changes.
func (c Change) WithoutRegenerate() Change {
	c.Regenerate, c.Chords = nil, nil
	return c
}

// rechord splices in the sections chords name from the song composed
// again with them: "song" names every section.
func rechord(s *score.Score, chords map[string]string, h Hooks) (*score.Score, error) {
	if h.Chorded == nil {
		return nil, errors.New("edit: chords without a Chorded")
	}
	alt, err := h.Chorded()
	if err != nil {
		return nil, err
	}
	var labels []string
	for name := range chords {
		if name != "song" {
			labels = append(labels, name)
			continue
		}
		for _, sec := range s.Sections {
			if !slices.Contains(labels, sec.Name) {
				labels = append(labels, sec.Name)
			}
		}
	}
	slices.Sort(labels)
	return Splice(s, alt, slices.Compact(labels))
}

// Clone returns a copy of s that shares nothing mutable with it.
func Clone(s *score.Score) *score.Score {
	out := *s
	out.Sections = slices.Clone(s.Sections)
	out.Chords = slices.Clone(s.Chords)
	out.Tempo = slices.Clone(s.Tempo)
	out.Marks = slices.Clone(s.Marks)
	out.OddBars = slices.Clone(s.OddBars)
	out.Tracks = slices.Clone(s.Tracks)
	for i := range out.Tracks {
		out.Tracks[i].Notes = slices.Clone(out.Tracks[i].Notes)
		out.Tracks[i].Hits = slices.Clone(out.Tracks[i].Hits)
	}
	return &out
}
