// Package studio is the production jobs.Generator: it renders a prompt with
// the music engine, paints the cover and encodes the audio (MP3 by default,
// WAV or FLAC on request), returning the files of a song.
package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/flac"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/audio/resample"
	"github.com/songsmith/songsmith/internal/audio/vorbis"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/cover"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/synth"
)

var _ jobs.Generator = (*Studio)(nil)

// Studio renders songs. The zero value renders MP3 at the default bitrate
// with the synthesizer's default settings.
type Studio struct {
	Format  string        // "mp3" (default), "wav", "flac" or "ogg"
	Bitrate int           // MP3 kbit/s; mp3.DefaultBitrate when 0
	TempDir string        // where stems are assembled; os.TempDir() when ""
	Synth   synth.Options // the synthesizer's settings (the sample bank), for the mix and the stems
	// Bank identifies Synth's sample bank in recipes (soundfont.Identity;
	// recipe.NoBank when ""): a recipe of another bank is not rendered.
	Bank string
	// License is the licence of the songs' files, written into their tags
	// and results; nil writes none.
	License *jobs.License
}

// Generate implements jobs.Generator: the options' format (else the
// studio's), length, tempo, key and sample rate override the prompt, and
// the extra outputs they ask for are made.
func (s *Studio) Generate(ctx context.Context, prompt string, seed uint64, o jobs.Options) (*jobs.Song, error) {
	req, prompt, seed, err := s.request(prompt, seed, o) // recipe.go: the one road from a job to the engine
	if err != nil {
		return nil, err
	}
	rate := audio.CD
	if o.SampleRate != nil {
		rate = audio.SampleRate(*o.SampleRate)
	}
	format := s.Format
	if o.Format != "" {
		format = o.Format
	}
	rec, err := s.recipeOf(req, format, o)
	if err != nil {
		return nil, err
	}
	song, err := engine.Render(ctx, req)
	if err != nil {
		return nil, editError(fmt.Errorf("studio: render: %w", err))
	}
	measured := Measure(song, req) // the mastered audio, before resampling
	out, song, err := s.generate(ctx, prompt, seed, format, song, req, rate, rec)
	if err != nil {
		return nil, editError(err)
	}
	out.Measured = measured
	if err := s.gamePackage(ctx, o, song, req.LoudnessLUFS, out); err != nil {
		return nil, err
	}
	// The song is encoded: its samples go back for the stems (or the
	// next song) to reuse, so memory holds one song's audio at a time.
	frames := song.Audio.Frames()
	song.Release()
	if o.Wants(request.OutputStems) {
		so := s.Synth
		so = mix.Of(song.Style, song.Score, so) // the mix's plan and channels: the stems sum to it
		if out.Stems, err = Stems(ctx, song.Score, so, s.TempDir, rate, frames); err != nil {
			return nil, err
		}
	}
	if o.Wants(request.OutputMIDI) {
		if out.MIDI, err = MIDI(song.Score, song.Title); err != nil {
			removeFiles(out)
			return nil, err
		}
	}
	if o.Wants(request.OutputTimeline) {
		if out.Timeline, err = TimelineFile(song.Score, song.Seconds); err != nil {
			removeFiles(out)
			return nil, err
		}
	}
	if o.Wants(request.OutputMusicXML) {
		if out.MusicXML, err = MusicXML(song.Written, song.Title); err != nil {
			removeFiles(out)
			return nil, err
		}
	}
	return out, nil
}

// generate resamples a rendered song to rate (the engine renders at
// audio.CD), paints the cover and encodes with the provenance of rec (its
// recipe) in the file's tags. An exact length stays exact at rate.
func (s *Studio) generate(ctx context.Context, prompt string, seed uint64, format string, song *engine.Song, req engine.Request, rate audio.SampleRate, rec json.RawMessage) (*jobs.Song, *engine.Song, error) {
	var err error
	if rate != song.Audio.Rate {
		src := song.Audio
		if song.Audio, err = resample.To(ctx, src, rate); err != nil {
			return nil, nil, fmt.Errorf("studio: resample: %w", err)
		}
		audio.Recycle(src) // the engine's rate: no longer needed
		if req.ExactLength() > 0 {
			engine.SetFrames(song.Audio, rate.NSeconds(song.Seconds))
		}
	}
	// The cover is a web-sized JPEG (<= 300 KB at 1024 px); the MP3's tag
	// carries a 300 px thumbnail of it rather than the whole picture.
	art, err := cover.EncodeArt(ctx, cover.Spec{Title: song.Title, Style: song.Style, Mood: song.Mood, Prompt: prompt, Seed: seed})
	if err != nil {
		return nil, nil, fmt.Errorf("studio: cover: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var snd bytes.Buffer
	out := &jobs.Song{
		Title: song.Title, BPM: song.BPM, Duration: math.Round(song.Seconds*1000) / 1000, Tags: song.Tags,
		Cover:         jobs.File{Data: art.Web, ContentType: cover.JPEGContentType, Ext: "jpg"},
		EngineVersion: recipe.Version, Recipe: rec, License: s.License,
	}
	pv := s.provenance(rec)
	switch format {
	case "flac":
		err = flac.EncodeTagged(&snd, song.Audio, loopTags(pv.vorbis(song), song))
		out.Audio = jobs.File{ContentType: flac.ContentType, Ext: "flac"}
	case "ogg":
		// Ogg Vorbis: loop points as LOOPSTART/LOOPLENGTH comments, the
		// blocks wrapped around a loop's seam.
		err = vorbis.Encode(ctx, &snd, song.Audio, vorbis.Options{Tags: loopTags(pv.vorbis(song), song), Loop: song.Score.Loop})
		out.Audio = jobs.File{ContentType: vorbis.ContentType, Ext: "ogg"}
	case "wav":
		snd.Grow(int(wav.Size(song.Audio)))
		// Loop points in the smpl chunk, provenance in LIST/INFO.
		err = wav.EncodeInfo(&snd, song.Audio, pv.info(song), song.Score.Loop)
		out.Audio = jobs.File{ContentType: wav.ContentType, Ext: "wav"}
	case "", "mp3":
		err = mp3.Encode(ctx, &snd, song.Audio, mp3.Options{Bitrate: s.Bitrate, Tag: &mp3.Tag{
			Title: song.Title, Artist: "Songsmith", Genre: song.Genre, BPM: int(math.Round(song.BPM)),
			Comment: prompt, Cover: art.Thumb, CoverMIME: cover.JPEGContentType,
			Copyright: pv.copyright(), CopyrightURL: pv.licenseURL(), Custom: pv.fields(),
		}})
		out.Audio = jobs.File{ContentType: mp3.ContentType, Ext: "mp3"}
	default:
		return nil, nil, jobs.Errorf(jobs.EInvalid, "Unsupported audio format %q.", format)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("studio: encode %s: %w", out.Audio.Ext, err)
	}
	out.Audio.Data = snd.Bytes()
	if song.Score.Loop {
		out.LoopEnd = song.Audio.Seconds()
	}
	return out, song, nil
}

// removeFiles removes the temporary files of out's large outputs (on an
// error after they were made).
func removeFiles(out *jobs.Song) {
	out.Stems.Remove()
	out.Layers.Remove()
	out.Segments.Remove()
}
