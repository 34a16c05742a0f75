package mp3_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/mp3"
)

// tinyPNG is a valid 1x1 PNG.
var tinyPNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
	0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
	0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
	0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
}

func TestID3v2Tag(t *testing.T) {
	ffprobe := requireTool(t, "ffprobe")
	tag := &mp3.Tag{
		Title: "Nachtfahrt über Köln", Artist: "Songsmith ♪", Album: "Demos",
		Genre: "Synthwave", Comment: "made by a test", BPM: 128, Year: 2026,
		Cover: tinyPNG, CoverMIME: "image/png",
		Copyright: "License: CC0-1.0", CopyrightURL: "https://creativecommons.org/publicdomain/zero/1.0/",
		Custom: [][2]string{{"LICENSE", "CC0-1.0"}, {"NOTE", "Köln ♪ Straße"}, {"EMPTY", ""}},
	}
	data := encode(t, sine(44100, 2, 1, 440, 0.3), mp3.Options{Tag: tag})
	if !bytes.HasPrefix(data, []byte("ID3\x03\x00")) {
		t.Fatalf("no ID3v2.3 header: % x", data[:5])
	}
	path := writeTemp(t, "tag.mp3", data)
	out, err := exec.Command(ffprobe, "-v", "error", "-of", "json", "-show_format", "-show_streams", path).Output()
	if err != nil {
		t.Fatalf("ffprobe: %v", err)
	}
	var probe struct {
		Format struct {
			Tags map[string]string `json:"tags"`
		} `json:"format"`
		Streams []struct {
			CodecType   string `json:"codec_type"`
			CodecName   string `json:"codec_name"`
			Disposition struct {
				AttachedPic int `json:"attached_pic"`
			} `json:"disposition"`
		} `json:"streams"`
	}
	if err := json.Unmarshal(out, &probe); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"title": tag.Title, "artist": tag.Artist, "album": tag.Album, "genre": tag.Genre,
		"TBPM": "128", "date": "2026", "comment": tag.Comment,
		// TCOP and user-defined TXXX frames, a UTF-16 one among them.
		"copyright": tag.Copyright, "LICENSE": "CC0-1.0", "NOTE": "Köln ♪ Straße",
	}
	if _, ok := probe.Format.Tags["EMPTY"]; ok {
		t.Errorf("a TXXX frame without a value was written: %v", probe.Format.Tags)
	}
	for k, v := range want {
		if got := probe.Format.Tags[k]; got != v {
			t.Errorf("tag %s = %q, want %q (all: %v)", k, got, v, probe.Format.Tags)
		}
	}
	cover := false
	for _, s := range probe.Streams {
		if s.CodecType == "video" && s.CodecName == "png" && s.Disposition.AttachedPic == 1 {
			cover = true
		}
	}
	if !cover {
		t.Errorf("no attached PNG cover: %s", out)
	}
	mustParse(t, data, 44100)
}

func TestNoTag(t *testing.T) {
	data := encode(t, sine(44100, 1, 0.1, 440, 0.3), mp3.Options{})
	if data[0] != 0xff {
		t.Fatalf("stream starts with % x, want a frame", data[:4])
	}
}
