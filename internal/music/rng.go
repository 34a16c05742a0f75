package music

import (
	"hash/fnv"

	"github.com/songsmith/songsmith/internal/prng"
)

// rng is the composer's deterministic random stream (SplitMix64). Each
// musical concern gets its own stream so that changing one part (say the
// drums) never shifts the random choices of another (say the melody).
type rng struct{ prng.SplitMix }

// newRNG returns the stream named name for seed.
func newRNG(seed uint64, name string) *rng {
	h := fnv.New64a()
	h.Write([]byte(name))
	r := &rng{prng.New(seed ^ h.Sum64())}
	r.Uint64()
	return r
}

func (r *rng) float() float64                 { return r.Float64() }
func (r *rng) intn(n int) int                 { return r.Intn(n) }
func (r *rng) chance(p float64) bool          { return r.Chance(p) }
func (r *rng) between(lo, hi float64) float64 { return r.Between(lo, hi) }

// jitter returns v moved by up to ±amount, clamped to [0.05, 1].
func (r *rng) jitter(v, amount float64) float64 {
	v += (r.float()*2 - 1) * amount
	return min(1, max(0.05, v))
}

// weighted picks an index with probability proportional to its weight.
func (r *rng) weighted(w []float64) int {
	total := 0.0
	for _, x := range w {
		total += x
	}
	t := r.float() * total
	for i, x := range w {
		if t < x {
			return i
		}
		t -= x
	}
	return len(w) - 1
}

// shuffle permutes n elements with swap (Fisher-Yates).
func (r *rng) shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.intn(i+1))
	}
}

// perm returns a random permutation of 0..n-1.
func (r *rng) perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
