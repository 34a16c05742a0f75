package synth

// busTonePiped is busToneWith's loop (s an even length) with the bands
// two at a time (processBandPair): the bands are a chain, band k+1
// filtering what band k wrote, so the second of a pair works one block
// behind the first. In step j the low-mono crossover runs on block j,
// band 2p on block j-p and band 2p+1 on block j-p-1, in that order: each
// stage sees the blocks in order, each after the stage before it, so the
// output is busToneWith's to the bit.
func busTonePiped(s []float32, eq []eqBand, lowMono *sideHP) {
	const block = 2 * blockSize
	nb := (len(s) + block - 1) / block
	blk := func(j int) []float32 {
		if j < 0 || j >= nb {
			return nil
		}
		return s[j*block : min((j+1)*block, len(s))]
	}
	last := (len(eq) - 1) / 2 // the deepest pair's delay is last+1
	for j := 0; j < nb+last+1; j++ {
		if a := blk(j); lowMono != nil && a != nil {
			lowMono.process(a)
		}
		for p := 0; 2*p < len(eq); p++ {
			a := blk(j - p)
			if 2*p+1 == len(eq) { // a last band alone
				if a != nil {
					eq[2*p].process(a)
				}
				continue
			}
			b := blk(j - p - 1)
			switch {
			case a != nil && b != nil:
				processBandPair(&eq[2*p], &eq[2*p+1], a, b)
			case a != nil:
				eq[2*p].process(a)
			case b != nil:
				eq[2*p+1].process(b)
			}
		}
	}
}
