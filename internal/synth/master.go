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
		inPhase(b.Samples)
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

// chunkStats holds per-chunk K-weighted energy and true peak.
type chunkStats struct {
	energy, peak []float32
	subLen       int
}

// Limiter timing.
const (
	lookAhead  = 0.0015 // seconds: attack ramp ahead of each peak
	releaseTau = 0.08   // seconds
)

// gainLimiter turns a peak envelope into a smooth gain curve that never
// lets g*peak exceed the ceiling: a sliding-window minimum over the
// look-ahead, an exponential release, then a box filter of the same length
// (so the gain is already down when the peak arrives).
type gainLimiter struct {
	L          int
	relA       float64
	vals       []float64
	idx        []int
	head, n    int
	w2         float64
	box        []float64
	boxPos     int
	boxSum     float64
	g, ceiling float64
}

func newGainLimiter(look int, relA, g, ceiling float64) *gainLimiter {
	l := &gainLimiter{L: look, relA: relA, vals: make([]float64, look+1), idx: make([]int, look+1),
		w2: 1, box: make([]float64, look), boxSum: float64(look), g: g, ceiling: ceiling}
	for i := range l.box {
		l.box[i] = 1
	}
	return l
}

// pushBlock feeds the peaks pk of inputs i0, i0+1, ... and writes into
// gs[j] the gain for input i0+j-L+1 (valid once that is >= 0). The state
// lives in locals for the whole block.
func (l *gainLimiter) pushBlock(i0 int, pk []float32, gs []float64) {
	vals, idx := l.vals, l.idx
	size := len(vals)
	head, n := l.head, l.n
	w2, relA := l.w2, l.relA
	box, boxPos, boxSum := l.box, l.boxPos, l.boxSum
	L, fL := l.L, float64(l.L)
	g, ceiling := l.g, l.ceiling
	gs = gs[:len(pk)]
	for j, p := range pk {
		i := i0 + j
		t := 1.0
		if v := g * float64(p); v > ceiling {
			t = ceiling / v
		}
		// Sliding minimum over the last L targets (a monotonic deque).
		for n > 0 {
			back := head + n - 1
			if back >= size {
				back -= size
			}
			if vals[back] < t {
				break
			}
			n--
		}
		pos := head + n
		if pos >= size {
			pos -= size
		}
		vals[pos], idx[pos] = t, i
		n++
		for idx[head] <= i-L {
			head++
			if head == size {
				head = 0
			}
			n--
		}
		w := vals[head]
		if r := w2 + (1-w2)*relA; r < w {
			w2 = r
		} else {
			w2 = w
		}
		boxSum += w2 - box[boxPos]
		box[boxPos] = w2
		boxPos++
		if boxPos == L {
			boxPos = 0
		}
		gs[j] = boxSum / fL
	}
	l.head, l.n, l.w2, l.boxPos, l.boxSum = head, n, w2, boxPos, boxSum
}

// searchBlock is the number of chunks searchGain feeds its limiter at once.
const searchBlock = 256

// searchGain finds the make-up gain g whose limited output is predicted to
// read target LUFS, using chunk-resolution statistics.
// It also returns the largest gain it tried, which bounds the peaks the
// prediction relied on.
func searchGain(cs chunkStats, g, ceiling, target float64) (float64, float64) {
	gmax := g
	look := max(1, int(math.Ceil(lookAhead*sr/analysisChunk)))
	relA := 1 - math.Exp(-analysisChunk/(releaseTau*sr))
	nsub := len(cs.energy)*analysisChunk/cs.subLen + 1
	subs := make([]float64, nsub)
	for it := 0; it < 12; it++ {
		clear(subs)
		gl := newGainLimiter(look, relA, g, ceiling)
		nc := len(cs.peak)
		var zero [searchBlock]float32
		var gs [searchBlock]float64
		for i0 := 0; i0 < nc+look-1; i0 += searchBlock {
			m := min(searchBlock, nc+look-1-i0)
			pk := zero[:m]
			if i0 < nc {
				pk = cs.peak[i0:min(nc, i0+m)]
			}
			gl.pushBlock(i0, pk, gs[:])
			if len(pk) < m { // the tail past the last chunk
				gl.pushBlock(i0+len(pk), zero[:m-len(pk)], gs[len(pk):])
			}
			for j, G := range gs[:m] {
				if c := i0 + j - look + 1; c >= 0 {
					gg := g * G
					subs[c*analysisChunk/cs.subLen] += float64(cs.energy[c]) * gg * gg
				}
			}
		}
		full := subs[:len(cs.energy)*analysisChunk/cs.subLen] // drop the partial last sub-block
		for i := range full {
			full[i] /= float64(cs.subLen)
		}
		pred := gatedLoudness(full)
		if math.IsInf(pred, -1) {
			return g, gmax
		}
		err := target - pred
		g *= dbToGain(err)
		g = math.Min(g, 1e3)
		gmax = math.Max(gmax, g)
		if math.Abs(err) < 0.02 {
			break
		}
	}
	return g, gmax
}

// applyLimiter scales the buffer by g and the limiter gain curve. The
// per-frame true peaks are those truePeakFrames measures at thr; they are
// measured again here, chunk by chunk, only where chunkPeak (from that
// measurement) says the limiter can act, so no whole-song array is needed.
// The measurement reads at most tpChunk+tpAfter frames ahead of and tpChunk
// frames behind the chunk pushed, while the frames being scaled trail the
// push by look-1 > 2*tpChunk frames: every measurement sees unscaled input.
func applyLimiter(s []float32, ch int, chunkPeak []float32, thr, g, ceiling float64) {
	look := max(1, int(math.Round(lookAhead*sr)))
	relA := 1 - math.Exp(-1/(releaseTau*sr))
	gl := newGainLimiter(look, relA, g, ceiling)
	t := newTPScan(s, ch, thr)
	frames := t.frames
	var tp [tpChunk]float32
	var gs [tpChunk]float64
	apply := func(i0, m int) {
		gl.pushBlock(i0, tp[:m], gs[:])
		for j, G := range gs[:m] {
			if n := i0 + j - look + 1; n >= 0 {
				k := float32(g * G)
				for c := range ch {
					s[n*ch+c] *= k
				}
			}
		}
	}
	// Sample maxima of the last chunks measured, by chunk index mod 3;
	// loud chunks come in runs, which need each maximum only once.
	var smC [3]int
	var smV [3]float32
	sm := func(c int) float32 {
		j := (c + 3) % 3
		if smC[j] != c+1 {
			smC[j], smV[j] = c+1, t.sampleMax(c)
		}
		return smV[j]
	}
	for c := range t.nc {
		if g*float64(chunkPeak[c]) <= ceiling {
			// No frame of the chunk can make the limiter act: a zero
			// peak gives the same unit target.
			clear(tp[:])
		} else {
			t.chunk(c, sm(c-1), sm(c), sm(c+1), tp[:])
		}
		apply(c*tpChunk, min(tpChunk, frames-c*tpChunk))
	}
	clear(tp[:])
	for i := frames; i < frames+look-1; i += tpChunk {
		apply(i, min(tpChunk, frames+look-1-i))
	}
}

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
		for n := c0; n < c1; n++ {
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
		for n := c0; n < c1; n++ {
			gPrev += step
			k := float32(gPrev)
			for c := range ch {
				s[n*ch+c] *= k
			}
		}
		gPrev = g
	}
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

func scale(s []float32, g float64) {
	k := float32(g)
	for i := range s {
		s[i] *= k
	}
}

func clampAll(s []float32, c float64) {
	k := float32(c)
	for i, v := range s {
		if v > k {
			s[i] = k
		} else if v < -k {
			s[i] = -k
		}
	}
}
