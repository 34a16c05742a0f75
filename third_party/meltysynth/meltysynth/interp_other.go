//go:build !amd64

package meltysynth

// interpolateVec writes nothing: the Go loops do it all (Songsmith patch).
func interpolateVec(data []int16, off, pos, step int64, a, b []float32) (int64, int) {
	return pos, 0
}

// useAVX2 is false away from amd64: there is only the Go loop.
var useAVX2 = false
