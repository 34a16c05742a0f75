package synth

import "sync"

// scratch holds float32 work slices between uses: the measuring buffer of
// the part balance (balance.go) and the master's per-chunk statistics.
// Every render needs them for a moment; reusing them keeps a render's
// garbage, and so the heap the collector lets grow, small
// (docs/engine.md, "CPU and memory budget").
var scratch sync.Pool // of *[]float32

// takeScratch returns a zeroed slice of n float32s, reused when one put
// back with putScratch is large enough.
func takeScratch(n int) []float32 {
	if p, ok := scratch.Get().(*[]float32); ok && cap(*p) >= n {
		s := (*p)[:n]
		clear(s)
		return s
	}
	return make([]float32, n)
}

// putScratch hands s back for a later takeScratch; the caller must not
// use s afterwards.
func putScratch(s []float32) {
	if cap(s) == 0 {
		return
	}
	s = s[:0]
	scratch.Put(&s)
}
