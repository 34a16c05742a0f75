//go:build !amd64

package synth

// absMaxBits is absMaxBitsGo.
func absMaxBits(s []float32) uint32 { return absMaxBitsGo(s) }
