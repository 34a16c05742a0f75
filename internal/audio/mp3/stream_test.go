package mp3_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/testutil"
)

// onlyWriter hides every method but Write.
type onlyWriter struct{ w *bytes.Buffer }

func (o onlyWriter) Write(p []byte) (int, error) { return o.w.Write(p) }

func TestStreamingMatchesEncode(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := music(44100, 2)
	opts := mp3.Options{Tag: &mp3.Tag{Title: "Stream"}}
	want := encode(t, b, opts)
	feed := func(t *testing.T, e *mp3.Encoder) {
		t.Helper()
		for i, step := 0, 2; i < len(b.Samples); step = step*3%4000 + 2 {
			j := min(len(b.Samples), i+step)
			if err := e.Write(b.Samples[i:j]); err != nil {
				t.Fatal(err)
			}
			i = j
		}
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
		if err := e.Write(b.Samples[:2]); !errors.Is(err, mp3.ErrClosed) {
			t.Fatalf("Write after Close: %v", err)
		}
	}
	t.Run("WriteSeeker/OK", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "s.mp3")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		e, err := mp3.NewEncoder(f, b.Rate, b.Channels, opts)
		if err != nil {
			t.Fatal(err)
		}
		feed(t, e)
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("streamed file (%d bytes) differs from Encode (%d bytes)", len(got), len(want))
		}
	})
	t.Run("Writer/OK", func(t *testing.T) {
		var buf bytes.Buffer
		e, err := mp3.NewEncoder(onlyWriter{&buf}, b.Rate, b.Channels, opts)
		if err != nil {
			t.Fatal(err)
		}
		feed(t, e)
		if !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("streamed output (%d bytes) differs from Encode (%d bytes)", buf.Len(), len(want))
		}
	})
	t.Run("ErrSamples", func(t *testing.T) {
		e, err := mp3.NewEncoder(&bytes.Buffer{}, 44100, 2, mp3.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Write(make([]float32, 3)); !errors.Is(err, mp3.ErrSamples) {
			t.Fatalf("got %v", err)
		}
	})
}
