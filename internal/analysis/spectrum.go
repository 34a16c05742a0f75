package analysis

import "math"

// spectra computes magnitude spectra of real frames of one power-of-two
// size, two frames per complex transform (the first as the real part, the
// second as the imaginary part), with the twiddles and the bit reversal
// computed once. The analysis takes tens of thousands of short spectra
// per song, where the general transform of internal/audio/fft spends as
// long on its twiddles as on the butterflies.
type spectra struct {
	n      int
	win    []float64
	rev    []int
	tw     []complex128 // e^{-2πik/n}, k < n/2
	buf    []complex128
	ma, mb []float64 // the two frames' magnitudes, bins 0..n/2-1
}

func newSpectra(n int) *spectra {
	s := &spectra{n: n, win: hann(n), rev: make([]int, n), tw: make([]complex128, n/2),
		buf: make([]complex128, n), ma: make([]float64, n/2), mb: make([]float64, n/2)}
	bits := 0
	for 1<<bits < n {
		bits++
	}
	for i := range n {
		r := 0
		for b := range bits {
			if i&(1<<b) != 0 {
				r |= 1 << (bits - 1 - b)
			}
		}
		s.rev[i] = r
	}
	for k := range s.tw {
		sn, cs := math.Sincos(-2 * math.Pi * float64(k) / float64(n))
		s.tw[k] = complex(cs, sn)
	}
	return s
}

// magnitudes windows frames a and b (b may be nil), transforms them and
// leaves their magnitude spectra in s.ma and s.mb.
func (s *spectra) magnitudes(a, b []float64) {
	n, buf := s.n, s.buf
	for i := range n {
		im := 0.0
		if b != nil {
			im = b[i] * s.win[i]
		}
		buf[s.rev[i]] = complex(a[i]*s.win[i], im)
	}
	for size := 2; size <= n; size <<= 1 {
		half, step := size/2, n/size
		for start := 0; start < n; start += size {
			for k := range half {
				w := s.tw[k*step]
				u, v := buf[start+k], buf[start+k+half]*w
				buf[start+k], buf[start+k+half] = u+v, u-v
			}
		}
	}
	// Untangle: A[k] = (Z[k] + conj Z[n-k])/2, B[k] = (Z[k] - conj Z[n-k])/2i.
	for k := range n / 2 {
		z, zc := buf[k], buf[(n-k)%n]
		ar, ai := (real(z)+real(zc))/2, (imag(z)-imag(zc))/2
		br, bi := (imag(z)+imag(zc))/2, (real(zc)-real(z))/2
		s.ma[k] = math.Sqrt(ar*ar + ai*ai)
		s.mb[k] = math.Sqrt(br*br + bi*bi)
	}
}
