//go:build !amd64

package synth

// mixPan is mixPanGo.
func mixPan(l, r, sb, duck, mixL, mixR []float32, k *[4]float32) {
	mixPanGo(l, r, sb, duck, mixL, mixR, k)
}

// addScaled is addScaledGo.
func addScaled(dst, src []float32, k float32) { addScaledGo(dst, src, k) }

// gainPeak is gainPeakGo.
func gainPeak(buf []float32, g float32) float32 { return gainPeakGo(buf, g) }

// scale32 is scaleGo.
func scale32(s []float32, k float32) { scaleGo(s, k) }

// clamp32 is clampGo.
func clamp32(s []float32, k float32) { clampGo(s, k) }
