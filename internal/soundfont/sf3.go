package soundfont

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"

	"github.com/jfreymuth/oggvorbis"
	"github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// sampleTypeVorbis is the SF3 sample-type bit of an Ogg Vorbis sample.
const sampleTypeVorbis = 0x10

// padFrames is the silence after every decoded sample (SF2 asks for 46
// zero frames; the interpolators read past a sample's end), and slotAlign
// the frames a decoded slot is rounded up to, so that no two samples share
// a machine word (one goroutine decodes a sample while others play
// another).
const (
	padFrames = 46
	slotAlign = 64
)

// sf3 holds the compressed samples of an SF3 bank and decodes them into the
// bank's wave data as they play. At load every sample header is moved from
// its compressed byte range to a slot of a reserved, zero-filled region of
// decoded frames (an anonymous memory mapping: pages cost memory only once
// a decoded sample is written to them); decodeTo decodes a sample as far
// as a note can read it (sf3play.go), each frame once per bank.
type sf3 struct {
	wave    []int16  // the decoded frames, sf.WaveData
	sources []sf3Src // per sample header, in sf.SampleHeaders order
	index   map[*meltysynth.SampleHeader]int
	state   []sf3State
	frames  atomic.Int64 // frames decoded so far
}

// sf3State is how far one sample is decoded, and its open decoder.
type sf3State struct {
	done atomic.Int64 // frames decoded from the sample's start
	mu   sync.Mutex   // held while decoding
	dec  *oggvorbis.Reader
	buf  []float32
	err  error
}

// sf3Src is where one sample's data is in the file's smpl chunk.
type sf3Src struct {
	data   []byte // Ogg Vorbis stream, or 16-bit frames when raw
	raw    bool   // an uncompressed sample inside an SF3 bank
	frames int    // decoded length
}

// isSF3 reports whether any sample header of sf names an Ogg Vorbis sample.
func isSF3(sf *meltysynth.SoundFont) bool {
	for _, h := range sf.SampleHeaders {
		if h.SampleType&sampleTypeVorbis != 0 {
			return true
		}
	}
	return false
}

// newSF3 lays out the decoded samples of sf, whose compressed smpl chunk is
// smpl: a compressed sample's Start and End are byte offsets into smpl and
// its loop points count decoded frames from its start (the SF3 convention
// of MuseScore and FluidSynth); every header is rewritten to point into
// the decoded region, which becomes sf.WaveData. Only the streams' lengths
// are read (from their last Ogg page); nothing is decoded.
func newSF3(sf *meltysynth.SoundFont, smpl []byte) (*sf3, error) {
	s := &sf3{
		sources: make([]sf3Src, len(sf.SampleHeaders)),
		index:   make(map[*meltysynth.SampleHeader]int, len(sf.SampleHeaders)),
		state:   make([]sf3State, len(sf.SampleHeaders)),
	}
	off := 0
	for i, h := range sf.SampleHeaders {
		s.index[h] = i
		start, end := int(h.Start), int(h.End)
		src := sf3Src{raw: h.SampleType&sampleTypeVorbis == 0}
		loopStart, loopEnd := int(h.StartLoop)-start, int(h.EndLoop)-start
		if src.raw {
			start, end = 2*start, 2*end
		} else {
			loopStart, loopEnd = int(h.StartLoop), int(h.EndLoop)
		}
		if start < 0 || end < start || end > len(smpl) {
			return nil, fmt.Errorf("sample %q: data %d-%d outside the smpl chunk (%d bytes)", h.Name, start, end, len(smpl))
		}
		src.data = smpl[start:end]
		if src.raw {
			src.frames = len(src.data) / 2
		} else if len(src.data) > 0 {
			n, err := lastGranule(src.data)
			if err != nil {
				return nil, fmt.Errorf("sample %q: %w", h.Name, err)
			}
			src.frames = n
		}
		s.sources[i] = src
		h.Start = int32(off)
		h.End = int32(off + src.frames)
		h.StartLoop = int32(off + loopStart)
		h.EndLoop = int32(off + loopEnd)
		h.SampleType &^= sampleTypeVorbis
		off += (src.frames + padFrames + slotAlign - 1) / slotAlign * slotAlign
		if off > math.MaxInt32 {
			return nil, fmt.Errorf("decoded samples exceed %d frames", math.MaxInt32)
		}
	}
	wave, err := reserve(off + slotAlign)
	if err != nil {
		return nil, fmt.Errorf("reserving %d decoded frames: %w", off, err)
	}
	s.wave = wave
	sf.WaveData = wave
	return s, nil
}

// decodeTo decodes sample i (header h) from where its decoding stopped up
// to at least frame upto of the sample (all of it when upto is past its
// end). Each sample keeps its decoder open between calls; concurrent
// callers (players of one bank) take turns per sample, and a caller that
// finds the sample decoded far enough returns at once.
func (s *sf3) decodeTo(h *meltysynth.SampleHeader, i, upto int) error {
	st := &s.state[i]
	src := s.sources[i]
	upto = min(upto, src.frames)
	if int(st.done.Load()) >= upto {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	done := int(st.done.Load())
	if done >= upto || st.err != nil {
		return st.err
	}
	dst := s.wave[int(h.Start)+done : int(h.Start)+src.frames]
	if src.raw {
		for j := range dst {
			dst[j] = int16(binary.LittleEndian.Uint16(src.data[2*(done+j):]))
		}
		s.frames.Add(int64(len(dst)))
		st.done.Store(int64(src.frames))
		return nil
	}
	if st.dec == nil {
		r, err := oggvorbis.NewReader(bytes.NewReader(src.data))
		if err != nil {
			st.err = err
			return err
		}
		st.dec, st.buf = r, make([]float32, 1024*r.Channels())
	}
	ch := st.dec.Channels()
	n := 0
	for done+n < upto {
		k, err := st.dec.Read(st.buf)
		for j := 0; j < k/ch && n < len(dst); j++ {
			dst[n] = toInt16(st.buf[j*ch])
			n++
		}
		if err == io.EOF {
			n = len(dst) // the rest, if any, stays silent
			break
		} else if err != nil {
			st.err = err
			break
		}
	}
	s.frames.Add(int64(n))
	st.done.Store(int64(done + n))
	if done+n >= src.frames {
		st.dec, st.buf = nil, nil
	}
	return st.err
}

// decoded reports whether sample h is decoded up to frame end of the
// bank's wave data.
func (s *sf3) decoded(h *meltysynth.SampleHeader, end int) bool {
	i, ok := s.index[h]
	return ok && int(h.Start)+int(s.state[i].done.Load()) >= end
}

// lastGranule returns the granule position of an Ogg stream's last page,
// the stream's length in frames, reading that page only: it is the last
// "OggS" capture whose header, segment table and body end exactly at the
// stream's end.
func lastGranule(b []byte) (int, error) {
	const head = 27
	for i := len(b) - head; i >= 0; i-- {
		if b[i] != 'O' || string(b[i:i+4]) != "OggS" || b[i+4] != 0 {
			continue
		}
		nseg := int(b[i+26])
		if i+head+nseg > len(b) {
			continue
		}
		body := 0
		for _, l := range b[i+head : i+head+nseg] {
			body += int(l)
		}
		if i+head+nseg+body != len(b) {
			continue
		}
		g := int64(binary.LittleEndian.Uint64(b[i+6:]))
		if g < 0 || g > math.MaxInt32 {
			return 0, fmt.Errorf("last Ogg page has granule position %d", g)
		}
		return int(g), nil
	}
	return 0, fmt.Errorf("no Ogg page ends the stream (%d bytes)", len(b))
}

// toInt16 converts a decoded sample in [-1, 1] to 16 bits, rounding.
func toInt16(x float32) int16 {
	v := math.Round(float64(x) * 32768)
	return int16(max(-32768, min(32767, v)))
}

// Decode decodes every sample preset bank:program can play, in full (an
// SF3 bank; nothing to do for SF2): for measuring a bank's samples, or to
// pay the decoding before a render rather than during it. The decoded
// frames stay resident for the bank's life.
func (b *Bank) Decode(bank, program int) error {
	p := b.presetOf[int32(bank)<<16|int32(program)]
	if b.lazy == nil || p == nil {
		return nil
	}
	for _, pr := range p.Regions {
		for _, ir := range pr.Instrument.Regions {
			if i, ok := b.lazy.index[ir.Sample]; ok {
				if err := b.lazy.decodeTo(ir.Sample, i, math.MaxInt); err != nil {
					return fmt.Errorf("soundfont: sample %q: %w", ir.Sample.Name, err)
				}
			}
		}
	}
	return nil
}
