package meltysynth

// In this class, fixed-point numbers are used for speed-up.
// A fixed-point number is expressed by Int64, whose lower 24 bits represent the fraction part,
// and the rest represent the integer part.
// For clarity, fixed-point number variables have a suffix "_fp".

const fracBits int32 = 24
const fracUnit int64 = 1 << fracBits
const fpToSample float32 = float32(1) / float32(32768*fracUnit)

type oscillator struct {
	synthesizer      *Synthesizer
	data             []int16
	loopMode         int32
	sampleRate       int32
	sampleStart      int32
	sampleEnd        int32
	startLoop        int32
	endLoop          int32
	rootKey          int32
	tune             float32
	pitchChangeScale float32
	sampleRateRatio  float32
	looping          bool
	position_fp      int64

	// Songsmith patch: the last pitch and its ratio, to skip math.Pow
	// while the pitch holds.
	lastPitch    float32
	lastRatio    float64
	hasLastPitch bool
}

func newOscillator(s *Synthesizer) *oscillator {
	result := new(oscillator)
	result.synthesizer = s
	return result
}

func (o *oscillator) start(data []int16, loopMode int32, sampleRate int32, start int32, end int32, startLoop int32, endLoop int32, rootKey int32, coarseTune int32, fineTune int32, scaleTuning int32) {
	o.data = data
	o.loopMode = loopMode
	o.sampleRate = sampleRate
	o.sampleStart = start
	o.sampleEnd = end
	o.startLoop = startLoop
	o.endLoop = endLoop
	o.rootKey = rootKey

	o.tune = float32(coarseTune) + float32(0.01)*float32(fineTune)
	o.pitchChangeScale = float32(0.01) * float32(scaleTuning)
	o.sampleRateRatio = float32(sampleRate) / float32(o.synthesizer.SampleRate)

	if loopMode == loop_NoLoop {
		o.looping = false
	} else {
		o.looping = true
	}

	o.position_fp = int64(start) << fracBits
	o.hasLastPitch = false
}

func (o *oscillator) release() {
	if o.loopMode == loop_LoopUntilNoteOff {
		o.looping = false
	}
}

func (o *oscillator) process(block []float32, pitch float32) bool {
	if !o.hasLastPitch || pitch != o.lastPitch {
		pitchChange := o.pitchChangeScale*(pitch-float32(o.rootKey)) + o.tune
		o.lastRatio = float64(o.sampleRateRatio) * pow2(float64(pitchChange)/float64(12))
		o.lastPitch, o.hasLastPitch = pitch, true
	}
	return o.fillBlock(block, o.lastRatio)
}

func (o *oscillator) fillBlock(block []float32, pitchRatio float64) bool {
	pitchRatio_fp := int64(float64(fracUnit) * pitchRatio)

	if o.looping {
		return o.fillBlock_Continuous(block, pitchRatio_fp)
	} else {
		return o.fillBlock_NoLoop(block, pitchRatio_fp)
	}
}

func (o *oscillator) fillBlock_NoLoop(block []float32, pitchRatio_fp int64) bool {
	// Songsmith patch: position, data and end in local variables; the
	// samples before the end interpolated without bounds checks.
	data, end, pos := o.data, o.sampleEnd, o.position_fp
	if pitchRatio_fp > 0 && pos >= 0 && end >= 0 && int(end) < len(data) {
		// Every index read before the end lies in [0, end].
		m := noLoopRun(pos, pitchRatio_fp, end, len(block))
		if m > 0 {
			pos = interpolateRun(data, pos, pitchRatio_fp, block[:m])
		}
		o.position_fp = pos
		if m > 0 {
			clear(block[m:])
			return true
		}
		return false
	}
	for t := range block {
		index := int32(pos >> fracBits)
		if index >= end {
			o.position_fp = pos
			if t > 0 {
				for i := t; i < len(block); i++ {
					block[i] = 0
				}
				return true
			}
			return false
		}

		x1 := int64(data[index])
		x2 := int64(data[index+1])
		a_fp := pos & (fracUnit - 1)
		block[t] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))

		pos += pitchRatio_fp
	}
	o.position_fp = pos

	return true
}

func (o *oscillator) fillBlock_Continuous(block []float32, pitchRatio_fp int64) bool {
	blockLength := len(block)

	endLoop_fp := int64(o.endLoop) << fracBits

	loopLength := int32(o.endLoop - o.startLoop)
	loopLength_fp := int64(loopLength) << fracBits

	// Songsmith patch: position, data and loop end in local variables, and
	// runs of samples that cannot reach the loop's end interpolated without
	// its checks (the same samples).
	data, endLoop, pos := o.data, o.endLoop, o.position_fp
	safe_fp := int64(endLoop-1) << fracBits // below it, index1+1 < endLoop
	for t := 0; t < blockLength; t++ {
		if pitchRatio_fp > 0 && pos < safe_fp {
			m := (safe_fp - pos + pitchRatio_fp - 1) / pitchRatio_fp
			if rest := int64(blockLength - t); m > rest {
				m = rest
			}
			run := block[t : t+int(m)]
			if pos >= 0 && int(endLoop) <= len(data) {
				// Every index of the run lies in [0, endLoop-1).
				pos = interpolateRun(data, pos, pitchRatio_fp, run)
				t += int(m) - 1
				continue
			}
			for i := range run {
				index := pos >> fracBits
				x1 := int64(data[index])
				x2 := int64(data[index+1])
				a_fp := pos & (fracUnit - 1)
				run[i] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
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

		x1 := int64(data[index1])
		x2 := int64(data[index2])
		a_fp := pos & (fracUnit - 1)
		block[t] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))

		pos += pitchRatio_fp
	}
	o.position_fp = pos

	return true
}
