package music

import "hash/fnv"

// rng is a small deterministic pseudo-random generator (SplitMix64). Each
// musical concern gets its own stream so that changing one part (say the
// drums) never shifts the random choices of another (say the melody).
type rng struct{ s uint64 }

// newRNG returns the stream named name for seed.
func newRNG(seed uint64, name string) *rng {
	h := fnv.New64a()
	h.Write([]byte(name))
	r := &rng{s: seed ^ h.Sum64()}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// intn returns a number in [0, n); n must be positive.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.float() < p }

// between returns a number in [lo, hi).
func (r *rng) between(lo, hi float64) float64 { return lo + (hi-lo)*r.float() }

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
