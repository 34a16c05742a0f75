package cover

import (
	"hash/fnv"
	"math"

	"github.com/songsmith/songsmith/internal/prng"
)

// rng is a deterministic pseudo-random generator (SplitMix64). Each render
// owns one, so renders never share state.
type rng struct{ prng.SplitMix }

func newRNG(seed uint64) *rng { return &rng{prng.New(seed)} }

func (r *rng) next() uint64                   { return r.Uint64() }
func (r *rng) float() float64                 { return r.Float64() }
func (r *rng) between(lo, hi float64) float64 { return r.Between(lo, hi) }
func (r *rng) intn(n int) int                 { return r.Intn(n) }

// rangeInt returns an integer in [lo, hi].
func (r *rng) rangeInt(lo, hi int) int { return lo + r.intn(hi-lo+1) }

func (r *rng) chance(p float64) bool { return r.Chance(p) }

// angle returns a random angle in radians.
func (r *rng) angle() float64 { return r.float() * 2 * math.Pi }

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
	return prng.Mix64(prng.Mix64(spec.Seed+0x632be59bd9b4e019) ^ h.Sum64())
}
