package synth

// absMaxBitsSSE2 is peak_amd64.s: absMaxBitsGo eight samples a step, for
// len(s) a multiple of eight.
//
//go:noescape
func absMaxBitsSSE2(s []float32) uint32

// absMaxBits returns the largest float32 bit pattern of |s[i]| (0 for an
// empty s): absMaxBitsGo's value, eight samples a step.
func absMaxBits(s []float32) uint32 {
	n := len(s) &^ 7
	m := absMaxBitsGo(s[n:])
	if n > 0 {
		m = max(m, absMaxBitsSSE2(s[:n]))
	}
	return m
}
