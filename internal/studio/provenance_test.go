package studio_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

var testLicense = jobs.License{ID: "LicenseRef-Songsmith-Test", URL: "https://example.com/terms",
	Attribution: "Credit \"Music: Songsmith\".", Warranty: "Provided as is."}

// ffprobeTags returns the container tags ffprobe reads from an audio file
// (keys in lower case).
func ffprobeTags(t *testing.T, data []byte, ext string) map[string]string {
	t.Helper()
	probe := testutil.RequireTool(t, "ffprobe")
	path := filepath.Join(t.TempDir(), "song."+ext)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// Ogg's comments are the stream's tags, the others' the container's.
	out, err := exec.Command(probe, "-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", ext, err)
	}
	type tagged struct {
		Tags map[string]string `json:"tags"`
	}
	var doc struct {
		Format  tagged   `json:"format"`
		Streams []tagged `json:"streams"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	tags := map[string]string{}
	for _, st := range append(doc.Streams, doc.Format) {
		for k, v := range st.Tags {
			tags[strings.ToLower(k)] = v
		}
	}
	return tags
}

// TestProvenanceInEveryFile: the song's licence, engine version and the
// SHA-256 of its recipe are in the MP3's ID3 tag (TCOP, WCOP, TXXX), the
// WAV's LIST/INFO chunk (ICOP, ISFT, ICMT) and the FLAC's and Ogg's Vorbis comments,
// read back by ffprobe (a tool we did not write); the song carries the
// same provenance for its result.
func TestProvenanceInEveryFile(t *testing.T) {
	testutil.SkipRaceShort(t)
	if testing.Short() {
		t.Skip("-short: measurement test: every format encoded and read back by ffprobe")
	}
	s := &studio.Studio{Synth: synth.Options{Bank: synth.NoBank}, License: &testLicense}
	seed := uint64(11)
	for _, format := range request.Formats {
		t.Run(format, func(t *testing.T) {
			song, err := s.Generate(context.Background(), "happy pop song, 10 seconds", seed, jobs.Options{Format: format})
			if err != nil {
				t.Fatal(err)
			}
			if song.EngineVersion != recipe.Version || song.License == nil || *song.License != testLicense {
				t.Fatalf("song provenance %q %+v", song.EngineVersion, song.License)
			}
			rec, err := recipe.Parse(song.Recipe)
			if err != nil || rec.Seed != seed || rec.Bank != recipe.NoBank || rec.Title != song.Title {
				t.Fatalf("recipe %s: %+v %v", song.Recipe, rec, err)
			}
			sum := sha256.Sum256(song.Recipe)
			sha := hex.EncodeToString(sum[:])
			tags := ffprobeTags(t, song.Audio.Data, song.Audio.Ext)
			copyright := tags["copyright"]
			if !strings.Contains(copyright, testLicense.ID) || !strings.Contains(copyright, testLicense.URL) {
				t.Errorf("copyright tag %q lacks the licence and its URL (tags %v)", copyright, tags)
			}
			if tags["title"] != song.Title {
				t.Errorf("title tag %q, want %q", tags["title"], song.Title)
			}
			switch format {
			case request.FormatWAV: // ICMT holds name=value lines, ISFT the engine
				if !strings.Contains(tags["comment"], "SONGSMITH-RECIPE-SHA256="+sha) || !strings.Contains(tags["encoder"], recipe.Version) ||
					!strings.Contains(tags["comment"], "LICENSE="+testLicense.ID) {
					t.Errorf("WAV tags %v lack the recipe hash %s or engine version", tags, sha)
				}
			default: // TXXX frames and Vorbis comments, by name
				if tags["songsmith-recipe-sha256"] != sha || tags["songsmith-engine-version"] != recipe.Version ||
					tags["license"] != testLicense.ID || tags["license_url"] != testLicense.URL {
					t.Errorf("%s tags %v, want recipe hash %s, engine version %s, licence %s", format, tags, sha, recipe.Version, testLicense.ID)
				}
			}
			if format == request.FormatWAV { // the samples are untouched by the INFO chunk
				b, err := wav.Decode(bytes.NewReader(song.Audio.Data))
				if err != nil || b.Frames() == 0 {
					t.Fatalf("decode: %v", err)
				}
			}
		})
	}
}
