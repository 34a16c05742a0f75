package synth

import "math"

// The master's true-peak limiter: chunk peaks, the gain search and the look-ahead gain.

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
		if j0 := look - 1 - i0; ch == 2 && j0 <= 0 {
			// Every frame of the block is scaled: stereo, frame by frame
			// without the loop over the channels.
			fr := s[2*(i0-look+1) : 2*(i0-look+1+m)]
			for j, G := range gs[:m] {
				k := float32(g * G)
				fr[2*j] *= k
				fr[2*j+1] *= k
			}
			return
		}
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
