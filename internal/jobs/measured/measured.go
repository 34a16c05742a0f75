// Package measured is the measured block of a job's result: what the
// engine's own analysis heard in a finished song's mastered audio, each
// field next to what was asked and whether the two agree (issue 30 item 4;
// docs/engine.md, "What the measured block measures", gives every rule).
// It imports nothing of the module.
package measured

// Block is the measured block of one song.
type Block struct {
	BPM          Tempo
	Key          Key
	LoudnessLUFS Value // integrated loudness (BS.1770-4) against the master's target
	TruePeakDBTP Value // true peak (4x oversampled) against the master's ceiling
	Duration     Value // the audio's length against the asked length
	// AudibleEnd is the end of the last sample above -60 dBFS against the
	// audio's length (it matches when less than the closing silence
	// allowance is left).
	AudibleEnd Value
}

// Value is one measured number, what was asked of it and whether it
// matches by the field's rule.
type Value struct {
	Value, Asked float64
	Matches      bool
}

// Tempo is the measured tempo: Value is the pulse at the asked
// tempo's metrical level (or the dominant pulse when there is none near
// it). FeltBPM is the tempo a listener or tempo tracker counts when it is
// another level (double or half time, triplets, no steady pulse), with
// the Reason in words; 0 and "" when the song is heard as written.
type Tempo struct {
	Value, Asked float64
	Matches      bool
	FeltBPM      float64
	Reason       string
}

// Key is the measured key ("A minor": a major or minor key, the
// chroma estimate) against the written key ("A dorian"). Relation is
// "same", "same notes" (the measured key's scale has exactly the written
// mode's notes: a relative key or a mode's parent scale), "parallel",
// "fifth" or "other"; Matches holds for the first two.
type Key struct {
	Value, Asked string
	Matches      bool
	Relation     string
}
