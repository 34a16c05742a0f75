package client

import "encoding/base64"

// melody is the "melody" member a request sends.
type melody struct {
	ABC       string `json:"abc,omitempty"`
	MIDI      string `json:"midi,omitempty"`
	Track     int    `json:"track,omitempty"`
	Transpose int    `json:"transpose,omitempty"`
}

// WithMelodyABC asks the song to arrange the tune abc, an ABC tune (X:,
// T:, M:, L:, Q:, K: headers, then the notes): the lead plays every note
// as written, the key, meter and tempo come from the tune, and chords are
// found for it unless [WithChords] gives them. A tune that does not read
// is an [*APIError] with Code "invalid_request" naming its line and bar.
// It replaces an earlier WithMelodyMIDI.
func WithMelodyABC(abc string) GenerateOption {
	return func(o *generateOptions) {
		o.ext.Melody = &melody{ABC: abc, Transpose: transposeOf(o.ext.Melody)}
	}
}

// WithMelodyMIDI asks the song to arrange the melody of a standard MIDI
// file (format 0 or 1, at most 64 KiB and 2,000 notes): track is the
// track that holds it, from 1, or 0 for the first with notes outside the
// drum channel. It replaces an earlier WithMelodyABC.
func WithMelodyMIDI(file []byte, track int) GenerateOption {
	return func(o *generateOptions) {
		o.ext.Melody = &melody{MIDI: base64.StdEncoding.EncodeToString(file), Track: track, Transpose: transposeOf(o.ext.Melody)}
	}
}

// WithMelodyTranspose moves the melody given by [WithMelodyABC] or
// [WithMelodyMIDI] (either order) by semitones (-24 to 24), and the
// song's key with it.
func WithMelodyTranspose(semitones int) GenerateOption {
	return func(o *generateOptions) {
		if o.ext.Melody == nil {
			o.ext.Melody = &melody{}
		}
		o.ext.Melody.Transpose = semitones
	}
}

func transposeOf(m *melody) int {
	if m == nil {
		return 0
	}
	return m.Transpose
}
