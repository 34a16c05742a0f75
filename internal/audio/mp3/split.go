package mp3

// Optimal region split: once a granule's quantisation is final, every
// (region0_count, region1_count) is tried using per-band bit counts summed
// per table, so each split costs a few additions.

// splitSlots are the tables whose per-band costs are tabulated: the pair
// tables, then the escape trees 16 and 24 (linbits counted separately).
var splitSlots = [...]int{1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 24}

const nSlots = len(splitSlots)

// slotLen[k][s] is the code length of pair k = x<<4|y (magnitudes capped at
// 15) in table splitSlots[s].
var slotLen [256][nSlots]uint16

func init() {
	for k := 0; k < 256; k++ {
		for s, t := range splitSlots {
			slotLen[k][s] = uint16(hlen[t][k])
		}
	}
	for t := range slotOf {
		slotOf[t] = -1
	}
	for s, t := range splitSlots {
		slotOf[t] = s
	}
}

// splitCosts holds prefix sums over scalefactor bands.
type splitCosts struct {
	n     int // bands intersecting big_values
	maxv  [numSfbLong]int
	cost  [numSfbLong + 1][nSlots]int // prefix: bands [0, b)
	signs [numSfbLong + 1]int
	esc   [numSfbLong + 1]int
}

func (c *splitCosts) fill(ix *[granuleSize]int32, sfb *[numSfbLong + 1]int, bvEnd int) {
	c.n = 0
	for c.n < numSfbLong && sfb[c.n] < bvEnd {
		c.n++
	}
	for b := 0; b < c.n; b++ {
		var acc [nSlots]int
		m, signs, esc := 0, 0, 0
		for i := sfb[b]; i < min(sfb[b+1], bvEnd); i += 2 {
			x, y := int(ix[i]), int(ix[i+1])
			m = max(m, x, y)
			if x != 0 {
				signs++
				if x >= 15 {
					x = 15
					esc++
				}
			}
			if y != 0 {
				signs++
				if y >= 15 {
					y = 15
					esc++
				}
			}
			l := &slotLen[x<<4|y]
			for s := range acc {
				acc[s] += int(l[s])
			}
		}
		c.maxv[b] = m
		for s := range acc {
			c.cost[b+1][s] = c.cost[b][s] + acc[s]
		}
		c.signs[b+1] = c.signs[b] + signs
		c.esc[b+1] = c.esc[b] + esc
	}
}

// region returns the cheapest table and bits for bands [a, b).
func (c *splitCosts) region(a, b int) (table, nbits int) {
	m := 0
	for i := a; i < b; i++ {
		m = max(m, c.maxv[i])
	}
	return c.choose(a, b, m)
}

// choose is region for bands [a, b) whose largest magnitude is m.
func (c *splitCosts) choose(a, b, m int) (table, nbits int) {
	if a >= b || m == 0 {
		return 0, 0
	}
	signs := c.signs[b] - c.signs[a]
	best, bestBits := 0, 1<<30
	if m <= 15 {
		for _, g := range pairGroups {
			if m > g.max {
				continue
			}
			for _, t := range g.tables {
				s := slotOf[t]
				if n := c.cost[b][s] - c.cost[a][s]; n < bestBits {
					best, bestBits = t, n
				}
			}
			return best, bestBits + signs
		}
	}
	ta, tb := escTables(m)
	esc := c.esc[b] - c.esc[a]
	na := c.cost[b][nSlots-2] - c.cost[a][nSlots-2] + esc*hlinbits[ta]
	nb := c.cost[b][nSlots-1] - c.cost[a][nSlots-1] + esc*hlinbits[tb]
	if nb < na {
		return tb, nb + signs
	}
	return ta, na + signs
}

// slotOf[t] is the index of table t in splitSlots.
var slotOf [34]int

// bestSplit tries every (region0_count, region1_count) and keeps the split
// that needs the fewest bits; it returns the big_values bits. Region 2's
// choice depends only on where it starts, so it is computed once per band,
// and region 1's largest value is kept as it grows band by band.
func (g *granuleInfo) bestSplit(ix *[granuleSize]int32, sfb *[numSfbLong + 1]int, bvEnd int) int {
	var c splitCosts
	c.fill(ix, sfb, bvEnd)
	var tailT, tailN [numSfbLong + 1]int
	for b := 0; b <= c.n; b++ {
		tailT[b], tailN[b] = c.region(b, c.n)
	}
	best := -1
	for r0 := 0; r0 < 16; r0++ {
		a := min(r0+1, c.n)
		t0, n0 := c.region(0, a)
		m, end := 0, a
		for r1 := 0; r1 < 8 && r0+r1+2 <= numSfbLong; r1++ {
			b := min(r0+r1+2, c.n)
			for ; end < b; end++ {
				m = max(m, c.maxv[end])
			}
			t1, n1 := c.choose(a, b, m)
			t2, n2 := tailT[b], tailN[b]
			if n := n0 + n1 + n2; best < 0 || n < best {
				best = n
				g.region0, g.region1 = r0, r1
				g.table = [3]int{t0, t1, t2}
			}
			if b == c.n {
				break
			}
		}
		if a == c.n {
			break
		}
	}
	return best
}
