package synth

// mixPanSSE is vec_amd64.s: mixPanGo four frames at a time (the last
// len(l)%4 frames are left to the caller).
//
//go:noescape
func mixPanSSE(l, r, sb, duck, mixL, mixR []float32, k *[4]float32)

// addScaledSSE is vec_amd64.s: addScaledGo four samples at a time (the
// last len(dst)%4 samples are left to the caller).
//
//go:noescape
func addScaledSSE(dst, src []float32, k float32)

// mixPan is mixPanGo: the kernel on the multiple of four frames, the Go
// loop on the rest.
func mixPan(l, r, sb, duck, mixL, mixR []float32, k *[4]float32) {
	n := len(l)
	if n == 0 {
		return
	}
	// The kernel reads and writes n frames of each: check once.
	_, _, _, _ = r[n-1], duck[n-1], mixL[n-1], mixR[n-1]
	if len(sb) > 0 {
		_ = sb[n-1]
	}
	m := n &^ 3
	if m > 0 {
		mixPanSSE(l[:m], r, sb, duck, mixL, mixR, k)
	}
	if m < n {
		var sbt []float32
		if len(sb) > 0 {
			sbt = sb[m:n]
		}
		mixPanGo(l[m:n], r[m:n], sbt, duck[m:n], mixL[m:n], mixR[m:n], k)
	}
}

// addScaled is addScaledGo: the kernel on the multiple of four samples,
// the Go loop on the rest.
func addScaled(dst, src []float32, k float32) {
	n := len(dst)
	src = src[:n]
	m := n &^ 3
	if m > 0 {
		addScaledSSE(dst[:m], src, k)
	}
	if m < n {
		addScaledGo(dst[m:], src[m:], k)
	}
}

// gainPeakSSE is vec_amd64.s: gainPeakGo four samples at a time (len(buf)
// a multiple of four), each lane's peak kept apart, the largest returned.
//
//go:noescape
func gainPeakSSE(buf []float32, k float32) float32

// scaleSSE is vec_amd64.s: scaleGo four samples at a time (len(s) a
// multiple of four).
//
//go:noescape
func scaleSSE(s []float32, k float32)

// gainPeak is gainPeakGo: the kernel on the multiple of four samples, the
// Go loop on the rest.
func gainPeak(buf []float32, g float32) float32 {
	m := len(buf) &^ 3
	peak := float32(0)
	if m > 0 {
		peak = gainPeakSSE(buf[:m], g)
	}
	if m < len(buf) {
		peak = max(peak, gainPeakGo(buf[m:], g)) // neither is NaN
	}
	return peak
}

// scale32 is scaleGo: the kernel on the multiple of four samples, the Go
// loop on the rest.
func scale32(s []float32, k float32) {
	m := len(s) &^ 3
	if m > 0 {
		scaleSSE(s[:m], k)
	}
	if m < len(s) {
		scaleGo(s[m:], k)
	}
}

// clampSSE is vec_amd64.s: clampGo four samples at a time (len(s) a
// multiple of four; nk is -k).
//
//go:noescape
func clampSSE(s []float32, k, nk float32)

// clamp32 is clampGo: the kernel on the multiple of four samples, the Go
// loop on the rest.
func clamp32(s []float32, k float32) {
	m := len(s) &^ 3
	if m > 0 {
		clampSSE(s[:m], k, -k)
	}
	if m < len(s) {
		clampGo(s[m:], k)
	}
}
