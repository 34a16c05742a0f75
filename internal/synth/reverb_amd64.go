package synth

// reverbSSE2 is reverb_amd64.s: the lines' per-frame loop of chunk, two
// lines in each SSE2 register.
//
//go:noescape
func reverbSSE2(seg *[8][blockSize]float32, xs []float64, l, r []float32, o *[8]float64, c *[13]float64)

// linesLoop runs chunk's per-frame loop over the n = len(xs) frames of
// rv.seg: the dampers, the Householder feedback written back into seg, and
// the wet output added to l and r. a is the dampers' coefficient.
func (rv *reverb) linesLoop(xs []float64, l, r []float32, a float64) {
	n := len(xs)
	if n == 0 {
		return
	}
	_, _, _ = l[n-1], r[n-1], rv.seg[0][n-1] // the kernel's reach, checked once
	c := [13]float64{rv.fb[0] * a, rv.fb[1] * a, rv.fb[2] * a, rv.fb[3] * a,
		rv.fb[4] * a, rv.fb[5] * a, rv.fb[6] * a, rv.fb[7] * a, 1 - a, 1 - a, rv.wet, rv.wet, 2.0 / 8}
	reverbSSE2(&rv.seg, xs, l, r, &rv.damp, &c)
}
