package studio_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/notation"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
)

// outputs ["musicxml"] gives the MusicXML of the song's composed score
// (not the performed one), titled with the song's title.
func TestGenerateMusicXML(t *testing.T) {
	const prompt = "jazz trio with piano"
	song, err := (&studio.Studio{}).Generate(context.Background(), prompt, 5,
		jobs.Options{Seconds: 12, Outputs: []string{request.OutputMusicXML}})
	if err != nil {
		t.Fatal(err)
	}
	if song.MusicXML == nil || song.MusicXML.ContentType != "application/vnd.recordare.musicxml+xml" || song.MusicXML.Ext != "musicxml" {
		t.Fatalf("MusicXML file %+v", song.MusicXML)
	}
	if song.MIDI != nil || song.Stems != nil {
		t.Error("files that were not asked for")
	}
	written, title, _ := composeWritten(prompt, 5, engine.Options{Seconds: 12})
	var want bytes.Buffer
	if err := notation.Write(&want, written, title); err != nil {
		t.Fatal(err)
	}
	if title != song.Title || !bytes.Equal(song.MusicXML.Data, want.Bytes()) {
		t.Errorf("the MusicXML (%d bytes, %q) is not the composed score's (%d bytes, %q)",
			len(song.MusicXML.Data), song.Title, want.Len(), title)
	}
}
