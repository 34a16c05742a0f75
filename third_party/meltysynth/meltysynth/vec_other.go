//go:build !amd64

package meltysynth

// arrayMultiplyAdd adds a*x[i] to dst[i] (Songsmith patch: arrayMultiplyAddGo).
func arrayMultiplyAdd(a float32, x []float32, dst []float32) { arrayMultiplyAddGo(a, x, dst) }

// midSide is midSideGo (Songsmith patch).
func midSide(l, r, m, d []float32, k float32) { midSideGo(l, r, m, d, k) }

// copyUnit is copyUnitGo (Songsmith patch).
func copyUnit(src []int16, dst []float32) { copyUnitGo(src, dst) }
