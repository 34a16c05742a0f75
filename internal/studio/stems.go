package studio

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/resample"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// Content types of the extra outputs.
const (
	ZipContentType  = "application/zip"
	MIDIContentType = "audio/midi"
)

// Stems renders every part of s on its own and returns a zip of one
// 32-bit float WAV per part ("01-drums.wav" ...), unmastered, all of the
// song's length, summing to the pre-master mix rendered with the same
// synthesizer options o (synth.StemTolerance), at sample rate rate
// (resampled from the engine's audio.CD), each stem frames long when
// frames > 0 (the song's exact length; see engine.SetFrames).
// Parts render one at a time and the zip is written to a temporary file in
// dir (os.TempDir() when ""), so memory holds one stem at once; the
// returned File names that file and its consumer removes it.
func Stems(ctx context.Context, s *score.Score, o synth.Options, dir string, rate audio.SampleRate, frames int) (_ *jobs.File, err error) {
	if err := engine.CheckBudget(s); err != nil { // the job budget bounds the stems' bytes too
		return nil, err
	}
	tmp, err := os.CreateTemp(dir, "songsmith-stems-*.zip")
	if err != nil {
		return nil, fmt.Errorf("studio: stems: %w", err)
	}
	defer func() {
		if cerr := tmp.Close(); err == nil && cerr != nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	zw := zip.NewWriter(bw)
	// Entries carry the time the stems were made (a zero time would be
	// written as the invalid DOS date 1980-00-00).
	made := time.Now().UTC().Truncate(2 * time.Second)
	for i, t := range s.Tracks {
		st, err := synth.RenderStem(ctx, s, i, o)
		if err != nil {
			return nil, fmt.Errorf("studio: stem %d: %w", i, err)
		}
		src := st
		if st, err = resample.To(ctx, st, rate); err != nil {
			return nil, fmt.Errorf("studio: stem %d: %w", i, err)
		}
		if st != src {
			audio.Recycle(src)
		}
		if frames > 0 {
			engine.SetFrames(st, frames)
		}
		// Stored, not deflated: float audio barely compresses and the
		// files are large.
		w, err := zw.CreateHeader(&zip.FileHeader{Name: StemName(i, t), Method: zip.Store, Modified: made})
		if err != nil {
			return nil, err
		}
		if err := wav.EncodeFloat(w, st); err != nil {
			return nil, fmt.Errorf("studio: stem %d: %w", i, err)
		}
		audio.Recycle(st) // written: the next stem reuses its samples
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	return &jobs.File{Path: tmp.Name(), ContentType: ZipContentType, Ext: "zip"}, nil
}

// StemName is the file name of track i's stem: its number and name, the
// part and its instrument once each ("02-bass-upright-bass.wav",
// "04-pad.wav" for the part "pad (pad)").
func StemName(i int, t score.Track) string {
	name := t.Name
	if name == "" {
		name = string(t.Instrument)
	}
	if part, inst, ok := strings.Cut(name, " ("); ok && strings.TrimSuffix(inst, ")") == part {
		name = part
	}
	clean := strings.Map(func(r rune) rune {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			return unicode.ToLower(r)
		case r == '-' || r == '_' || r == ' ':
			return '-'
		}
		return -1
	}, name)
	return fmt.Sprintf("%02d-%s.wav", i+1, strings.Trim(clean, "-"))
}

// MIDI writes s as a Standard MIDI File named title (tempo, meter, key
// signature, one named track per part with its General MIDI program).
func MIDI(s *score.Score, title string) (*jobs.File, error) {
	var buf bytes.Buffer
	if err := music.WriteMIDI(&buf, s, title); err != nil {
		return nil, fmt.Errorf("studio: midi: %w", err)
	}
	return &jobs.File{Data: buf.Bytes(), ContentType: MIDIContentType, Ext: "mid"}, nil
}
