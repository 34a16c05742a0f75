package mixmeter_test

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestMeasureTone(t *testing.T) {
	testutil.SkipRaceShort(t)
	// A 1 kHz sine, right channel a quarter softer: crest factor of a sine
	// (3 dB) measured on both channels, correlation 1, side/mid
	// 20 log10(0.125/0.875), all power in the 1 kHz band.
	b := tone(4, func(i int) (float64, float64) { s := 0.5 * sine(1000, i); return s, 0.75 * s })
	f := mixmeter.Measure(b)
	rms := 0.5 * math.Sqrt((1+0.75*0.75)/2) / math.Sqrt2
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"crest", f.Crest, 20 * math.Log10(0.5/rms), 0.05},
		{"correlation", f.Correlation, 1, 0.001},
		{"side/mid", f.SideMid, 20 * math.Log10(0.125/0.875), 0.05},
		{"band 1 kHz", f.Bands[4], 0, 0.05},
		{"true peak", f.TruePeak, 20 * math.Log10(0.5), 0.05},
		{"PLR", f.PLR, f.TruePeak - f.LUFS, 1e-9},
		{"LRA", f.LRA, 0, 0.1},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s %.3f, want %.3f ±%.2f", c.name, c.got, c.want, c.tol)
		}
	}
	for i, v := range f.Bands {
		if i != 4 && v > -40 {
			t.Errorf("band %v Hz at %.1f dB for a 1 kHz tone, want < -40", mixmeter.BandCentres[i], v)
		}
	}
	if v, ok := f.Value("band_1000"); !ok || v != f.Bands[4] {
		t.Errorf("Value(band_1000) = %v, %v", v, ok)
	}
	if _, ok := f.Value("loudness"); ok {
		t.Error("Value knows an unnamed measure")
	}
}

// The per-band correlations of Features (issue 32's study bands): a mix
// whose 80 Hz part is centred, whose 400 Hz part is on the left only,
// whose 2 kHz part is in anti-phase and whose 8 kHz part is unrelated in
// the two channels reads 1, 0, -1 and 0 in the four bands, and Value names
// them.
func TestMeasureBandCorrelations(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := tone(3, func(i int) (float64, float64) {
		lo, mid, hi := 0.3*sine(80, i), 0.2*sine(2000, i), 0.1*sine(8000, i)
		return lo + 0.2*sine(400, i) + mid + hi, lo - mid + 0.1*sine(9100, i)
	})
	f := mixmeter.Measure(b)
	want := []float64{1, 0, -1, 0}
	if len(f.BandCorr) != len(want) {
		t.Fatalf("%d band correlations, want %d", len(f.BandCorr), len(want))
	}
	for i, w := range want {
		if math.Abs(f.BandCorr[i]-w) > 0.1 {
			t.Errorf("%s %.3f, want %.0f", mixmeter.BandCorrNames[i], f.BandCorr[i], w)
		}
		if v, ok := f.Value(mixmeter.BandCorrNames[i]); !ok || v != f.BandCorr[i] {
			t.Errorf("Value(%s) = %v, %v", mixmeter.BandCorrNames[i], v, ok)
		}
	}
}

// A sine at a quarter of the sample rate sampled 45° off its crests peaks
// 3 dB above its samples: the true peak sees it, the crest factor (sample
// peak) does not.
func TestTruePeakBetweenSamples(t *testing.T) {
	b := tone(1, func(i int) (float64, float64) {
		s := 0.9 * math.Sin(math.Pi/2*float64(i)+math.Pi/4)
		return s, s
	})
	f := mixmeter.Measure(b)
	if want := 20 * math.Log10(0.9); math.Abs(f.TruePeak-want) > 0.3 {
		t.Errorf("true peak %.2f dBTP, want %.2f (the sine's crest between samples)", f.TruePeak, want)
	}
	if f.Crest > 0.2 {
		t.Errorf("crest factor %.2f dB, want about 0 (samples all at ±0.64)", f.Crest)
	}
}

// Measure reads the first ExcerptSeconds only (at 4 kHz, to keep the
// 130 s buffer cheap under the race detector).
func TestMeasureExcerpt(t *testing.T) {
	testutil.SkipRaceShort(t)
	const rate = audio.SampleRate(4000)
	n := rate.NSeconds(mixmeter.ExcerptSeconds + 10)
	b := audio.NewBuffer(rate, 2, n)
	for i := range n {
		l, r := 0.9, -0.9
		if i < rate.NSeconds(mixmeter.ExcerptSeconds) {
			l = 0.1 * math.Sin(2*math.Pi*440*float64(i)/float64(rate))
			r = l
		}
		b.Samples[2*i], b.Samples[2*i+1] = float32(l), float32(r)
	}
	if f := mixmeter.Measure(b); f.Correlation < 0.99 {
		t.Errorf("correlation %.2f: the part after %d s was measured", f.Correlation, mixmeter.ExcerptSeconds)
	}
}

// The Go loudness, loudness range and true peak agree with ffmpeg's
// ebur128 filter (which measured the references) on a song-like signal:
// two detuned tones and noise swelling over 30 s.
func TestMeasureAgreesWithFFmpeg(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measures compared with ffmpeg")
	}
	ffmpeg := testutil.RequireTool(t, "ffmpeg")
	seed := uint32(1)
	noise := func() float64 {
		seed = seed*1664525 + 1013904223
		return float64(seed)/(1<<31) - 1
	}
	b := tone(30, func(i int) (float64, float64) {
		env := 0.1 + 0.4*math.Abs(math.Sin(math.Pi*float64(i)/44100/12))
		return env * (0.5*sine(220, i) + 0.2*sine(3300, i) + 0.1*noise()),
			env * (0.5*sine(221, i) + 0.2*sine(2900, i) + 0.1*noise())
	})
	var buf bytes.Buffer
	if err := wav.Encode(&buf, b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "x.wav")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(ffmpeg, "-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	last := func(re string) float64 {
		m := regexp.MustCompile(re).FindAllStringSubmatch(string(out), -1)
		if m == nil {
			t.Fatalf("no %s in ffmpeg's output:\n%s", re, out)
		}
		v, _ := strconv.ParseFloat(m[len(m)-1][1], 64)
		return v
	}
	f := mixmeter.Measure(b)
	for _, c := range []struct {
		name   string
		mm, ff float64
		tol    float64
	}{
		{"integrated loudness", f.LUFS, last(`I:\s+(-?[0-9.]+) LUFS`), 0.15},
		{"loudness range", f.LRA, last(`LRA:\s+(-?[0-9.]+) LU`), 0.3},
		{"true peak", f.TruePeak, last(`Peak:\s+(-?[0-9.inf]+) dBFS`), 0.3},
	} {
		if math.Abs(c.mm-c.ff) > c.tol {
			t.Errorf("%s: mixmeter %.2f, ffmpeg %.2f (want within %.2f)", c.name, c.mm, c.ff, c.tol)
		}
	}
}

func TestQuartiles(t *testing.T) {
	// numpy.percentile([4, 1, 3, 2], [25, 50, 75]) = 1.75, 2.5, 3.25
	q1, med, q3 := mixmeter.Quartiles([]float64{4, 1, 3, 2})
	if q1 != 1.75 || med != 2.5 || q3 != 3.25 {
		t.Errorf("quartiles %v %v %v, want 1.75 2.5 3.25", q1, med, q3)
	}
	if _, m, _ := mixmeter.Quartiles(nil); !math.IsNaN(m) {
		t.Errorf("median of nothing %v, want NaN", m)
	}
}

func TestCheckMedians(t *testing.T) {
	refs := []mixmeter.Features{{Crest: 10, LRA: 2}, {Crest: 12, LRA: 4}, {Crest: 14, LRA: 6}, {Crest: 16, LRA: 8}, {Crest: 18, LRA: 10}}
	set := mixmeter.NewSet("test", refs)
	if set.Q1["crest"] != 12 || set.Median["crest"] != 14 || set.Q3["crest"] != 16 {
		t.Fatalf("crest statistics %v %v %v", set.Q1["crest"], set.Median["crest"], set.Q3["crest"])
	}
	songs := []mixmeter.Features{{Crest: 13, LRA: 1}, {Crest: 15, LRA: 2}, {Crest: 20, LRA: 3}}
	checks := set.CheckMedians(songs, []string{"crest", "lra", "unknown"})
	if !checks[0].OK || checks[0].Median != 15 {
		t.Errorf("crest median 15 in [12, 16]: %+v", checks[0])
	}
	if checks[1].OK || checks[1].Median != 2 || checks[1].Lo != 4 || checks[1].Hi != 8 {
		t.Errorf("LRA median 2 outside [4, 8]: %+v", checks[1])
	}
	if checks[2].OK {
		t.Errorf("an unknown measure passed: %+v", checks[2])
	}
	c := mixmeter.CheckRange(songs, "crest", 16, 25)
	if c.OK {
		t.Errorf("crest median 15 in [16, 25]: %+v", c)
	}
	if tab := mixmeter.Table(append(checks, c)); !regexp.MustCompile(`(?m)^lra .*OUTSIDE$`).MatchString(tab) ||
		!regexp.MustCompile(`(?m)^crest .* ok$`).MatchString(tab) {
		t.Errorf("table:\n%s", tab)
	}
}

// The committed reference figures (make reference) hold both families, 19
// tracks each, with every measure's quartiles in order.
func TestLoadReference(t *testing.T) {
	ref, err := mixmeter.LoadReference()
	if err != nil {
		t.Fatal(err)
	}
	for _, fam := range []string{"calm", "beat"} {
		set, ok := ref.Families[fam]
		if !ok {
			t.Fatalf("no %s family", fam)
		}
		if len(set.Tracks) != 19 {
			t.Errorf("%s: %d tracks, want 19", fam, len(set.Tracks))
		}
		for _, m := range mixmeter.Measures() {
			if !(set.Q1[m] <= set.Median[m] && set.Median[m] <= set.Q3[m]) {
				t.Errorf("%s %s: q1 %v median %v q3 %v", fam, m, set.Q1[m], set.Median[m], set.Q3[m])
			}
		}
		for _, tr := range set.Tracks {
			if tr.File == "" || len(tr.Bands) != len(mixmeter.BandCentres) || len(tr.BandCorr) != len(mixmeter.StudyBands) {
				t.Errorf("%s: track %q with %d bands, %d band correlations", fam, tr.File, len(tr.Bands), len(tr.BandCorr))
			}
		}
	}
}

// Stems are measured by name; a silent one reads FloorDB, not -Inf, and so
// does the side signal of a mono song: the figures stay JSON numbers.
func TestMeasureStemsAndSilence(t *testing.T) {
	testutil.SkipRaceShort(t)
	loud := tone(3, func(i int) (float64, float64) { s := 0.5 * sine(440, i); return s, s })
	quiet := tone(3, func(i int) (float64, float64) { s := 0.05 * sine(440, i); return s, s })
	silent := tone(3, func(int) (float64, float64) { return 0, 0 })
	st := mixmeter.MeasureStems(map[string]*audio.Buffer{"lead": loud, "pad": quiet, "fx": silent})
	if d := st["lead"] - st["pad"]; math.Abs(d-20) > 0.1 {
		t.Errorf("lead %.2f LUFS, pad %.2f: %.2f LU apart, want 20", st["lead"], st["pad"], d)
	}
	if st["fx"] != mixmeter.FloorDB {
		t.Errorf("silent stem %v LUFS, want %v", st["fx"], mixmeter.FloorDB)
	}
	if f := mixmeter.Measure(loud); f.SideMid != mixmeter.FloorDB {
		t.Errorf("side/mid of a mono song %v, want %v", f.SideMid, mixmeter.FloorDB)
	}
	f := mixmeter.Measure(silent)
	if _, err := json.Marshal(f); err != nil {
		t.Errorf("silence does not encode: %v", err)
	}
}
