//go:build !amd64

package synth

// mixPan is mixPanGo.
func mixPan(l, r, sb, duck, mixL, mixR []float32, k *[4]float32) {
	mixPanGo(l, r, sb, duck, mixL, mixR, k)
}

// addScaled is addScaledGo.
func addScaled(dst, src []float32, k float32) { addScaledGo(dst, src, k) }
