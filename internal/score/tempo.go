package score

import "sort"

// TempoChange is a tempo from a written beat on, until the next change.
type TempoChange struct {
	Beat float64 // written beats from song start (the composed grid)
	BPM  float64
	// Clock is where Beat is played, in clock beats (see Score.Clock);
	// SetTempo fills it.
	Clock float64
}

// SetTempo sets s's tempo map to changes (sorted by Beat, each BPM > 0),
// filling in each change's Clock. Before the first change the tempo is
// BPM.
func (s *Score) SetTempo(changes []TempoChange) {
	c := 0.0
	prev := TempoChange{BPM: s.BPM}
	for i := range changes {
		c += (changes[i].Beat - prev.Beat) * s.BPM / prev.BPM
		changes[i].Clock = c
		prev = changes[i]
	}
	s.Tempo = changes
}

// Clock returns where written beat b is played, in clock beats (beats of
// the steady BPM: seconds = Clock(b)*60/BPM): the integral of the tempo
// map from the start. Without a map it is b. Past the map's end the last
// tempo holds; before its first change the tempo is BPM.
func (s *Score) Clock(b float64) float64 {
	i := sort.Search(len(s.Tempo), func(i int) bool { return s.Tempo[i].Beat > b }) - 1
	if i < 0 {
		return b
	}
	t := s.Tempo[i]
	return t.Clock + (b-t.Beat)*s.BPM/t.BPM
}

// Written returns the written beat played at clock beat c: the inverse of
// Clock.
func (s *Score) Written(c float64) float64 {
	i := sort.Search(len(s.Tempo), func(i int) bool { return s.Tempo[i].Clock > c }) - 1
	if i < 0 {
		return c
	}
	t := s.Tempo[i]
	return t.Beat + (c-t.Clock)*t.BPM/s.BPM
}

// WrittenToSeconds returns the time of written beat b, seconds from the
// start: a bar line's or a section's time under the tempo map.
func (s *Score) WrittenToSeconds(b float64) float64 { return s.BeatToSeconds(s.Clock(b)) }

// ControlKind names what a Control moves.
type ControlKind uint8

// The controls a performance writes.
const (
	// Bend is the pitch bend, in semitones (Control.Value), of a
	// monophonic part: vibrato on a held note, a bend into a note, a slide.
	Bend ControlKind = iota + 1
	// Modulation is MIDI CC 1, 0..1: vibrato depth on held notes.
	Modulation
	// Expression is MIDI CC 11, 0..1: the swell of a sustained part
	// (1 plays the notes' velocities as they are).
	Expression
	// Breath is MIDI CC 2, 0..1: the breath controller of a wind or a
	// voice, the air behind its phrases (none between them). Written to
	// the MIDI file for a DAW's breath-controlled instruments; the
	// synthesizer's noise voice plays the part's Noises instead.
	Breath
)

// Control is one point of a continuous control: from Start on the control
// has Value, until the next point of the same kind.
type Control struct {
	Start float64 // beats, timed like the notes
	Kind  ControlKind
	Value float64
}
