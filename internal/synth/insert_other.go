//go:build !amd64

package synth

// insertTwo runs the insert chains of s and t over their blocks a and b.
func insertTwo(s, t *trackState, a, b []float32) {
	s.insert(a)
	t.insert(b)
}

// pairedInserts reports whether insertTwo runs on this architecture.
const pairedInserts = false

// sideBellTwo is sideBellTwoGo.
func sideBellTwo(f *eqBand, hf *[4]float64, x []float64, g *eqBand, hg *[4]float64, y []float64) {
	sideBellTwoGo(f, hf, x, g, hg, y)
}
