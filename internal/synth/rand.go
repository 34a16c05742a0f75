package synth

import "github.com/songsmith/songsmith/internal/prng"

// rng is a seeded SplitMix64 generator. Every random decision in the
// synthesizer draws from an rng derived from Score.Seed, so output never
// depends on global state.
type rng struct{ prng.SplitMix }

// newRNG returns a generator for the given seed.
func newRNG(seed uint64) rng { return rng{prng.New(seed)} }

func (r *rng) next() uint64   { return r.Uint64() }
func (r *rng) float() float64 { return r.Float64() }

// bipolar returns a uniform value in [-1, 1).
func (r *rng) bipolar() float64 { return 2*r.Float64() - 1 }

// mixSeed derives an independent seed from a base seed and a salt.
func mixSeed(seed, salt uint64) uint64 {
	r := newRNG(seed ^ (salt * 0xD1B54A32D192ED03))
	r.next()
	return r.next()
}

// noise is a fast xorshift32 white-noise source for audio-rate use.
type noise struct{ s uint32 }

// newNoise seeds a noise source; a zero seed is replaced, since xorshift
// would stay at zero forever.
func newNoise(seed uint64) noise {
	s := uint32(seed) ^ uint32(seed>>32)
	if s == 0 {
		s = 0x6C078965
	}
	return noise{s: s}
}

// next returns white noise, uniform in [-1, 1).
func (n *noise) next() float32 {
	x := n.s
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	n.s = x
	return float32(int32(x)) * (1.0 / 2147483648.0)
}
