package studio

import (
	"bytes"
	"fmt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/notation"
	"github.com/songsmith/songsmith/internal/score"
)

// MusicXMLContentType is the media type of the MusicXML output.
const MusicXMLContentType = notation.ContentType

// MusicXML writes the song's composed score s (engine.Song.Written: the
// notes on their grid, not as the players performed them) as a MusicXML
// 4.0 file titled title (outputs ["musicxml"]).
func MusicXML(s *score.Score, title string) (*jobs.File, error) {
	var buf bytes.Buffer
	if err := notation.Write(&buf, s, title); err != nil {
		return nil, fmt.Errorf("studio: musicxml: %w", err)
	}
	return &jobs.File{Data: buf.Bytes(), ContentType: MusicXMLContentType, Ext: "musicxml"}, nil
}
