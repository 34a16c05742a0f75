package meltysynth

// arrayMultiplyAddGo is upstream's arrayMultiplyAdd loop; arrayMultiplyAdd
// (vec_amd64.go, vec_other.go) runs it four samples a register on amd64,
// the same bits (Songsmith patch).
func arrayMultiplyAddGo(a float32, x []float32, dst []float32) {
	x = x[:len(dst)] // Songsmith patch: one bounds check, not one a sample
	for i := range dst {
		dst[i] += a * x[i]
	}
}

func arrayMultiplyAddSlope(a float32, step float32, x []float32, dst []float32) {
	x = x[:len(dst)] // Songsmith patch: one bounds check, not one a sample
	for i := range dst {
		dst[i] += a * x[i]
		a += step
	}
}
