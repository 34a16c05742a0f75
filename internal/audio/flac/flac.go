// Package flac encodes audio buffers as 16-bit FLAC (lossless) with
// github.com/mewkiz/flac (public domain). The samples are the ones the WAV
// encoder writes (the same dither), so a FLAC decodes to the WAV's PCM.
package flac

import (
	"crypto/md5"
	"encoding/binary"
	"fmt"
	"io"

	mflac "github.com/mewkiz/flac"
	"github.com/mewkiz/flac/frame"
	"github.com/mewkiz/flac/meta"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
)

// ContentType is the MIME type of FLAC files.
const ContentType = "audio/flac"

// BlockSize is the number of frames per FLAC frame.
const BlockSize = 4096

// Encode writes b as a 16-bit FLAC stream (1 or 2 channels). The stream
// info carries the sample count and the MD5 of the PCM, so decoders can
// verify the file.
func Encode(w io.Writer, b *audio.Buffer) error { return EncodeTagged(w, b, nil) }

// EncodeTagged is Encode with a Vorbis comment block of tags (name,
// value: TITLE, LICENSE, COPYRIGHT ...; none when tags is empty).
func EncodeTagged(w io.Writer, b *audio.Buffer, tags [][2]string) error {
	if b.Channels < 1 || b.Channels > 2 || b.Rate <= 0 {
		return fmt.Errorf("flac: unsupported format %d ch at %d Hz", b.Channels, b.Rate)
	}
	nch, frames := b.Channels, b.Frames()
	pcm := make([]int16, len(b.Samples))
	q := wav.NewQuantizer()
	sum := md5.New()
	var le [2]byte
	for i, v := range b.Samples {
		pcm[i] = q.Sample(v)
		binary.LittleEndian.PutUint16(le[:], uint16(pcm[i]))
		sum.Write(le[:])
	}
	info := &meta.StreamInfo{
		BlockSizeMin: BlockSize, BlockSizeMax: BlockSize,
		SampleRate: uint32(b.Rate), NChannels: uint8(nch), BitsPerSample: 16,
		NSamples: uint64(frames),
	}
	copy(info.MD5sum[:], sum.Sum(nil))
	if frames < BlockSize {
		info.BlockSizeMin, info.BlockSizeMax = uint16(max(frames, 16)), uint16(max(frames, 16))
	}
	var blocks []*meta.Block
	if len(tags) > 0 {
		vc := &meta.VorbisComment{Vendor: "Songsmith", Tags: tags}
		n := 4 + len(vc.Vendor) + 4 // the encoder writes an empty block when Length is 0
		for _, t := range tags {
			n += 4 + len(t[0]) + 1 + len(t[1])
		}
		blocks = append(blocks, &meta.Block{Header: meta.Header{Type: meta.TypeVorbisComment, Length: int64(n)}, Body: vc})
	}
	enc, err := mflac.NewEncoder(nopSeeker{w}, info, blocks...)
	if err != nil {
		return fmt.Errorf("flac: %w", err)
	}
	channels := frame.ChannelsMono
	if nch == 2 {
		channels = frame.ChannelsLR
	}
	for start := 0; start < frames; start += BlockSize {
		n := min(BlockSize, frames-start)
		f := &frame.Frame{Header: frame.Header{
			HasFixedBlockSize: true, BlockSize: uint16(n), SampleRate: uint32(b.Rate),
			Channels: channels, BitsPerSample: 16,
		}}
		for c := range nch {
			s := make([]int32, n)
			for i := range n {
				s[i] = int32(pcm[(start+i)*nch+c])
			}
			f.Subframes = append(f.Subframes, &frame.Subframe{SubHeader: frame.SubHeader{Pred: frame.PredVerbatim}, Samples: s, NSamples: n})
		}
		if err := enc.WriteFrame(f); err != nil {
			return fmt.Errorf("flac: frame at %d: %w", start, err)
		}
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("flac: %w", err)
	}
	return nil
}

// nopSeeker hides any Seek and Close of the destination: the stream info
// is complete before the first frame, and closing w is the caller's job.
type nopSeeker struct{ w io.Writer }

func (n nopSeeker) Write(p []byte) (int, error) { return n.w.Write(p) }
