package client

// Measured is what the service's own analysis heard in a finished song's
// audio, each field next to what was asked and whether the two match
// (the API's "measured" member; in every completed result of a server
// that measures).
type Measured struct {
	BPM          MeasuredTempo `json:"bpm"`
	Key          MeasuredKey   `json:"key"`
	LoudnessLUFS MeasuredValue `json:"loudness_lufs"`  // integrated loudness against the master's target
	TruePeakDBTP MeasuredValue `json:"true_peak_dbtp"` // true peak against the master's ceiling
	Duration     MeasuredValue `json:"duration"`       // seconds, against the asked length
	AudibleEnd   MeasuredValue `json:"audible_end"`    // the last sound above -60 dBFS, against the length
}

// MeasuredValue is one measured number, what was asked and whether they
// match.
type MeasuredValue struct {
	Value   float64 `json:"value"`
	Asked   float64 `json:"asked"`
	Matches bool    `json:"matches"`
}

// MeasuredTempo is the measured tempo; FeltBPM (nil when the song is heard
// as written) is the tempo a listener counts instead, for the Reason given.
type MeasuredTempo struct {
	Value   float64  `json:"value"`
	Asked   float64  `json:"asked"`
	Matches bool     `json:"matches"`
	FeltBPM *float64 `json:"felt_bpm,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// MeasuredKey is the estimated key ("A minor") against the written one;
// Relation is "same", "same notes", "parallel", "fifth" or "other".
type MeasuredKey struct {
	Value    string `json:"value"`
	Asked    string `json:"asked"`
	Matches  bool   `json:"matches"`
	Relation string `json:"relation"`
}
