// Package mp3 is a clean-room MPEG-1 Layer III (ISO/IEC 11172-3) encoder:
// polyphase analysis filterbank, MDCT with alias reduction, a simplified
// psychoacoustic model, rate and distortion loops, Huffman coding, bit
// reservoir, per-frame M/S joint stereo, a Xing/Info frame with a LAME-style
// tag (encoder delay and padding for exact trimming) and an ID3v2.3 tag.
//
// It encodes CBR at every MPEG-1 bitrate (32..320 kbit/s) for 32, 44.1 and
// 48 kHz, mono or stereo. An attack detector switches granules with sharp
// transients to short blocks (normal, start, short, stop windows) to keep
// pre-echo in check; Options.LongBlocksOnly turns that off.
//
// Speed (1.5x to 1.75x the first version's, same bytes): the filterbank
// sums its 512-tap window in one pass over 8 rows and matrixes with a
// fixed-size 32-point DCT-III (dct32); the MDCT folds odd subbands' sign
// flips into blockWinOdd and skips subbands above the cut-off; Huffman bit
// counts use per-pair tables (pairSigns, escCost, escCount, quadCost); the
// region-split search caches region 2's choice; quantize skips partitions
// that round to zero and records each band's largest value for the rate
// loop's table choice (layout's top). TestOutputPinned pins the bytes: a
// change that alters them must pass the quality tests (quality_test.go,
// decoders_test.go) before its hashes are updated.
package mp3

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/songsmith/songsmith/internal/audio"
)

// ContentType is the media type of the encoder's output.
const ContentType = "audio/mpeg"

// DefaultBitrate is the bitrate in kbit/s used when Options.Bitrate is 0.
const DefaultBitrate = 192

// Mode is the channel mode of the stream.
type Mode int

const (
	// JointStereo codes two channels as left/right or mid/side, chosen per
	// frame. It is the default for two channels.
	JointStereo Mode = iota
	// Stereo codes left and right independently.
	Stereo
	// Mono codes one channel; a two-channel input is down-mixed.
	Mono
)

// String returns the mode's name.
func (m Mode) String() string {
	switch m {
	case JointStereo:
		return "joint-stereo"
	case Stereo:
		return "stereo"
	case Mono:
		return "mono"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Options configures an encoding.
type Options struct {
	// Bitrate is the constant bitrate in kbit/s; 0 means DefaultBitrate.
	Bitrate int
	// Mode is the channel mode; the zero value is JointStereo, which means
	// Mono for a one-channel input.
	Mode Mode
	// Tag, when set, is written as an ID3v2.3 tag before the audio.
	Tag *Tag
	// LongBlocksOnly disables block switching: every granule uses the long
	// window, as in a stationary-signal encoder. By default granules with
	// sharp attacks use short blocks, which confines pre-echo.
	LongBlocksOnly bool

	// rateLoopOnly disables the psychoacoustic model (tests compare the two).
	rateLoopOnly bool
}

// Tag is the metadata written to the ID3v2 tag.
type Tag struct {
	Title, Artist, Album, Genre, Comment string
	// BPM is the tempo in beats per minute (TBPM); 0 omits it.
	BPM int
	// Year is the recording year (TYER); 0 omits it.
	Year int
	// Cover is the front cover image (APIC); CoverMIME is its media type,
	// for example "image/png".
	Cover     []byte
	CoverMIME string
	// Copyright is the copyright or licence message (TCOP) and
	// CopyrightURL the URL of its terms (WCOP); "" omits either.
	Copyright, CopyrightURL string
	// Custom are user-defined text frames (TXXX), description and value,
	// in order: the licence id, engine version and recipe hash.
	Custom [][2]string
}

// Errors returned by NewEncoder, Encode and Encoder methods.
var (
	ErrBitrate    = errors.New("mp3: unsupported bitrate")
	ErrSampleRate = errors.New("mp3: unsupported sample rate (want 32000, 44100 or 48000)")
	ErrChannels   = errors.New("mp3: unsupported channel count (want 1 or 2)")
	ErrClosed     = errors.New("mp3: encoder closed")
	ErrSamples    = errors.New("mp3: sample count is not a multiple of the channel count")
)

// cancelCheckFrames is how many sample frames Encode encodes between two
// looks at its context (32 MP3 frames, under a second of audio).
const cancelCheckFrames = 32 * 1152

// Encode writes b as an MP3 stream to w: the ID3v2 tag (if any), the
// Info frame carrying the exact length, then the audio frames. It stops
// with ctx's error, leaving w incomplete, once ctx is done: it looks at
// ctx every cancelCheckFrames sample frames.
func Encode(ctx context.Context, w io.Writer, b *audio.Buffer, opts Options) error {
	e, err := newEncoder(w, b.Rate, b.Channels, opts, int64(b.Frames()))
	if err != nil {
		return err
	}
	step := cancelCheckFrames * max(b.Channels, 1)
	for i := 0; i < len(b.Samples); i += step {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := e.Write(b.Samples[i:min(i+step, len(b.Samples))]); err != nil {
			return err
		}
	}
	return e.Close()
}
