// Package prng is the seeded pseudo-random generator shared by the composer,
// the synthesizer and the cover art: SplitMix64, small, fast and
// deterministic, so that output never depends on global state.
package prng

// SplitMix is a SplitMix64 generator. The zero value is a valid generator
// with seed 0.
type SplitMix struct{ s uint64 }

// New returns a generator for seed.
func New(seed uint64) SplitMix { return SplitMix{s: seed} }

// Uint64 returns 64 pseudo-random bits.
func (r *SplitMix) Uint64() uint64 {
	r.s += 0x9E3779B97F4A7C15
	return Mix64(r.s)
}

// Float64 returns a uniform number in [0, 1).
func (r *SplitMix) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Intn returns a number in [0, n); n must be positive.
func (r *SplitMix) Intn(n int) int { return int(r.Uint64() % uint64(n)) }

// Between returns a uniform number in [lo, hi).
func (r *SplitMix) Between(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }

// Chance reports true with probability p.
func (r *SplitMix) Chance(p float64) bool { return r.Float64() < p }

// Mix64 is the SplitMix64 finaliser: a bijective 64-bit hash.
func Mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
