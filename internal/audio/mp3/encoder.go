package mp3

import (
	"bytes"
	"fmt"
	"io"

	"github.com/songsmith/songsmith/internal/audio"
)

// totalDelay is the latency, in samples, from encoder input to the output of
// a standard decoder: 576 (MDCT overlap) + 481 (analysis and synthesis
// filterbanks), measured with go-mp3.
const totalDelay = 1057

// decoderDelay is the part of totalDelay a standard decoder adds itself; the
// LAME tag's encoder delay is totalDelay minus this.
const decoderDelay = 529

// Encoder is a streaming MP3 encoder. Write PCM to it and Close it to flush
// the last frames and finish the Info frame.
//
// When the destination is an io.WriteSeeker the Info frame is written as a
// placeholder and rewritten on Close; otherwise the audio frames are kept in
// memory until Close, because the Info frame that precedes them carries the
// stream's length.
type Encoder struct {
	dst    io.Writer
	seeker io.WriteSeeker // non-nil when the Info frame is rewritten
	mem    bytes.Buffer   // audio frames held back until Close
	hold   bool
	infoAt int64
	known  int64 // input length announced in advance, or -1
	fc     *frameCoder
	// pcm holds the next frame's input and the lookahead after it.
	pcm    [2][frameSize + lookahead]float32
	fill   int   // samples in pcm per channel
	nIn    int64 // input sample frames
	outLen int64 // audio frame bytes emitted
	err    error
	closed bool
}

// NewEncoder returns an encoder writing to w for PCM at rate with the given
// number of interleaved channels.
func NewEncoder(w io.Writer, rate audio.SampleRate, channels int, opts Options) (*Encoder, error) {
	return newEncoder(w, rate, channels, opts, -1)
}

func newEncoder(w io.Writer, rate audio.SampleRate, channels int, opts Options, known int64) (*Encoder, error) {
	c, err := newConfig(int(rate), channels, opts)
	if err != nil {
		return nil, err
	}
	e := &Encoder{dst: w, known: known, fc: newFrameCoder(c)}
	if opts.Tag != nil {
		if _, err := w.Write(id3v2(opts.Tag)); err != nil {
			return nil, err
		}
	}
	switch {
	case known >= 0:
		_, err = w.Write(e.infoFrame(frameCount(known), byteCount(&c, frameCount(known)), known))
	default:
		if s, ok := w.(io.WriteSeeker); ok {
			if pos, serr := s.Seek(0, io.SeekCurrent); serr == nil {
				e.seeker, e.infoAt = s, pos
				_, err = w.Write(e.infoFrame(0, 0, 0))
				break
			}
		}
		e.hold = true
	}
	if err != nil {
		return nil, err
	}
	return e, nil
}

func newConfig(hz, channels int, opts Options) (config, error) {
	c := config{hz: hz, inCh: channels, psy: !opts.rateLoopOnly, longOnly: opts.LongBlocksOnly}
	c.kbps = opts.Bitrate
	if c.kbps == 0 {
		c.kbps = DefaultBitrate
	}
	if c.brIdx = bitrateIndex(c.kbps); c.brIdx < 0 {
		return c, fmt.Errorf("%w: %d kbit/s", ErrBitrate, opts.Bitrate)
	}
	if c.srIdx = rateIndex(hz); c.srIdx < 0 {
		return c, fmt.Errorf("%w: %d Hz", ErrSampleRate, hz)
	}
	switch channels {
	case 1:
		c.nch = 1
	case 2:
		c.nch = 2
		switch opts.Mode {
		case Mono:
			c.nch = 1
		case JointStereo:
			c.joint = true
		case Stereo:
		default:
			return c, fmt.Errorf("mp3: unknown mode %v", opts.Mode)
		}
	default:
		return c, fmt.Errorf("%w: %d", ErrChannels, channels)
	}
	c.sideLen = 32
	if c.nch == 1 {
		c.sideLen = 17
	}
	lineHz := float64(hz) / 2 / granuleSize
	c.cutoff = min(granuleSize, int(lowpassHz(c.kbps/c.nch)/lineHz))
	return c, nil
}

// frameCount returns how many audio frames hold n input samples.
func frameCount(n int64) int64 { return (n + totalDelay + frameSize - 1) / frameSize }

// byteCount returns the size of the Info frame plus frames audio frames.
func byteCount(c *config, frames int64) int64 {
	total := int64(frameBytesBase(c))
	for i := int64(0); i < frames; i++ {
		total += int64(frameBytes(c.kbps, c.hz, i))
	}
	return total
}

// Write encodes interleaved samples (len a multiple of the channel count).
func (e *Encoder) Write(samples []float32) error {
	if e.closed {
		return ErrClosed
	}
	if e.err != nil {
		return e.err
	}
	c := &e.fc.cfg
	if len(samples)%c.inCh != 0 {
		return ErrSamples
	}
	for i := 0; i < len(samples); i += c.inCh {
		if c.inCh == 2 && c.nch == 1 {
			e.pcm[0][e.fill] = clamp((samples[i] + samples[i+1]) / 2)
		} else {
			for ch := 0; ch < c.inCh; ch++ {
				e.pcm[ch][e.fill] = clamp(samples[i+ch])
			}
		}
		e.fill++
		if e.fill == len(e.pcm[0]) {
			if err := e.frame(); err != nil {
				return err
			}
		}
	}
	e.nIn += int64(len(samples) / c.inCh)
	return nil
}

func clamp(v float32) float32 {
	switch {
	case v > 1:
		return 1
	case v < -1:
		return -1
	case v != v: // NaN
		return 0
	}
	return v
}

// frame codes the buffered 1152 samples, keeps the lookahead for the next
// frame and emits what is final.
func (e *Encoder) frame() error {
	e.encodeFrame()
	return e.emit(e.fc.take(e.fc.ready()))
}

// encodeFrame codes the first frameSize buffered samples (the rest of the
// buffer, zero past fill, is the detector's lookahead) and shifts the
// lookahead to the front.
func (e *Encoder) encodeFrame() {
	for ch := range e.pcm {
		clear(e.pcm[ch][e.fill:])
	}
	e.fc.encode(&e.pcm)
	for ch := range e.pcm {
		copy(e.pcm[ch][:lookahead], e.pcm[ch][frameSize:])
	}
	e.fill = max(0, e.fill-frameSize)
}

func (e *Encoder) emit(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	e.outLen += int64(len(b))
	if e.hold {
		e.mem.Write(b)
		return nil
	}
	if _, err := e.dst.Write(b); err != nil {
		e.err = err
		return err
	}
	return nil
}

// Close pads the input with silence up to the last frame, writes the
// remaining frames and finalises the Info frame. It does not close the
// underlying writer.
func (e *Encoder) Close() error {
	if e.closed {
		return e.err
	}
	e.closed = true
	if e.err != nil {
		return e.err
	}
	frames := frameCount(e.nIn)
	for e.fc.n < frames {
		e.encodeFrame()
	}
	if err := e.emit(e.fc.take(len(e.fc.out))); err != nil {
		return err
	}
	c := &e.fc.cfg
	info := e.infoFrame(frames, byteCount(c, frames), e.nIn)
	switch {
	case e.hold:
		if _, err := e.dst.Write(info); err != nil {
			return err
		}
		_, e.err = e.mem.WriteTo(e.dst)
	case e.seeker != nil:
		end, err := e.seeker.Seek(0, io.SeekCurrent)
		if err == nil {
			_, err = e.seeker.Seek(e.infoAt, io.SeekStart)
		}
		if err == nil {
			_, err = e.seeker.Write(info)
		}
		if err == nil {
			_, err = e.seeker.Seek(end, io.SeekStart)
		}
		e.err = err
	case e.known != e.nIn:
		e.err = fmt.Errorf("mp3: wrote %d sample frames, announced %d", e.nIn, e.known)
	}
	return e.err
}
