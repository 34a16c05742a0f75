package app_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/studio"
)

// scoreGen is a Generator that composes (with edits, as the studio does:
// studio.Request, engine.Compose) without synthesizing: its
// song carries the written score as MIDI, so a test can compare an edit's
// notes with its source's through the whole road (HTTP, store, queue,
// worker, media) without a render.
func scoreGen() *jobstest.Generator {
	return &jobstest.Generator{Func: func(_ context.Context, prompt string, seed uint64, o jobs.Options) (*jobs.Song, error) {
		req, err := (&studio.Studio{}).Request(prompt, seed, o)
		if err != nil {
			return nil, err
		}
		mid, err := requestMIDI(req)
		if err != nil {
			var ee *engine.EditError
			if errors.As(err, &ee) {
				return nil, jobs.Errorf(jobs.EInvalid, "%s", ee.Message)
			}
			return nil, err
		}
		song := jobstest.TinySong()
		song.MIDI = &jobs.File{Data: mid, ContentType: studio.MIDIContentType, Ext: "mid"}
		return song, nil
	}}
}

// requestMIDI is the MIDI file of the written score of req.
func requestMIDI(req engine.Request) ([]byte, error) {
	c, err := engine.Compose(req)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = music.WriteMIDI(&b, c.Written, "song")
	return b.Bytes(), err
}

// writtenMIDI is the MIDI file of the written score of prompt, seed and eo.
func writtenMIDI(prompt string, seed uint64, eo engine.Options) ([]byte, error) {
	return requestMIDI(engine.Resolve(prompt, seed, eo))
}

// TestServerEdit drives edits on the local server (embedded backend): an
// edit of a completed job is a new job with the source's prompt whose MIDI
// is the source's song with the changes (computed here from the source's
// prompt, seed and options), an edit of that edit applies both, a section
// the song lacks fails the new job with the song's sections listed, and
// the refusals: a running source and a failed one (409), another key's or
// an unknown job (404), an unknown role, instrument or a prompt (400).
func TestServerEdit(t *testing.T) {
	srv := startServer(t, t.TempDir(), scoreGen(), nil)
	midiOf := func(id string) []byte {
		t.Helper()
		m := srv.waitTerminal(t, id)
		if m == nil || m["status"] != "completed" {
			t.Fatalf("job %s: %v", id, m)
		}
		res, err := http.Get(m["result"].(map[string]any)["midi_url"].(string))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return b
	}
	submit := func(path string, body any) string {
		t.Helper()
		code, m, err := srv.call("POST", path, body)
		if err != nil || code != 202 {
			t.Fatalf("POST %s: %d %v %v", path, code, m, err)
		}
		return m["job_id"].(string)
	}
	const prompt = "happy pop song with piano"
	src := submit("/generate", map[string]any{"prompt": prompt, "seed": 11, "duration_seconds": 60, "outputs": []string{"midi"}})
	srcMIDI := midiOf(src)
	root := engine.Options{Seconds: 60}
	if want, _ := writtenMIDI(prompt, 11, root); !bytes.Equal(srcMIDI, want) {
		t.Fatal("the source's MIDI is not the composed song's")
	}

	ed := submit("/jobs/"+src+"/edit", map[string]any{"bpm": 100, "key": "E", "instruments": map[string]any{"lead": "flute", "drums": nil},
		"regenerate": []string{"bridge"}, "duration_seconds": 80, "outputs": []string{"midi"}})
	change := engine.Edit{BPM: 100, HasKey: true, KeyRoot: 4, Seconds: 80, Instruments: map[string]string{"lead": "flute", "drums": ""}, Regenerate: []string{"bridge"}}
	want, err := writtenMIDI(prompt, 11, engine.Options{Seconds: 60, Edits: []engine.Edit{change}})
	if err != nil {
		t.Fatal(err)
	}
	if got := midiOf(ed); !bytes.Equal(got, want) || bytes.Equal(got, srcMIDI) {
		t.Fatal("the edit's MIDI is not the source's song with the changes")
	}
	if _, m, _ := srv.call("GET", "/jobs/"+ed, nil); m["prompt"] != prompt || m["edited_from"] != src {
		t.Fatalf("the edit's prompt %v, edited_from %v (want %s)", m["prompt"], m["edited_from"], src)
	}
	if _, m, _ := srv.call("GET", "/jobs/"+src, nil); m["edited_from"] != nil {
		t.Fatalf("a song of its own has edited_from %v", m["edited_from"])
	}
	half := 0.2
	again := submit("/jobs/"+ed+"/edit", map[string]any{"intensity": half, "outputs": []string{"midi"}})
	want, _ = writtenMIDI(prompt, 11, engine.Options{Seconds: 60, Edits: []engine.Edit{change, {Intensity: &half}}})
	if got := midiOf(again); !bytes.Equal(got, want) {
		t.Fatal("an edit of an edit does not apply both in turn")
	}
	if _, m, _ := srv.call("GET", "/jobs/"+again, nil); m["edited_from"] != ed {
		t.Fatalf("an edit of an edit: edited_from %v, want %s", m["edited_from"], ed)
	}

	bad := submit("/jobs/"+src+"/edit", map[string]any{"regenerate": []string{"solo"}})
	if m := srv.waitTerminal(t, bad); m["status"] != "failed" || !strings.Contains(m["error"].(string), `no section "solo"`) || !strings.Contains(m["error"].(string), "bridge") {
		t.Fatalf("regenerate an unknown section: %v", m)
	}
	if code, m, _ := srv.call("POST", "/jobs/"+bad+"/edit", nil); code != 409 || m["error"] != "job_failed" {
		t.Fatalf("edit of a failed job: %d %v", code, m)
	}
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]any{"instruments": map[string]any{"vocals": "piano"}}, "no role"},
		{map[string]any{"instruments": map[string]any{"lead": "kazoo"}}, "unknown instrument"},
		{map[string]any{"intensity": 1.5}, "'intensity'"},
		{map[string]any{"prompt": "other"}, "'prompt'"},
		{map[string]any{"seed": 3}, "'seed'"},
	} {
		if code, m, _ := srv.call("POST", "/jobs/"+src+"/edit", c.body); code != 400 || !strings.Contains(m["message"].(string), c.want) {
			t.Errorf("%v: %d %v", c.body, code, m)
		}
	}
	if code, _, _ := srv.call("POST", "/jobs/00000000-0000-4000-8000-000000000000/edit", nil); code != 404 {
		t.Errorf("edit of an unknown job: %d", code)
	}
}
