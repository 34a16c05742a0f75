package meltysynth

// Songsmith patch: the two oscillators of a stereo voice (stereo_voice.go)
// read in one loop when their samples have the same shape.

// twins reports whether o and p read their samples in lockstep: the same
// pitch ratio (sample rate, root key, tuning), loop mode and position, and
// the same sample end and loop points relative to their starts. Their
// positions then differ by a whole number of samples at every step, and
// one index and one interpolation fraction serve both (fillTwins).
func (o *oscillator) twins(p *oscillator) bool {
	d := p.sampleStart - o.sampleStart
	return o.sampleRate == p.sampleRate && o.rootKey == p.rootKey && o.tune == p.tune &&
		o.pitchChangeScale == p.pitchChangeScale && o.sampleRateRatio == p.sampleRateRatio &&
		o.loopMode == p.loopMode && o.looping == p.looping &&
		p.sampleEnd-o.sampleEnd == d && p.startLoop-o.startLoop == d && p.endLoop-o.endLoop == d &&
		p.position_fp-o.position_fp == int64(d)<<fracBits && sameSlice(o.data, p.data)
}

func sameSlice(a, b []int16) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// fillTwins is o.process(a, pitch) and p.process(b, pitch) for twins: the
// same samples (the same operations on the same values) in one loop, one
// index computed for both. It reports false when the samples have ended.
func fillTwins(o, p *oscillator, a, b []float32, pitch float32) bool {
	if !o.hasLastPitch || pitch != o.lastPitch {
		pitchChange := o.pitchChangeScale*(pitch-float32(o.rootKey)) + o.tune
		o.lastRatio = float64(o.sampleRateRatio) * pow2(float64(pitchChange)/float64(12))
		o.lastPitch, o.hasLastPitch = pitch, true
	}
	p.lastPitch, p.lastRatio, p.hasLastPitch = o.lastPitch, o.lastRatio, true
	pitchRatio_fp := int64(float64(fracUnit) * o.lastRatio)
	off := int64(p.sampleStart - o.sampleStart)
	b = b[:len(a)]
	ok := true
	if o.looping {
		o.fillTwins_Continuous(a, b, off, pitchRatio_fp)
	} else {
		ok = o.fillTwins_NoLoop(a, b, off, pitchRatio_fp)
	}
	p.position_fp = o.position_fp + off<<fracBits
	return ok
}

// fillTwins_NoLoop is fillBlock_NoLoop for a and, off samples further on,
// for b.
func (o *oscillator) fillTwins_NoLoop(a, b []float32, off int64, pitchRatio_fp int64) bool {
	data, end, pos := o.data, o.sampleEnd, o.position_fp
	if pitchRatio_fp > 0 && pos >= 0 && end >= 0 && (pos>>fracBits)+off >= 0 && int(end) < len(data) && int64(end)+off < int64(len(data)) {
		// Every index read before the end, and off further on, lies in data.
		m := noLoopRun(pos, pitchRatio_fp, end, len(a))
		if m > 0 {
			pos = interpolateTwins(data, off, pos, pitchRatio_fp, a[:m], b[:m])
		}
		o.position_fp = pos
		if m > 0 {
			clear(a[m:])
			clear(b[m:])
			return true
		}
		return false
	}
	for t := range a {
		index := int32(pos >> fracBits)
		if index >= end {
			o.position_fp = pos
			if t > 0 {
				clear(a[t:])
				clear(b[t:])
				return true
			}
			return false
		}
		i := int64(index)
		a_fp := pos & (fracUnit - 1)
		x1, x2 := int64(data[i]), int64(data[i+1])
		y1, y2 := int64(data[i+off]), int64(data[i+off+1])
		a[t] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
		b[t] = fpToSample * float32((y1<<fracBits)+a_fp*(y2-y1))
		pos += pitchRatio_fp
	}
	o.position_fp = pos
	return true
}

// fillTwins_Continuous is fillBlock_Continuous for a and, off samples
// further on, for b.
func (o *oscillator) fillTwins_Continuous(a, b []float32, off int64, pitchRatio_fp int64) {
	blockLength := len(a)
	endLoop_fp := int64(o.endLoop) << fracBits
	loopLength := int32(o.endLoop - o.startLoop)
	loopLength_fp := int64(loopLength) << fracBits
	data, endLoop, pos := o.data, o.endLoop, o.position_fp
	safe_fp := int64(endLoop-1) << fracBits // below it, index1+1 < endLoop
	for t := 0; t < blockLength; t++ {
		if pitchRatio_fp > 0 && pos < safe_fp {
			m := (safe_fp - pos + pitchRatio_fp - 1) / pitchRatio_fp
			if rest := int64(blockLength - t); m > rest {
				m = rest
			}
			ra, rb := a[t:t+int(m)], b[t:t+int(m)]
			if pos >= 0 && (pos>>fracBits)+off >= 0 && int(endLoop) <= len(data) && int64(endLoop)+off <= int64(len(data)) {
				// Every index of the run, and off further on, lies in data.
				pos = interpolateTwins(data, off, pos, pitchRatio_fp, ra, rb)
				t += int(m) - 1
				continue
			}
			rb = rb[:len(ra)]
			for i := range ra {
				index := pos >> fracBits
				a_fp := pos & (fracUnit - 1)
				x1, x2 := int64(data[index]), int64(data[index+1])
				y1, y2 := int64(data[index+off]), int64(data[index+off+1])
				ra[i] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
				rb[i] = fpToSample * float32((y1<<fracBits)+a_fp*(y2-y1))
				pos += pitchRatio_fp
			}
			t += int(m) - 1
			continue
		}
		if pos >= endLoop_fp {
			pos -= loopLength_fp
		}

		index1 := int32(pos >> fracBits)
		index2 := index1 + 1

		if index2 >= endLoop {
			index2 -= loopLength
		}

		a_fp := pos & (fracUnit - 1)
		x1, x2 := int64(data[index1]), int64(data[index2])
		y1, y2 := int64(data[int64(index1)+off]), int64(data[int64(index2)+off])
		a[t] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
		b[t] = fpToSample * float32((y1<<fracBits)+a_fp*(y2-y1))

		pos += pitchRatio_fp
	}
	o.position_fp = pos
}
