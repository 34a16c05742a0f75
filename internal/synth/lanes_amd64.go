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

// tpStereoSSE2 is lanes_amd64.s: tpStereoGo with the channels in the two
// lanes of one register.
//
//go:noescape
func tpStereoSSE2(w []float64, c *[36]float64, out []uint32)

// tpLanes is tpKernel's mid, even and odd, each value twice (one per lane).
var tpLanes = func() (c [36]float64) {
	k := &tpKernel
	for j := range tpTaps / 2 {
		c[2*j], c[2*j+1] = k.mid[j], k.mid[j]
		c[12+2*j], c[12+2*j+1] = k.even[j], k.even[j]
		c[24+2*j], c[24+2*j+1] = k.odd[j], k.odd[j]
	}
	return c
}()

// tpStereo writes into out[i], for each frame i, the larger of tpWindow
// over the left and the right window of interleaved stereo w:
// tpStereoGo's values, both channels at once.
func tpStereo(w []float64, out []uint32) {
	if len(out) == 0 {
		return
	}
	_ = w[2*(len(out)+tpTaps-1)-1]
	tpStereoSSE2(w, &tpLanes, out)
}
