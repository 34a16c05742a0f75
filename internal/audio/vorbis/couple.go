package vorbis

// couple is the square polar mapping of two channels' quantised values
// (spec section 1.3.3), lossless: the magnitude is the larger of the two
// in size, with its sign, and the angle their difference, signed by the
// magnitude. Decoders invert it exactly; on a centred sound (l = r) the
// angle is 0.
func couple(l, r int) (m, a int) {
	m = l
	if abs(r) > abs(l) {
		m = r
	}
	a = l - r
	if m <= 0 {
		a = -a
	}
	return m, a
}

// uncouple is the decoders' inverse of couple (spec section 4.3.5).
func uncouple(m, a int) (l, r int) {
	switch {
	case m > 0 && a > 0:
		return m, m - a
	case m > 0:
		return m + a, m
	case a > 0:
		return m, m + a
	}
	return m - a, m
}
