package meltysynth

func arrayMultiplyAdd(a float32, x []float32, dst []float32) {
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
