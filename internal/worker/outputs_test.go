package worker_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/worker"
)

// recMedia records what was stored.
type recMedia struct{ got map[string]string }

func (m *recMedia) PutMedia(_ context.Context, key, _ string, body io.Reader, size int64) error {
	b, _ := io.ReadAll(body)
	if int64(len(b)) != size {
		return io.ErrShortWrite
	}
	m.got[key] = string(b)
	return nil
}
func (m *recMedia) MediaURL(context.Context, string, time.Duration) (string, error) { return "", nil }
func (m *recMedia) DeleteMedia(context.Context, string) error                       { return nil }

// A job with options is generated with its seed and options; stems that
// come in a temporary file are stored and the file is removed; the result
// carries the extension keys.
func TestProcessOptions(t *testing.T) {
	ctx := context.Background()
	st, err := embedded.Open(filepath.Join(t.TempDir(), "db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	seed := uint64(99)
	j := jobstest.NewJob("k")
	j.StartedAt, j.ExpiresAt = time.Now().UTC(), time.Now().UTC().Add(time.Hour)
	j.Options = &jobs.Options{Seed: &seed, Format: "flac", Outputs: []string{request.OutputStems, request.OutputMIDI, request.OutputMusicXML}}
	if err := st.CreateJob(ctx, j); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), "stems.zip")
	if err := os.WriteFile(tmp, []byte("zip bytes"), 0o600); err != nil {
		t.Fatal(err)
	}
	gen := &jobstest.Generator{Func: func(_ context.Context, _ string, s uint64, o jobs.Options) (*jobs.Song, error) {
		if s != 99 || o.Format != "flac" {
			t.Errorf("seed %d options %+v", s, o)
		}
		song := jobstest.TinySong()
		song.Stems = &jobs.File{Path: tmp, ContentType: "application/zip", Ext: "zip"}
		song.MIDI = &jobs.File{Data: []byte("MThd"), ContentType: "audio/midi", Ext: "mid"}
		song.MusicXML = &jobs.File{Data: []byte("<?xml"), ContentType: "application/vnd.recordare.musicxml+xml", Ext: "musicxml"}
		return song, nil
	}}
	m := &recMedia{got: map[string]string{}}
	w := &worker.Worker{Jobs: st, Media: m, Generator: gen, MaxAttempts: 1}
	if out, err := w.Process(ctx, j.ID, 1); out != worker.Completed || err != nil {
		t.Fatalf("%s %v", out, err)
	}
	got, _ := st.Job(ctx, j.ID)
	r := got.Result
	if r.Seed != 99 || r.Format != "wav" || r.StemsKey != mediakey.Stems(j.ID) || r.MIDIKey != mediakey.MIDI(j.ID) ||
		r.MusicXMLKey != mediakey.MusicXML(j.ID) {
		t.Fatalf("result %+v", r)
	}
	if m.got[r.StemsKey] != "zip bytes" || m.got[r.MIDIKey] != "MThd" || m.got[r.MusicXMLKey] != "<?xml" {
		t.Fatalf("stored %v", m.got)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Fatalf("temporary stems file left behind: %v", err)
	}
}
