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
// bank's wave data on first use. At load every sample header is moved from
// its compressed byte range to a slot of a reserved, zero-filled region of
// decoded frames (an anonymous memory mapping: pages cost memory only once
// a decoded sample is written to them); prepare decodes the samples of one
// preset, each once.
type sf3 struct {
	wave    []int16  // the decoded frames, sf.WaveData
	sources []sf3Src // per sample header, in sf.SampleHeaders order
	index   map[*meltysynth.SampleHeader]int
	once    []sync.Once
	frames  atomic.Int64 // frames decoded so far
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
		once:    make([]sync.Once, len(sf.SampleHeaders)),
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
			n, _, err := oggvorbis.GetLength(bytes.NewReader(src.data))
			if err != nil {
				return nil, fmt.Errorf("sample %q: %w", h.Name, err)
			}
			src.frames = int(n)
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

// prepare decodes the samples preset p plays for key at MIDI velocity vel
// (the zones a note-on selects), each sample once per bank; concurrent
// callers wait for a sample being decoded. A sample that fails to decode
// stays silent (the error is returned once, by the call that decoded it).
func (s *sf3) prepare(sf *meltysynth.SoundFont, p *meltysynth.Preset, key, vel int32) error {
	var first error
	for _, pr := range p.Regions {
		if key < pr.GetKeyRangeStart() || key > pr.GetKeyRangeEnd() || vel < pr.GetVelocityRangeStart() || vel > pr.GetVelocityRangeEnd() {
			continue
		}
		for _, ir := range pr.Instrument.Regions {
			if key < ir.GetKeyRangeStart() || key > ir.GetKeyRangeEnd() || vel < ir.GetVelocityRangeStart() || vel > ir.GetVelocityRangeEnd() {
				continue
			}
			i, ok := s.index[ir.Sample]
			if !ok {
				continue
			}
			s.once[i].Do(func() {
				if err := s.decode(sf.SampleHeaders[i], s.sources[i]); err != nil && first == nil {
					first = fmt.Errorf("sample %q: %w", ir.Sample.Name, err)
				}
			})
		}
	}
	return first
}

// decode writes one sample's frames into its slot.
func (s *sf3) decode(h *meltysynth.SampleHeader, src sf3Src) error {
	dst := s.wave[h.Start:h.End]
	if src.raw {
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint16(src.data[2*i:]))
		}
		s.frames.Add(int64(len(dst)))
		return nil
	}
	if len(dst) == 0 {
		return nil
	}
	r, err := oggvorbis.NewReader(bytes.NewReader(src.data))
	if err != nil {
		return err
	}
	ch := r.Channels()
	buf := make([]float32, 4096*ch)
	n := 0
	for n < len(dst) {
		k, err := r.Read(buf)
		for j := 0; j < k/ch && n < len(dst); j++ {
			dst[n] = toInt16(buf[j*ch])
			n++
		}
		if err == io.EOF {
			break
		} else if err != nil {
			return err
		}
	}
	s.frames.Add(int64(n))
	return nil
}

// toInt16 converts a decoded sample in [-1, 1] to 16 bits, rounding.
func toInt16(x float32) int16 {
	v := math.Round(float64(x) * 32768)
	return int16(max(-32768, min(32767, v)))
}
