//go:build !amd64

package synth

// absMaxBits is absMaxBitsGo.
func absMaxBits(s []float32) uint32 { return absMaxBitsGo(s) }

// chorusTap is chorusTapGo.
func chorusTap(x, a, out []float32, dry float32, wet, f float64) { chorusTapGo(x, a, out, dry, wet, f) }

// tpStereo is tpStereoGo.
func tpStereo(w []float64, out []uint32) { tpStereoGo(w, out) }
