//go:build !amd64

package meltysynth

// lowPassVoices reports whether processStereoLowPassPair runs on this
// architecture.
const lowPassVoices = false

// processStereoLowPassPair is processStereoLowPass on each voice
// (Songsmith patch).
func processStereoLowPassPair(f, g, h, k *biQuadFilter, a, b, c, d []float32) {
	processStereoLowPass(f, g, a, b)
	processStereoLowPass(h, k, c, d)
}
