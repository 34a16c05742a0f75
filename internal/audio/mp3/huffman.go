package mp3

import "math/bits"

// Huffman coding of quantised spectra (ISO/IEC 11172-3 2.4.2.7 and Annex B
// Table B.7). The code words are derived once from the decoding trees in
// huffman_tables.go.

var (
	hcode    [34][256]uint32 // code word by x*16+y (pairs) or vwxy (quads)
	hlen     [34][256]uint8  // code length in bits, 0 if absent
	hlinbits [34]int         // linbits of each table
)

// pairGroups lists, by largest value a table codes without escape, the
// tables worth trying for a region whose largest magnitude is at most max.
var pairGroups = []struct {
	max    int
	tables []int
}{
	{1, []int{1}},
	{2, []int{2, 3}},
	{3, []int{5, 6}},
	{5, []int{7, 8, 9}},
	{7, []int{10, 11, 12}},
	{15, []int{13, 15}},
}

func init() {
	for t := 1; t < 34; t++ {
		info := huffTreeInfo[t]
		hlinbits[t] = info.linbits
		if info.length == 0 {
			continue
		}
		tree := huffTree[info.start:]
		walkTree(tree, 0, 0, 0, func(leaf uint16, code uint32, n int) {
			idx := int(leaf & 0xff) // x in high nibble, y (or vwxy) in low
			hcode[t][idx] = code
			hlen[t][idx] = uint8(n)
		})
	}
}

// walkTree visits every leaf of a decoding tree with its code word, stepping
// through the tree exactly as a decoder reading the bits would.
func walkTree(tree []uint16, p int, code uint32, n int, visit func(uint16, uint32, int)) {
	if tree[p]&0xff00 == 0 {
		visit(tree[p], code, n)
		return
	}
	q := p
	for tree[q]>>8 >= 250 {
		q += int(tree[q] >> 8)
	}
	q += int(tree[q] >> 8)
	walkTree(tree, q, code<<1, n+1, visit)
	q = p
	for tree[q]&0xff >= 250 {
		q += int(tree[q] & 0xff)
	}
	q += int(tree[q] & 0xff)
	walkTree(tree, q, code<<1|1, n+1, visit)
}

// regionMax returns the largest magnitude in ix.
func regionMax(ix []int32) int {
	var m0, m1 int32
	for len(ix) >= 2 {
		m0, m1 = max(m0, ix[0]), max(m1, ix[1])
		ix = ix[2:]
	}
	if len(ix) == 1 {
		m0 = max(m0, ix[0])
	}
	return int(max(m0, m1))
}

// Per-pair tables by k = x<<4|y (magnitudes capped at 15): pairSigns[k]
// is the number of sign bits, escCost[0][k] and escCost[1][k] the bits of
// the pair with tables 16 and 24 (linbits excluded, signs included), and
// escCount[k] how many of its values need linbits.
var (
	pairSigns [256]uint8
	escCost   [2][256]uint16
	escCount  [256]uint8
)

func init() {
	for k := range 256 {
		x, y := k>>4, k&15
		n := 0
		if x != 0 {
			n++
		}
		if y != 0 {
			n++
		}
		pairSigns[k] = uint8(n)
		escCost[0][k] = uint16(hlen[16][k]) + uint16(n)
		escCost[1][k] = uint16(hlen[24][k]) + uint16(n)
		c := 0
		if x == 15 {
			c++
		}
		if y == 15 {
			c++
		}
		escCount[k] = uint8(c)
	}
}

// pairBits returns the bits table t needs for the pairs in ix (no escapes).
func pairBits(ix []int32, t int) int {
	n := 0
	l := &hlen[t]
	for i := 0; i+1 < len(ix); i += 2 {
		k := uint8(ix[i]<<4 | ix[i+1])
		n += int(l[k]) + int(pairSigns[k])
	}
	return n
}

// bestOf counts the bits of ix under each table in one pass and returns
// the cheapest table.
func bestOf(ix []int32, tables []int) (table, nbits int) {
	if len(tables) == 1 {
		return tables[0], pairBits(ix, tables[0])
	}
	var n [3]int
	signs := 0
	l0, l1 := &hlen[tables[0]], &hlen[tables[1]]
	l2 := l1
	if len(tables) == 3 {
		l2 = &hlen[tables[2]]
	}
	for i := 0; i+1 < len(ix); i += 2 {
		k := uint8(ix[i]<<4 | ix[i+1])
		n[0] += int(l0[k])
		n[1] += int(l1[k])
		n[2] += int(l2[k])
		signs += int(pairSigns[k])
	}
	table, nbits = tables[0], n[0]
	for j := 1; j < len(tables); j++ {
		if n[j] < nbits {
			table, nbits = tables[j], n[j]
		}
	}
	return table, nbits + signs
}

// escBits returns the bits of the two escape trees (16 and 24) for ix in
// one pass, and how many values need linbits.
func escBits(ix []int32) (n16, n24, esc int) {
	for i := 0; i+1 < len(ix); i += 2 {
		k := uint8(min(ix[i], 15)<<4 | min(ix[i+1], 15))
		n16 += int(escCost[0][k])
		n24 += int(escCost[1][k])
		esc += int(escCount[k])
	}
	return n16, n24, esc
}

// escByLen[L] are escTables' answers for magnitudes m with
// bits.Len(m-15) = L: a table can code m when its linbits are at least L.
var escByLen [14][2]int

func init() {
	for l := range escByLen {
		a, b := -1, -1
		for t := 23; t >= 16; t-- {
			if hlinbits[t] >= l {
				a = t
			}
		}
		for t := 31; t >= 24; t-- {
			if hlinbits[t] >= l {
				b = t
			}
		}
		escByLen[l] = [2]int{a, b}
	}
}

// escTables returns the smallest-linbits tables of the two escape families
// (16..23 and 24..31) that can code magnitude max (15 < max <= maxQuant).
func escTables(max int) (a, b int) {
	e := escByLen[bits.Len(uint(max-15))]
	return e[0], e[1]
}

// chooseTable picks the cheapest table for a big_values region and returns it
// with its bit count.
func chooseTable(ix []int32) (table, nbits int) {
	return chooseTableMax(ix, regionMax(ix))
}

// chooseTableMax is chooseTable for a region whose largest magnitude is m.
func chooseTableMax(ix []int32, m int) (table, nbits int) {
	if len(ix) == 0 || m == 0 {
		return 0, 0
	}
	if m <= 15 {
		for _, g := range pairGroups {
			if m > g.max {
				continue
			}
			return bestOf(ix, g.tables)
		}
	}
	a, b := escTables(m)
	na, nb, esc := escBits(ix)
	na += esc * hlinbits[a]
	nb += esc * hlinbits[b]
	if nb < na {
		return b, nb
	}
	return a, na
}

// quadCost[q] is the bits of quadruple pattern q with table A (32),
// signs included; table B (33) always takes 4 bits plus the signs.
var quadCost [16]int

func init() {
	for q := range quadCost {
		quadCost[q] = int(hlen[32][q]) + bits.OnesCount8(uint8(q))
	}
}

// quadBits returns the bits of the count1 region with tables A (32) and B (33).
func quadBits(ix []int32) (a, b int) {
	for len(ix) >= 4 {
		q := quadIndex(ix[:4])
		a += quadCost[q]
		b += 4 + bits.OnesCount8(uint8(q))
		ix = ix[4:]
	}
	return a, b
}

func quadIndex(v []int32) int {
	_ = v[3]
	q := 0
	if v[0] != 0 {
		q |= 8
	}
	if v[1] != 0 {
		q |= 4
	}
	if v[2] != 0 {
		q |= 2
	}
	if v[3] != 0 {
		q |= 1
	}
	return q
}

// writePairs codes the pairs of ix with table t.
func writePairs(w *bitWriter, ix []int32, xr []float64, t int) {
	if t == 0 {
		return
	}
	lb := hlinbits[t]
	for i := 0; i+1 < len(ix); i += 2 {
		x, y := int(ix[i]), int(ix[i+1])
		cx, cy := x, y
		if lb > 0 {
			cx, cy = min(x, 15), min(y, 15)
		}
		k := cx<<4 | cy
		w.put(hcode[t][k], int(hlen[t][k]))
		if lb > 0 && cx == 15 {
			w.put(uint32(x-15), lb)
		}
		if x != 0 {
			w.put(signBit(xr[i]), 1)
		}
		if lb > 0 && cy == 15 {
			w.put(uint32(y-15), lb)
		}
		if y != 0 {
			w.put(signBit(xr[i+1]), 1)
		}
	}
}

// writeQuads codes the count1 region of ix with table 32 or 33.
func writeQuads(w *bitWriter, ix []int32, xr []float64, t int) {
	for i := 0; i+3 < len(ix); i += 4 {
		q := quadIndex(ix[i:])
		w.put(hcode[t][q], int(hlen[t][q]))
		for j := 0; j < 4; j++ {
			if ix[i+j] != 0 {
				w.put(signBit(xr[i+j]), 1)
			}
		}
	}
}

func signBit(v float64) uint32 {
	if v < 0 {
		return 1
	}
	return 0
}
