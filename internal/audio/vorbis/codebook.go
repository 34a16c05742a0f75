package vorbis

import "container/heap"

// codebook is one Vorbis codebook (spec section 3): entries with Huffman
// codeword lengths, and for vector books (lookup type 1) the values of
// each entry's dim elements: multiplicand*delta + minimum, the element j
// of entry e taking multiplicand (e / values^j) % values.
type codebook struct {
	dim, entries int
	lengths      []int    // codeword length of each entry, 1..32
	codes        []uint32 // codeword of each entry, first bit in the high bit
	lookup       bool     // a vector book (lookup type 1)
	values       int      // multiplicands per dimension (lookup1_values)
	min, delta   int      // element value = min + delta*multiplicand
	counts       []int    // entry use counts, for the lengths
}

// newBook is a scalar book (dim 1, no lookup) of entries.
func newBook(entries int) *codebook {
	return &codebook{dim: 1, entries: entries, counts: make([]int, entries)}
}

// newVQ is a vector book of dim elements each taking values values
// from min in steps of delta.
func newVQ(dim, values, min, delta int) *codebook {
	e := 1
	for range dim {
		e *= values
	}
	return &codebook{dim: dim, entries: e, lookup: true, values: values, min: min, delta: delta, counts: make([]int, e)}
}

// entry is the entry of a vector book holding v (elements in range).
func (c *codebook) entry(v []int) int {
	e, m := 0, 1
	for j := range c.dim {
		e += (v[j] - c.min) / c.delta * m
		m *= c.values
	}
	return e
}

// build sets the lengths and codewords: a Huffman code of the counts (each
// count plus one, so every entry has a codeword and the tree is full),
// halved until no codeword is longer than 24 bits.
func (c *codebook) build() {
	w := make([]int, c.entries)
	for i, n := range c.counts {
		w[i] = n + 1
	}
	for {
		c.lengths = huffmanLengths(w)
		if longest(c.lengths) <= 24 {
			break
		}
		for i := range w {
			w[i] = w[i]/2 + 1
		}
	}
	c.codes = assign(c.lengths)
}

// longest is the largest of the lengths l.
func longest(l []int) int {
	m := 0
	for _, v := range l {
		m = max(m, v)
	}
	return m
}

// assign gives each entry, in entry order, the lowest-valued free
// codeword of its length: the decoders' rule (spec section 3.2.1).
func assign(lengths []int) []uint32 {
	codes := make([]uint32, len(lengths))
	root := &trie{}
	for i, l := range lengths {
		c, ok := root.take(l, 0)
		if !ok {
			panic("vorbis: codeword lengths overfill the tree")
		}
		codes[i] = c
	}
	return codes
}

// trie is a node of the codeword tree.
type trie struct {
	child [2]*trie
	full  bool // a codeword, or both subtrees full
}

// take marks the leftmost free node depth levels down as a codeword.
func (t *trie) take(depth int, prefix uint32) (uint32, bool) {
	if t.full {
		return 0, false
	}
	if depth == 0 {
		if t.child[0] != nil || t.child[1] != nil {
			return 0, false
		}
		t.full = true
		return prefix, true
	}
	for b := range 2 {
		if t.child[b] == nil {
			t.child[b] = &trie{}
		}
		if c, ok := t.child[b].take(depth-1, prefix<<1|uint32(b)); ok {
			t.full = t.child[0] != nil && t.child[0].full && t.child[1] != nil && t.child[1].full
			return c, true
		}
	}
	return 0, false
}

// put writes entry e's codeword.
func (c *codebook) put(w *bitWriter, e int) {
	l, code := c.lengths[e], c.codes[e]
	for i := l - 1; i >= 0; i-- {
		w.write(code>>uint(i)&1, 1)
	}
}

// header writes the codebook's setup-header record.
func (c *codebook) header(w *bitWriter) {
	w.write(0x564342, 24)
	w.write(uint32(c.dim), 16)
	w.write(uint32(c.entries), 24)
	w.write(0, 1) // unordered
	w.write(0, 1) // not sparse
	for _, l := range c.lengths {
		w.write(uint32(l-1), 5)
	}
	if !c.lookup {
		w.write(0, 4)
		return
	}
	w.write(1, 4)
	w.write(float32Pack(c.min), 32)
	w.write(float32Pack(c.delta), 32)
	bits := max(1, ilog(c.values-1))
	w.write(uint32(bits-1), 4)
	w.write(0, 1) // sequence_p
	for m := range c.values {
		w.write(uint32(m), bits)
	}
}

// huffmanLengths is the codeword length of each weight in a Huffman code.
func huffmanLengths(w []int) []int {
	type node struct{ w, parent int }
	nodes := make([]node, len(w), 2*len(w))
	h := &minHeap{}
	for i, v := range w {
		nodes[i] = node{v, -1}
		heap.Push(h, [2]int{v, i})
	}
	for h.Len() > 1 {
		a, b := heap.Pop(h).([2]int), heap.Pop(h).([2]int)
		id := len(nodes)
		nodes = append(nodes, node{a[0] + b[0], -1})
		nodes[a[1]].parent, nodes[b[1]].parent = id, id
		heap.Push(h, [2]int{a[0] + b[0], id})
	}
	out := make([]int, len(w))
	for i := range w {
		for j := i; nodes[j].parent >= 0; j = nodes[j].parent {
			out[i]++
		}
		if out[i] == 0 {
			panic("vorbis: a one-entry codebook") // entries >= 2 everywhere
		}
	}
	return out
}

// minHeap holds (weight, node) pairs, the lightest first.
type minHeap [][2]int

func (h minHeap) Len() int { return len(h) }
func (h minHeap) Less(i, j int) bool {
	if h[i][0] != h[j][0] {
		return h[i][0] < h[j][0]
	}
	return h[i][1] < h[j][1]
}
func (h minHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)   { *h = append(*h, x.([2]int)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
