package mp3

import "math"

// Frame assembly: per-frame stereo decision, bit allocation across granules
// and channels, the loops, then header, side information and main data with
// the bit reservoir (main_data_begin).

// config is an encoder's fixed parameters.
type config struct {
	hz, srIdx   int
	kbps, brIdx int
	inCh, nch   int // input and coded channels
	joint       bool
	psy         bool
	longOnly    bool // no block switching
	cutoff      int  // first spectral line forced to zero
	sideLen     int  // side information bytes
}

// lowpassHz returns the band limit for kbps per channel.
func lowpassHz(perCh int) float64 {
	switch {
	case perCh >= 128:
		return 1e9
	case perCh >= 96:
		return 19500
	case perCh >= 80:
		return 18000
	case perCh >= 64:
		return 16500
	case perCh >= 56:
		return 15000
	case perCh >= 48:
		return 13000
	case perCh >= 40:
		return 11000
	case perCh >= 32:
		return 9000
	case perCh >= 24:
		return 7500
	}
	return 5500
}

// channelState is the analysis state of one coded channel.
type channelState struct {
	fb   filterbank
	md   mdctState
	psy  psyState
	det  attackDetector
	bs   blockSwitch
	gain int // last global gain, seeds the rate loop
	// nextShort is the verdict for the next granule, taken with the
	// previous one so the two always agree.
	nextShort bool
}

// pendingFrame locates a frame in frameCoder.out that may still receive
// main data of later frames.
type pendingFrame struct {
	start, slotStart, slotEnd int
}

// frameCoder turns 1152-sample frames into MP3 frames.
type frameCoder struct {
	cfg   config
	ch    [2]channelState
	q     quantizer
	xr    [2][2][granuleSize]float64 // [gr][ch]
	ix    [2][2][granuleSize]int32
	gi    [2][2]granuleInfo
	bt    [2][2]int // block types
	xmin  [2][2][maxBands]float64
	pe    [2][2]float64
	avgPE float64
	resv  int   // bytes of earlier slots usable by the next frame
	n     int64 // frames coded
	side  bitWriter
	main  bitWriter
	out   []byte
	pend  []pendingFrame
}

func newFrameCoder(c config) *frameCoder {
	f := &frameCoder{cfg: c}
	f.q.sfb = &sfbLong[c.srIdx]
	return f
}

// encode codes one frame from pcm[ch] (1152 samples per coded channel,
// then lookahead samples that follow) and appends it to f.out.
func (f *frameCoder) encode(pcm *[2][frameSize + lookahead]float32) {
	c := &f.cfg
	f.chooseBlocks(pcm)
	var sb [32][18]float64
	for ch := 0; ch < c.nch; ch++ {
		for gr := 0; gr < 2; gr++ {
			f.ch[ch].fb.analyze(pcm[ch][gr*granuleSize:(gr+1)*granuleSize], &sb)
			f.ch[ch].md.transform(&sb, &f.xr[gr][ch], f.bt[gr][ch], c.cutoff)
			clear(f.xr[gr][ch][c.cutoff:])
			if f.bt[gr][ch] == blockShort {
				reorderShort(&f.xr[gr][ch], c.srIdx)
			}
		}
	}
	ms := c.joint && f.useMS()
	if ms {
		for gr := 0; gr < 2; gr++ {
			l, r := &f.xr[gr][0], &f.xr[gr][1]
			for i := range l {
				l[i], r[i] = (l[i]+r[i])*math.Sqrt2/2, (l[i]-r[i])*math.Sqrt2/2
			}
		}
	}
	t, ts := psyByRate[c.srIdx], psyShortByRate[c.srIdx]
	for gr := 0; gr < 2; gr++ {
		for ch := 0; ch < c.nch; ch++ {
			if f.bt[gr][ch] == blockShort {
				f.pe[gr][ch] = f.ch[ch].psy.analyzeShort(ts, &shortBands[c.srIdx], &f.xr[gr][ch], &f.xmin[gr][ch])
			} else {
				f.pe[gr][ch] = f.ch[ch].psy.analyze(t, f.q.sfb, &f.xr[gr][ch], &f.xmin[gr][ch])
			}
		}
	}

	size := frameBytes(c.kbps, c.hz, f.n)
	slotBytes := size - 4 - c.sideLen
	mdb := min(f.resv, maxMainDataBack)
	remaining := (mdb + slotBytes) * 8
	meanCh := slotBytes * 8 / (2 * c.nch)
	left := 2 * c.nch
	for gr := 0; gr < 2; gr++ {
		for ch := 0; ch < c.nch; ch++ {
			pe := f.pe[gr][ch]
			if f.bt[gr][ch] == blockShort {
				pe *= shortPEWeight
			}
			target := f.allocate(remaining, meanCh, left, pe)
			f.q.xr = f.xr[gr][ch]
			f.q.lastGain = f.ch[ch].gain
			bt := f.bt[gr][ch]
			if bt == blockShort {
				f.q.bnd = shortBands[c.srIdx][:]
			} else {
				f.q.bnd = f.q.sfb[:]
			}
			f.q.nb = len(f.q.bnd) - 1
			var xmin *[maxBands]float64
			if c.psy {
				xmin = &f.xmin[gr][ch]
			}
			f.q.code(&f.gi[gr][ch], bt, target, xmin)
			f.ix[gr][ch] = f.q.ix
			f.ch[ch].gain = f.gi[gr][ch].gain
			remaining -= f.gi[gr][ch].part23
			left--
		}
	}

	// Main data: scalefactors then Huffman code, granule by granule.
	f.main.reset()
	for gr := 0; gr < 2; gr++ {
		for ch := 0; ch < c.nch; ch++ {
			g := &f.gi[gr][ch]
			g.writeScalefactors(&f.main)
			g.writeHuffman(&f.main, &f.ix[gr][ch], &f.xr[gr][ch], f.q.sfb)
		}
	}
	f.main.align()
	f.writeSide(mdb, ms)

	start := len(f.out)
	f.out = append(f.out, make([]byte, size)...)
	writeHeader(f.out[start:], c, size > frameBytesBase(c), ms)
	copy(f.out[start+4:], f.side.buf)
	f.pend = append(f.pend, pendingFrame{start, start + 4 + c.sideLen, start + size})
	f.putMain(f.main.buf, mdb)
	f.resv = min(mdb+slotBytes-len(f.main.buf), maxMainDataBack)
	f.n++
}

// chooseBlocks runs the attack detectors over the new input and sets the
// block type of each granule and channel of the frame. With joint stereo
// both channels take the same types, so M/S always pairs like spectra.
func (f *frameCoder) chooseBlocks(pcm *[2][frameSize + lookahead]float32) {
	c := &f.cfg
	if c.longOnly {
		return // f.bt stays all normal
	}
	from := lookahead
	if f.n == 0 {
		from = 0
	}
	for ch := 0; ch < c.nch; ch++ {
		f.ch[ch].det.feed(pcm[ch][from:])
	}
	for gr := 0; gr < 2; gr++ {
		g := 2*f.n + int64(gr)
		var short, next [2]bool
		for ch := 0; ch < c.nch; ch++ {
			s := &f.ch[ch]
			short[ch] = s.nextShort || (g == 0 && s.det.attack[0])
			next[ch] = s.det.attack[(g+1)&7]
		}
		if c.joint {
			short[0] = short[0] || short[1]
			short[1] = short[0]
			next[0] = next[0] || next[1]
			next[1] = next[0]
		}
		for ch := 0; ch < c.nch; ch++ {
			s := &f.ch[ch]
			f.bt[gr][ch] = s.bs.next(short[ch], next[ch])
			s.nextShort = next[ch]
		}
	}
}

// shortPEWeight scales a short granule's perceptual entropy for bit
// allocation. The short model masks each window by its own content only and
// ignores the forward masking of the attack, so its entropy overstates the
// bits a short granule needs; at full weight the long granules around it
// starve (measured on the synthetic drum mix of the tests).
const shortPEWeight = 0.5

// frameBytesBase is the unpadded frame size.
func frameBytesBase(c *config) int { return 144000 * c.kbps / c.hz }

// useMS decides mid/side for the frame: when the weaker of mid and side is
// at most half the weaker of left and right, the channels are correlated
// enough for M/S to save bits.
func (f *frameCoder) useMS() bool {
	var el, er, em, es float64
	for gr := 0; gr < 2; gr++ {
		l, r := &f.xr[gr][0], &f.xr[gr][1]
		for i := range l {
			el += l[i] * l[i]
			er += r[i] * r[i]
			m, s := l[i]+r[i], l[i]-r[i]
			em += m * m
			es += s * s
		}
	}
	em, es = em/2, es/2
	return math.Min(em, es) <= 0.5*math.Min(el, er)
}

// allocate returns the bit budget of the next granule and channel.
func (f *frameCoder) allocate(remaining, meanCh, left int, pe float64) int {
	if !f.cfg.psy {
		return min(maxPart23, remaining/left)
	}
	if f.avgPE == 0 {
		f.avgPE = pe + 1
	}
	f.avgPE = 0.95*f.avgPE + 0.05*(pe+1)
	ratio := (pe + 1) / f.avgPE
	spare := remaining - meanCh*left // reservoir bits beyond the means
	extra := 0
	if ratio > 1 {
		extra = min(spare*6/10, int(float64(meanCh)*(ratio-1)))
	} else {
		extra = -int(float64(meanCh) * (1 - ratio) * 0.2)
	}
	if high := spare - maxMainDataBack*8*8/10; high > 0 {
		extra = max(extra, high/left)
	}
	return max(0, min(maxPart23, min(remaining, meanCh+extra)))
}

// writeSide fills f.side with the side information.
func (f *frameCoder) writeSide(mdb int, ms bool) {
	c := &f.cfg
	w := &f.side
	w.reset()
	w.put(uint32(mdb), 9)
	if c.nch == 1 {
		w.put(0, 5+4)
	} else {
		w.put(0, 3+8)
	}
	for gr := 0; gr < 2; gr++ {
		for ch := 0; ch < c.nch; ch++ {
			g := &f.gi[gr][ch]
			w.put(uint32(g.part23), 12)
			w.put(uint32(g.bigValues), 9)
			w.put(uint32(g.gain), 8)
			w.put(uint32(g.sfCompr), 4)
			if g.blockType != blockNormal {
				w.put(1, 1) // window_switching_flag
				w.put(uint32(g.blockType), 2)
				w.put(0, 1) // mixed_block_flag
				w.put(uint32(g.table[0]), 5)
				w.put(uint32(g.table[1]), 5)
				w.put(0, 3*3) // subblock_gain
			} else {
				w.put(0, 1) // window_switching_flag
				for r := 0; r < 3; r++ {
					w.put(uint32(g.table[r]), 5)
				}
				w.put(uint32(g.region0), 4)
				w.put(uint32(g.region1), 3)
			}
			w.put(0, 1) // preflag
			w.put(uint32(g.sfScale), 1)
			w.put(uint32(g.count1Tab), 1)
		}
	}
}

// writeHeader writes the 4-byte frame header into b.
func writeHeader(b []byte, c *config, padding, ms bool) {
	b[0] = 0xff
	b[1] = 0xfb // MPEG-1, Layer III, no CRC
	b[2] = byte(c.brIdx<<4 | c.srIdx<<2)
	if padding {
		b[2] |= 2
	}
	mode, ext := 0, 0
	switch {
	case c.nch == 1:
		mode = 3
	case c.joint:
		mode = 1
		if ms {
			ext = 2
		}
	}
	b[3] = byte(mode<<6 | ext<<4 | 1<<2) // original
}

// putMain stores data in the slots of pending frames, starting mdb bytes
// before the newest frame's slot, then drops frames no later frame can reach.
func (f *frameCoder) putMain(data []byte, mdb int) {
	k := len(f.pend) - 1
	pos := f.pend[k].slotStart
	for back := mdb; back > 0; {
		k--
		p := f.pend[k]
		if n := p.slotEnd - p.slotStart; back > n {
			back -= n
			continue
		}
		pos = p.slotEnd - back
		back = 0
	}
	for len(data) > 0 {
		p := f.pend[k]
		if pos < p.slotStart {
			pos = p.slotStart
		}
		n := copy(f.out[pos:p.slotEnd], data)
		data = data[n:]
		k++
		if k < len(f.pend) {
			pos = f.pend[k].slotStart
		}
	}
}

// ready returns how many leading bytes of f.out no later frame can change.
func (f *frameCoder) ready() int {
	reach := 0
	cut := len(f.pend)
	for cut > 0 && reach < maxMainDataBack {
		cut--
		reach += f.pend[cut].slotEnd - f.pend[cut].slotStart
	}
	if cut == 0 {
		return 0
	}
	return f.pend[cut].start
}

// take removes the first n bytes of f.out (as returned by ready).
func (f *frameCoder) take(n int) []byte {
	b := f.out[:n:n]
	f.out = f.out[n:]
	i := 0
	for i < len(f.pend) && f.pend[i].start < n {
		i++
	}
	f.pend = f.pend[i:]
	for j := range f.pend {
		f.pend[j].start -= n
		f.pend[j].slotStart -= n
		f.pend[j].slotEnd -= n
	}
	return b
}
