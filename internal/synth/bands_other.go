//go:build !amd64

package synth

// useBandPairs is false: no paired loop here.
var useBandPairs = false

// processBandPair runs band f over the interleaved stereo block a and
// band g over b, in place.
func processBandPair(f, g *eqBand, a, b []float32) {
	f.process(a)
	g.process(b)
}

// sideLanes reports false: sideFour's Go loop runs.
func sideLanes(*[8][]float32, *[24]float64, *[8]float32, bool) bool { return false }
