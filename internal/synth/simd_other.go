//go:build !amd64

package synth

// kStereo K-weights len(p) frames of interleaved stereo s and stores in p
// each frame's left squared output plus its right one.
func kStereo(s []float32, left, right *kState, shelf, hp *biquad, p []float64) {
	kStereoGo(s, left, right, shelf, hp, p)
}

// process runs the band over an interleaved stereo block in place (an odd
// last sample is left alone).
func (f *eqBand) process(fr []float32) { f.processGo(fr) }

// kSumStereo reports whether kWeighStereo runs on this architecture: no,
// kWeigh's own loop runs.
const kSumStereo = false

// kWeighStereo is never called where kSumStereo is false.
func kWeighStereo(s []float32, frames, subLen int, shelf, hp *biquad, energy []float32, subs []float64) []float64 {
	panic("synth: kWeighStereo without kSumStereo")
}

// useKPipe is false: no pipelined K-weighting here.
var useKPipe = false
