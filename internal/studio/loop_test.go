package studio_test

import (
	"bytes"
	"context"
	"math"
	"sort"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestLoop renders seamless loops (WAV, 44.1 and 48 kHz) and measures:
// the length is whole bars of the song's tempo (to the frame) and equals
// loop_end; the WAV's smpl chunk loops frames 0 to the last; the seam has
// no click: the sample step from the last frame to the first lies under
// the 99th percentile of the loop's steps between neighbouring frames
// (a song cut mid-bar where it sounds at its RMS level, the control,
// steps at the 99.6th or higher), and the high-frequency energy (first
// difference) of the most energetic 2 ms near it is at most twice that near the loop's loudest other downbeat (the
// players move notes by tens of ms, so "near" is within 30 ms; the missing
// fade-out that once broke the seam measured 4.1); and there is no fade:
// the first and last 250 ms are within 10 dB of the loop's level.
func TestLoop(t *testing.T) {
	testutil.SkipRaceShort(t)
	if testing.Short() {
		t.Skip("-short: measurement test: loops measured at their seams")
	}
	ctx := context.Background()
	s := &studio.Studio{TempDir: t.TempDir()}
	for _, tc := range []struct {
		prompt  string
		seconds float64
		rate    int
	}{{"lo-fi hip hop", 8, 0}, {"techno", 6, 48000}, {"ambient pad drone", 4, 0}, {"jazz piano trio", 12, 0}} {
		t.Run(tc.prompt, func(t *testing.T) {
			o := jobs.Options{Seconds: tc.seconds, Loop: true, Format: "wav"}
			if tc.rate != 0 {
				r := uint64(tc.rate)
				o.SampleRate = &r
			}
			if err := o.Normalize(); err != nil {
				t.Fatal(err)
			}
			song, err := s.Generate(ctx, tc.prompt, 5, o)
			if err != nil {
				t.Fatal(err)
			}
			b, err := wav.Decode(bytes.NewReader(song.Audio.Data))
			if err != nil {
				t.Fatal(err)
			}
			n := b.Frames()
			barSec := 60 / song.BPM * 4
			bars := b.Seconds() / barSec
			start, end, ok := wav.Loop(song.Audio.Data)
			pct, burst := seamPercentile(b), seamBurst(b, barSec)
			t.Logf("%d frames at %d Hz (%.3f s, %.2f bars of 4 beats at %.1f bpm), loop_end %.4f, smpl %d..%d; seam: burst %.2f x the loudest downbeat's, step at the %.1fth percentile",
				n, b.Rate, b.Seconds(), bars, song.BPM, song.LoopEnd, start, end, burst, pct)
			if !ok || start != 0 || end != n-1 {
				t.Errorf("smpl loop %d..%d (%v), want 0..%d", start, end, ok, n-1)
			}
			if math.Abs(song.LoopEnd-b.Seconds()) > 1e-9 {
				t.Errorf("loop_end %.6f, audio %.6f s", song.LoopEnd, b.Seconds())
			}
			beats := b.Seconds() * song.BPM / 60
			if math.Abs(beats-math.Round(beats)) > 1.0/float64(b.Rate)*song.BPM/60+1e-9 || int(math.Round(beats))%2 != 0 {
				t.Errorf("%.4f beats: not whole bars", beats)
			}
			if pct >= 99 {
				t.Errorf("the step from the last frame to the first is at the %.1fth percentile of the loop's steps: a discontinuity", pct)
			}
			if burst > 2 {
				t.Errorf("the seam's burst is %.2f x the loudest downbeat's: a click", burst)
			}
			all := rms(b.Samples)
			head, tail := rms(b.Samples[:2*b.Rate.NSeconds(0.25)]), rms(b.Samples[len(b.Samples)-2*b.Rate.NSeconds(0.25):])
			if db := 20 * math.Log10(math.Min(head, tail)/all); db < -10 {
				t.Errorf("start %.1f dB, end %.1f dB against the loop: a fade", 20*math.Log10(head/all), 20*math.Log10(tail/all))
			}
		})
	}
	t.Run("ControlCatchesACut", func(t *testing.T) {
		// The same measures on songs (not loops) cut after whole bars of
		// their middle: the step from the cut back to the start (the
		// master fades a song in from silence) is a click the measures
		// must flag. A cut's step is the waveform's value at the cut, so
		// a fixed cut frame is a gamble on the waveform's phase (the jazz
		// trio's at 3.37 bars stepped from the 89.9th to the 100th
		// percentile as the cut moved through its fourth bar): the cut
		// is the first frame from 3.37 bars on where the song is at its
		// own RMS level, a click as loud as the music.
		for _, prompt := range []string{"ambient pad drone", "jazz piano trio"} {
			song, err := s.Generate(ctx, prompt, 5, jobs.Options{Seconds: 30, Format: "wav"})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := wav.Decode(bytes.NewReader(song.Audio.Data))
			barSec := 60 / song.BPM * 4
			i, level := b.Rate.NSeconds(3*barSec+0.37*barSec), rms(b.Samples)
			for i+1 < b.Frames() && math.Max(math.Abs(float64(b.Samples[2*i])), math.Abs(float64(b.Samples[2*i+1]))) < level {
				i++
			}
			cut := &audio.Buffer{Rate: b.Rate, Channels: 2, Samples: b.Samples[:2*(i+1)]}
			burst, pct := seamBurst(cut, barSec), seamPercentile(cut)
			t.Logf("%s cut at %.3f bars (level %.3f): burst %.2f, step at the %.2fth percentile", prompt, float64(i)/float64(b.Rate)/barSec, level, burst, pct)
			if pct < 99 {
				t.Errorf("%s: a cut mid-bar at the song's level steps at the %.2fth percentile: the measure would not catch a click", prompt, pct)
			}
		}
	})
}

// seamPercentile is the percentile of the step from the last frame to the
// first among the steps between neighbouring frames (larger channel).
func seamPercentile(b *audio.Buffer) float64 {
	n := b.Frames()
	step := func(i, j int) float64 {
		return math.Max(math.Abs(float64(b.Samples[2*j]-b.Samples[2*i])), math.Abs(float64(b.Samples[2*j+1]-b.Samples[2*i+1])))
	}
	d := make([]float64, 0, n)
	for i := 0; i+1 < n; i++ {
		d = append(d, step(i, i+1))
	}
	sort.Float64s(d)
	return 100 * float64(sort.SearchFloat64s(d, step(n-1, 0))) / float64(len(d))
}

// seamBurst is the high-frequency energy (first difference) of the most
// energetic 2 ms near the seam over the largest such energy near the
// loop's other downbeats (bars of barSec): a click is a burst no note
// onset makes.
func seamBurst(b *audio.Buffer, barSec float64) float64 {
	n := b.Frames()
	w := b.Rate.NSeconds(0.001)
	energy := func(center int) float64 {
		e := 0.0
		for k := -w; k < w; k++ {
			i, j := ((center+k-1)%n+n)%n, ((center+k)%n+n)%n
			for c := 0; c < 2; c++ {
				d := float64(b.Samples[2*j+c] - b.Samples[2*i+c])
				e += d * d
			}
		}
		return e
	}
	// The players move a downbeat's notes by up to a few tens of ms
	// (internal/perform), so each downbeat, the seam's included, is the
	// most energetic 2 ms within 30 ms of it.
	near := func(center int) float64 {
		e, span, step := 0.0, b.Rate.NSeconds(0.030), max(1, b.Rate.NSeconds(0.0005))
		for k := -span; k <= span; k += step {
			e = math.Max(e, energy(center+k))
		}
		return e
	}
	most := 0.0
	for t := barSec; t < b.Seconds()-barSec/2; t += barSec {
		most = math.Max(most, near(b.Rate.NSeconds(t)))
	}
	return near(0) / most
}
