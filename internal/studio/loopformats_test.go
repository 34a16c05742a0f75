package studio_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestLoopFormats renders one loop in every format and plays each file
// twice end to end with ffmpeg (-stream_loop 1), as a game engine loops it:
//   - no gap: the decode holds exactly twice the loop's frames (the WAV's),
//     so FLAC, Ogg (granule position) and MP3 (the LAME tag's encoder delay
//     and padding; mpg123 too) all trim to the exact length;
//   - no click: the step between neighbouring frames at the seam is under
//     the largest step within the loop's bars (the song's own), and under
//     the 99th percentile of its steps (TestLoop's bound, which a cut
//     mid-bar exceeds), in the decoded audio (measured 0.017 to 0.033,
//     the 38th to 58th percentile, against 0.38);
//   - FLAC and Ogg carry LOOPSTART=0 and LOOPLENGTH=frames;
//   - the lossy decodes match the WAV (SNR in dB, stated);
//   - jobs.MediaKeys lists each format's file (TestMediaExtsCoverTheStudio
//     for the others).
//
// Four renders: about 8 s alone, 100 s under the race detector, so -short
// skips it (make test runs it in its pass without -race). The codecs' own
// loop tests are cheaper: internal/audio/vorbis TestLoopSeam,
// internal/audio/mp3 TestExactLength.
func TestLoopFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: four renders, each format played twice by ffmpeg")
	}
	ff := testutil.RequireTool(t, "ffmpeg")
	probe := testutil.RequireTool(t, "ffprobe")
	ctx := context.Background()
	s := &studio.Studio{TempDir: t.TempDir()}
	gen := func(t *testing.T, format string) *jobs.Song {
		t.Helper()
		o := jobs.Options{Seconds: 4, Loop: true, Format: format}
		if err := o.Normalize(); err != nil {
			t.Fatal(err)
		}
		song, err := s.Generate(ctx, "techno", 7, o)
		if err != nil {
			t.Fatal(err)
		}
		return song
	}
	wavSong := gen(t, "wav")
	ref, err := wav.Decode(bytes.NewReader(wavSong.Audio.Data))
	if err != nil {
		t.Fatal(err)
	}
	n := ref.Frames()
	for _, tc := range []struct {
		format string
		tags   bool
		snr    float64 // least SNR against the WAV, dB
	}{{"wav", false, 90}, {"flac", true, 90}, {"mp3", false, 20}, {"ogg", true, 20}} {
		t.Run(tc.format, func(t *testing.T) {
			song := wavSong
			if tc.format != "wav" {
				song = gen(t, tc.format)
			}
			id := jobs.NewJobID()
			if k := mediakey.Song(id, song.Audio.Ext); !slices.Contains(jobs.MediaKeys(&jobs.Job{ID: id, Status: jobs.StatusFailed}), k) {
				t.Errorf("jobs.MediaKeys of a failed job lacks %s", k)
			}
			path := filepath.Join(t.TempDir(), "loop."+song.Audio.Ext)
			if err := os.WriteFile(path, song.Audio.Data, 0o600); err != nil {
				t.Fatal(err)
			}
			twice := decodeTwice(t, ff, path)
			if len(twice) != 4*n {
				t.Fatalf("played twice: %d frames, want 2 x %d: a gap or a cut at the seam", len(twice)/2, n)
			}
			seam, most := seamStep(twice, n)
			pct := seamPercentile(&audio.Buffer{Rate: ref.Rate, Channels: 2, Samples: twice[:2*n]})
			snr := snrDB(ref.Samples, twice[:2*n])
			t.Logf("%s: %d bytes, 2 x %d frames, seam step %.4f (at the %.1fth percentile of the loop's), largest step within the bars %.4f, SNR %.1f dB",
				tc.format, len(song.Audio.Data), n, seam, pct, most, snr)
			if seam >= most || pct >= 99 {
				t.Errorf("the seam steps %.4f (the %.1fth percentile), the song at most %.4f: a click", seam, pct, most)
			}
			if snr < tc.snr {
				t.Errorf("SNR %.1f dB against the WAV, want >= %g", snr, tc.snr)
			}
			if tc.format == "mp3" {
				// A second player that reads the LAME tag: mpg123 (gapless
				// by default) decodes the exact length too.
				mpg := testutil.RequireTool(t, "mpg123")
				pcm, err := exec.Command(mpg, "-q", "-s", path).Output()
				if err != nil || len(pcm) != 4*n {
					t.Errorf("mpg123: %v, %d frames, want %d", err, len(pcm)/4, n)
				}
			}
			if tc.tags {
				out, err := exec.Command(probe, "-v", "error", "-show_entries", "stream_tags:format_tags", "-of", "default=nw=1", path).Output()
				if err != nil {
					t.Fatal(err)
				}
				tags := strings.ToUpper(string(out))
				for _, want := range []string{"LOOPSTART=0", "LOOPLENGTH=" + strconv.Itoa(n)} {
					if !strings.Contains(tags, want) {
						t.Errorf("no %s in the tags:\n%s", want, out)
					}
				}
			}
		})
	}
}

// decodeTwice plays path twice end to end with ffmpeg: interleaved
// stereo float samples at the file's own rate.
func decodeTwice(t *testing.T, ff, path string) []float32 {
	t.Helper()
	cmd := exec.Command(ff, "-v", "error", "-stream_loop", "1", "-i", path, "-f", "f32le", "-ac", "2", "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, stderr.String())
	}
	x := make([]float32, len(out)/4)
	for i := range x {
		x[i] = math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:]))
	}
	return x
}

// seamStep is the step between neighbouring frames (larger channel) at
// the seam of a loop of n frames played twice, and the largest step
// within the first play.
func seamStep(x []float32, n int) (seam, most float64) {
	step := func(i int) float64 {
		return math.Max(math.Abs(float64(x[2*i+2]-x[2*i])), math.Abs(float64(x[2*i+3]-x[2*i+1])))
	}
	for i := 0; i+1 < n; i++ {
		most = math.Max(most, step(i))
	}
	return step(n - 1), most
}

// snrDB is the signal-to-noise ratio of got against want, in dB.
func snrDB(want, got []float32) float64 {
	var s, e float64
	for i := range want {
		d := float64(got[i] - want[i])
		s += float64(want[i]) * float64(want[i])
		e += d * d
	}
	return 10 * math.Log10(s/math.Max(e, 1e-30))
}
