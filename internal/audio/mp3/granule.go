package mp3

// granuleInfo is the side information of one granule and channel, plus the
// bookkeeping the loops need.
type granuleInfo struct {
	blockType int // 0 normal, 1 start, 2 short, 3 stop
	part23    int // part2_3_length
	bigValues int
	gain      int // global_gain
	sfCompr   int // scalefac_compress
	table     [3]int
	region0   int
	region1   int
	count1Tab int // 0: table A (32), 1: table B (33)
	count1End int // index after the count1 region
	sfScale   int // scalefac_scale
	// sf holds the scalefactors by partition: long band b, or short band b
	// of window w at 3b+w.
	sf    [maxBands]int
	part2 int // scalefactor bits
}

// layout finds big_values and the count1 region of ix and splits big_values
// into regions. With exhaustive set it searches every region split; otherwise
// it uses a proportional split. It returns the Huffman (part3) bit count.
//
// top, when not nil, holds the largest value of ix in each long band (as
// quantize records it), which spares scanning the all-zero top bands and
// the regions for their maxima.
func (g *granuleInfo) layout(ix *[granuleSize]int32, sfb *[numSfbLong + 1]int, exhaustive bool, top *[maxBands]int32) int {
	i := granuleSize
	if top != nil { // start below the all-zero bands at the top
		k := numSfbLong
		for k > 0 && top[k-1] == 0 {
			k--
		}
		i = sfb[k] // even, as every band boundary
	}
	for i > 1 && ix[i-1] == 0 && ix[i-2] == 0 {
		i -= 2
	}
	g.count1End = i
	for i > 3 && ix[i-1] <= 1 && ix[i-2] <= 1 && ix[i-3] <= 1 && ix[i-4] <= 1 {
		i -= 4
	}
	// Values left of i: the count1 region must start on an even index and
	// hold whole quadruples; big_values covers the rest.
	g.bigValues = i / 2
	bvEnd := 2 * g.bigValues
	a, b := quadBits(ix[bvEnd:g.count1End])
	g.count1Tab = 0
	n := a
	if b < a {
		g.count1Tab, n = 1, b
	}
	if g.blockType != blockNormal {
		// window_switching_flag: region0 ends at line 36 (long band 8 or
		// short band 3), region1 holds the rest of big_values.
		r1 := min(36, bvEnd)
		var c0, c1 int
		g.table[0], c0 = chooseTable(ix[:r1])
		g.table[1], c1 = chooseTable(ix[r1:bvEnd])
		g.table[2] = 0
		return n + c0 + c1
	}
	if exhaustive {
		return n + g.bestSplit(ix, sfb, bvEnd)
	}
	s := 0
	for s < numSfbLong && sfb[s] < bvEnd {
		s++
	}
	r0 := max(1, min(16, s/3))
	r1 := max(r0+1, min(r0+8, min(numSfbLong, (2*s)/3+1)))
	g.region0, g.region1 = r0-1, r1-r0-1
	return n + g.selectTables(ix, sfb, bvEnd, top)
}

// selectTables picks the table of each region for the current split; top
// is as for layout.
func (g *granuleInfo) selectTables(ix *[granuleSize]int32, sfb *[numSfbLong + 1]int, bvEnd int, top *[maxBands]int32) int {
	a1, a2 := g.region0+1, g.region0+g.region1+2
	r1 := min(sfb[a1], bvEnd)
	r2 := min(sfb[a2], bvEnd)
	var n, c int
	g.table[0], c = chooseTableMax(ix[:r1], regionTop(ix[:r1], top, sfb, 0, a1, bvEnd))
	n += c
	g.table[1], c = chooseTableMax(ix[r1:r2], regionTop(ix[r1:r2], top, sfb, a1, a2, bvEnd))
	n += c
	g.table[2], c = chooseTableMax(ix[r2:bvEnd], regionTop(ix[r2:bvEnd], top, sfb, a2, numSfbLong, bvEnd))
	return n + c
}

// regionTop returns the largest value of region, which spans long bands
// [a, b) cut at bvEnd. From the band maxima in top: the values past bvEnd
// are at most 1, so a band maximum of 2 or more lies inside the region;
// otherwise (or without top) the region is scanned.
func regionTop(region []int32, top *[maxBands]int32, sfb *[numSfbLong + 1]int, a, b, bvEnd int) int {
	if top != nil {
		m := int32(0)
		for k := a; k < b && sfb[k] < bvEnd; k++ {
			m = max(m, top[k])
		}
		if m >= 2 {
			return int(m)
		}
	}
	return regionMax(region)
}

// writeHuffman writes the part3 data of ix as laid out by g.
func (g *granuleInfo) writeHuffman(w *bitWriter, ix *[granuleSize]int32, xr *[granuleSize]float64, sfb *[numSfbLong + 1]int) {
	bvEnd := 2 * g.bigValues
	r1 := min(sfb[g.region0+1], bvEnd)
	r2 := min(sfb[g.region0+g.region1+2], bvEnd)
	if g.blockType != blockNormal {
		r1, r2 = min(36, bvEnd), bvEnd
	}
	writePairs(w, ix[:r1], xr[:r1], g.table[0])
	writePairs(w, ix[r1:r2], xr[r1:r2], g.table[1])
	writePairs(w, ix[r2:bvEnd], xr[r2:bvEnd], g.table[2])
	writeQuads(w, ix[bvEnd:g.count1End], xr[bvEnd:g.count1End], 32+g.count1Tab)
}

// chooseCompress sets scalefac_compress to the cheapest code that holds the
// scalefactors and returns the part2 length, or -1 if none fits.
func (g *granuleInfo) chooseCompress() int {
	// Long blocks: bands 0-10 use slen1, 11-20 slen2. Short blocks: bands
	// 0-5 of the three windows use slen1, bands 6-11 slen2.
	n1, n2 := 11, 10
	if g.blockType == blockShort {
		n1, n2 = 18, 18
	}
	m1, m2 := 0, 0
	for i := 0; i < n1; i++ {
		m1 = max(m1, g.sf[i])
	}
	for i := n1; i < n1+n2; i++ {
		m2 = max(m2, g.sf[i])
	}
	best := -1
	for c, s := range slen {
		if m1 >= 1<<s[0] || m2 >= 1<<s[1] {
			continue
		}
		n := n1*s[0] + n2*s[1]
		if best < 0 || n < best {
			best, g.sfCompr = n, c
		}
	}
	g.part2 = best
	return best
}

// writeScalefactors writes the scalefactors (scfsi unused). Short blocks
// write band by band, window by window within a band: the order of sf.
func (g *granuleInfo) writeScalefactors(w *bitWriter) {
	s := slen[g.sfCompr]
	n1, n2 := 11, 10
	if g.blockType == blockShort {
		n1, n2 = 18, 18
	}
	for i := 0; i < n1; i++ {
		w.put(uint32(g.sf[i]), s[0])
	}
	for i := n1; i < n1+n2; i++ {
		w.put(uint32(g.sf[i]), s[1])
	}
}

// scalefactorLimit returns the largest scalefactor partition b can hold
// (slen1 or slen2 of at most 4 and 3 bits), or 0 for a partition without a
// scalefactor (the last long band, short band 12).
func (g *granuleInfo) scalefactorLimit(b int) int {
	n1, n2 := 11, 10
	if g.blockType == blockShort {
		n1, n2 = 18, 18
	}
	switch {
	case b < n1:
		return 15
	case b < n1+n2:
		return 7
	}
	return 0
}
