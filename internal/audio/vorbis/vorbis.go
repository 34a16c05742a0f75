// Package vorbis is a clean-room Ogg Vorbis encoder written from the
// Vorbis I specification (xiph.org) and RFC 3533 (Ogg): blocks of 2048
// samples, eight of 256 around attacks (pre-echo 9 dB lower on a burst),
// floor 1 through fixed posts (28 long, 13 short; two channels share
// one), residue type 2 (one per block size) over the channels
// coupled as magnitude and angle (lossless square polar), with five
// classes of vector-quantised books (a cascade of two passes for large
// values), a mapping and a mode per block size, no residue above 16 kHz
// (13.8 kHz in short blocks), and Huffman codeword
// lengths fitted to each file (two passes over the quantised blocks).
// Vorbis comments carry the tags; a loop's LOOPSTART and LOOPLENGTH go
// there too, and Options.Loop wraps the blocks around the seam (they see
// the loop's other end, not silence).
//
// The granule position of the last page is the exact sample count, so
// decoders trim the padding of the last block: the file decodes to the
// input's length (gapless).
package vorbis

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// ContentType is the media type of the encoder's output.
const ContentType = "audio/ogg"

// Options configures an encoding.
type Options struct {
	// Tags are Vorbis comments (name, value), in order.
	Tags [][2]string
	// Loop codes the input as a loop: the first block sees the end of
	// the input before it and the last the start after it.
	Loop bool
	// Quality is the allowed noise below 3 kHz as a ratio of the band's
	// level (0 means DefaultQuality; smaller is better and larger files).
	Quality float64
	// LongBlocksOnly disables block switching: every block is long, as
	// before attacks too (tests compare the two).
	LongBlocksOnly bool
}

// DefaultQuality codes the loudest bands below 3 kHz about 29 dB over
// their quantisation noise: 111-149 kbit/s and 24-29 dB SNR on 12 s of six
// styles (techno, jazz trio, ambient, rock, orchestral, lo-fi) at 44.1 kHz.
const DefaultQuality = 0.12

// Block sizes (log2) and derived sizes.
const (
	shortLog, longLog = 8, 11
	long              = 1 << longLog
	short             = 1 << shortLog
	half              = long / 2
	cutoffHz          = 16000 // no residue above
)

// Encode writes b as an Ogg Vorbis stream (1 or 2 channels). It stops
// with ctx's error once ctx is done (before writing anything: the whole
// stream is analysed first, for its codebooks).
func Encode(ctx context.Context, w io.Writer, b *audio.Buffer, o Options) error {
	if b.Channels < 1 || b.Channels > 2 || b.Rate <= 0 {
		return fmt.Errorf("vorbis: unsupported format %d ch at %d Hz", b.Channels, b.Rate)
	}
	if o.Quality <= 0 {
		o.Quality = DefaultQuality
	}
	e := newEncoder(b, o)
	if err := e.analyse(ctx); err != nil {
		return err
	}
	for _, c := range e.books.all {
		c.build()
	}
	pw := &pageWriter{w: w, serial: 0x536f6e67, granule: -1} // "Song"
	pw.packet(e.identification(), 0, true, false)
	pw.packet(e.comments(o.Tags), 0, false, false)
	pw.packet(e.setup(), 0, true, false)
	for k, f := range e.frames {
		var bw bitWriter
		e.packet(f, func(c *codebook, entry int) { c.put(&bw, entry) }, &bw)
		// The first two audio packets have a page of their own: ffmpeg
		// trims the last page only when it is not the first, and a page
		// of the first packet alone carries granule position 0 (which
		// ogginfo warns about), kept for streams of one block or less.
		last := k == len(e.frames)-1
		pw.packet(bw.bytes(), min(f.end, int64(e.n)), k == 1 || k == 0 && len(e.frames) == 2, last)
	}
	if pw.err != nil {
		return fmt.Errorf("vorbis: %w", pw.err)
	}
	return nil
}

type encoder struct {
	src      *audio.Buffer
	n, nch   int
	rate     int
	loop     bool
	longOnly bool
	q        float64
	books    *books
	bins     int     // residue bins per channel of a long block (to the cut-off)
	partSize int     // residue partition size (interleaved)
	frames   []frame // the audio packets
}

// newEncoder prepares the encoding of b.
func newEncoder(b *audio.Buffer, o Options) *encoder {
	e := &encoder{src: b, n: b.Frames(), nch: b.Channels, rate: int(b.Rate), loop: o.Loop, q: o.Quality, longOnly: o.LongBlocksOnly, books: newBooks()}
	e.partSize = 16 * e.nch
	e.bins = min(half, int(float64(cutoffHz)/(float64(e.rate)/2)*half)) / 16 * 16
	return e
}

// shortBins is the short blocks' residue bins per channel (to the
// cut-off, whole partitions).
func (e *encoder) shortBins() int { return e.bins * short / long / 16 * 16 }

// sample is channel c of frame i, wrapped for a loop, silence otherwise;
// clipped to full scale, NaN as silence.
func (e *encoder) sample(i, c int) float64 {
	if i < 0 || i >= e.n {
		if !e.loop || e.n == 0 {
			return 0
		}
		i = (i%e.n + e.n) % e.n
	}
	v := float64(e.src.Samples[i*e.nch+c])
	switch {
	case v > 1:
		return 1
	case v < -1:
		return -1
	case v != v:
		return 0
	}
	return v
}

// analyse plans the blocks, transforms and quantises each, counting the
// codewords. Two channels share one floor (from their mean energy) and
// their values are coupled (magnitude and angle).
func (e *encoder) analyse(ctx context.Context) error {
	e.frames = e.plan()
	mdcts := map[int]*mdct{long: newMDCT(long), short: newMDCT(short)}
	windows := map[[3]int]([]float64){}
	x := make([]float64, long)
	curve, env := make([]float64, half), make([]float64, half)
	coef := make([][]float64, e.nch)
	for c := range coef {
		coef[c] = make([]float64, half)
	}
	target := make([]int, len(longFloor.x))
	q := make([]int, e.nch)
	count := func(c *codebook, entry int) { c.counts[entry]++ }
	for k := range e.frames {
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		f := &e.frames[k]
		n, fl, bins := f.size(), longFloor, e.bins
		if !f.long {
			fl, bins = shortFloor, e.shortBins()
		}
		key := [3]int{n, b2i(f.prevLong), b2i(f.nextLong)}
		if windows[key] == nil {
			windows[key] = window(n, f.prevLong, f.nextLong)
		}
		peak := 0.0
		for c := range e.nch {
			for i := range n {
				x[i] = e.sample(f.start+i, c)
			}
			mdcts[n].transform(x[:n], windows[key], coef[c][:n/2])
			for _, v := range coef[c][:n/2] {
				peak = math.Max(peak, math.Abs(v))
			}
		}
		f.residue = make([]int16, e.nch*bins)
		if peak >= floorMin/2 {
			for i := range n / 2 {
				s := 0.0
				for c := range e.nch {
					s += coef[c][i] * coef[c][i]
				}
				env[i] = math.Sqrt(s / float64(e.nch))
			}
			fl.targets(env[:n/2], e.q, target[:len(fl.x)])
			f.used, f.vals = true, fl.code(target[:len(fl.x)], n/2, curve)
			for i := range bins {
				for c := range e.nch {
					r := math.Round(coef[c][i] / curve[i])
					q[c] = int(math.Max(-maxChannel, math.Min(maxChannel, r)))
				}
				if e.nch == 2 {
					q[0], q[1] = couple(q[0], q[1])
				}
				for c := range e.nch {
					f.residue[i*e.nch+c] = int16(q[c])
				}
			}
		}
		e.packet(*f, count, nil)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// packet codes audio packet f through put; bw, when not nil, takes the
// bits that are not codewords.
func (e *encoder) packet(f frame, put emitter, bw *bitWriter) {
	raw := func(v uint32, n uint) {
		if bw != nil {
			bw.write(v, n)
		}
	}
	raw(0, 1)                   // audio packet
	raw(uint32(b2i(f.long)), 1) // mode 1 long, 0 short
	if f.long {
		raw(uint32(b2i(f.prevLong)), 1)
		raw(uint32(b2i(f.nextLong)), 1)
	}
	if !f.used {
		for range e.nch {
			raw(0, 1)
		}
		return
	}
	for range e.nch {
		raw(1, 1)
		raw(uint32(f.vals[0]), yBits)
		raw(uint32(f.vals[1]), yBits)
		for _, v := range f.vals[2:] {
			put(e.books.y, v)
		}
	}
	e.books.residue(f.residue, e.partSize, put)
}
