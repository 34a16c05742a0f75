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

// sideFourLanes reports false: sideFour's Go loop runs.
func sideFourLanes(*[4][]float32, *[12]float64, *[4]float32) bool { return false }
