package meltysynth

import "unsafe"

// Songsmith patch: the oscillators' inner loops without bounds checks.
// The callers check once that every index a run reads lies inside data
// (the run stays below the loop end, which lies inside the sample data);
// the per-sample checks had the loop keep its variables on the stack.

// interpolateRun writes run[i] = the sample at fixed-point position
// pos + i*step, linearly interpolated as oscillator.fillBlock_Continuous
// does, and returns the position after the run. data[pos>>fracBits] and
// data[pos>>fracBits+1] must lie inside data for every position of the
// run. (Not inlined: inside its caller the loop ran out of registers.)
//
//go:noinline
func interpolateRun(data []int16, pos, step int64, run []float32) int64 {
	base := unsafe.Pointer(unsafe.SliceData(data))
	if step == fracUnit && pos&(fracUnit-1) == 0 {
		// Unit steps from a whole sample: every fraction is zero.
		p := unsafe.Add(base, (pos>>fracBits)*2)
		copyUnit(unsafe.Slice((*int16)(p), len(run)), run)
		return pos + int64(len(run))*step
	}
	pos, done := interpolateVec(data, 0, pos, step, run, nil)
	run = run[done:]
	for i := range run {
		p := unsafe.Add(base, (pos>>fracBits)*2)
		x1 := int64(*(*int16)(p))
		x2 := int64(*(*int16)(unsafe.Add(p, 2)))
		a_fp := pos & (fracUnit - 1)
		run[i] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
		pos += step
	}
	return pos
}

// interpolateTwins is interpolateRun for a and, off samples further on in
// data, for b (as long as a), one index for both.
//
//go:noinline
func interpolateTwins(data []int16, off, pos, step int64, a, b []float32) int64 {
	base := unsafe.Pointer(unsafe.SliceData(data))
	b = b[:len(a)]
	if step == fracUnit && pos&(fracUnit-1) == 0 {
		// Unit steps from a whole sample: every fraction is zero.
		p := unsafe.Add(base, (pos>>fracBits)*2)
		copyUnit(unsafe.Slice((*int16)(p), len(a)), a)
		copyUnit(unsafe.Slice((*int16)(unsafe.Add(p, off*2)), len(b)), b)
		return pos + int64(len(a))*step
	}
	pos, done := interpolateVec(data, off, pos, step, a, b)
	a, b = a[done:], b[done:]
	off *= 2 // bytes
	for i := range a {
		p := unsafe.Add(base, (pos>>fracBits)*2)
		a_fp := pos & (fracUnit - 1)
		x1 := int64(*(*int16)(p))
		x2 := int64(*(*int16)(unsafe.Add(p, 2)))
		a[i] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
		p = unsafe.Add(p, off)
		x1 = int64(*(*int16)(p))
		x2 = int64(*(*int16)(unsafe.Add(p, 2)))
		b[i] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
		pos += step
	}
	return pos
}

// noLoopRun returns how many of n samples from fixed-point position pos,
// stepping by step > 0, lie before sample index end: the samples a
// non-looping oscillator plays before it stops.
func noLoopRun(pos, step int64, end int32, n int) int {
	end_fp := int64(end) << fracBits
	if pos >= end_fp {
		return 0
	}
	if m := (end_fp - pos + step - 1) / step; m < int64(n) {
		return int(m)
	}
	return n
}

// unitSample is fpToSample scaled by 1<<fracBits: 2^-15, exactly.
const unitSample float32 = float32(1) / float32(32768)

// copyUnit writes dst[i] = src[i] as interpolateRun would at a zero
// fraction, fpToSample * float32(x<<fracBits): x<<fracBits is exact in a
// float32 (sixteen significant bits) and fpToSample a power of two, so it
// is float32(x) * 2^-15 bit for bit, without the interpolation's integer
// multiply (a drum hit at its recorded pitch, at the bank's sample rate,
// steps by exactly one sample: most of a recorded kit's samples).
//
// copyUnitGo is the loop; copyUnit (vec_amd64.go, vec_other.go) runs it
// four samples a register on amd64 (an int16 converts exactly either way).
func copyUnitGo(src []int16, dst []float32) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = unitSample * float32(x)
	}
}
