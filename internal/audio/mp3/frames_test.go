package mp3_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
)

// stream is what parseStream learns about an encoded file.
type stream struct {
	id3Size   int
	info      bool // first frame is an Info frame
	frames    int  // audio frames (Info frame excluded)
	kbps, hz  int
	mono      bool
	maxMDB    int
	infoCount int // frame count stored in the Info frame
	infoBytes int // byte count stored in the Info frame
	msFrames  int // audio frames coded mid/side
	// blockTypes counts granules (of every channel) by block_type.
	blockTypes [4]int
	// shortAt lists the granules (frame*2+gr) with a short block in any
	// channel.
	shortAt []int
	// typeMismatch counts granules whose two channels differ in block_type.
	typeMismatch int
}

var (
	kbpsTable = [15]int{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}
	hzTable   = [3]int{44100, 48000, 32000}
)

// parseStream checks, independently of the encoder, that data is an ID3v2
// tag (optional) followed by back-to-back MPEG-1 Layer III frames of the
// exact CBR size, with main_data_begin only reaching into earlier audio
// frames (at most 511 bytes) and every granule's data fitting the frame.
func parseStream(data []byte) (stream, error) {
	var s stream
	p := 0
	if len(data) >= 10 && string(data[:3]) == "ID3" {
		s.id3Size = 10 + (int(data[6])<<21 | int(data[7])<<14 | int(data[8])<<7 | int(data[9]))
		p = s.id3Size
	}
	avail := 0 // main-data bytes of earlier audio frames
	first := true
	var prevType [2]int
	for p < len(data) {
		if len(data)-p < 4 {
			return s, fmt.Errorf("trailing %d bytes at %d", len(data)-p, p)
		}
		h := data[p : p+4]
		if h[0] != 0xff || h[1] != 0xfb {
			return s, fmt.Errorf("bad sync/version/layer %02x%02x at %d", h[0], h[1], p)
		}
		bi, si, pad := int(h[2]>>4), int(h[2]>>2&3), int(h[2]>>1&1)
		if bi == 0 || bi == 15 || si == 3 {
			return s, fmt.Errorf("bad bitrate/sample rate index at %d", p)
		}
		kbps, hz := kbpsTable[bi], hzTable[si]
		if s.kbps == 0 {
			s.kbps, s.hz = kbps, hz
		} else if kbps != s.kbps || hz != s.hz {
			return s, fmt.Errorf("frame at %d: %d kbps %d Hz, stream is %d/%d", p, kbps, hz, s.kbps, s.hz)
		}
		mono := h[3]>>6 == 3
		s.mono = mono
		size := 144000*kbps/hz + pad
		if p+size > len(data) {
			return s, fmt.Errorf("truncated frame at %d", p)
		}
		side := 32
		nch := 2
		if mono {
			side, nch = 17, 1
		}
		f := data[p : p+size]
		if first && bytes.Contains(f[4+side:4+side+4], []byte("Info")) {
			s.info = true
			q := 4 + side
			s.infoCount = int(be32(f[q+8:]))
			s.infoBytes = int(be32(f[q+12:]))
			first = false
			p += size
			continue
		}
		first = false
		if h[3]>>6 == 1 && h[3]>>5&1 == 1 {
			s.msFrames++
		}
		br := bitReader{b: f[4 : 4+side]}
		mdb := br.get(9)
		if mdb > avail || mdb > 511 {
			return s, fmt.Errorf("frame %d: main_data_begin %d, only %d available", s.frames, mdb, avail)
		}
		s.maxMDB = max(s.maxMDB, mdb)
		if mono {
			br.get(5 + 4)
		} else {
			br.get(3 + 8)
		}
		bits := 0
		for gr := 0; gr < 2; gr++ {
			short := false
			var types [2]int
			for ch := 0; ch < nch; ch++ {
				p23 := br.get(12)
				bv := br.get(9)
				if bv > 288 {
					return s, fmt.Errorf("frame %d: big_values %d", s.frames, bv)
				}
				bits += p23
				br.get(8 + 4)
				bt := 0
				if br.get(1) != 0 {
					bt = br.get(2)
					if bt == 0 {
						return s, fmt.Errorf("frame %d: window switching with block_type 0", s.frames)
					}
					if br.get(1) != 0 {
						return s, fmt.Errorf("frame %d: mixed block", s.frames)
					}
					br.get(10 + 9)
				} else {
					br.get(15 + 4 + 3)
				}
				br.get(3)
				// After a window ending long (0, 3) comes 0 or 1; after one
				// ending short (1, 2) comes 2 or 3.
				endsShort := prevType[ch] == 1 || prevType[ch] == 2
				if beginsShort := bt == 2 || bt == 3; beginsShort != endsShort && !(s.frames == 0 && gr == 0) {
					return s, fmt.Errorf("frame %d granule %d channel %d: block_type %d after %d", s.frames, gr, ch, bt, prevType[ch])
				}
				prevType[ch] = bt
				types[ch] = bt
				s.blockTypes[bt]++
				short = short || bt == 2
			}
			if short {
				s.shortAt = append(s.shortAt, 2*s.frames+gr)
			}
			if nch == 2 && types[0] != types[1] {
				s.typeMismatch++
			}
		}
		slot := size - 4 - side
		if bits > (mdb+slot)*8 {
			return s, fmt.Errorf("frame %d: %d main-data bits exceed %d", s.frames, bits, (mdb+slot)*8)
		}
		avail = min(avail+slot, 4096)
		s.frames++
		p += size
	}
	return s, nil
}

func be32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

type bitReader struct {
	b   []byte
	pos int
}

func (r *bitReader) get(n int) int {
	v := 0
	for i := 0; i < n; i++ {
		v = v<<1 | int(r.b[r.pos>>3]>>(7-r.pos&7)&1)
		r.pos++
	}
	return v
}

// mustParse parses data and checks the frame count against n input samples.
func mustParse(tb testing.TB, data []byte, n int) stream {
	tb.Helper()
	s, err := parseStream(data)
	if err != nil {
		tb.Fatalf("invalid stream: %v", err)
	}
	if !s.info {
		tb.Fatal("no Info frame")
	}
	want := (n + 1057 + 1151) / 1152
	if s.frames != want || s.infoCount != want {
		tb.Fatalf("frames %d, Info says %d, want %d for %d samples", s.frames, s.infoCount, want, n)
	}
	if s.infoBytes != len(data)-s.id3Size {
		tb.Fatalf("Info byte count %d, stream has %d", s.infoBytes, len(data)-s.id3Size)
	}
	return s
}

func TestStressSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: stress signals encoded at every setting")
	}
	sigs := []struct {
		name string
		b    *audio.Buffer
	}{
		{"WhiteNoiseFullScale", noise(44100, 2, 2, 1, 3)},
		{"SquareFullScale", square(44100, 2, 2, 441)},
		{"SquareLow", square(48000, 1, 2, 40)},
		{"Clipped", noise(44100, 2, 1, 4, 9)},
	}
	for _, sg := range sigs {
		for _, br := range []int{32, 128, 320} {
			t.Run(fmt.Sprintf("%s/%d/OK", sg.name, br), func(t *testing.T) {
				data := encode(t, sg.b, mp3.Options{Bitrate: br})
				s := mustParse(t, data, sg.b.Frames())
				if s.kbps != br {
					t.Fatalf("bitrate %d", s.kbps)
				}
				goMP3Decode(t, data)
			})
		}
	}
}

func TestEveryBitrate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every bitrate encoded")
	}
	src := music(44100, 1)
	for _, br := range kbpsTable[1:] {
		for _, mode := range []mp3.Mode{mp3.JointStereo, mp3.Mono} {
			t.Run(fmt.Sprintf("%d/%v/OK", br, mode), func(t *testing.T) {
				data := encode(t, src, mp3.Options{Bitrate: br, Mode: mode})
				s := mustParse(t, data, src.Frames())
				if s.kbps != br || s.mono != (mode == mp3.Mono) {
					t.Fatalf("got %d kbps mono=%v", s.kbps, s.mono)
				}
				dec := goMP3Decode(t, data)
				if len(dec) == 0 {
					t.Fatal("no audio")
				}
			})
		}
	}
}

func TestEdgeLengths(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every edge length encoded")
	}
	for _, rate := range []audio.SampleRate{44100, 48000, 32000} {
		for _, ch := range []int{1, 2} {
			for _, n := range []int{0, 1, 1151, 1152, 1153, 2303, 5000} {
				t.Run(fmt.Sprintf("%d/%dch/%d/OK", rate, ch, n), func(t *testing.T) {
					b := noise(rate, ch, 0, 0.5, uint64(n))
					b.Samples = noise(rate, ch, 1, 0.5, uint64(n)).Samples[:n*ch]
					data := encode(t, b, mp3.Options{})
					s := mustParse(t, data, n)
					if s.hz != int(rate) {
						t.Fatalf("rate %d", s.hz)
					}
					goMP3Decode(t, data)
				})
			}
		}
	}
}

func TestErrors(t *testing.T) {
	var buf bytes.Buffer
	cases := []struct {
		name string
		b    *audio.Buffer
		opts mp3.Options
		want error
	}{
		{"ErrBitrate", audio.NewBuffer(44100, 2, 10), mp3.Options{Bitrate: 100}, mp3.ErrBitrate},
		{"ErrSampleRate", audio.NewBuffer(22050, 2, 10), mp3.Options{}, mp3.ErrSampleRate},
		{"ErrChannels", audio.NewBuffer(44100, 3, 10), mp3.Options{}, mp3.ErrChannels},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := mp3.Encode(context.Background(), &buf, c.b, c.opts); !errorsIs(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

func TestJointStereoSwitchesPerFrame(t *testing.T) {
	t.Run("CorrelatedUsesMS/OK", func(t *testing.T) {
		b := music(44100, 1)
		for i := 0; i < b.Frames(); i++ { // near-mono mix
			b.Samples[2*i+1] = 0.9*b.Samples[2*i] + 0.1*b.Samples[2*i+1]
		}
		s := mustParse(t, encode(t, b, mp3.Options{}), b.Frames())
		if s.msFrames < s.frames*8/10 {
			t.Fatalf("%d of %d frames M/S, want most", s.msFrames, s.frames)
		}
	})
	t.Run("IndependentUsesLR/OK", func(t *testing.T) {
		l, r := sine(44100, 1, 1, 440, 0.5), noise(44100, 1, 1, 0.3, 2)
		b := audio.NewBuffer(44100, 2, l.Frames())
		for i := 0; i < b.Frames(); i++ {
			b.Samples[2*i], b.Samples[2*i+1] = l.Samples[i], r.Samples[i]
		}
		s := mustParse(t, encode(t, b, mp3.Options{}), b.Frames())
		if s.msFrames > s.frames/10 {
			t.Fatalf("%d of %d frames M/S, want few", s.msFrames, s.frames)
		}
	})
	t.Run("StereoModeNeverMS/OK", func(t *testing.T) {
		b := music(44100, 1)
		s := mustParse(t, encode(t, b, mp3.Options{Mode: mp3.Stereo}), b.Frames())
		if s.msFrames != 0 {
			t.Fatalf("%d M/S frames in plain stereo", s.msFrames)
		}
	})
}
