package studio_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	_ "image/jpeg" // registers the JPEG decoder
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/cover"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// apic returns the MIME type and picture of the first APIC frame of the
// ID3v2.3 tag at the start of an MP3.
func apic(t *testing.T, mp3 []byte) (string, []byte, int) {
	t.Helper()
	if len(mp3) < 10 || string(mp3[:3]) != "ID3" || mp3[3] != 3 {
		t.Fatalf("no ID3v2.3 tag: % x", mp3[:min(10, len(mp3))])
	}
	size := int(mp3[6])<<21 | int(mp3[7])<<14 | int(mp3[8])<<7 | int(mp3[9])
	body := mp3[10 : 10+size]
	for len(body) >= 10 {
		id, n := string(body[:4]), int(binary.BigEndian.Uint32(body[4:8]))
		p := body[10 : 10+n]
		if id == "APIC" {
			// encoding, MIME\0, picture type, description\0, data
			end := bytes.IndexByte(p[1:], 0) + 1
			mime := string(p[1:end])
			rest := p[end+2:]
			desc := bytes.IndexByte(rest, 0)
			return mime, rest[desc+1:], size
		}
		body = body[10+n:]
	}
	t.Fatal("no APIC frame")
	return "", nil, 0
}

func TestGenerateCovers(t *testing.T) {
	testutil.SkipRaceShort(t)
	song, err := (&studio.Studio{}).Generate(context.Background(), "pop, 10 seconds", 1, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if song.Cover.ContentType != "image/jpeg" || song.Cover.Ext != "jpg" {
		t.Fatalf("cover %q .%s", song.Cover.ContentType, song.Cover.Ext)
	}
	if n := len(song.Cover.Data); n > cover.MaxWebBytes || n == 0 {
		t.Errorf("web cover %d bytes, want 1..%d", n, cover.MaxWebBytes)
	}
	img, format, err := image.Decode(bytes.NewReader(song.Cover.Data))
	if err != nil || format != "jpeg" || img.Bounds().Dx() != cover.DefaultSize {
		t.Fatalf("web cover: %v %q %v", err, format, img)
	}
	if song.Audio.ContentType != "audio/mpeg" || song.Audio.Ext != "mp3" {
		t.Fatalf("audio %q .%s", song.Audio.ContentType, song.Audio.Ext)
	}
	if m := song.Measured; m == nil || m.Duration.Value != song.Duration || m.BPM.Asked != song.BPM {
		t.Errorf("measured block %+v of a %v s song at %v bpm", m, song.Duration, song.BPM)
	}
	mime, pic, tagSize := apic(t, song.Audio.Data)
	if mime != "image/jpeg" {
		t.Errorf("APIC MIME %q", mime)
	}
	thumb, format, err := image.Decode(bytes.NewReader(pic))
	if err != nil || format != "jpeg" || thumb.Bounds().Dx() != cover.ThumbSize {
		t.Fatalf("tag picture: %v %q", err, format)
	}
	if tagSize > 64<<10 {
		t.Errorf("ID3 tag %d bytes, want the thumbnail only (<= 64 KB)", tagSize)
	}
	t.Logf("web cover %d B, tag picture %d B, ID3 tag %d B, MP3 %d B", len(song.Cover.Data), len(pic), tagSize, len(song.Audio.Data))
}

func TestGenerateWAVKeepsTheWebCover(t *testing.T) {
	testutil.SkipRaceShort(t)
	song, err := (&studio.Studio{Format: "wav"}).Generate(context.Background(), "ambient, 10 seconds", 2, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if song.Audio.Ext != "wav" || song.Cover.Ext != "jpg" || song.Cover.ContentType != cover.JPEGContentType {
		t.Fatalf("audio .%s, cover %q .%s", song.Audio.Ext, song.Cover.ContentType, song.Cover.Ext)
	}
}

func TestGenerateFLACAndOverrides(t *testing.T) {
	testutil.SkipRaceShort(t)
	song, err := (&studio.Studio{}).Generate(context.Background(), "ambient, 2 minutes, 70 bpm", 3,
		jobs.Options{Format: "flac", Seconds: 12, BPM: 120, Key: "Eb major"})
	if err != nil {
		t.Fatal(err)
	}
	if song.Audio.Ext != "flac" || song.Audio.ContentType != "audio/flac" || string(song.Audio.Data[:4]) != "fLaC" {
		t.Fatalf("audio %q .%s % x", song.Audio.ContentType, song.Audio.Ext, song.Audio.Data[:4])
	}
	if song.BPM != 120 || song.Duration < 10 || song.Duration > 16 {
		t.Fatalf("bpm %v duration %v, want 120 and about 12 s", song.BPM, song.Duration)
	}
	if _, err := (&studio.Studio{}).Generate(context.Background(), "ambient", 3, jobs.Options{Key: "H"}); !jobs.IsCode(err, jobs.EInvalid) {
		t.Fatalf("bad key: %v", err)
	}
}

// TestMediaExtsCoverTheStudio checks that the file extensions the studio
// writes are those jobs.MediaKeys lists for a job without a result, so a
// failed or cut-short job's files are found and deleted (a cover.jpg was
// missed while the list said png only).
func TestMediaExtsCoverTheStudio(t *testing.T) {
	testutil.SkipRaceShort(t)
	id := jobs.NewJobID()
	keys := jobs.MediaKeys(&jobs.Job{ID: id, Status: jobs.StatusFailed})
	for _, f := range []string{"mp3", "wav", "flac"} { // ogg: TestLoopFormats (it renders one)
		song, err := (&studio.Studio{Format: f}).Generate(context.Background(), "folk, 5 seconds", 3, jobs.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{mediakey.Song(id, song.Audio.Ext), mediakey.Image(id, song.Cover.Ext)} {
			if !slices.Contains(keys, k) {
				t.Errorf("jobs.MediaKeys of a failed job %v lacks %s", keys, k)
			}
		}
	}
}
