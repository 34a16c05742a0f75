package meltysynth

// The elementwise loops four samples a register (vec_amd64.s, Songsmith
// patch): the same float32 operations in the same order as the Go loops,
// so the same bits; each kernel takes a multiple of four samples and the
// Go loop the rest.

//go:noescape
func mulAddSSE(a float32, x, dst []float32)

//go:noescape
func midSideSSE(l, r, m, d []float32, k float32)

//go:noescape
func unitSSE(src []int16, dst []float32)

// arrayMultiplyAdd adds a*x[i] to dst[i] (arrayMultiplyAddGo).
func arrayMultiplyAdd(a float32, x []float32, dst []float32) {
	n := len(dst)
	x = x[:n]
	m := n &^ 3
	if m > 0 {
		mulAddSSE(a, x[:m], dst[:m])
	}
	if m < n {
		arrayMultiplyAddGo(a, x[m:], dst[m:])
	}
}

// midSide is midSideGo.
func midSide(l, r, m, d []float32, k float32) {
	n := len(m)
	l, r, d = l[:n], r[:n], d[:n]
	q := n &^ 3
	if q > 0 {
		midSideSSE(l[:q], r[:q], m[:q], d[:q], k)
	}
	if q < n {
		midSideGo(l[q:], r[q:], m[q:], d[q:], k)
	}
}

// copyUnit is copyUnitGo.
func copyUnit(src []int16, dst []float32) {
	n := len(dst)
	src = src[:n]
	q := n &^ 3
	if q > 0 {
		unitSSE(src[:q], dst[:q])
	}
	if q < n {
		copyUnitGo(src[q:], dst[q:])
	}
}
