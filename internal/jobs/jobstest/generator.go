package jobstest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync/atomic"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/measured"
	"github.com/songsmith/songsmith/internal/request"
)

// Generator is a func-field fake of jobs.Generator that counts calls. With
// no Func it returns TinySong, with the stems and MIDI the options ask for.
type Generator struct {
	Func  func(ctx context.Context, prompt string, seed uint64, o jobs.Options) (*jobs.Song, error)
	Calls atomic.Int64
}

var _ jobs.Generator = (*Generator)(nil)

// Generate implements jobs.Generator.
func (g *Generator) Generate(ctx context.Context, prompt string, seed uint64, o jobs.Options) (*jobs.Song, error) {
	g.Calls.Add(1)
	if g.Func != nil {
		return g.Func(ctx, prompt, seed, o)
	}
	song := TinySong()
	// Provenance, as the studio gives every song (issue 20 items 5, 7).
	song.EngineVersion = TestEngineVersion
	song.Recipe = json.RawMessage(fmt.Sprintf(`{"recipe_format":2,"engine_version":%q,"bank":"none","seed":%d,"song_seed":"%016x","title":%q,`+
		`"plan":{"style":"pop","mood":"happy","bpm":120,"duration_seconds":10,"key":"C major"},"options":{}}`,
		TestEngineVersion, seed, seed, song.Title))
	song.License = &TestLicense
	m := TestMeasured // what the studio's analysis gives every song (issue 30 item 4)
	song.Measured = &m
	if o.Wants(request.OutputStems) {
		song.Stems = &jobs.File{Data: []byte("PK\x05\x06" + string(make([]byte, 18))), ContentType: "application/zip", Ext: "zip"}
	}
	if o.Wants(request.OutputMIDI) {
		song.MIDI = &jobs.File{Data: []byte("MThd\x00\x00\x00\x06\x00\x01\x00\x01\x01\xe0"), ContentType: "audio/midi", Ext: "mid"}
	}
	if o.Loop {
		song.LoopEnd = song.Duration
	}
	if o.Wants(request.OutputTimeline) {
		song.Timeline = &jobs.File{Data: []byte(`{"version":1,"beats":[0,0.5]}`), ContentType: "application/json", Ext: "json"}
	}
	if o.Wants(request.OutputMusicXML) {
		song.MusicXML = &jobs.File{Data: []byte(`<?xml version="1.0"?><score-partwise version="4.0"/>`),
			ContentType: "application/vnd.recordare.musicxml+xml", Ext: "musicxml"}
	}
	if o.Wants(request.OutputLayers) {
		song.Layers = &jobs.File{Data: []byte("PK\x05\x06" + string(make([]byte, 18))), ContentType: "application/zip", Ext: "zip"}
	}
	if o.Wants(request.OutputSegments) {
		song.Segments = &jobs.File{Data: []byte("PK\x05\x06" + string(make([]byte, 18))), ContentType: "application/zip", Ext: "zip"}
	}
	return song, nil
}

// TestEngineVersion is the engine version of Generator's songs.
const TestEngineVersion = "test.1"

// TestLicense is the licence of Generator's songs.
var TestLicense = jobs.License{ID: "CC0-1.0", URL: "https://creativecommons.org/publicdomain/zero/1.0/",
	Attribution: "None required.", Warranty: "Provided as is."}

// TestMeasured is the measured block of Generator's songs: a song heard
// in double time, its key by its notes.
var TestMeasured = measured.Block{
	BPM:          measured.Tempo{Value: 120, Asked: 120, Matches: true, FeltBPM: 240, Reason: "heard in double time"},
	Key:          measured.Key{Value: "A minor", Asked: "C major", Matches: true, Relation: "same notes"},
	LoudnessLUFS: measured.Value{Value: -14.1, Asked: -14, Matches: true},
	TruePeakDBTP: measured.Value{Value: -3.05, Asked: -3, Matches: true},
	Duration:     measured.Value{Value: 0.5, Asked: 10},
	AudibleEnd:   measured.Value{Value: 0.5, Asked: 0.5, Matches: true},
}

// TinySong returns a valid half-second 440 Hz WAV and a 16x16 PNG.
func TinySong() *jobs.Song {
	b := audio.NewBuffer(audio.CD, 2, audio.CD.NSeconds(0.5))
	for i := 0; i < b.Frames(); i++ {
		v := float32(0.3 * math.Sin(2*math.Pi*440*float64(i)/float64(audio.CD)))
		b.Samples[2*i], b.Samples[2*i+1] = v, v
	}
	var a bytes.Buffer
	_ = wav.Encode(&a, b)
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	var c bytes.Buffer
	_ = png.Encode(&c, img)
	return &jobs.Song{
		Title: "Tiny Test Tone", BPM: 120, Duration: 0.5, Tags: []string{"test", "sine"},
		Audio: jobs.File{Data: a.Bytes(), ContentType: wav.ContentType, Ext: "wav"},
		Cover: jobs.File{Data: c.Bytes(), ContentType: "image/png", Ext: "png"},
	}
}
