package mp3

import "math"

// Hybrid filterbank, encoder side: an 18-line MDCT per subband over the last
// two granules (long blocks, ISO/IEC 11172-3 2.4.3.4.10 inverted), followed by
// the alias-reduction butterflies of 2.4.3.4.9 in the encoder's direction.

var (
	mdctCos [18][18]float64 // cos(pi/72 (2n'+19)(2k+1)) for the folded inputs
	aliasCs [8]float64
	// blockWinOdd is blockWin with the odd taps negated, for odd subbands.
	blockWinOdd [4][36]float64
	aliasCa     [8]float64
	aliasCoe    = [8]float64{-0.6, -0.535, -0.33, -0.185, -0.095, -0.041, -0.0142, -0.0037}
)

func init() {
	// X[k] = sum_{n<36} z[n] c(n,k) with c(17-n) = -c(n) and c(53-n) = c(n)
	// folds to 18 products: n = 0..8 and n = 18..26.
	for k := 0; k < 18; k++ {
		for j := 0; j < 18; j++ {
			n := j
			if j >= 9 {
				n = j + 9
			}
			mdctCos[k][j] = math.Cos(math.Pi / 72 * float64((2*n+19)*(2*k+1)))
		}
	}
	for i, c := range aliasCoe {
		sq := math.Sqrt(1 + c*c)
		aliasCs[i] = 1 / sq
		aliasCa[i] = c / sq
	}
}

// mdctState keeps the previous granule's subband samples of one channel.
type mdctState struct {
	prev [32][18]float64
}

// transform turns one granule of subband samples into 576 spectral lines,
// ordered subband by subband, with the window of block type bt. Long
// blocks (types 0, 1, 3) are alias-reduced; a short block (type 2) holds
// its three windows interleaved per subband (see shortTransform).
func (m *mdctState) transform(sb *[32][18]float64, xr *[granuleSize]float64, bt int, cutoff int) {
	for s := 0; s < 32; s++ {
		out := (*[18]float64)(xr[18*s : 18*s+18])
		if bt == blockShort {
			if 18*s >= cutoff {
				*out = [18]float64{}
				continue
			}
			var z [36]float64
			copy(z[:18], m.prev[s][:])
			copy(z[18:], sb[s][:])
			if s&1 == 1 { // undo the filterbank's frequency inversion
				for i := 1; i < 36; i += 2 {
					z[i] = -z[i]
				}
			}
			shortTransform(&z, out)
			continue
		}
		// A subband whose lines and alias partners (the 8 lines below it)
		// all lie at or above the cutoff is zeroed by the caller anyway.
		if 18*s-8 >= cutoff {
			*out = [18]float64{}
			continue
		}
		// The window of odd subbands has its odd taps negated, undoing the
		// filterbank's frequency inversion; z = prev ++ sb, windowed.
		w := &blockWin[bt]
		if s&1 == 1 {
			w = &blockWinOdd[bt]
		}
		a, b := &m.prev[s], &sb[s]
		var u [18]float64
		for n := 0; n < 9; n++ {
			u[n] = a[n]*w[n] - a[17-n]*w[17-n]
			u[9+n] = b[n]*w[18+n] + b[17-n]*w[35-n]
		}
		for k := range out {
			c := &mdctCos[k]
			out[k] = c[0]*u[0] + c[1]*u[1] + c[2]*u[2] + c[3]*u[3] + c[4]*u[4] +
				c[5]*u[5] + c[6]*u[6] + c[7]*u[7] + c[8]*u[8] + c[9]*u[9] +
				c[10]*u[10] + c[11]*u[11] + c[12]*u[12] + c[13]*u[13] +
				c[14]*u[14] + c[15]*u[15] + c[16]*u[16] + c[17]*u[17]
		}
	}
	m.prev = *sb
	if bt == blockShort {
		return
	}
	for s := 1; s < 32; s++ {
		for i := 0; i < 8; i++ {
			li, ui := 18*s-1-i, 18*s+i
			lo, up := xr[li], xr[ui]
			xr[li] = lo*aliasCs[i] + up*aliasCa[i]
			xr[ui] = up*aliasCs[i] - lo*aliasCa[i]
		}
	}
}
