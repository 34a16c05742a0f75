package vorbis

import (
	"math"
	"sort"
)

// Floor 1 (spec section 7): a piecewise-linear spectral envelope in dB
// through posts at fixed bins, each post's height Y coded as its
// difference from the line through two earlier posts.
const (
	multiplier = 2         // Y steps of about 1.1 dB
	yRange     = 128       // Y values 0..127 (the range of multiplier 2)
	yBits      = 7         // ilog(yRange-1): the first two posts' raw bits
	dbStep     = 1.0649863 // ratio between neighbouring inverse-dB table entries
)

// floor is one floor 1 configuration: its posts' bins in list order
// (the two ends first, then the others, denser where the ear resolves
// pitch), each post's low and high neighbours among the posts before it,
// and the list order sorted by bin.
type floor struct {
	x          []int
	rangeBits  int
	neighbours [][2]int
	sorted     []int
	binHz      float64 // the width of a bin in the long block's bins
}

// The long and the short block's floors: posts over 1024 and 128 bins.
var (
	longFloor  = newFloor(10, 1, []int{0, 1024, 4, 8, 12, 16, 20, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896})
	shortFloor = newFloor(7, 8, []int{0, 128, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96})
)

// newFloor prepares a floor of posts x (0 and 1<<rangeBits first) whose
// bins are scale long-block bins wide.
func newFloor(rangeBits int, scale float64, x []int) *floor {
	f := &floor{x: x, rangeBits: rangeBits, neighbours: make([][2]int, len(x)), binHz: scale}
	for i := 2; i < len(x); i++ {
		lo, hi := 0, 1
		for j := range i {
			if x[j] < x[i] && x[j] > x[lo] {
				lo = j
			}
			if x[j] > x[i] && x[j] < x[hi] {
				hi = j
			}
		}
		f.neighbours[i] = [2]int{lo, hi}
	}
	f.sorted = make([]int, len(x))
	for i := range f.sorted {
		f.sorted[i] = i
	}
	sort.Slice(f.sorted, func(a, b int) bool { return x[f.sorted[a]] < x[f.sorted[b]] })
	return f
}

// inverseDB is the floor's amplitude table: entry i is dbStep^(i-255), from
// 1.0649863e-07 to 1 (the spec's floor1_inverse_dB_table).
var inverseDB = func() (t [256]float64) {
	for i := range t {
		t[i] = float64(float32(math.Pow(dbStep, float64(i-255))))
	}
	return t
}()

// yOf is the Y whose floor amplitude is nearest a (in dB).
func yOf(a float64) int {
	y := int(math.Round((255 + math.Log(a)/math.Log(dbStep)) / multiplier))
	return max(0, min(yRange-1, y))
}

// renderPoint is the spec's render_point: the line's Y at x.
func renderPoint(x0, y0, x1, y1, x int) int {
	dy, adx := y1-y0, x1-x0
	off := abs(dy) * (x - x0) / adx
	if dy < 0 {
		return y0 - off
	}
	return y0 + off
}

// renderLine is the spec's render_line: the integer line from (x0, y0)
// to x1 (exclusive) in v.
func renderLine(x0, y0, x1, y1 int, v []int) {
	dy, adx := y1-y0, x1-x0
	base := dy / adx
	sy := base + 1
	if dy < 0 {
		sy = base - 1
	}
	ady := abs(dy) - abs(base)*adx
	y, e := y0, 0
	v[x0] = y
	for x := x0 + 1; x < x1; x++ {
		e += ady
		if e >= adx {
			e -= adx
			y += sy
		} else {
			y += base
		}
		v[x] = y
	}
}

// abs is |v|.
func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// code codes the target Y of every post: the values the packet
// carries (the first two raw, the others against their prediction), and
// the decoded curve over n bins (the amplitudes the decoder multiplies
// the residue by).
func (f *floor) code(target []int, n int, curve []float64) (vals []int) {
	postX, neighbours, sortedPosts := f.x, f.neighbours, f.sorted
	vals = make([]int, len(postX))
	final := make([]int, len(postX))
	used := make([]bool, len(postX))
	vals[0], vals[1] = target[0], target[1]
	final[0], final[1] = target[0], target[1]
	used[0], used[1] = true, true
	for i := 2; i < len(postX); i++ {
		lo, hi := neighbours[i][0], neighbours[i][1]
		p := renderPoint(postX[lo], final[lo], postX[hi], final[hi], postX[i])
		highroom, lowroom := yRange-p, p
		room := 2 * lowroom
		if highroom < lowroom {
			room = 2 * highroom
		}
		d, v := target[i]-p, 0
		switch {
		case d == 0:
		case d > 0 && 2*d < room:
			v = 2 * d
		case d < 0 && -2*d-1 < room:
			v = -2*d - 1
		case highroom > lowroom:
			v = d + lowroom
		default:
			v = -d + highroom - 1
		}
		vals[i] = v
		final[i] = target[i]
		if v != 0 {
			used[lo], used[hi], used[i] = true, true, true
		} else {
			final[i] = p
		}
	}
	ys := make([]int, n)
	lx, ly := 0, final[0]*multiplier
	for _, i := range sortedPosts[1:] {
		if used[i] {
			hy := final[i] * multiplier
			renderLine(lx, ly, postX[i], hy, ys)
			lx, ly = postX[i], hy
		}
	}
	if lx < n {
		renderLine(lx, ly, n, ly, ys)
	}
	for x := range n {
		curve[x] = inverseDB[ys[x]]
	}
	return vals
}

// targets is the target Y of each post for the block's coefficients:
// the band's RMS around the post times the allowed noise ratio at that
// frequency (nyq is the bin of 20 kHz or the Nyquist frequency).
func (f *floor) targets(coef []float64, q float64, target []int) {
	s, postX := f.sorted, f.x
	rms := make([]float64, len(s))
	loudest := 0.0
	for k, i := range s {
		lo, hi := 0, len(coef)
		if k > 0 {
			lo = (postX[s[k-1]] + postX[i]) / 2
		}
		if k+1 < len(s) {
			hi = (postX[i] + postX[s[k+1]]) / 2
		}
		hi = min(hi, len(coef))
		e := 0.0
		for _, v := range coef[lo:hi] {
			e += v * v
		}
		rms[k] = math.Sqrt(e / float64(max(1, hi-lo)))
		loudest = math.Max(loudest, rms[k])
	}
	for k, i := range s {
		// Allowed noise: q below 3 kHz, rising 9 dB an octave above, and
		// a band's level counted with its distance below the loudest
		// band's compressed by envExp (closer to the flat noise that
		// minimises the error for the bits).
		g := q * math.Pow(math.Max(1, float64(postX[i])*f.binHz/140), tiltExp)
		level := rms[k]
		if level > 0 {
			level = loudest * math.Pow(level/loudest, envExp)
		}
		target[i] = yOf(math.Max(level*g, floorMin))
	}
}

// floorMin is the lowest floor amplitude coded: coefficients under it
// (about -96 dB of full scale) are silence.
const floorMin = 1.5e-5

// tiltExp is how fast the allowed noise rises above 3 kHz: 6 dB an
// octave times tiltExp (1 and 2 measured worse: more bits for the same
// SNR, or a lower SNR for the same bits).
const tiltExp = 1.5

// envExp compresses the floor's range below the block's loudest band: a
// band 40 dB under it is coded as if 32 dB under. At 0.8 (quality 0.12)
// six 12 s songs take 111-149 kbit/s at 24.2-29.4 dB SNR; at 1 (no
// compression, quality 0.25) they took 127-155 kbit/s at 22.2-24.3 dB.
const envExp = 0.8
