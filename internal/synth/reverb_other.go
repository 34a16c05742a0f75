//go:build !amd64

package synth

// linesLoop is linesLoopGo.
func (rv *reverb) linesLoop(xs []float64, l, r []float32, a float64) { rv.linesLoopGo(xs, l, r, a) }
