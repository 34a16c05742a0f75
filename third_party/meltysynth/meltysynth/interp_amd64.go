package meltysynth

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// interpRunSSE2 and interpTwinsSSE2 are interp_amd64.s (Songsmith patch):
// the loops of interpolateRun and interpolateTwins four samples at a time,
// the same bits, for a multiple of four samples.
//
//go:noescape
func interpRunSSE2(data *int16, pos, step int64, run []float32)

//go:noescape
func interpTwinsSSE2(data *int16, off, pos, step int64, a, b []float32)

// interpRunAVX2 and interpTwinsAVX2 are the same loops with AVX2
// (Songsmith patch; interp_amd64.s): the same bits, used where the
// processor has AVX2 (useAVX2).
//
//go:noescape
func interpRunAVX2(data *int16, pos, step int64, run []float32)

//go:noescape
func interpTwinsAVX2(data *int16, off, pos, step int64, a, b []float32)

// useAVX2 selects the AVX2 loops (a variable, so that the test can run
// both).
var useAVX2 = cpu.X86.HasAVX2

// interpolateVec runs the vector loop over the longest multiple of four
// samples of a (and of b, off samples further on, when b is not nil) and
// returns the position after them and how many samples it wrote. The
// caller's guarantee holds: every index read lies inside data.
func interpolateVec(data []int16, off, pos, step int64, a, b []float32) (int64, int) {
	m := len(a) &^ 3
	if m == 0 {
		return pos, 0
	}
	base := unsafe.SliceData(data)
	switch {
	case b == nil && useAVX2:
		interpRunAVX2(base, pos, step, a[:m])
	case b == nil:
		interpRunSSE2(base, pos, step, a[:m])
	case useAVX2:
		interpTwinsAVX2(base, off, pos, step, a[:m], b[:m])
	default:
		interpTwinsSSE2(base, off, pos, step, a[:m], b[:m])
	}
	return pos + int64(m)*step, m
}
