package cover

import (
	"hash/fnv"
	"math"
)

// rng is a small deterministic pseudo-random generator (SplitMix64). Each
// render owns one, so renders never share state.
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed} }

// next returns the next 64 random bits.
func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	return mix64(r.s)
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// between returns a number in [lo, hi).
func (r *rng) between(lo, hi float64) float64 { return lo + (hi-lo)*r.float() }

// intn returns an integer in [0, n); n must be positive.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// rangeInt returns an integer in [lo, hi].
func (r *rng) rangeInt(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.float() < p }

// angle returns a random angle in radians.
func (r *rng) angle() float64 { return r.float() * 2 * math.Pi }

// mix64 is the SplitMix64 finaliser: a bijective 64-bit hash.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// seedOf mixes the spec's seed with hashes of its prompt and title, so that
// two prompts (or titles) never share a picture while one spec always gives
// the same one. Genre and mood stay out: they change palette and forms by
// themselves, and keeping them out lets a mood change recolour the same
// composition.
func seedOf(spec Spec) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(spec.Prompt))
	_, _ = h.Write([]byte{0})
	_, _ = h.Write([]byte(spec.Title))
	return mix64(mix64(spec.Seed+0x632be59bd9b4e019) ^ h.Sum64())
}
