// Package vorbis is a clean-room Ogg Vorbis encoder written from the
// Vorbis I specification (xiph.org) and RFC 3533 (Ogg): long blocks only
// (2048 samples; the short size is 256 and unused), floor 1 through 28
// fixed posts (two channels share one), residue type 2 over the channels
// coupled as magnitude and angle (lossless square polar), with five
// classes of vector-quantised books (a cascade of two passes for large
// values), one mapping, no residue above 16 kHz, and Huffman codeword
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
}

// DefaultQuality codes the loudest bands below 3 kHz about 29 dB over
// their quantisation noise: 111-149 kbit/s and 24-29 dB SNR on 12 s of six
// styles (techno, jazz trio, ambient, rock, orchestral, lo-fi) at 44.1 kHz.
const DefaultQuality = 0.12

// Block sizes (log2) and derived sizes.
const (
	shortLog, longLog = 8, 11
	long              = 1 << longLog
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
	for k := range e.blocks {
		var bw bitWriter
		e.packet(k, func(c *codebook, entry int) { c.put(&bw, entry) }, &bw)
		g := int64(min(k*half, e.n))
		// The first two audio packets have a page of their own: ffmpeg
		// trims the last page only when it is not the first, and a page
		// of the first packet alone carries granule position 0 (which
		// ogginfo warns about), kept for streams of one block or less.
		pw.packet(bw.bytes(), g, k == 1 || k == 0 && len(e.blocks) == 2, k == len(e.blocks)-1)
	}
	if pw.err != nil {
		return fmt.Errorf("vorbis: %w", pw.err)
	}
	return nil
}

// block is one channel's coded long block.
type block struct {
	used bool  // the floor is coded (false: the channel is silent)
	vals []int // the floor's post values
}

type encoder struct {
	src      *audio.Buffer
	n, nch   int
	rate     int
	loop     bool
	q        float64
	books    *books
	bins     int       // residue bins per channel (to the cut-off)
	partSize int       // residue partition size (interleaved)
	blocks   [][]block // per packet, per channel
	residue  [][]int16 // per packet, interleaved
}

// newEncoder prepares the encoding of b.
func newEncoder(b *audio.Buffer, o Options) *encoder {
	e := &encoder{src: b, n: b.Frames(), nch: b.Channels, rate: int(b.Rate), loop: o.Loop, q: o.Quality, books: newBooks()}
	e.partSize = 16 * e.nch
	e.bins = min(half, int(float64(cutoffHz)/(float64(e.rate)/2)*half)) / 16 * 16
	return e
}

// sample is channel c of frame i, wrapped for a loop, silence otherwise.
func (e *encoder) sample(i, c int) float64 {
	if i < 0 || i >= e.n {
		if !e.loop || e.n == 0 {
			return 0
		}
		i = (i%e.n + e.n) % e.n
	}
	return float64(e.src.Samples[i*e.nch+c])
}

// analyse transforms and quantises every block, counting the codewords.
// Two channels share one floor (from their mean energy) and their values
// are coupled (magnitude and angle).
func (e *encoder) analyse(ctx context.Context) error {
	packets := (e.n+half-1)/half + 1 // packet k ends at sample k*half
	m := newMDCT(long)
	x, curve, env := make([]float64, long), make([]float64, half), make([]float64, half)
	coef := make([][]float64, e.nch)
	for c := range coef {
		coef[c] = make([]float64, half)
	}
	target := make([]int, len(postX))
	q := make([]int, e.nch)
	count := func(c *codebook, entry int) { c.counts[entry]++ }
	e.blocks, e.residue = make([][]block, packets), make([][]int16, packets)
	for k := range packets {
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		e.blocks[k] = make([]block, e.nch)
		res := make([]int16, e.nch*e.bins)
		e.residue[k] = res
		peak := 0.0
		for c := range e.nch {
			start := (k - 1) * half
			for i := range x {
				x[i] = e.sample(start+i, c)
			}
			m.transform(x, coef[c])
			for _, v := range coef[c] {
				peak = math.Max(peak, math.Abs(v))
			}
		}
		if peak < floorMin/2 {
			e.packet(k, count, nil)
			continue
		}
		for i := range env {
			s := 0.0
			for c := range e.nch {
				s += coef[c][i] * coef[c][i]
			}
			env[i] = math.Sqrt(s / float64(e.nch))
		}
		floorTargets(env, e.q, target)
		vals := floorCode(target, half, curve)
		for c := range e.nch {
			e.blocks[k][c] = block{used: true, vals: vals}
		}
		for i := range e.bins {
			for c := range e.nch {
				r := math.Round(coef[c][i] / curve[i])
				q[c] = int(math.Max(-maxChannel, math.Min(maxChannel, r)))
			}
			if e.nch == 2 {
				q[0], q[1] = couple(q[0], q[1])
			}
			for c := range e.nch {
				res[i*e.nch+c] = int16(q[c])
			}
		}
		e.packet(k, count, nil)
	}
	return nil
}

// packet codes audio packet k through put; bw, when not nil, takes the
// bits that are not codewords.
func (e *encoder) packet(k int, put emitter, bw *bitWriter) {
	raw := func(v uint32, n uint) {
		if bw != nil {
			bw.write(v, n)
		}
	}
	raw(0, 1) // audio packet
	// One mode: no mode bits. Long block, long neighbours.
	raw(1, 1)
	raw(1, 1)
	any := false
	for _, blk := range e.blocks[k] {
		if !blk.used {
			raw(0, 1)
			continue
		}
		any = true
		raw(1, 1)
		raw(uint32(blk.vals[0]), yBits)
		raw(uint32(blk.vals[1]), yBits)
		for _, v := range blk.vals[2:] {
			put(e.books.y, v)
		}
	}
	if any {
		e.books.residue(e.residue[k], e.partSize, put)
	}
}
