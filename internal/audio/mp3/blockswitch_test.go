package mp3_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/testutil"
)

// castanets returns a quiet 440 Hz tone (-40 dBFS) with sharp bursts of
// decaying noise (castanet-like clicks) every half second, each at a
// different offset against the frame grid. It also returns the burst
// onsets.
func castanets(rate audio.SampleRate, ch int, secs float64) (*audio.Buffer, []int) {
	b := audio.NewBuffer(rate, ch, rate.NSeconds(secs))
	r := rand.New(rand.NewPCG(3, 5))
	var onsets []int
	for a := int(rate) / 2; a+int(rate)/4 < b.Frames(); a += int(rate)/2 + 211 {
		onsets = append(onsets, a)
	}
	for i := 0; i < b.Frames(); i++ {
		v := 0.01 * math.Sin(2*math.Pi*440*float64(i)/float64(rate))
		for _, a := range onsets {
			if d := i - a; d >= 0 && d < 2000 {
				v += 0.7 * math.Exp(-float64(d)/120) * (2*r.Float64() - 1)
			}
		}
		for c := 0; c < ch; c++ {
			b.Samples[i*ch+c] = float32(v)
		}
	}
	return b, onsets
}

// preEchoDB returns the energy (dB) of the coding error of dec (aligned to
// ref) in the 10-20 ms before each onset, summed over the onsets.
func preEchoDB(ref, dec []float64, onsets []int, rate int) float64 {
	e := 1e-20
	for _, a := range onsets {
		for i := a - rate/50; i < a-rate/100; i++ {
			d := dec[i] - ref[i]
			e += d * d
		}
	}
	return 10 * math.Log10(e)
}

// TestShortBlocksReducePreEcho encodes castanet-like bursts with and
// without block switching and requires the error energy 10-20 ms before
// each attack to drop by at least 6 dB with short blocks, as decoded by
// go-mp3 and (when present) ffmpeg.
func TestShortBlocksReducePreEcho(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: pre-echo with and without short blocks")
	}
	const margin = 6.0
	for _, c := range []struct {
		rate audio.SampleRate
		ch   int
		br   int
	}{{44100, 2, 128}, {44100, 2, 192}, {48000, 1, 128}, {44100, 2, 320}} {
		t.Run(fmt.Sprintf("%d/%dch/%d/OK", c.rate, c.ch, c.br), func(t *testing.T) {
			b, onsets := castanets(c.rate, c.ch, 3)
			ref := channel(b.Samples, c.ch, 0)
			short := encode(t, b, mp3.Options{Bitrate: c.br})
			long := encode(t, b, mp3.Options{Bitrate: c.br, LongBlocksOnly: true})
			if s := mustParse(t, short, b.Frames()); s.blockTypes[2] == 0 {
				t.Fatal("no short blocks")
			}
			if s := mustParse(t, long, b.Frames()); s.blockTypes != [4]int{s.blockTypes[0]} {
				t.Fatalf("LongBlocksOnly stream has block types %v", s.blockTypes)
			}
			// go-mp3 decodes the Info frame as silence and trims nothing.
			lag := 1152 + 1057
			es := preEchoDB(ref, shift(channel(goMP3Decode(t, short), 2, 0), lag, len(ref)), onsets, int(c.rate))
			el := preEchoDB(ref, shift(channel(goMP3Decode(t, long), 2, 0), lag, len(ref)), onsets, int(c.rate))
			t.Logf("go-mp3: pre-echo energy short %.1f dB, long only %.1f dB: %.1f dB better", es, el, el-es)
			if el-es < margin {
				t.Errorf("go-mp3: short blocks reduce pre-echo by %.1f dB, want >= %.0f", el-es, margin)
			}
			if _, err := exec.LookPath("ffmpeg"); err != nil {
				return
			}
			fs := preEchoDB(ref, channel(ffmpegDecode(t, writeTemp(t, "s.mp3", short), c.ch), c.ch, 0), onsets, int(c.rate))
			fl := preEchoDB(ref, channel(ffmpegDecode(t, writeTemp(t, "l.mp3", long), c.ch), c.ch, 0), onsets, int(c.rate))
			t.Logf("ffmpeg: pre-echo energy short %.1f dB, long only %.1f dB: %.1f dB better", fs, fl, fl-fs)
			if fl-fs < margin {
				t.Errorf("ffmpeg: short blocks reduce pre-echo by %.1f dB, want >= %.0f", fl-fs, margin)
			}
		})
	}
}

// TestSteadyToneStaysLong checks that stationary signals never trigger
// short blocks once they have started (the onset from digital silence at
// the start is a real attack).
func TestSteadyToneStaysLong(t *testing.T) {
	testutil.SkipRaceShort(t)
	cases := []struct {
		name string
		b    *audio.Buffer
	}{
		{"Sine1k", sine(44100, 2, 3, 1000, 0.5)},
		{"Sine60", sine(44100, 1, 3, 60, 0.9)},
		{"Sine9k", sine(48000, 2, 3, 9000, 0.3)},
		{"Sines", mixSines(44100, 3, []float64{440, 3000, 9000})},
		{"WhiteNoise", noise(44100, 2, 3, 0.5, 21)},
	}
	for _, c := range cases {
		t.Run(c.name+"/OK", func(t *testing.T) {
			s := mustParse(t, encode(t, c.b, mp3.Options{}), c.b.Frames())
			for _, g := range s.shortAt {
				if g >= 4 {
					t.Fatalf("short block in granule %d (of %d); short granules %v", g, 2*s.frames, s.shortAt)
				}
			}
			t.Logf("block types %v", s.blockTypes)
		})
	}
}

// TestShortBlockStreamsDecode checks streams that certainly hold short
// blocks with decoders we did not write: ffmpeg and mpg123 without a
// message, mp3val without a warning, go-mp3 without an error, and the
// independent side-information parser (legal window sequences).
func TestShortBlockStreamsDecode(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: outside decoders on short-block streams")
	}
	ffmpeg := requireTool(t, "ffmpeg")
	mpg123 := requireTool(t, "mpg123")
	mp3val := requireTool(t, "mp3val")
	type tc struct {
		rate audio.SampleRate
		ch   int
		opts mp3.Options
	}
	var cases []tc
	for _, rate := range []audio.SampleRate{44100, 48000, 32000} {
		for _, br := range []int{64, 128, 192, 320} {
			cases = append(cases,
				tc{rate, 2, mp3.Options{Bitrate: br}},
				tc{rate, 2, mp3.Options{Bitrate: br, Mode: mp3.Stereo}},
				tc{rate, 1, mp3.Options{Bitrate: br}})
		}
	}
	for _, c := range cases {
		name := fmt.Sprintf("%d/%dch/%v/%d/OK", c.rate, c.ch, c.opts.Mode, c.opts.Bitrate)
		t.Run(name, func(t *testing.T) {
			t.Parallel() // the outside decoders run as processes: use every core
			b, _ := castanets(c.rate, c.ch, 2)
			if c.ch == 2 { // bursts at other times in the right channel
				r, _ := castanets(c.rate, 1, 2.3)
				for i := 0; i < b.Frames(); i++ {
					b.Samples[2*i+1] = r.Samples[i+int(c.rate)/4]
				}
			}
			c.opts.Tag = &mp3.Tag{Title: "Castanets"}
			data := encode(t, b, c.opts)
			s := mustParse(t, data, b.Frames())
			if s.blockTypes[1] == 0 || s.blockTypes[2] == 0 || s.blockTypes[3] == 0 {
				t.Fatalf("block types %v, want start, short and stop blocks", s.blockTypes)
			}
			if c.ch == 2 && c.opts.Mode == mp3.JointStereo && s.typeMismatch != 0 {
				t.Fatalf("%d joint-stereo granules with different block types", s.typeMismatch)
			}
			if c.ch == 2 && c.opts.Mode == mp3.Stereo && s.typeMismatch == 0 {
				t.Fatal("stereo channels with different attacks got the same block types")
			}
			path := writeTemp(t, "f.mp3", data)
			checkDecoders(t, path, ffmpeg, mpg123, mp3val)
			// The decoded waveform must match the input about as well as
			// with long blocks only: a wrong short transform, window or
			// reordering would not.
			ref := channel(b.Samples, c.ch, 0)
			long := c.opts
			long.LongBlocksOnly = true
			snr := snrDB(ref, shift(channel(goMP3Decode(t, data), 2, 0), 1152+1057, len(ref)), 0)
			snrLong := snrDB(ref, shift(channel(goMP3Decode(t, encode(t, b, long)), 2, 0), 1152+1057, len(ref)), 0)
			if snr < snrLong-1 {
				t.Errorf("go-mp3 SNR %.1f dB, %.1f dB with long blocks only", snr, snrLong)
			}
			t.Logf("block types %v, SNR %.1f dB (long blocks only %.1f dB)", s.blockTypes, snr, snrLong)
		})
	}
}
