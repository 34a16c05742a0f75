package harmony

import (
	"hash/fnv"

	"github.com/songsmith/songsmith/internal/prng"
)

// RNG is the composer's deterministic random stream (SplitMix64). Each
// musical concern gets its own stream so that changing one part (say the
// drums) never shifts the random choices of another (say the melody).
type RNG struct{ prng.SplitMix }

// NewRNG returns the stream named name for seed.
func NewRNG(seed uint64, name string) *RNG {
	h := fnv.New64a()
	h.Write([]byte(name))
	r := &RNG{prng.New(seed ^ h.Sum64())}
	r.Uint64()
	return r
}

// Jitter returns v moved by up to ±amount, clamped to [0.05, 1].
func (r *RNG) Jitter(v, amount float64) float64 {
	v += (r.Float64()*2 - 1) * amount
	return min(1, max(0.05, v))
}

// Weighted picks an index with probability proportional to its weight.
func (r *RNG) Weighted(w []float64) int {
	total := 0.0
	for _, x := range w {
		total += x
	}
	t := r.Float64() * total
	for i, x := range w {
		if t < x {
			return i
		}
		t -= x
	}
	return len(w) - 1
}

// shuffle permutes n elements with swap (Fisher-Yates).
func (r *RNG) shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// Perm returns a random permutation of 0..n-1.
func (r *RNG) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
