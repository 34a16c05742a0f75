package mp3_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	gomp3 "github.com/hajimehoshi/go-mp3"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/audio/wav"
)

// sine returns a sine of freq Hz at amplitude amp in every channel.
func sine(rate audio.SampleRate, ch int, secs, freq, amp float64) *audio.Buffer {
	b := audio.NewBuffer(rate, ch, rate.NSeconds(secs))
	for i := 0; i < b.Frames(); i++ {
		v := float32(amp * math.Sin(2*math.Pi*freq*float64(i)/float64(rate)))
		for c := 0; c < ch; c++ {
			b.Samples[i*ch+c] = v
		}
	}
	return b
}

// noise returns uniform white noise of peak amp, independent per channel.
func noise(rate audio.SampleRate, ch int, secs, amp float64, seed uint64) *audio.Buffer {
	r := rand.New(rand.NewPCG(seed, 1))
	b := audio.NewBuffer(rate, ch, rate.NSeconds(secs))
	for i := range b.Samples {
		b.Samples[i] = float32(amp * (2*r.Float64() - 1))
	}
	return b
}

// square returns a full-scale square wave.
func square(rate audio.SampleRate, ch int, secs, freq float64) *audio.Buffer {
	b := audio.NewBuffer(rate, ch, rate.NSeconds(secs))
	for i := 0; i < b.Frames(); i++ {
		v := float32(1)
		if math.Mod(freq*float64(i)/float64(rate), 1) >= 0.5 {
			v = -1
		}
		for c := 0; c < ch; c++ {
			b.Samples[i*ch+c] = v
		}
	}
	return b
}

// music synthesises a stereo chord progression with bass, hi-hat noise and
// a kick drum: tonal, transient and noisy parts like a real mix.
func music(rate audio.SampleRate, secs float64) *audio.Buffer {
	b := audio.NewBuffer(rate, 2, rate.NSeconds(secs))
	r := rand.New(rand.NewPCG(7, 7))
	chords := [][]float64{{261.63, 329.63, 392.00}, {220.00, 261.63, 329.63}, {174.61, 220.00, 261.63}, {196.00, 246.94, 293.66}}
	fs := float64(rate)
	beat := 0.5 // seconds (120 bpm)
	for i := 0; i < b.Frames(); i++ {
		t := float64(i) / fs
		ch := chords[int(t/2)%len(chords)]
		var l, rr float64
		for k, f := range ch {
			v := 0.12 * (math.Sin(2*math.Pi*f*t) + 0.4*math.Sin(4*math.Pi*f*t+0.3) + 0.2*math.Sin(6*math.Pi*f*t))
			pan := 0.3 + 0.2*float64(k)
			l += v * (1 - pan)
			rr += v * pan
		}
		bass := 0.2 * math.Sin(2*math.Pi*ch[0]/2*t)
		l += bass
		rr += bass
		tb := math.Mod(t, beat)
		kick := 0.5 * math.Exp(-tb*18) * math.Sin(2*math.Pi*(50+80*math.Exp(-tb*30))*tb)
		th := math.Mod(t+beat/2, beat)
		hat := 0.08 * math.Exp(-th*60) * (2*r.Float64() - 1)
		l += kick + hat
		rr += kick - 0.5*hat
		b.Samples[2*i] = float32(l)
		b.Samples[2*i+1] = float32(rr)
	}
	return b
}

// encode encodes b and fails the test on error.
func encode(tb testing.TB, b *audio.Buffer, opts mp3.Options) []byte {
	tb.Helper()
	var out bytes.Buffer
	if err := mp3.Encode(context.Background(), &out, b, opts); err != nil {
		tb.Fatalf("Encode: %v", err)
	}
	return out.Bytes()
}

// writeTemp stores data in a file of the test's temp dir.
func writeTemp(tb testing.TB, name string, data []byte) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// writeWAV stores b as a 16-bit WAV file.
func writeWAV(tb testing.TB, b *audio.Buffer) string {
	tb.Helper()
	var w bytes.Buffer
	if err := wav.Encode(&w, b); err != nil {
		tb.Fatal(err)
	}
	return writeTemp(tb, "in.wav", w.Bytes())
}

// ffmpegDecode decodes path with ffmpeg (which trims per the LAME tag) to
// interleaved float32 with ch channels.
func ffmpegDecode(tb testing.TB, path string, ch int) []float32 {
	tb.Helper()
	bin := requireTool(tb, "ffmpeg")
	cmd := exec.Command(bin, "-v", "error", "-i", path, "-ac", itoa(ch), "-f", "f32le", "-")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		tb.Fatalf("ffmpeg decode %s: %v: %s", path, err, errb.String())
	}
	s := make([]float32, out.Len()/4)
	if err := binary.Read(&out, binary.LittleEndian, s); err != nil {
		tb.Fatal(err)
	}
	return s
}

// goMP3Decode decodes data with hajimehoshi/go-mp3 to interleaved stereo.
func goMP3Decode(tb testing.TB, data []byte) []float32 {
	tb.Helper()
	d, err := gomp3.NewDecoder(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("go-mp3: %v", err)
	}
	raw, err := io.ReadAll(d)
	if err != nil {
		tb.Fatalf("go-mp3 read: %v", err)
	}
	s := make([]float32, len(raw)/2)
	for i := range s {
		s[i] = float32(int16(binary.LittleEndian.Uint16(raw[2*i:]))) / 32768
	}
	return s
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// channel extracts channel c of interleaved samples as float64.
func channel(s []float32, ch, c int) []float64 {
	out := make([]float64, len(s)/ch)
	for i := range out {
		out[i] = float64(s[i*ch+c])
	}
	return out
}

// bestLag finds the shift d in [lo, hi] maximising the correlation of
// ref[i] with dec[i+d].
func bestLag(ref, dec []float64, lo, hi int) int {
	best, bestV := lo, math.Inf(-1)
	for d := lo; d <= hi; d++ {
		v := 0.0
		for i := 0; i < len(ref); i += 3 {
			if j := i + d; j >= 0 && j < len(dec) {
				v += ref[i] * dec[j]
			}
		}
		if v > bestV {
			best, bestV = d, v
		}
	}
	return best
}

// snrDB returns the waveform SNR of dec against ref shifted by lag, over
// the middle of the signal (skipping edges).
func snrDB(ref, dec []float64, lag int) float64 {
	var sig, errE float64
	for i := len(ref) / 20; i < len(ref)-len(ref)/20; i++ {
		j := i + lag
		d := 0.0
		if j >= 0 && j < len(dec) {
			d = dec[j]
		}
		sig += ref[i] * ref[i]
		errE += (ref[i] - d) * (ref[i] - d)
	}
	if errE == 0 {
		return 200
	}
	return 10 * math.Log10(sig/errE)
}
