package mp3

// Block switching: an attack detector on the high-passed input decides, per
// granule, whether the granule's MDCT uses short windows; the window
// sequence normal -> start -> short -> stop -> normal follows from the
// decisions of the granule and the next one.
//
// The detector looks at the energy of the second difference of the input
// (a high-pass emphasising the upper octaves, where pre-echo is heard) over
// blocks of 64 samples. A block is an attack when its energy exceeds
// attackRatio times the mean of the 8 blocks before it plus a small floor.
// Granule k's MDCT spans input samples [576k-801, 576k+351) after the
// filterbank's delay; its short windows are placed so that an attack in
// [576k-320, 576k+256) is best kept out of the neighbouring long windows,
// so that range of 9 blocks decides granule k. Deciding whether granule k
// is a start window needs granule k+1's verdict: the Encoder keeps
// lookahead input samples beyond each frame for it.

const (
	// lookahead is how many input samples past a frame the detector needs.
	lookahead   = granuleSize
	attackBlock = 64
	// attackRatio is the energy rise (about 10 dB) that counts as an attack.
	attackRatio = 10
	// attackFloor ignores rises of very quiet high-frequency content: the
	// block energy of a second difference with an RMS of about -60 dBFS.
	attackFloor = attackBlock * 1.5e-6
	attackHist  = 8 // blocks averaged as the reference
	// blocksPerGranule is granuleSize / attackBlock; granule k owns blocks
	// 9k-5 .. 9k+3.
	blocksPerGranule = granuleSize / attackBlock
	attackLead       = 5
)

// attackDetector is one channel's detector state.
type attackDetector struct {
	x1, x2 float64 // last two input samples
	acc    float64 // energy of the block being filled
	n      int     // samples in the block being filled
	block  int     // index of the block being filled
	hist   [attackHist]float64
	// attack[k&7] is whether granule k has an attack.
	attack [8]bool
}

// feed runs the detector over the next input samples.
func (d *attackDetector) feed(pcm []float32) {
	x1, x2 := d.x1, d.x2
	for len(pcm) > 0 {
		chunk := pcm[:min(len(pcm), attackBlock-d.n)]
		pcm = pcm[len(chunk):]
		acc := d.acc
		for _, v := range chunk {
			x := float64(v)
			h := x - 2*x1 + x2
			x2, x1 = x1, x
			acc += h * h
		}
		d.acc = acc
		d.n += len(chunk)
		if d.n == attackBlock {
			d.endBlock()
		}
	}
	d.x1, d.x2 = x1, x2
}

// endBlock classifies the finished block and starts the next one.
func (d *attackDetector) endBlock() {
	ref := 0.0
	for _, e := range d.hist {
		ref += e
	}
	ref /= attackHist
	j := d.block
	k := (j + attackLead) / blocksPerGranule
	if (j+attackLead)%blocksPerGranule == 0 {
		d.attack[k&7] = false
	}
	if d.acc > attackRatio*ref+attackFloor {
		d.attack[k&7] = true
	}
	d.hist[j%attackHist] = d.acc
	d.acc, d.n = 0, 0
	d.block++
}

// blockSwitch holds one coded channel's window sequence state.
type blockSwitch struct {
	prev int // block type of the previous granule
}

// next returns the block type of a granule from whether it (short) and the
// next granule (nextShort) are to use short windows.
func (s *blockSwitch) next(short, nextShort bool) int {
	bt := blockNormal
	startsShort := s.prev == blockStart || s.prev == blockShort
	switch {
	case short || (startsShort && nextShort):
		bt = blockShort
	case startsShort:
		bt = blockStop
	case nextShort:
		bt = blockStart
	}
	s.prev = bt
	return bt
}
