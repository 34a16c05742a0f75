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
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// outputs ["musicxml"] gives the MusicXML of the song's composed score
// (not the performed one), titled with the song's title.
func TestGenerateMusicXML(t *testing.T) {
	testutil.SkipRaceShort(t)
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

// The recipe of a song made with outputs ["musicxml"] renders the same
// song again, and its options make the same score.
func TestMusicXMLRecipe(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := &studio.Studio{Format: "wav", Synth: synth.Options{Bank: synth.NoBank}}
	gen := func(prompt string, o jobs.Options) *jobs.Song {
		t.Helper()
		if err := o.FromRecipe(); err != nil { // as Service.Submit does
			t.Fatal(err)
		}
		if err := o.Normalize(); err != nil {
			t.Fatal(err)
		}
		song, err := s.Generate(context.Background(), prompt, 8, o)
		if err != nil {
			t.Fatal(err)
		}
		return song
	}
	a := gen("waltz for strings, 10 seconds", jobs.Options{Outputs: []string{request.OutputMusicXML}})
	b := gen("anything", jobs.Options{Recipe: a.Recipe})
	if samplesHash(t, a) != samplesHash(t, b) {
		t.Fatal("the recipe renders another song")
	}
	if a.MusicXML == nil || b.MusicXML == nil || !bytes.Equal(a.MusicXML.Data, b.MusicXML.Data) {
		t.Fatal("the recipe's song has another score, or none")
	}
}
