// Package wav writes and reads 16-bit PCM RIFF/WAVE files.
package wav

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// ContentType is the media type of the files this package writes.
const ContentType = "audio/wav"

// Size returns the number of bytes Encode writes for b.
func Size(b *audio.Buffer) int64 { return 44 + int64(len(b.Samples))*2 }

// Encode writes b as 16-bit little-endian PCM WAV. Samples are converted with
// deterministic triangular dither and clamped to the 16-bit range, so the same
// buffer always yields the same bytes.
func Encode(w io.Writer, b *audio.Buffer) error { return encode(w, b, nil) }

// encode is Encode with extra chunks (whole, even-sized) between the fmt
// and data chunks.
func encode(w io.Writer, b *audio.Buffer, extra []byte) error {
	if b.Channels < 1 || b.Rate <= 0 {
		return fmt.Errorf("wav: invalid format %d ch at %d Hz", b.Channels, b.Rate)
	}
	dataLen := int64(len(b.Samples)) * 2
	if dataLen+36+int64(len(extra)) > math.MaxUint32 {
		return errors.New("wav: audio too long for a RIFF file")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var h [44]byte
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+int64(len(extra))+dataLen))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], uint16(b.Channels))
	binary.LittleEndian.PutUint32(h[24:], uint32(b.Rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(int(b.Rate)*b.Channels*2))
	binary.LittleEndian.PutUint16(h[32:], uint16(b.Channels*2))
	binary.LittleEndian.PutUint16(h[34:], 16)
	if _, err := bw.Write(h[:36]); err != nil {
		return err
	}
	if _, err := bw.Write(extra); err != nil {
		return err
	}
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(dataLen))
	if _, err := bw.Write(h[36:]); err != nil {
		return err
	}
	q := NewQuantizer()
	// Samples are quantized a block at a time straight into the
	// writer's buffer: one call a block, not two a sample.
	var pcm [4096]byte
	for src := b.Samples; len(src) > 0; {
		n := min(len(src), len(pcm)/2)
		q.putPCM(pcm[:2*n], src[:n])
		if _, err := bw.Write(pcm[:2*n]); err != nil {
			return err
		}
		src = src[n:]
	}
	return bw.Flush()
}

// Decode reads a 16-bit PCM or 32-bit float WAV file into a float buffer. It skips chunks
// other than "fmt " and "data".
func Decode(r io.Reader) (*audio.Buffer, error) {
	var hdr [12]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, fmt.Errorf("wav: reading header: %w", err)
	}
	if string(hdr[0:4]) != "RIFF" || string(hdr[8:12]) != "WAVE" {
		return nil, errors.New("wav: not a RIFF/WAVE file")
	}
	var channels, bits int
	var format uint16
	var rate audio.SampleRate
	for {
		var ch [8]byte
		if _, err := io.ReadFull(r, ch[:]); err != nil {
			return nil, fmt.Errorf("wav: no data chunk: %w", err)
		}
		id, n := string(ch[0:4]), int64(binary.LittleEndian.Uint32(ch[4:]))
		switch id {
		case "fmt ":
			f := make([]byte, n+n%2)
			if _, err := io.ReadFull(r, f); err != nil || n < 16 {
				return nil, errors.New("wav: short fmt chunk")
			}
			format = binary.LittleEndian.Uint16(f[0:])
			if format != 1 && format != 3 {
				return nil, errors.New("wav: not integer PCM or IEEE float")
			}
			channels = int(binary.LittleEndian.Uint16(f[2:]))
			rate = audio.SampleRate(binary.LittleEndian.Uint32(f[4:]))
			bits = int(binary.LittleEndian.Uint16(f[14:]))
		case "data":
			if channels == 0 || !(format == 1 && bits == 16 || format == 3 && bits == 32) {
				return nil, errors.New("wav: unsupported or missing fmt (want 16-bit PCM or 32-bit float)")
			}
			raw := make([]byte, n)
			if _, err := io.ReadFull(r, raw); err != nil {
				return nil, fmt.Errorf("wav: short data chunk: %w", err)
			}
			if format == 3 {
				out := &audio.Buffer{Rate: rate, Channels: channels, Samples: make([]float32, n/4)}
				for i := range out.Samples {
					out.Samples[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
				}
				return out, nil
			}
			out := &audio.Buffer{Rate: rate, Channels: channels, Samples: make([]float32, n/2)}
			for i := range out.Samples {
				out.Samples[i] = float32(int16(binary.LittleEndian.Uint16(raw[2*i:]))) / 32768
			}
			return out, nil
		default:
			if _, err := io.CopyN(io.Discard, r, n+n%2); err != nil {
				return nil, fmt.Errorf("wav: skipping %q: %w", id, err)
			}
		}
	}
}

// Quantizer converts float samples to 16-bit integers with deterministic
// triangular dither, clamped to the 16-bit range. Every encoder that
// writes 16-bit PCM (WAV, FLAC) uses it, so their samples are identical.
type Quantizer struct{ rng uint32 }

// NewQuantizer returns a quantizer at the start of its dither sequence.
func NewQuantizer() *Quantizer { return &Quantizer{rng: 0x9E3779B9} }

// next is xorshift32, uniform in [0,1).
func (q *Quantizer) next() float64 {
	q.rng ^= q.rng << 13
	q.rng ^= q.rng >> 17
	q.rng ^= q.rng << 5
	return float64(q.rng) / (1 << 32)
}

// Sample converts one sample.
func (q *Quantizer) Sample(v float32) int16 {
	return quantize(v, q.next(), q.next())
}

// quantize converts v with the dither values a and b (each uniform in
// [0,1), drawn in that order): math.Round(x) clamped to the 16-bit range,
// without its call. Adding and taking away 1.5*2^52 rounds x to the
// nearest integer, ties to even; an exact tie (d = ±0.5, rare) goes away
// from zero as math.Round does, x ± 0.5 (exact for a half-integer). Past
// the clamp edges r keeps x's sign and reaches the edge (x from 32766.5 up
// rounds to 32767 or more, from -32767.5 down to -32768 or less), so the
// clamp of r is the clamp of math.Round(x); a NaN passes min and max and
// converts as before. With no call left, quantize is inlined into putPCM's
// loop (TestQuantizeRounds holds it to math.Round and the clamp).
func quantize(v float32, a, b float64) int16 {
	x := float64(v)*32767 + a - b
	r := (x + 0x1.8p52) - 0x1.8p52
	if d := x - r; d == 0.5 || d == -0.5 {
		r = x + math.Copysign(0.5, x)
	}
	return int16(max(-32768, min(r, 32767)))
}

// putPCM converts src into dst as 16-bit little-endian PCM, two bytes a
// sample: the values of Sample over src, with the generator kept in a
// local for the whole block.
func (q *Quantizer) putPCM(dst []byte, src []float32) {
	rng := q.rng
	dst = dst[:2*len(src)]
	for i, v := range src {
		rng ^= rng << 13
		rng ^= rng >> 17
		rng ^= rng << 5
		a := float64(rng) / (1 << 32)
		rng ^= rng << 13
		rng ^= rng >> 17
		rng ^= rng << 5
		b := float64(rng) / (1 << 32)
		binary.LittleEndian.PutUint16(dst[2*i:], uint16(quantize(v, a, b)))
	}
	q.rng = rng
}

// FloatSize returns the size of the 32-bit float WAV EncodeFloat writes for b.
func FloatSize(b *audio.Buffer) int64 { return 58 + int64(len(b.Samples))*4 }

// EncodeFloat writes b as 32-bit IEEE float WAV (WAVE_FORMAT_IEEE_FLOAT,
// with the fact chunk): the samples exactly, unclamped, so that stems
// above full scale survive and sum back without rounding.
func EncodeFloat(w io.Writer, b *audio.Buffer) error {
	if b.Channels < 1 || b.Rate <= 0 {
		return fmt.Errorf("wav: invalid format %d ch at %d Hz", b.Channels, b.Rate)
	}
	dataLen := int64(len(b.Samples)) * 4
	if dataLen+50 > math.MaxUint32 {
		return errors.New("wav: audio too long for a RIFF file")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var h [58]byte
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(50+dataLen))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 18)
	binary.LittleEndian.PutUint16(h[20:], 3) // IEEE float
	binary.LittleEndian.PutUint16(h[22:], uint16(b.Channels))
	binary.LittleEndian.PutUint32(h[24:], uint32(b.Rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(int(b.Rate)*b.Channels*4))
	binary.LittleEndian.PutUint16(h[32:], uint16(b.Channels*4))
	binary.LittleEndian.PutUint16(h[34:], 32)
	binary.LittleEndian.PutUint16(h[36:], 0) // cbSize
	copy(h[38:], "fact")
	binary.LittleEndian.PutUint32(h[42:], 4)
	binary.LittleEndian.PutUint32(h[46:], uint32(b.Frames()))
	copy(h[50:], "data")
	binary.LittleEndian.PutUint32(h[54:], uint32(dataLen))
	if _, err := bw.Write(h[:]); err != nil {
		return err
	}
	var s [4]byte
	for _, v := range b.Samples {
		binary.LittleEndian.PutUint32(s[:], math.Float32bits(v))
		if _, err := bw.Write(s[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}
