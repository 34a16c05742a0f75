package mp3

import "math"

// Short blocks (block_type 2, ISO/IEC 11172-3 2.4.3.4.10): three 12-point
// MDCTs per subband over windows starting 6, 12 and 18 samples into the
// 36-sample span, no alias reduction, and scalefactor bands of 3 windows.
// Spectral lines are produced in the decoder's post-reorder layout (line
// 3k+w is frequency k of window w) and reordered into the coded layout
// (band by band, window by window within a band) before quantisation.

const (
	numSfbShort = 13 // short scalefactor bands; the last has no scalefactor
	// maxBands is the number of quantisation partitions of a short-block
	// granule (13 bands x 3 windows), the most of any block type.
	maxBands = 3 * numSfbShort
)

// sfbShort holds the short-block scalefactor band boundaries (per window)
// by sampling_frequency: Table B.8, as in go-mp3's internal/consts.
var sfbShort = [3][numSfbShort + 1]int{
	{0, 4, 8, 12, 16, 22, 30, 40, 52, 66, 84, 106, 136, 192},
	{0, 4, 8, 12, 16, 22, 28, 38, 50, 64, 80, 100, 126, 192},
	{0, 4, 8, 12, 16, 22, 30, 42, 58, 78, 104, 138, 180, 192},
}

// Block types of the side information.
const (
	blockNormal = 0
	blockStart  = 1
	blockShort  = 2
	blockStop   = 3
)

var (
	// blockWin holds the 36-point windows of block types 0, 1 and 3, with
	// the long transform's 1/9 scale (type 2 uses shortWin).
	blockWin [4][36]float64
	// shortWin is the 12-point sine window with the short transform's 1/3
	// scale.
	shortWin [12]float64
	// shortCos[m][p] = cos(pi/24 (2p+7)(2m+1)).
	shortCos [6][12]float64
	// shortBands[r] are the partition boundaries of a short granule in the
	// coded layout: partition 3b+w is band b of window w.
	shortBands [3][maxBands + 1]int
	// shortOrder[r][i] is the post-reorder index of coded line i.
	shortOrder [3][granuleSize]uint16
)

func init() {
	long := func(i int) float64 { return math.Sin(math.Pi / 36 * (float64(i) + 0.5)) }
	short := func(i int) float64 { return math.Sin(math.Pi / 12 * (float64(i) + 0.5)) }
	for i := 0; i < 36; i++ {
		blockWin[blockNormal][i] = long(i)
		switch {
		case i < 18:
			blockWin[blockStart][i] = long(i)
		case i < 24:
			blockWin[blockStart][i] = 1
		case i < 30:
			blockWin[blockStart][i] = short(i - 18)
		}
		switch {
		case i < 6:
		case i < 12:
			blockWin[blockStop][i] = short(i - 6)
		case i < 18:
			blockWin[blockStop][i] = 1
		default:
			blockWin[blockStop][i] = long(i)
		}
	}
	for t := range blockWin {
		for i := range blockWin[t] {
			blockWin[t][i] /= 9
			blockWinOdd[t][i] = blockWin[t][i]
			if i&1 == 1 {
				blockWinOdd[t][i] = -blockWin[t][i]
			}
		}
	}
	for p := range shortWin {
		shortWin[p] = short(p) / 3
	}
	for m := 0; m < 6; m++ {
		for p := 0; p < 12; p++ {
			shortCos[m][p] = math.Cos(math.Pi / 24 * float64((2*p+7)*(2*m+1)))
		}
	}
	for r := range sfbShort {
		s := &sfbShort[r]
		i := 0
		for b := 0; b < numSfbShort; b++ {
			width := s[b+1] - s[b]
			for w := 0; w < 3; w++ {
				shortBands[r][3*b+w] = 3*s[b] + w*width
				for k := s[b]; k < s[b+1]; k++ {
					shortOrder[r][i] = uint16(3*k + w)
					i++
				}
			}
		}
		shortBands[r][maxBands] = granuleSize
	}
}

// shortTransform computes the three short MDCTs of one subband from its 36
// windowed-to-be samples z (frequency inversion already undone) into out,
// where out[3m+w] is line m of window w.
func shortTransform(z *[36]float64, out *[18]float64) {
	for w := 0; w < 3; w++ {
		var s [12]float64
		for p := range s {
			s[p] = z[6+6*w+p] * shortWin[p]
		}
		for m := 0; m < 6; m++ {
			c := &shortCos[m]
			v := 0.0
			for p, x := range s {
				v += c[p] * x
			}
			out[3*m+w] = v
		}
	}
}

// reorderShort rewrites xr from the post-reorder layout into the coded
// layout of sampling_frequency index r.
func reorderShort(xr *[granuleSize]float64, r int) {
	var tmp [granuleSize]float64
	for i, j := range shortOrder[r] {
		tmp[i] = xr[j]
	}
	*xr = tmp
}
