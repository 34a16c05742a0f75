//go:build !amd64

package synth

// process filters the side signal of an interleaved stereo block in place
// (processGo).
func (s *sideHP) process(fr []float32) { s.processGo(fr) }
