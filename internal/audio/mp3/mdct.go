package mp3

import "math"

// Hybrid filterbank, encoder side: an 18-line MDCT per subband over the last
// two granules (long blocks, ISO/IEC 11172-3 2.4.3.4.10 inverted), followed by
// the alias-reduction butterflies of 2.4.3.4.9 in the encoder's direction.

var (
	mdctCos  [18][18]float64 // cos(pi/72 (2n'+19)(2k+1)) for the folded inputs
	aliasCs  [8]float64
	aliasCa  [8]float64
	aliasCoe = [8]float64{-0.6, -0.535, -0.33, -0.185, -0.095, -0.041, -0.0142, -0.0037}
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
func (m *mdctState) transform(sb *[32][18]float64, xr *[granuleSize]float64, bt int) {
	var z [36]float64
	win := &blockWin[bt]
	for s := 0; s < 32; s++ {
		copy(z[:18], m.prev[s][:])
		copy(z[18:], sb[s][:])
		if s&1 == 1 { // undo the filterbank's frequency inversion
			for i := 1; i < 36; i += 2 {
				z[i] = -z[i]
			}
		}
		if bt == blockShort {
			shortTransform(&z, (*[18]float64)(xr[18*s:18*s+18]))
			continue
		}
		for i := range z {
			z[i] *= win[i]
		}
		var u [18]float64
		for n := 0; n < 9; n++ {
			u[n] = z[n] - z[17-n]
			u[9+n] = z[18+n] + z[35-n]
		}
		out := (*[18]float64)(xr[18*s : 18*s+18])
		for k := range out {
			c := &mdctCos[k]
			v := 0.0
			for j, x := range u {
				v += c[j] * x
			}
			out[k] = v
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
