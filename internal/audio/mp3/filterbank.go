package mp3

import "math"

// Polyphase analysis filterbank of ISO/IEC 11172-3 2.4.3.2 / C.1.3: every 32
// input samples yield one sample in each of 32 subbands.

var (
	analysisWindow [512]float64 // C[i] = D[i]/32
	// windowRev[m] = C[511-m], so the window runs forward over the samples;
	// winRows views it as 8 rows of 64.
	windowRev [512]float64
	winRows   [8][64]float64
	// dctSec[n][k] = 1/(2cos(pi(2k+1)/(2n))) for the fast DCT-III.
	dctSec [33][]float64
)

func init() {
	for i := range analysisWindow {
		analysisWindow[i] = synthesisWindow[i] / 32
	}
	for m := range windowRev {
		windowRev[m] = analysisWindow[511-m]
		winRows[m/64][m%64] = windowRev[m]
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
	for t := 0; t < 18; t++ {
		// X[i] = buf[newest-i] with newest = start+511; Y[i] = sum_k C[i+64k]
		// X[i+64k]. With seg[m] = buf[start+m], C[j]X[j] = windowRev[m]seg[m]
		// for m = 511-j, so Y[i] = z[63-i], the sum of column 63-i of the
		// 8x64 products (rows summed in order 0..7).
		seg := f.buf[32*t : 32*t+512]
		s0, s1 := (*[64]float64)(seg[0:64]), (*[64]float64)(seg[64:128])
		s2, s3 := (*[64]float64)(seg[128:192]), (*[64]float64)(seg[192:256])
		s4, s5 := (*[64]float64)(seg[256:320]), (*[64]float64)(seg[320:384])
		s6, s7 := (*[64]float64)(seg[384:448]), (*[64]float64)(seg[448:512])
		var z [64]float64
		for r := range z {
			z[r] = winRows[0][r]*s0[r] + winRows[1][r]*s1[r] + winRows[2][r]*s2[r] +
				winRows[3][r]*s3[r] + winRows[4][r]*s4[r] + winRows[5][r]*s5[r] +
				winRows[6][r]*s6[r] + winRows[7][r]*s7[r]
		}
		// Matrixing S[k] = sum_i cos((2k+1)(i-16)pi/64) Y[i] folds, by the
		// cosine's symmetries, into a 32-point DCT-III of v:
		// v[16-i] = Y[i]+Y[32-i] (i = 0..16, Y[16] alone), v[32-m] =
		// Y[48-m]-Y[48+m] (m = 1..15; the Y[48] column is zero).
		var v [32]float64
		v[16] = z[63] + z[31]
		for i := 1; i < 16; i++ {
			v[16-i] = z[63-i] + z[31+i]
		}
		v[0] = z[47]
		for m := 1; m <= 15; m++ {
			v[32-m] = z[15+m] - z[15-m]
		}
		dct32(&v)
		for k := range v {
			sb[k][t] = v[k]
		}
	}
}

// The DCT-III X[k] = sum_n x[n] cos(pi(2k+1)n/(2N)) for N = 32 by Lee's
// even/odd split, unrolled into one function per size: the even inputs
// x[2i] and the odd sums x[2i+1]+x[2i-1] (x[1] alone) each take a half-size
// DCT-III, then X[k] = g+o and X[N-1-k] = g-o with o scaled by dctSec[N][k].

func dct32(x *[32]float64) {
	var e, o [16]float64
	for i := range e {
		e[i] = x[2*i]
	}
	o[0] = x[1]
	for i := 1; i < 16; i++ {
		o[i] = x[2*i+1] + x[2*i-1]
	}
	dct16(&e)
	dct16(&o)
	sec := (*[16]float64)(dctSec[32])
	for k := range e {
		g, h := e[k], o[k]*sec[k]
		x[k] = g + h
		x[31-k] = g - h
	}
}

func dct16(x *[16]float64) {
	var e, o [8]float64
	for i := range e {
		e[i] = x[2*i]
	}
	o[0] = x[1]
	for i := 1; i < 8; i++ {
		o[i] = x[2*i+1] + x[2*i-1]
	}
	dct8(&e)
	dct8(&o)
	sec := (*[8]float64)(dctSec[16])
	for k := range e {
		g, h := e[k], o[k]*sec[k]
		x[k] = g + h
		x[15-k] = g - h
	}
}

func dct8(x *[8]float64) {
	e := [4]float64{x[0], x[2], x[4], x[6]}
	o := [4]float64{x[1], x[3] + x[1], x[5] + x[3], x[7] + x[5]}
	dct4(&e)
	dct4(&o)
	sec := (*[4]float64)(dctSec[8])
	for k := range e {
		g, h := e[k], o[k]*sec[k]
		x[k] = g + h
		x[7-k] = g - h
	}
}

func dct4(x *[4]float64) {
	sec := (*[2]float64)(dctSec[4])
	s2 := dctSec[2][0]
	// Two 2-point DCT-IIIs of (x0, x2) and (x1, x3+x1).
	e0, e1 := x[0]+x[2]*s2, x[0]-x[2]*s2
	o1 := x[3] + x[1]
	o0, o1 := x[1]+o1*s2, x[1]-o1*s2
	h0, h1 := o0*sec[0], o1*sec[1]
	x[0], x[3] = e0+h0, e0-h0
	x[1], x[2] = e1+h1, e1-h1
}
