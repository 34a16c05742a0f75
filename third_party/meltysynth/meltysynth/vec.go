package meltysynth

// midSideGo writes m[i] = k*(l[i]+r[i]) and d[i] = k*(l[i]-r[i]); l, r and
// d are at least as long as m (Songsmith patch).
func midSideGo(l, r, m, d []float32, k float32) {
	l, r, d = l[:len(m)], r[:len(m)], d[:len(m)]
	for i := range m {
		m[i] = k * (l[i] + r[i])
		d[i] = k * (l[i] - r[i])
	}
}
