package httpapi

import "github.com/songsmith/songsmith/internal/jobs/measured"

// MeasuredBody is the measured member of a result: what the engine's
// analysis heard in the song, each field as value, asked and matches
// (docs/api.md, "The measured block").
type MeasuredBody struct {
	BPM          MeasuredTempoBody `json:"bpm"`
	Key          MeasuredKeyBody   `json:"key"`
	LoudnessLUFS MeasuredValueBody `json:"loudness_lufs"`
	TruePeakDBTP MeasuredValueBody `json:"true_peak_dbtp"`
	Duration     MeasuredValueBody `json:"duration"`
	AudibleEnd   MeasuredValueBody `json:"audible_end"`
}

// MeasuredValueBody is one measured number.
type MeasuredValueBody struct {
	Value   float64 `json:"value"`
	Asked   float64 `json:"asked"`
	Matches bool    `json:"matches"`
}

// MeasuredTempoBody is the measured tempo; FeltBPM and Reason are present
// when the song is heard at another tempo than written.
type MeasuredTempoBody struct {
	Value   float64  `json:"value"`
	Asked   float64  `json:"asked"`
	Matches bool     `json:"matches"`
	FeltBPM *float64 `json:"felt_bpm,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// MeasuredKeyBody is the measured key and its relation to the written one.
type MeasuredKeyBody struct {
	Value    string `json:"value"`
	Asked    string `json:"asked"`
	Matches  bool   `json:"matches"`
	Relation string `json:"relation"`
}

// NewMeasuredBody is the wire form of m (nil for nil).
func NewMeasuredBody(m *measured.Block) *MeasuredBody {
	if m == nil {
		return nil
	}
	v := func(x measured.Value) MeasuredValueBody {
		return MeasuredValueBody{Value: x.Value, Asked: x.Asked, Matches: x.Matches}
	}
	b := &MeasuredBody{
		BPM:          MeasuredTempoBody{Value: m.BPM.Value, Asked: m.BPM.Asked, Matches: m.BPM.Matches, Reason: m.BPM.Reason},
		Key:          MeasuredKeyBody{Value: m.Key.Value, Asked: m.Key.Asked, Matches: m.Key.Matches, Relation: m.Key.Relation},
		LoudnessLUFS: v(m.LoudnessLUFS), TruePeakDBTP: v(m.TruePeakDBTP), Duration: v(m.Duration), AudibleEnd: v(m.AudibleEnd),
	}
	if m.BPM.FeltBPM > 0 {
		felt := m.BPM.FeltBPM
		b.BPM.FeltBPM = &felt
	}
	return b
}
