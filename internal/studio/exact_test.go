package studio_test

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	mflac "github.com/mewkiz/flac"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// frames returns the frame count and sample rate of an encoded song: WAV
// by our decoder, FLAC from its STREAMINFO (mewkiz/flac), MP3 as ffmpeg
// decodes it (ffmpeg trims by the LAME tag's delay and padding, as gapless
// players do).
func frames(t *testing.T, f jobs.File) (int, int) {
	t.Helper()
	switch f.Ext {
	case "wav":
		b, err := wav.Decode(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatal(err)
		}
		return b.Frames(), int(b.Rate)
	case "flac":
		s, err := mflac.New(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatal(err)
		}
		return int(s.Info.NSamples), int(s.Info.SampleRate)
	default:
		ff := testutil.RequireTool(t, "ffmpeg")
		// From a file: ffmpeg trims the end padding only where it can
		// read the stream as a file (not from a pipe).
		path := filepath.Join(t.TempDir(), "song.mp3")
		if err := os.WriteFile(path, f.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		probe := exec.Command(ff, "-hide_banner", "-nostdin", "-i", path, "-f", "s16le", "-c:a", "pcm_s16le", "pipe:1")
		var out, log bytes.Buffer
		probe.Stdout, probe.Stderr = &out, &log
		if err := probe.Run(); err != nil {
			t.Fatalf("ffmpeg: %v\n%s", err, log.String())
		}
		rate := 0
		for _, r := range []int{44100, 48000} {
			if bytes.Contains(log.Bytes(), []byte(" "+itoa(r)+" Hz")) {
				rate = r
			}
		}
		return out.Len() / 4, rate
	}
}

func itoa(n int) string {
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestExactDuration renders songs with exact_duration: the audio has
// exactly round(duration x rate) frames in WAV, FLAC and MP3 (as ffmpeg
// decodes it, trimming by the gapless tag) at 44.1 and 48 kHz; without
// bpm the tempo moved by at most 4 % from the song's own; an explicit bpm
// is kept exactly; and the song ends musically: its last 50 ms are at
// least 40 dB below its loudness (a ring-out that fades, not a cut).
func TestExactDuration(t *testing.T) {
	testutil.SkipRaceShort(t)
	if testing.Short() {
		t.Skip("-short: measurement test: durations measured by outside decoders at two rates")
	}
	ctx := context.Background()
	s := &studio.Studio{TempDir: t.TempDir()}
	for _, tc := range []struct {
		prompt  string
		seconds float64
		bpm     float64
		format  string
		rate    int
	}{
		{"funk groove", 13.37, 0, "wav", 0},
		{"sad piano ballad", 20, 0, "flac", 48000},
		{"house", 21.5, 124, "mp3", 48000},
		{"folk waltz", 17.25, 0, "mp3", 0},
		{"slow ambient", 10, 0, "wav", 48000},
		{"lo-fi hip hop", 27.3, 84, "wav", 0},
	} {
		t.Run(tc.prompt, func(t *testing.T) {
			o := jobs.Options{Seconds: tc.seconds, BPM: tc.bpm, ExactDuration: true, Format: tc.format}
			if tc.rate != 0 {
				r := uint64(tc.rate)
				o.SampleRate = &r
			}
			if err := o.Normalize(); err != nil {
				t.Fatal(err)
			}
			song, err := s.Generate(ctx, tc.prompt, 9, o)
			if err != nil {
				t.Fatal(err)
			}
			rate := max(tc.rate, int(audio.CD))
			want := audio.SampleRate(rate).NSeconds(tc.seconds)
			got, gotRate := frames(t, song.Audio)
			t.Logf("%s at %d Hz: %d frames, want %d; bpm %.2f; duration %.3f", tc.format, gotRate, got, want, song.BPM, song.Duration)
			if got != want || gotRate != rate {
				t.Errorf("%s: %d frames at %d Hz, want %d at %d", tc.format, got, gotRate, want, rate)
			}
			if math.Abs(song.Duration-tc.seconds) > 0.0005 {
				t.Errorf("result duration %.4f, want %.4f", song.Duration, tc.seconds)
			}
			plain, _, _ := composePerformed(tc.prompt, 9, engine.Options{Seconds: tc.seconds, BPM: tc.bpm})
			if tc.bpm > 0 && song.BPM != tc.bpm {
				t.Errorf("explicit bpm %g became %g", tc.bpm, song.BPM)
			}
			if d := math.Abs(song.BPM/plain.BPM - 1); d > form.MaxNudge+1e-9 {
				t.Errorf("tempo moved %.1f %% (%g to %g)", 100*d, plain.BPM, song.BPM)
			}
			if song.Audio.Ext == "wav" {
				b, _ := wav.Decode(bytes.NewReader(song.Audio.Data))
				all, end := rms(b.Samples), rms(b.Samples[len(b.Samples)-2*b.Rate.NSeconds(0.05):])
				if end > all*0.01 {
					t.Errorf("the last 50 ms are %.1f dB below the song, want at least 40 dB", 20*math.Log10(all/end))
				}
			}
		})
	}
}

func rms(x []float32) float64 {
	sum := 0.0
	for _, v := range x {
		sum += float64(v) * float64(v)
	}
	return math.Sqrt(sum/float64(max(len(x), 1)) + 1e-30)
}
