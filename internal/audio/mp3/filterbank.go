package mp3

import "math"

// Polyphase analysis filterbank of ISO/IEC 11172-3 2.4.3.2 / C.1.3: every 32
// input samples yield one sample in each of 32 subbands.

var (
	analysisWindow [512]float64 // C[i] = D[i]/32
	// windowRev[m] = C[511-m], so the window runs forward over the samples.
	windowRev [512]float64
	// dctSec[n][k] = 1/(2cos(pi(2k+1)/(2n))) for the fast DCT-III.
	dctSec [33][]float64
)

func init() {
	for i := range analysisWindow {
		analysisWindow[i] = synthesisWindow[i] / 32
	}
	for m := range windowRev {
		windowRev[m] = analysisWindow[511-m]
	}
	for n := 2; n <= 32; n *= 2 {
		sec := make([]float64, n/2)
		for k := range sec {
			sec[k] = 1 / (2 * math.Cos(math.Pi*float64(2*k+1)/float64(2*n)))
		}
		dctSec[n] = sec
	}
}

// filterbankHistory is how many past samples the 512-tap window needs.
const filterbankHistory = 512 - 32

// filterbank is the analysis state of one channel.
type filterbank struct {
	buf [filterbankHistory + granuleSize]float64
}

// analyze consumes one granule of PCM (576 samples) and writes 18 samples
// of each subband to sb[subband][time].
func (f *filterbank) analyze(pcm []float32, sb *[32][18]float64) {
	copy(f.buf[:filterbankHistory], f.buf[granuleSize:])
	for i, v := range pcm {
		f.buf[filterbankHistory+i] = float64(v)
	}
	var y [64]float64
	for t := 0; t < 18; t++ {
		// X[i] = buf[newest-i] with newest = start+511; Y[i] = sum_k C[i+64k]
		// X[i+64k]. With seg[m] = buf[start+m], C[j]X[j] = windowRev[m]seg[m]
		// for m = 511-j, so Y[i] sums column 63-i of the 8x64 products.
		seg := (*[512]float64)(f.buf[32*t : 32*t+512])
		var z [64]float64
		for k := 0; k < 512; k += 64 {
			row := (*[64]float64)(seg[k : k+64])
			w := (*[64]float64)(windowRev[k : k+64])
			for r := range z {
				z[r] += w[r] * row[r]
			}
		}
		for i := range y {
			y[i] = z[63-i]
		}
		// Matrixing S[k] = sum_i cos((2k+1)(i-16)pi/64) Y[i] folds, by the
		// cosine's symmetries, into a 32-point DCT-III of v:
		// v[16-i] = Y[i]+Y[32-i] (i = 0..16, Y[16] alone), v[32-m] =
		// Y[48-m]-Y[48+m] (m = 1..15; the Y[48] column is zero).
		var v, tmp [32]float64
		v[16] = y[0] + y[32]
		for i := 1; i < 16; i++ {
			v[16-i] = y[i] + y[32-i]
		}
		v[0] = y[16]
		for m := 1; m <= 15; m++ {
			v[32-m] = y[48-m] - y[48+m]
		}
		dct3(v[:], tmp[:])
		for k := range v {
			sb[k][t] = v[k]
		}
	}
}

// dct3 computes in place X[k] = sum_n x[n] cos(pi(2k+1)n/(2N)) for N =
// len(x) a power of two (Lee's recursive even/odd split); tmp has len(x).
func dct3(x, tmp []float64) {
	n := len(x)
	if n == 1 {
		return
	}
	h := n / 2
	for i := 0; i < h; i++ {
		tmp[i] = x[2*i]
	}
	tmp[h] = x[1]
	for i := 1; i < h; i++ {
		tmp[h+i] = x[2*i+1] + x[2*i-1]
	}
	dct3(tmp[:h], x[:h])
	dct3(tmp[h:], x[h:])
	sec := dctSec[n]
	for k := 0; k < h; k++ {
		g, o := tmp[k], tmp[h+k]*sec[k]
		x[k] = g + o
		x[n-1-k] = g - o
	}
}
