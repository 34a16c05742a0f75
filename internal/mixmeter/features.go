package mixmeter

import (
	"math"
	"math/cmplx"
	"strconv"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/fft"
)

// Features is the feature set issue 18 compares songs with human-made
// music by (docs/reference-music.md): loudness, dynamics, stereo image and
// tone of the first ExcerptSeconds of a mix.
type Features struct {
	// File names the measured file (empty for an in-memory song).
	File string `json:"file,omitempty"`
	// LUFS is the integrated loudness (BS.1770-4).
	LUFS float64 `json:"lufs"`
	// LRA is the loudness range in LU (EBU Tech 3342).
	LRA float64 `json:"lra"`
	// TruePeak is the 4x oversampled peak in dBTP.
	TruePeak float64 `json:"true_peak"`
	// PLR is the peak-to-loudness ratio: TruePeak - LUFS in dB.
	PLR float64 `json:"plr"`
	// Crest is the crest factor in dB: sample peak over the RMS of the
	// whole excerpt, both channels together.
	Crest float64 `json:"crest"`
	// Correlation is the Pearson correlation of left and right.
	Correlation float64 `json:"correlation"`
	// SideMid is 20 log10(rms(side)/rms(mid)) in dB.
	SideMid float64 `json:"side_mid"`
	// Bands are the octave bands of BandCentres in dB re the total power,
	// in the same order.
	Bands []float64 `json:"bands"`
	// LevelRange is the short-term level range in dB: the 95th minus the
	// 10th percentile of the 3 s RMS level (issue 32 item 6).
	LevelRange float64 `json:"level_range"`
	// QuietDepth is how far the quietest 5 % of 50 ms frames lie under
	// the median frame, in dB.
	QuietDepth float64 `json:"quiet_depth"`
	// Repeats is the share (0..1) of 2 s segments with a near-literal
	// repeat 4 s or more away (see RepeatCorrelation).
	Repeats float64 `json:"repeats"`
	// Centroid is the spectral centroid in Hz: the power-weighted mean
	// frequency of the Welch power spectrum behind Bands.
	Centroid float64 `json:"centroid"`
	// Flatness is the spectral flatness in dB, the mean over the Welch
	// frames of 10 log10(geometric / arithmetic mean power) between
	// FlatnessLoHz and FlatnessHiHz (0: white noise; tonal music -30 to
	// -50).
	Flatness float64 `json:"flatness"`
	// BandCorr are the left/right correlations of the bands of StudyBands
	// (under 150 Hz, 150 Hz-1 kHz, 1-4 kHz, over 4 kHz; fourth-order
	// Butterworth filters), in the same order: issue 32's width in every
	// band.
	BandCorr []float64 `json:"band_corr,omitempty"`
	// Stems is the integrated loudness (LUFS) of each stem by name, when
	// the song's stems were measured.
	Stems map[string]float64 `json:"stems,omitempty"`
	// Rhythm is what Essentia's beat tracker hears (EssentiaRhythm), when
	// it was run: Measure leaves it nil.
	Rhythm *Rhythm `json:"rhythm,omitempty"`
}

// ExcerptSeconds is how much of a song Measure reads: the first 120 s.
const ExcerptSeconds = 120

// WelchSize is the FFT length of the Welch power spectrum behind Bands.
const WelchSize = 8192

// BandCentres are the centres in Hz of the octave bands of Features.Bands;
// a band spans centre/√2 .. centre·√2.
var BandCentres = []float64{63, 125, 250, 500, 1000, 2000, 4000, 8000, 16000}

// FlatnessLoHz and FlatnessHiHz bound the bins Flatness reads: the
// octaves of BandCentres, under the lossy references' low-pass.
const (
	FlatnessLoHz = 44.0
	FlatnessHiHz = 16000.0
)

// Measures names the measures of Features for Value, CheckMedians and the
// reference file: lufs, lra, true_peak, plr, crest, correlation, side_mid
// centroid, flatness, one band_<centre> per octave band (band_63 ...
// band_16000) and one correlation per band of StudyBands (BandCorrNames).
func Measures() []string {
	out := []string{"lufs", "lra", "true_peak", "plr", "crest", "correlation", "side_mid", "centroid", "flatness"}
	for _, c := range BandCentres {
		out = append(out, bandName(c))
	}
	return append(out, BandCorrNames...)
}

// BandCorrNames name the measures of Features.BandCorr, one per band of
// StudyBands in the same order.
var BandCorrNames = []string{"corr_under_150", "corr_150_1000", "corr_1000_4000", "corr_over_4000"}

func bandName(c float64) string { return "band_" + strconv.Itoa(int(c)) }

// Value returns the measure called name (see Measures, the growth
// measures of GrowthNames and the rhythm measures of RhythmNames), false
// for an unknown name and for a rhythm measure of Features without
// Rhythm.
func (f Features) Value(name string) (float64, bool) {
	switch name {
	case "lufs":
		return f.LUFS, true
	case "lra":
		return f.LRA, true
	case "true_peak":
		return f.TruePeak, true
	case "plr":
		return f.PLR, true
	case "crest":
		return f.Crest, true
	case "correlation":
		return f.Correlation, true
	case "side_mid":
		return f.SideMid, true
	case "level_range":
		return f.LevelRange, true
	case "quiet_depth":
		return f.QuietDepth, true
	case "repeats":
		return f.Repeats, true
	case "centroid":
		return f.Centroid, true
	case "flatness":
		return f.Flatness, true
	case "essentia_bpm", "beat_confidence", "tempo_drift":
		if f.Rhythm == nil {
			return 0, false
		}
		return map[string]float64{"essentia_bpm": f.Rhythm.BPM, "beat_confidence": f.Rhythm.Confidence, "tempo_drift": f.Rhythm.Drift}[name], true
	}
	for i, c := range BandCentres {
		if name == bandName(c) && i < len(f.Bands) {
			return f.Bands[i], true
		}
	}
	for i, n := range BandCorrNames {
		if name == n && i < len(f.BandCorr) {
			return f.BandCorr[i], true
		}
	}
	return 0, false
}

// Measure computes the feature set of the first ExcerptSeconds of b (any
// rate; mono counts as both channels). Stems is left empty: see
// MeasureStems.
func Measure(b *audio.Buffer) Features {
	l, r := channels(b)
	if n := b.Rate.NSeconds(ExcerptSeconds); len(l) > n {
		l, r = l[:n], r[:n]
	}
	rate := float64(b.Rate)
	f := Features{
		LUFS:        integrated(blockPowers(l, r, rate, 0.4, 0.1)),
		LRA:         lraOf(l, r, rate),
		TruePeak:    db(math.Max(truePeak(l), truePeak(r))),
		Correlation: correlation(l, r),
		LevelRange:  levelRange(l, r, rate),
		QuietDepth:  quietDepth(l, r, rate),
		Repeats:     repeatShare(l, r, rate),
	}
	f.Bands, f.Centroid, f.Flatness = spectrum(l, r, rate)
	for _, bd := range StudyBands {
		c, _ := bandCorrelation(l, r, rate, bd[0], bd[1])
		f.BandCorr = append(f.BandCorr, c)
	}
	f.PLR = f.TruePeak - f.LUFS
	var peak, sum, side, mid float64
	for i := range l {
		peak = math.Max(peak, math.Max(math.Abs(l[i]), math.Abs(r[i])))
		sum += l[i]*l[i] + r[i]*r[i]
		m, s := (l[i]+r[i])/2, (l[i]-r[i])/2
		mid += m * m
		side += s * s
	}
	if sum > 0 {
		f.Crest = db(peak / math.Sqrt(sum/float64(2*len(l))))
	}
	f.SideMid = 10 * math.Log10(side/mid)
	f.LUFS, f.TruePeak, f.SideMid, f.Flatness = floor(f.LUFS), floor(f.TruePeak), floor(f.SideMid), floor(f.Flatness)
	f.PLR = f.TruePeak - f.LUFS
	for i, v := range f.Bands {
		f.Bands[i] = floor(v)
	}
	return f
}

// FloorDB is the lowest level Measure reports in dB (silence, a mono
// song's side signal): finite, so that the figures encode as JSON.
const FloorDB = -150

// floor replaces NaN and anything under FloorDB by FloorDB.
func floor(db float64) float64 {
	if math.IsNaN(db) || db < FloorDB {
		return FloorDB
	}
	return db
}

// MeasureStems returns the integrated loudness of every stem by name.
func MeasureStems(stems map[string]*audio.Buffer) map[string]float64 {
	out := make(map[string]float64, len(stems))
	for name, b := range stems {
		out[name] = floor(Loudness(b))
	}
	return out
}

func db(x float64) float64 { return 20 * math.Log10(x) }

// lraOf is LRA on two channels already split.
func lraOf(l, r []float64, rate float64) float64 {
	ps := blockPowers(l, r, rate, 3, ShortTermHop)
	st := make([]float64, len(ps))
	for i, p := range ps {
		st[i] = lufs(p)
	}
	return lraShortTerm(st)
}

// truePeak is the largest absolute value of x upsampled four times
// (BS.1770-4 annex 2: a 48-tap, four-phase interpolator; here a
// Hann-windowed sinc).
func truePeak(x []float64) float64 {
	const up, taps = 4, 12
	var coef [up][taps]float64
	for p := range up {
		for k := range taps {
			// Tap k of phase p sits (k - taps/2 + 1) - p/up samples from
			// the output instant.
			t := float64(k-taps/2+1) - float64(p)/up
			w := 0.5 + 0.5*math.Cos(math.Pi*t/(taps/2+1))
			s := 1.0
			if t != 0 {
				s = math.Sin(math.Pi*t) / (math.Pi * t)
			}
			coef[p][k] = s * w
		}
	}
	peak := 0.0
	for i := range x {
		peak = math.Max(peak, math.Abs(x[i]))
		for p := 1; p < up; p++ {
			v := 0.0
			for k := range taps {
				if j := i + k - taps/2 + 1; j >= 0 && j < len(x) {
					v += coef[p][k] * x[j]
				}
			}
			peak = math.Max(peak, math.Abs(v))
		}
	}
	return peak
}

// spectrum sums a Welch power spectrum (WelchSize points, Hann window,
// half overlap) of the mid signal (L+R)/2 per octave band of BandCentres,
// in dB re the total power, and returns its centroid in Hz and the mean
// spectral flatness of its frames (see Features).
func spectrum(l, r []float64, rate float64) (bands []float64, centroid, flatness float64) {
	const n = WelchSize
	win := make([]float64, n)
	for i := range win {
		win[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/n)
	}
	psd := make([]float64, n/2+1)
	frame := make([]float64, n/2+1)
	buf := make([]complex128, n)
	var flatSum float64
	var frames int
	for start := 0; start+n <= len(l); start += n / 2 {
		for i := range buf {
			buf[i] = complex((l[start+i]+r[start+i])/2*win[i], 0)
		}
		fft.Transform(buf, false)
		for k := range psd {
			a := cmplx.Abs(buf[k])
			frame[k] = a * a
			psd[k] += frame[k]
		}
		if fl, ok := flatnessOf(frame, rate); ok {
			flatSum += fl
			frames++
		}
	}
	total, moment := 0.0, 0.0
	for k, p := range psd {
		total += p
		moment += p * float64(k) * rate / n
	}
	bands = make([]float64, len(BandCentres))
	for i, c := range BandCentres {
		lo, hi := c/math.Sqrt2, c*math.Sqrt2
		s := 0.0
		for k, p := range psd {
			if f := float64(k) * rate / n; f >= lo && f < hi {
				s += p
			}
		}
		bands[i] = 10 * math.Log10(s/total)
	}
	flatness = math.NaN()
	if frames > 0 {
		flatness = flatSum / float64(frames)
	}
	if total > 0 {
		centroid = moment / total
	}
	return bands, centroid, flatness
}

// flatnessOf is one frame's spectral flatness in dB between FlatnessLoHz
// and FlatnessHiHz, each bin floored 120 dB under the frame's mean so
// that a lossy file's empty bins stay finite; false for a silent frame.
func flatnessOf(p []float64, rate float64) (float64, bool) {
	lo := int(math.Ceil(FlatnessLoHz * WelchSize / rate))
	hi := min(int(FlatnessHiHz*WelchSize/rate), len(p)-1)
	mean := 0.0
	for k := lo; k <= hi; k++ {
		mean += p[k]
	}
	mean /= float64(hi - lo + 1)
	if mean <= 1e-20 {
		return 0, false
	}
	logSum := 0.0
	for k := lo; k <= hi; k++ {
		logSum += math.Log(math.Max(p[k], mean*1e-12))
	}
	return 10 * (logSum/float64(hi-lo+1) - math.Log(mean)) / math.Ln10, true
}
