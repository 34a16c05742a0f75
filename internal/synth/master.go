package synth

import (
	"context"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// Mastering defaults: a song's style sets its own (mixplan.Plan).
const (
	// TargetLUFS is the integrated loudness Master aims for when the
	// options name none.
	TargetLUFS = -14.0
	// CeilingDBTP is the default true-peak ceiling of the limiter; it
	// leaves room for 16-bit dither and MP3 encoding (which adds up to
	// about 1.9 dB of true peak at sharp attacks) to stay under -1 dBTP
	// after decoding.
	CeilingDBTP = -3.0
	// MinLoudnessLUFS and MaxLoudnessLUFS bound a requested loudness.
	MinLoudnessLUFS = -31.0
	MaxLoudnessLUFS = -9.0
	// loudTol and peakSlack decide when the iteration may stop: the
	// loudness within loudTol of the target, the true peak within
	// peakSlack over the ceiling.
	loudTol   = 0.2
	peakSlack = 0.2
	// busThresholdLU and busRatio are the default bus compressor.
	busThresholdLU = 7.0
	busRatio       = 2.0
)

// MasterOptions configures Master. Zero fields take the defaults above.
type MasterOptions struct {
	FadeIn  float64 // seconds of fade-in at the start
	FadeOut float64 // seconds of fade-out at the end
	// LoudnessLUFS is the integrated loudness target (0: TargetLUFS),
	// clamped to MinLoudnessLUFS..MaxLoudnessLUFS. The ceiling wins
	// where both cannot hold.
	LoudnessLUFS float64
	// CeilingDBTP is the limiter's true-peak ceiling (0: CeilingDBTP).
	CeilingDBTP float64
	// BusThresholdLU is where the bus compressor acts: the peak
	// envelope's level over the song's loudness (0: 7 LU).
	BusThresholdLU float64
	// BusRatio is the bus compressor's ratio (0: 2; 1 turns it off).
	BusRatio float64
	// NoLeveller turns off the upward leveller: soft intros and
	// crescendos keep their range (orchestral, ambient, acoustic, jazz).
	NoLeveller bool
	// Correlation is the range the full mix's left/right correlation is
	// brought into (zero: 0.45..0.82).
	Correlation [2]float64
	// BandMinCorr is the least left/right correlation any octave band
	// keeps (see inPhase; zero: 0.25).
	BandMinCorr float64
	// NoFades leaves the edges alone (a seamless loop's middle copy has
	// no start or end to fade); FadeIn and FadeOut are then ignored.
	NoFades bool
}

// target returns the loudness target and the ceiling.
func (o MasterOptions) target() (lufs, ceiling float64) {
	lufs, ceiling = TargetLUFS, CeilingDBTP
	if o.LoudnessLUFS != 0 && isFinite(o.LoudnessLUFS) {
		lufs = math.Max(MinLoudnessLUFS, math.Min(MaxLoudnessLUFS, o.LoudnessLUFS))
	}
	if o.CeilingDBTP < 0 && o.CeilingDBTP >= -12 {
		ceiling = o.CeilingDBTP
	}
	return lufs, ceiling
}

// Master masters an interleaved stereo (or mono) buffer in place: a slow
// upward leveller for passages far under the loud parts (see level; off
// with NoLeveller), a gentle bus compressor, the stereo width brought into
// range (see balanceWidth), fades, then loudness normalisation to the
// target with a true-peak look-ahead limiter at the ceiling, re-measuring
// until both targets hold. Silence stays silence.
func Master(ctx context.Context, b *audio.Buffer, o MasterOptions) error {
	if b == nil || b.Channels < 1 || len(b.Samples) == 0 {
		return nil
	}
	if isSilent(b.Samples) {
		return nil
	}
	targetLUFS, ceilDB := o.target()
	busAndWidth(b, o)
	if !o.NoFades {
		fades(b, o.FadeIn, o.FadeOut)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	frames := b.Frames()
	nc := (frames + analysisChunk - 1) / analysisChunk
	cs := chunkStats{energy: takeScratch(nc), peak: takeScratch(nc), subLen: int(math.Round(float64(b.Rate) / 10))}
	defer putScratch(cs.energy)
	defer putScratch(cs.peak)
	if err := toTarget(ctx, b, cs, targetLUFS, ceilDB); err != nil {
		return err
	}
	clampAll(b.Samples, dbToGain(ceilDB))
	return nil
}

// busAndWidth levels the song (the leveller, or one integrated gain),
// compresses the bus, then sets the stereo width: after the leveller,
// since lifting a quiet, wide passage (a pad intro, a breakdown) widens
// the whole song.
func busAndWidth(b *audio.Buffer, o MasterOptions) {
	var l float64
	if o.NoLeveller {
		l = IntegratedLoudness(b)
	} else {
		l = level(b.Samples, b.Channels)
	}
	if !math.IsInf(l, -1) {
		th, ratio := busThresholdLU, busRatio
		if o.BusThresholdLU > 0 {
			th = o.BusThresholdLU
		}
		if o.BusRatio >= 1 {
			ratio = o.BusRatio
		}
		if ratio > 1 {
			compress(b.Samples, b.Channels, dbToGain(-20-l), -20+th, ratio)
		} else {
			scale(b.Samples, dbToGain(-20-l))
		}
	}
	if b.Channels == 2 {
		lo, hi := corrMin, corrMax
		if c := o.Correlation; c[0] > -1 && c[0] < c[1] && c[1] <= 1 {
			lo, hi = c[0], c[1]
		}
		balanceWidth(b.Samples, lo, hi)
		band := sideMinCorr
		if o.BandMinCorr > 0 && o.BandMinCorr < 1 {
			band = o.BandMinCorr
		}
		inPhase(b.Samples, band)
	}
}

// toTarget brings the song to its loudness target under the true-peak
// ceiling: a gain where that is enough, else the limiter at the gain
// searched, measured again (up to four rounds).
func toTarget(ctx context.Context, b *audio.Buffer, cs chunkStats, targetLUFS, ceilDB float64) error {
	ch := b.Channels
	peakMax := ceilDB + peakSlack
	ceiling, pmax := dbToGain(ceilDB), dbToGain(peakMax)
	for iter := 0; iter < 4; iter++ {
		subs := kWeigh(b.Samples, ch, float64(b.Rate), cs.energy)
		loud := gatedLoudness(subs)
		if err := ctx.Err(); err != nil {
			return err
		}
		if math.IsInf(loud, -1) { // too short or too quiet to gate: peak-normalise
			scale(b.Samples, ceiling/truePeakMax(b.Samples, ch))
			return nil
		}
		// The true peak is interpolated only where it can matter (see
		// truePeakFrames): at pmax for the stopping test, and at the
		// level the limiter would act on for the gains searched below.
		g0 := dbToGain(targetLUFS - loud)
		need := ceiling / (g0 * tpHeadroom)
		thr := pmax
		if math.Abs(loud-targetLUFS) > loudTol {
			thr = math.Min(thr, need)
		}
		peak := truePeakFrames(b.Samples, ch, nil, cs.peak, thr)
		pdb := gainToDB(peak)
		if math.Abs(loud-targetLUFS) <= loudTol && pdb <= peakMax {
			return nil
		}
		if thr > need {
			thr = need
			peak = truePeakFrames(b.Samples, ch, nil, cs.peak, thr)
			pdb = gainToDB(peak)
		}
		if pdb+(targetLUFS-loud) <= ceilDB {
			scale(b.Samples, g0) // exact: both scale linearly
			return nil
		}
		limit(b, cs, g0, thr, ceiling, targetLUFS)
		if iter == 3 {
			if p := TruePeak(b); p > peakMax {
				scale(b.Samples, dbToGain(ceilDB-p))
			}
		}
	}
	return nil
}

// limit searches the gain that reaches targetLUFS under the ceiling with
// the limiter (measuring the true peak further where the search goes past
// what thr covered) and applies it.
func limit(b *audio.Buffer, cs chunkStats, g0, thr, ceiling, targetLUFS float64) {
	ch := b.Channels
	g, gmax := searchGain(cs, g0, ceiling, targetLUFS)
	for try := 0; gmax*thr > ceiling; try++ {
		// The search went further than the measurement covers:
		// measure more (everything, in the end) and search again.
		thr = ceiling / (gmax * tpHeadroom)
		if try == 2 {
			thr = 0
		}
		truePeakFrames(b.Samples, ch, nil, cs.peak, thr)
		g, gmax = searchGain(cs, g0, ceiling, targetLUFS)
	}
	applyLimiter(b.Samples, ch, cs.peak, thr, g, ceiling)
}

// tpHeadroom is how far (as a gain factor) the limiter's make-up gain may
// rise above the plain loudness gain before the true peak is re-measured.
const tpHeadroom = 1.6

// analysisChunk is the number of frames whose K-weighted energy and peak
// are pooled for the fast limiter prediction.
const analysisChunk = 16

// compress scales s by pre (which should bring it to about -20 LUFS), then
// runs a gentle stereo-linked bus compressor (soft knee) over it, acting
// over threshDB (dBFS, peak envelope) at ratio.
func compress(s []float32, ch int, pre, threshDB, ratio float64) {
	kp := float32(pre)
	const kneeDB = 8.0
	aA := 1 - math.Exp(-1/(0.006*sr))
	aR := 1 - math.Exp(-1/(0.15*sr))
	bA, bR := 1-aA, 1-aR
	frames := len(s) / ch
	env, gPrev := 0.0, 1.0
	for c0 := 0; c0 < frames; c0 += ctrl {
		c1 := min(c0+ctrl, frames)
		if ch == 2 {
			env = compressEnvStereo(s[2*c0:2*c1], kp, env, aA, bA, aR, bR)
		}
		for n := c0; n < c1 && ch != 2; n++ {
			// Absolute floats order like their bit patterns.
			var m uint32
			fr := s[n*ch : n*ch+ch]
			for c, v := range fr {
				v *= kp
				fr[c] = v
				m = max(m, math.Float32bits(v)&^(1<<31))
			}
			x := float64(math.Float32frombits(m))
			// Each branch's recursion is one multiply and one add long.
			if x > env {
				env = aA*x + bA*env
			} else {
				env = aR*x + bR*env
			}
		}
		over := gainToDB(env+1e-12) - threshDB
		gr := 0.0
		switch {
		case over >= kneeDB/2:
			gr = (1/ratio - 1) * over
		case over > -kneeDB/2:
			gr = (1/ratio - 1) * (over + kneeDB/2) * (over + kneeDB/2) / (2 * kneeDB)
		}
		g := dbToGain(gr)
		step := (g - gPrev) / float64(c1-c0)
		if step == 0 {
			// gPrev += 0 leaves it as it is: one gain for the block,
			// and a gain of 1 changes no sample.
			if k := float32(gPrev); k != 1 {
				scale32(s[c0*ch:c1*ch], k)
			}
		} else if ch == 2 {
			fr := s[2*c0 : 2*c1]
			for n := 0; n+1 < len(fr); n += 2 {
				gPrev += step
				k := float32(gPrev)
				fr[n] *= k
				fr[n+1] *= k
			}
		} else {
			for n := c0; n < c1; n++ {
				gPrev += step
				k := float32(gPrev)
				for c := range ch {
					s[n*ch+c] *= k
				}
			}
		}
		gPrev = g
	}
}

// compressEnvStereo is compress's envelope over the interleaved stereo
// frames of fr: each sample scaled by kp in place, the frame's larger
// absolute sample followed from env (returned) by the attack or the
// release recursion. The same operations as compress's loop over the
// channels, without its slice per frame.
func compressEnvStereo(fr []float32, kp float32, env, aA, bA, aR, bR float64) float64 {
	for n := 0; n+1 < len(fr); n += 2 {
		l, r := fr[n]*kp, fr[n+1]*kp
		fr[n], fr[n+1] = l, r
		// Absolute floats order like their bit patterns.
		m := max(math.Float32bits(l)&^(1<<31), math.Float32bits(r)&^(1<<31))
		x := float64(math.Float32frombits(m))
		// Each branch's recursion is one multiply and one add long.
		if x > env {
			env = aA*x + bA*env
		} else {
			env = aR*x + bR*env
		}
	}
	return env
}

// minFadeIn is the shortest fade-in: no song starts at full level within
// its first 10 ms (a raised sine over 30 ms is at -12 dB after 10 ms).
const minFadeIn = 0.03

// fades applies raised-sine fades (at least minFadeIn and 5 ms, to avoid
// clicks).
func fades(b *audio.Buffer, in, out float64) {
	frames, ch := b.Frames(), b.Channels
	nIn := min(frames, max(audio.CD.NSeconds(finite(in)), audio.CD.NSeconds(minFadeIn)))
	nOut := min(frames, max(audio.CD.NSeconds(finite(out)), audio.CD.NSeconds(0.005)))
	for i := range nIn {
		x := math.Sin(0.5 * math.Pi * float64(i) / float64(nIn))
		g := float32(x * x)
		for c := range ch {
			b.Samples[i*ch+c] *= g
		}
	}
	for i := range nOut {
		x := math.Sin(0.5 * math.Pi * float64(i) / float64(nOut))
		g := float32(x * x)
		n := frames - 1 - i
		for c := range ch {
			b.Samples[n*ch+c] *= g
		}
	}
}

func scale(s []float32, g float64) { scale32(s, float32(g)) }

func clampAll(s []float32, c float64) { clamp32(s, float32(c)) }

// clampGo sets every sample over k to k and every one under -k to -k (a
// NaN stays): clamp32 on other architectures, and its kernel's reference.
func clampGo(s []float32, k float32) {
	for i, v := range s {
		if v > k {
			s[i] = k
		} else if v < -k {
			s[i] = -k
		}
	}
}
