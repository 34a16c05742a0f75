package synth

// rng is a small seeded splitmix64 generator. Every random decision in the
// synthesizer draws from an rng derived from Score.Seed, so output never
// depends on global state.
type rng struct{ s uint64 }

// newRNG returns a generator for the given seed.
func newRNG(seed uint64) rng { return rng{s: seed} }

// next returns 64 pseudo-random bits.
func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// float returns a uniform value in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// bipolar returns a uniform value in [-1, 1).
func (r *rng) bipolar() float64 { return 2*r.float() - 1 }

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
