package mp3_test

import (
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/testutil"
)

type decodeCase struct {
	name string
	b    *audio.Buffer
	opts mp3.Options
}

func decodeCases() []decodeCase {
	tag := &mp3.Tag{Title: "Test", Artist: "Songsmith", Genre: "Electronic", BPM: 120}
	return []decodeCase{
		{"Music44JointStereo192", music(44100, 3), mp3.Options{Tag: tag}},
		{"Music44Stereo128", music(44100, 2), mp3.Options{Bitrate: 128, Mode: mp3.Stereo, Tag: tag}},
		{"Sine48Mono128", sine(48000, 1, 2, 440, 0.5), mp3.Options{Bitrate: 128, Tag: tag}},
		{"Noise32Stereo320", noise(32000, 2, 2, 0.7, 5), mp3.Options{Bitrate: 320, Tag: tag}},
		{"Square44Joint32", square(44100, 2, 2, 300), mp3.Options{Bitrate: 32, Tag: tag}},
		{"Music48Mono64", music(48000, 2), mp3.Options{Bitrate: 64, Mode: mp3.Mono, Tag: tag}},
		{"Silence44Stereo", audio.NewBuffer(44100, 2, 44100), mp3.Options{Tag: tag}},
		{"OddLength", sine(44100, 2, 1.2345, 1000, 0.3), mp3.Options{Tag: tag}},
	}
}

// TestDecodersAccept runs every file through decoders we did not write.
func TestDecodersAccept(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: outside decoders on every file")
	}
	ffmpeg := requireTool(t, "ffmpeg")
	mpg123 := requireTool(t, "mpg123")
	mp3val := requireTool(t, "mp3val")
	for _, c := range decodeCases() {
		t.Run(c.name+"/OK", func(t *testing.T) {
			data := encode(t, c.b, c.opts)
			mustParse(t, data, c.b.Frames())
			path := writeTemp(t, "f.mp3", data)

			checkDecoders(t, path, ffmpeg, mpg123, mp3val)
			dec := goMP3Decode(t, data)
			// go-mp3 ignores the Info frame (decoding it as silence) and trims nothing.
			if want := 2 * 1152 * (1 + (c.b.Frames()+1057+1151)/1152); len(dec) != want {
				t.Errorf("go-mp3 decoded %d samples, want %d", len(dec), want)
			}
		})
	}
}

// checkDecoders runs the outside decoders on the MP3 at path: ffmpeg must
// print nothing at -v error, mpg123 -t and mp3val must report no error or
// warning.
func checkDecoders(t *testing.T, path, ffmpeg, mpg123, mp3val string) {
	t.Helper()
	out, err := exec.Command(ffmpeg, "-v", "error", "-i", path, "-f", "null", "-").CombinedOutput()
	if err != nil || len(out) != 0 {
		t.Errorf("ffmpeg: %v: %q", err, out)
	}
	if out, err := exec.Command(mpg123, "-t", path).CombinedOutput(); err != nil ||
		bytes.Contains(bytes.ToLower(out), []byte("error")) || bytes.Contains(bytes.ToLower(out), []byte("warning")) {
		t.Errorf("mpg123 -t: %v: %s", err, out)
	}
	out, err = exec.Command(mp3val, path).CombinedOutput()
	if err != nil || bytes.Contains(out, []byte("WARNING")) || bytes.Contains(out, []byte("ERROR")) {
		t.Errorf("mp3val: %v: %s", err, out)
	}
}

// TestExactLength checks that ffmpeg and mpg123 trim the stream to exactly
// the input length using the LAME tag, and that ffprobe's duration is the
// source's within one frame once its reported start offset is removed.
func TestExactLength(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: outside decoders trim to the exact length")
	}
	ffprobe := requireTool(t, "ffprobe")
	mpg123 := requireTool(t, "mpg123")
	for _, c := range decodeCases() {
		t.Run(c.name+"/OK", func(t *testing.T) {
			data := encode(t, c.b, c.opts)
			path := writeTemp(t, "f.mp3", data)
			nch := c.b.Channels
			if c.opts.Mode == mp3.Mono {
				nch = 1
			}
			if got := len(ffmpegDecode(t, path, nch)) / nch; got != c.b.Frames() {
				t.Errorf("ffmpeg decoded %d frames, want %d", got, c.b.Frames())
			}
			raw, err := exec.Command(mpg123, "-q", "-s", path).Output()
			if err != nil {
				t.Fatalf("mpg123: %v", err)
			}
			if got := len(raw) / 2 / nch; got != c.b.Frames() {
				t.Errorf("mpg123 decoded %d frames, want %d", got, c.b.Frames())
			}
			out, err := exec.Command(ffprobe, "-v", "error", "-show_entries", "format=duration:stream=start_time",
				"-of", "default=nw=1:nk=1", path).Output()
			if err != nil {
				t.Fatalf("ffprobe: %v", err)
			}
			f := strings.Fields(string(out))
			if len(f) != 2 {
				t.Fatalf("ffprobe output %q", out)
			}
			start, _ := strconv.ParseFloat(f[0], 64)
			dur, _ := strconv.ParseFloat(f[1], 64)
			frame := 1152 / float64(c.b.Rate)
			if d := dur - start - c.b.Seconds(); d < -0.001 || d > frame {
				t.Errorf("ffprobe duration %.4f (start %.4f) vs source %.4f", dur, start, c.b.Seconds())
			}
			if want := 1057 / float64(c.b.Rate); math.Abs(start-want) > 0.0005 {
				t.Errorf("ffprobe start_time %.5f, want %.5f (encoder delay from the LAME tag)", start, want)
			}
		})
	}
}

// TestAlignment checks that ffmpeg's trimmed output is sample-aligned with
// the input (no residual delay).
func TestAlignment(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := music(44100, 2)
	path := writeTemp(t, "f.mp3", encode(t, b, mp3.Options{}))
	dec := ffmpegDecode(t, path, 2)
	for c := 0; c < 2; c++ {
		ref := channel(b.Samples, 2, c)
		if lag := bestLag(ref, channel(dec, 2, c), -50, 50); lag != 0 {
			t.Fatalf("channel %d: lag %d", c, lag)
		}
	}
	_ = fmt.Sprint
}
