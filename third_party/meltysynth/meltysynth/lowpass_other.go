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

// processStereoLowPassQuad is processStereoLowPass on each of the four
// stereo voices v (Songsmith patch).
func processStereoLowPassQuad(v *[4]*voice) {
	for _, w := range v {
		processStereoLowPass(w.filter, w.right.filter, w.block, w.right.block)
	}
}

// useLowPassOct is false: no eight-lane path here.
var useLowPassOct = false

// lowPassOct reports false: no eight-lane path here.
func lowPassOct([]*voice) bool { return false }
