package mp3_test

import (
	"fmt"
	"math"
	"os/exec"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestSineTHDN(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: THD+N measured over a sweep")
	}
	for _, c := range []struct {
		name string
		rate audio.SampleRate
		ch   int
		br   int
	}{{"Stereo44/OK", 44100, 2, 192}, {"Mono48/OK", 48000, 1, 128}, {"Stereo44Low/OK", 44100, 2, 128}} {
		t.Run(c.name, func(t *testing.T) {
			amp := math.Pow(10, -6.0/20)
			b := sine(c.rate, c.ch, 2, 1000, amp)
			dec := goMP3Decode(t, encode(t, b, mp3.Options{Bitrate: c.br}))
			x := channel(dec, 2, 0)
			x = x[1152+1057+4410 : 1152+1057+b.Frames()-4410] // skip Info frame, delay, edges
			if f := zeroCrossFreq(x, float64(c.rate)); math.Abs(f-1000) > 0.5 {
				t.Fatalf("decoded frequency %.2f Hz", f)
			}
			a, thdn := sineFit(x, float64(c.rate), 1000)
			if math.Abs(20*math.Log10(a/amp)) > 0.1 {
				t.Errorf("amplitude %.4f, want %.4f", a, amp)
			}
			if thdn > -40 {
				t.Errorf("THD+N %.1f dB, want < -40", thdn)
			}
			t.Logf("THD+N %.1f dB", thdn)
		})
	}
}

func TestSilenceStaysSilent(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, ch := range []int{1, 2} {
		t.Run(fmt.Sprintf("%dch/OK", ch), func(t *testing.T) {
			b := audio.NewBuffer(44100, ch, 44100)
			for _, v := range goMP3Decode(t, encode(t, b, mp3.Options{})) {
				if v != 0 {
					t.Fatalf("decoded sample %v, want exact zeros", v)
				}
			}
		})
	}
	t.Run("TinyDither/OK", func(t *testing.T) {
		b := noise(44100, 2, 1, 1e-6, 4) // far below 16-bit resolution
		peak := 0.0
		for _, v := range goMP3Decode(t, encode(t, b, mp3.Options{})) {
			peak = max(peak, math.Abs(float64(v)))
		}
		if peak > math.Pow(10, -90.0/20) {
			t.Fatalf("peak %.1f dBFS, want below -90", 20*math.Log10(peak))
		}
	})
}

// refEncode encodes the WAV at path with an outside encoder and decodes it
// with ffmpeg; lag is the delay to remove.
func refEncode(t *testing.T, tool string, args []string, wavPath string, ch int) []float32 {
	t.Helper()
	bin := requireTool(t, tool)
	out := wavPath + "." + tool + ".mp3"
	cmd := exec.Command(bin, append(args, wavPath, out)...)
	if o, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", tool, err, o)
	}
	return ffmpegDecode(t, out, ch)
}

// TestFidelityVersusReferenceEncoders encodes the same inputs with our
// encoder, Debian's shineenc and lame at the same bitrate and requires our
// waveform SNR and 1/3-octave band-energy error to be no worse than shine's.
// The gap to lame is logged.
func TestFidelityVersusReferenceEncoders(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: fidelity against lame and shineenc")
	}
	requireTool(t, "shineenc")
	requireTool(t, "lame")
	sigs := []struct {
		name string
		b    *audio.Buffer
	}{
		{"Music", music(44100, 3)},
		{"Sines", mixSines(44100, 2, []float64{440, 3000, 9000})},
		{"WhiteNoise", noise(44100, 2, 2, 0.5, 11)},
	}
	for _, sg := range sigs {
		for _, br := range []int{128, 192} {
			t.Run(fmt.Sprintf("%s/%d/OK", sg.name, br), func(t *testing.T) {
				wavPath := writeWAV(t, sg.b)
				// Compare against the 16-bit WAV every encoder reads.
				ours := ffmpegDecode(t, writeTemp(t, "o.mp3", encode(t, sg.b, mp3.Options{Bitrate: br})), 2)
				shine := refEncode(t, "shineenc", []string{"-q", "-b", itoa(br)}, wavPath, 2)
				lame := refEncode(t, "lame", []string{"--quiet", "-b", itoa(br)}, wavPath, 2)
				var res [3][2]float64 // [enc][snr, band error]
				for c := 0; c < 2; c++ {
					ref := channel(sg.b.Samples, 2, c)
					decs := [3][]float64{channel(ours, 2, c), channel(shine, 2, c), channel(lame, 2, c)}
					// shineenc writes no LAME tag: its output starts with
					// its 1057-sample delay; ours and lame are trimmed.
					lags := [3]int{0, bestLag(ref, decs[1], 1057-2, 1057+2), 0}
					for e := range decs {
						d := shift(decs[e], lags[e], len(ref))
						res[e][0] += snrDB(ref, d, 0) / 2
						res[e][1] += bandError(ref, d, 44100) / 2
					}
				}
				t.Logf("SNR dB ours %.2f shine %.2f lame %.2f | band error dB ours %.3f shine %.3f lame %.3f",
					res[0][0], res[1][0], res[2][0], res[0][1], res[1][1], res[2][1])
				if res[0][0] < res[1][0] {
					t.Errorf("SNR %.2f dB worse than shineenc's %.2f dB", res[0][0], res[1][0])
				}
				if res[0][1] > res[1][1] {
					t.Errorf("band energy error %.3f dB worse than shineenc's %.3f dB", res[0][1], res[1][1])
				}
			})
		}
	}
	t.Run("Silence/OK", func(t *testing.T) {
		b := audio.NewBuffer(44100, 2, 44100)
		wavPath := writeWAV(t, b)
		ours := ffmpegDecode(t, writeTemp(t, "o.mp3", encode(t, b, mp3.Options{})), 2)
		shine := refEncode(t, "shineenc", []string{"-q", "-b", "192"}, wavPath, 2)
		if p, ps := peak(ours), peak(shine); p > ps || p > 1e-5 {
			t.Errorf("silence peak ours %g, shine %g", p, ps)
		}
	})
}

func peak(s []float32) float64 {
	p := 0.0
	for _, v := range s {
		p = max(p, math.Abs(float64(v)))
	}
	return p
}

// mixSines returns equal-amplitude sines (stereo, slightly detuned right).
func mixSines(rate audio.SampleRate, secs float64, freqs []float64) *audio.Buffer {
	b := audio.NewBuffer(rate, 2, rate.NSeconds(secs))
	for i := 0; i < b.Frames(); i++ {
		tt := float64(i) / float64(rate)
		var l, r float64
		for _, f := range freqs {
			l += 0.25 * math.Sin(2*math.Pi*f*tt)
			r += 0.25 * math.Sin(2*math.Pi*f*1.001*tt+1)
		}
		b.Samples[2*i], b.Samples[2*i+1] = float32(l), float32(r)
	}
	return b
}

// TestPsychoacousticModelBeatsRateLoop compares the full encoder with the
// same encoder running the rate loop alone (flat scalefactors): noise above
// a simple per-band masking estimate must drop.
func TestPsychoacousticModelBeatsRateLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: quality measured on music")
	}
	b := music(44100, 3)
	for _, br := range []int{128, 192} {
		t.Run(fmt.Sprintf("%d/OK", br), func(t *testing.T) {
			full := goMP3Decode(t, encode(t, b, mp3.Options{Bitrate: br}))
			plain := goMP3Decode(t, encode(t, b, mp3.RateLoopOnly(mp3.Options{Bitrate: br})))
			var a, p float64
			for c := 0; c < 2; c++ {
				ref := channel(b.Samples, 2, c)
				a += audibleNoise(ref, shift(channel(full, 2, c), 2209, len(ref)), 44100)
				p += audibleNoise(ref, shift(channel(plain, 2, c), 2209, len(ref)), 44100)
			}
			t.Logf("audible noise: psy %.3f dB, rate loop only %.3f dB", a/2, p/2)
			if a >= p {
				t.Errorf("psychoacoustic model %.3f dB not better than rate loop %.3f dB", a/2, p/2)
			}
		})
	}
}
