package synth

// absMaxBitsSSE2 is lanes_amd64.s: absMaxBitsGo eight samples a step, for
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

// chorusTapSSE2 is lanes_amd64.s: chorusTapGo two samples a step, for
// len(x) even.
//
//go:noescape
func chorusTapSSE2(x, a, out []float32, dry float32, wet, f float64)

// chorusTap writes out[i] = dry*x[i] + wet*(a[i]+f*(a[i+1]-a[i])), len(a)
// being len(x)+1: chorusTapGo's values, two samples a step.
func chorusTap(x, a, out []float32, dry float32, wet, f float64) {
	n := len(x) &^ 1
	if n > 0 {
		_, _ = a[n], out[n-1]
		chorusTapSSE2(x[:n], a[:n+1], out[:n], dry, wet, f)
	}
	chorusTapGo(x[n:], a[n:], out[n:], dry, wet, f)
}
