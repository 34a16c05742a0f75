package synth

import (
	"math"
	"slices"
	"testing"
)

// TestTruePeakPartial checks the contract of truePeakFrames: values at or
// above thr are exact, everything else stays below thr, and the overall
// maximum is exact once thr is at most the sample peak.
func TestTruePeakPartial(t *testing.T) {
	const frames = 1 << 15
	s := make([]float32, 2*frames)
	r := newRNG(9)
	for n := range frames {
		env := math.Pow(math.Sin(math.Pi*float64(n)/4000), 8) // bursts of different level
		for c := range 2 {
			x := 0.6*math.Sin(2*math.Pi*float64(n)*(11025+float64(c)*37)/sr+0.7) + 0.3*r.bipolar()
			s[2*n+c] = float32(env * x)
		}
	}
	full := make([]float32, frames)
	want := truePeakFrames(s, 2, full, nil, 0)
	var sp float32
	for _, v := range s {
		sp = max(sp, abs32(v))
	}
	if want <= float64(sp) {
		t.Fatalf("test signal has no inter-sample overs: true %v, sample %v", want, sp)
	}
	part := make([]float32, frames)
	peaks := make([]float32, frames/tpChunk)
	for _, thr := range []float64{0.05, 0.3, 0.6, float64(sp), want, 2} {
		got := truePeakFrames(s, 2, part, peaks, thr)
		for n := range full {
			if float64(full[n]) >= thr && part[n] != full[n] {
				t.Fatalf("thr %v frame %d: %v, want exact %v", thr, n, part[n], full[n])
			}
			if float64(full[n]) < thr && float64(part[n]) >= thr {
				t.Fatalf("thr %v frame %d: %v reaches thr (true %v)", thr, n, part[n], full[n])
			}
		}
		if thr <= float64(sp) && got != want {
			t.Errorf("thr %v: max %v, want %v", thr, got, want)
		}
	}
	if tp := truePeakMax(s, 2); tp != want {
		t.Errorf("truePeakMax %v, want %v", tp, want)
	}
}

// TestApplyLimiterStreaming checks that applyLimiter, which measures true
// peaks chunk by chunk as it goes, matches the plain limiter driven by a
// whole-buffer measurement.
func TestApplyLimiterStreaming(t *testing.T) {
	const frames = 1<<14 + 7
	s := make([]float32, 2*frames)
	r := newRNG(4)
	for i := range s {
		s[i] = float32(0.9 * math.Sin(float64(i)*0.01) * r.bipolar())
	}
	const g, ceiling, thr = 1.3, 0.8, 0.8 / 1.3
	tp := make([]float32, frames)
	peaks := make([]float32, (frames+tpChunk-1)/tpChunk)
	truePeakFrames(s, 2, tp, peaks, thr)
	want := slices.Clone(s)
	look := max(1, int(math.Round(lookAhead*sr)))
	gl := newGainLimiter(look, 1-math.Exp(-1/(releaseTau*sr)), g, ceiling)
	for i := 0; i < frames+look-1; i++ {
		var p float32
		if i < frames {
			p = tp[i]
		}
		G := gl.push(i, p)
		if n := i - look + 1; n >= 0 {
			want[2*n] *= float32(g * G)
			want[2*n+1] *= float32(g * G)
		}
	}
	applyLimiter(s, 2, peaks, thr, g, ceiling)
	if !slices.Equal(s, want) {
		t.Error("streaming limiter differs from the whole-buffer one")
	}
}

// push is the frame-at-a-time reference for gainLimiter.pushBlock: it feeds
// the peak of input i and returns the gain for input i-L+1.
func (l *gainLimiter) push(i int, pk float32) float64 {
	t := 1.0
	if v := l.g * float64(pk); v > l.ceiling {
		t = l.ceiling / v
	}
	size := len(l.vals)
	for l.n > 0 {
		back := l.head + l.n - 1
		if back >= size {
			back -= size
		}
		if l.vals[back] < t {
			break
		}
		l.n--
	}
	pos := l.head + l.n
	if pos >= size {
		pos -= size
	}
	l.vals[pos], l.idx[pos] = t, i
	l.n++
	for l.idx[l.head] <= i-l.L {
		l.head++
		if l.head == size {
			l.head = 0
		}
		l.n--
	}
	w := l.vals[l.head]
	l.w2 = math.Min(w, l.w2+(1-l.w2)*l.relA)
	l.boxSum += l.w2 - l.box[l.boxPos]
	l.box[l.boxPos] = l.w2
	l.boxPos++
	if l.boxPos == l.L {
		l.boxPos = 0
	}
	return l.boxSum / float64(l.L)
}
