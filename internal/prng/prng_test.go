package prng_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/prng"
)

// The first outputs of SplitMix64 for seed 0 (the published reference
// sequence), and the ranges of the derived draws.
func TestSplitMix(t *testing.T) {
	r := prng.New(0)
	for i, want := range []uint64{0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F} {
		if got := r.Uint64(); got != want {
			t.Fatalf("output %d = %#x, want %#x", i, got, want)
		}
	}
	r = prng.New(42)
	for i := 0; i < 10000; i++ {
		if f := r.Float64(); f < 0 || f >= 1 {
			t.Fatalf("Float64 %v out of [0,1)", f)
		}
		if n := r.Intn(7); n < 0 || n >= 7 {
			t.Fatalf("Intn(7) = %d", n)
		}
		if b := r.Between(-2, 3); b < -2 || b >= 3 {
			t.Fatalf("Between = %v", b)
		}
	}
	a, b := prng.New(7), prng.New(7)
	if a.Uint64() != b.Uint64() {
		t.Fatal("same seed, different output")
	}
}
