package synth

import "math"

// Elementwise kernels of the mix. Each has a Go loop (here, the arm64 path
// and the reference of the tests) and an amd64 version four lanes at a time
// (vec_amd64.s) doing the same float32 operations in the same order, so the
// same bits.

// zeroDuck is the ducking envelope of a track that does not listen to the
// sidechain: its gain 1 - side*duck is then exactly 1.
var zeroDuck [blockSize]float32

// mixPanGo pans a track's block into the mix: with g = 1 - side*duck[i],
// a = (l*gl + w)*g and b = (r*gr - w)*g where w = sb[i]*gw (the side
// signal, when sb is not empty) or a = l*gl*g and b = r*gr*g; mixL += a,
// mixR += b, and l becomes the send signal (a+b)*0.5. k holds gl, gr, gw,
// side. Every slice is as long as l (sb too, when not empty).
func mixPanGo(l, r, sb, duck, mixL, mixR []float32, k *[4]float32) {
	gl, gr, gw, side := k[0], k[1], k[2], k[3]
	n := len(l)
	r, duck, mixL, mixR = r[:n], duck[:n], mixL[:n], mixR[:n]
	if len(sb) > 0 {
		sb = sb[:n]
		for i := range n {
			g := 1 - side*duck[i]
			w := sb[i] * gw
			a, b := (l[i]*gl+w)*g, (r[i]*gr-w)*g
			mixL[i] += a
			mixR[i] += b
			l[i] = (a + b) * 0.5
		}
		return
	}
	for i := range n {
		g := 1 - side*duck[i]
		a, b := l[i]*gl*g, r[i]*gr*g
		mixL[i] += a
		mixR[i] += b
		l[i] = (a + b) * 0.5
	}
}

// addScaledGo adds src[i]*k to dst[i] (src as long as dst).
func addScaledGo(dst, src []float32, k float32) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] += x * k
	}
}

// gainPeakGo multiplies buf by g and returns the largest magnitude of the
// result (0 for an empty buf; NaNs are not counted).
func gainPeakGo(buf []float32, g float32) float32 {
	peak := float32(0)
	for i, x := range buf {
		x *= g
		buf[i] = x
		// |x| by its sign bit: the builtin max's NaN and signed-zero
		// rules made this loop 10% of a recorded part's time.
		if a := math.Float32frombits(math.Float32bits(x) &^ (1 << 31)); a > peak {
			peak = a
		}
	}
	return peak
}

// scaleGo multiplies s by k.
func scaleGo(s []float32, k float32) {
	for i := range s {
		s[i] *= k
	}
}
