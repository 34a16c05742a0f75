package mp3

import "math"

// Quantisation and the two nested iteration loops of ISO/IEC 11172-3 C.1.5.4:
// the rate (inner) loop picks the global gain so the Huffman data fits the
// granule's bit budget; the distortion (outer) loop raises the scalefactors
// of bands whose quantisation noise exceeds what the psychoacoustic model
// allows.

// pow43 holds n^(4/3) for every codable magnitude.
var pow43 [maxQuant + 1]float64

// Quantiser step sizes are powers of 2^(1/16): pow2q[k+pow2qBias] = 2^(k/16).
const pow2qBias = 1200

var pow2q [2 * pow2qBias]float64

func init() {
	for i := range pow43 {
		pow43[i] = math.Pow(float64(i), 4.0/3.0)
	}
	for i := range pow2q {
		pow2q[i] = math.Exp2(float64(i-pow2qBias) / 16)
	}
}

// step34 returns 2^(-3/16 (gain-210) + 3/8 (1+sfScale) sf), the factor
// applied to |xr|^(3/4) before rounding.
func step34(gain, sfScale, sf int) float64 {
	return pow2q[pow2qBias+3*(210-gain)+6*(1+sfScale)*sf]
}

// stepSize returns 2^(1/4 (gain-210) - 1/2 (1+sfScale) sf), the
// dequantiser's step for magnitude^(4/3).
func stepSize(gain, sfScale, sf int) float64 {
	return pow2q[pow2qBias+4*(gain-210)-8*(1+sfScale)*sf]
}

// maxOuterIterations bounds the distortion loop per granule and channel.
const maxOuterIterations = 10

// quantizer holds one granule and channel's spectrum while it is coded.
type quantizer struct {
	sfb *[numSfbLong + 1]int // long bands, for the region split
	// bnd are the boundaries of the nb partitions that have a scalefactor
	// each: the long bands, or the short bands of each window.
	bnd   []int
	nb    int
	xr    [granuleSize]float64 // spectral lines (signed), coded order
	xr34  [granuleSize]float64 // |xr|^(3/4)
	max34 [maxBands]float64    // largest xr34 per partition
	ix    [granuleSize]int32   // quantised magnitudes; signs come from xr
	// zero[b] records that quantize left partition b of ix all zero; top[b]
	// is the largest value quantize put in partition b.
	top   [maxBands]int32
	zero  [maxBands]bool
	noise [maxBands]float64
	// energy[b] is the sum of xr^2 over partition b, its noise when all
	// of its lines quantise to zero.
	energy [maxBands]float64
	// lastGain seeds the rate loop's search (the previous result).
	lastGain int
}

// prepare computes the |xr|^(3/4) tables for a new spectrum in q.xr.
func (q *quantizer) prepare() {
	q.zero = [maxBands]bool{} // bnd may have changed
	for b := 0; b < q.nb; b++ {
		m, e := 0.0, 0.0
		for i := q.bnd[b]; i < q.bnd[b+1]; i++ {
			v := math.Abs(q.xr[i])
			e += v * v
			if v != 0 {
				v = math.Sqrt(v * math.Sqrt(v))
			}
			q.xr34[i] = v
			m = max(m, v)
		}
		q.max34[b] = m
		q.energy[b] = e
	}
}

// quantize fills q.ix for g's gain and scalefactors; false means some value
// would exceed the largest codable magnitude.
func (q *quantizer) quantize(g *granuleInfo) bool {
	for b := 0; b < q.nb; b++ {
		step := step34(g.gain, g.sfScale, g.sf[b])
		top := q.max34[b]*step + 0.4054
		if top > maxQuant {
			return false
		}
		lo, hi := q.bnd[b], q.bnd[b+1]
		if top < 1 { // every line rounds to zero
			if !q.zero[b] {
				clear(q.ix[lo:hi])
				q.zero[b] = true
			}
			q.top[b] = 0
			continue
		}
		q.zero[b] = false
		// The largest line gives the largest value: the same expression.
		q.top[b] = int32(top)
		xs := q.xr34[lo:hi]
		ix := q.ix[lo:hi]
		ix = ix[:len(xs)]
		for i, x := range xs {
			ix[i] = int32(x*step + 0.4054)
		}
	}
	return true
}

// bitsAt quantises at g.gain and returns the Huffman bits, or a huge count
// when the values overflow.
func (q *quantizer) bitsAt(g *granuleInfo) int {
	if !q.quantize(g) {
		return 1 << 30
	}
	top := &q.top
	if g.blockType != blockNormal {
		top = nil // the partitions are not the long bands
	}
	return g.layout(&q.ix, q.sfb, false, top)
}

// innerLoop finds the smallest global gain whose Huffman data fits in avail
// bits, searching upward from g.gain when warm is set and by bisection
// otherwise. It leaves q.ix quantised at the result and returns its bits.
func (q *quantizer) innerLoop(g *granuleInfo, avail int, warm bool) int {
	if warm {
		for g.gain < 255 {
			if n := q.bitsAt(g); n <= avail {
				return n
			}
			g.gain++
		}
	} else {
		lo, hi := 0, 255
		if g0 := q.lastGain; g0 > 0 {
			// Bracket around the previous granule's gain, then bisect.
			g.gain = g0
			if q.bitsAt(g) <= avail {
				hi = g0
				for d := 2; ; d *= 2 {
					if g.gain = g0 - d; g.gain <= 0 {
						break
					}
					if q.bitsAt(g) > avail {
						lo = g.gain + 1
						break
					}
					hi = g.gain
				}
			} else {
				lo = g0 + 1
				for d := 2; ; d *= 2 {
					if g.gain = g0 + d; g.gain >= 255 {
						break
					}
					if q.bitsAt(g) <= avail {
						hi = g.gain
						break
					}
					lo = g.gain + 1
				}
			}
		}
		for lo < hi {
			g.gain = (lo + hi) / 2
			if q.bitsAt(g) <= avail {
				hi = g.gain
			} else {
				lo = g.gain + 1
			}
		}
		g.gain = lo
	}
	n := q.bitsAt(g)
	if n > avail { // not even the coarsest gain fits: send silence
		q.ix = [granuleSize]int32{}
		n = g.layout(&q.ix, q.sfb, false, nil)
	}
	return n
}

// measureNoise fills q.noise with the quantisation noise energy per band.
func (q *quantizer) measureNoise(g *granuleInfo) {
	for b := 0; b < q.nb; b++ {
		if q.zero[b] { // all noise: the same sum as below with ix = 0
			q.noise[b] = q.energy[b]
			continue
		}
		step := stepSize(g.gain, g.sfScale, g.sf[b])
		s := 0.0
		xr := q.xr[q.bnd[b]:q.bnd[b+1]]
		ix := q.ix[q.bnd[b]:q.bnd[b+1]]
		ix = ix[:len(xr)]
		for i, x := range xr {
			d := math.Abs(x) - pow43[ix[i]]*step
			s += d * d
		}
		q.noise[b] = s
	}
}

// code runs the loops for one granule and channel of block type bt within
// avail bits (part2 + part3). xmin is the allowed noise per partition; nil
// runs the rate loop alone with flat scalefactors. On return q.ix and g
// describe the result.
func (q *quantizer) code(g *granuleInfo, bt int, avail int, xmin *[maxBands]float64) {
	*g = granuleInfo{blockType: bt}
	q.prepare()
	g.chooseCompress()
	q.innerLoop(g, avail, false)
	if xmin != nil {
		q.outerLoop(g, avail, xmin)
	}
	if !q.quantize(g) {
		q.ix = [granuleSize]int32{}
	}
	q.lastGain = g.gain
	g.part23 = g.part2 + g.layout(&q.ix, q.sfb, true, nil)
}

// outerLoop amplifies the bands whose noise exceeds xmin, re-running the rate
// loop each time, and keeps the least distorted attempt.
func (q *quantizer) outerLoop(g *granuleInfo, avail int, xmin *[maxBands]float64) {
	best := *g
	bestScore := math.Inf(1)
	for iter := 0; iter < maxOuterIterations; iter++ {
		q.measureNoise(g)
		score, over := 0.0, 0
		for b := 0; b < q.nb; b++ {
			if q.noise[b] > xmin[b] {
				over++
				score += math.Log10(q.noise[b] / xmin[b])
			}
		}
		if score < bestScore {
			best, bestScore = *g, score
		}
		if over == 0 {
			break
		}
		// Amplify every band above its allowed noise.
		all, limit := true, false
		for b := 0; b < q.nb; b++ {
			lim := g.scalefactorLimit(b)
			if lim == 0 {
				continue
			}
			if q.noise[b] > xmin[b] {
				g.sf[b]++
			} else {
				all = false
			}
			if g.sf[b] > lim {
				limit = true
			}
		}
		if all || limit || g.chooseCompress() < 0 || g.part2 >= avail {
			break
		}
		q.innerLoop(g, avail-g.part2, true)
	}
	*g = best
}
