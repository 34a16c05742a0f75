package meltysynth

import "math"

// Songsmith patch: a stereo sample pair played as one voice.
//
// A SoundFont records a stereo instrument as two regions over the same keys
// and velocities, one with the left sample (panned left) and one with the
// right sample (panned right). Upstream starts a voice for each: two volume
// and modulation envelopes, two pairs of LFOs, two pitch and cutoff
// computations, two region lookups per note. When the two regions differ
// only in their sample and where it plays (PairsWith), a synthesizer told
// of the pair (PlayStereoPairs) starts one voice for the left region that
// also plays its right partner: the envelopes, LFOs, pitch, cutoff
// coefficients and mix gain are computed once, the two samples are read by
// two oscillators (each with its own loop points and tuning) and filtered
// with one filter state each (processStereo, one set of coefficients), and
// each half is mixed where its own pan puts it. The output is what the two
// voices give (the same operations on the same values, summed into the
// block in another order).

// stereoHalf is the right half of a stereo voice: its sample's oscillator,
// filter state, block, pan and mix gains. on is false while the voice plays
// one region (or a pair's half has ended, see leftDone and rightDone).
type stereoHalf struct {
	on                  bool
	leftDone, rightDone bool // that half's sample has ended: it plays silence
	twins               bool // the oscillators read in lockstep (fillTwins)

	oscillator *oscillator
	filter     *biQuadFilter
	block      []float32

	pan float32 // the right region's pan, -50..50

	previousMixGainLeft  float32
	previousMixGainRight float32
	currentMixGainLeft   float32
	currentMixGainRight  float32
	previousReverbSend   float32
	previousChorusSend   float32
	currentReverbSend    float32
	currentChorusSend    float32
	reverb, chorus       float32 // the right region's effect sends

	lastAngle, lastCos, lastSin float32
	hasAngle                    bool
}

// PairsWith reports whether region and other can sound as one voice: every
// generator is the same but the sample, where it starts, ends and loops
// (address offsets), its tuning and root key, and the pan. The key and
// velocity ranges are among those compared.
func (region *InstrumentRegion) PairsWith(other *InstrumentRegion) bool {
	if region == nil || other == nil || region == other {
		return false
	}
	for g := range region.gs {
		switch uint16(g) {
		case gen_StartAddressOffset, gen_EndAddressOffset, gen_StartLoopAddressOffset, gen_EndLoopAddressOffset,
			gen_StartAddressCoarseOffset, gen_EndAddressCoarseOffset, gen_StartLoopAddressCoarseOffset, gen_EndLoopAddressCoarseOffset,
			gen_Pan, gen_CoarseTune, gen_FineTune, gen_SampleID, gen_OverridingRootKey:
			continue
		}
		if region.gs[g] != other.gs[g] {
			return false
		}
	}
	return true
}

// PlayStereoPairs tells the synthesizer which regions have a right-hand
// partner to sound in the same voice (left region -> right region). Every
// pair must satisfy PairsWith (the right half shares the left's
// envelopes, LFOs and filter); the synthesizer keeps the map and only
// reads it, so one map may serve many synthesizers. The partners should
// be left out of the presets' instruments the synthesizer plays, or they
// sound twice. Call it before the first note. A nil or empty map plays
// every region as upstream does.
func (s *Synthesizer) PlayStereoPairs(pairs map[*InstrumentRegion]*InstrumentRegion) {
	s.stereoPairs = nil
	if len(pairs) == 0 {
		return
	}
	s.stereoPairs = pairs
	for _, v := range s.voices.voices {
		if v.right == nil {
			v.right = &stereoHalf{
				oscillator: newOscillator(s),
				filter:     newBiQuadFilter(s),
				block:      make([]float32, s.BlockSize),
			}
		}
	}
}

// startRight starts the right half of a voice that has just started on
// region, when region has a partner (or turns the half off).
func (v *voice) startRight(region regionPair) {
	h := v.right
	if h == nil {
		return
	}
	partner := v.synthesizer.stereoPairs[region.instrument]
	h.on = partner != nil
	if !h.on {
		return
	}
	rp := newRegionPair(region.preset, partner)
	h.leftDone, h.rightDone = false, false
	h.pan = calcClamp(rp.GetPan(), -50, 50)
	h.reverb = 0.01 * rp.GetReverbEffectsSend()
	h.chorus = 0.01 * rp.GetChorusEffectsSend()
	h.oscillator.startByRegion(v.synthesizer.SoundFont.WaveData, rp)
	h.twins = v.oscillator.twins(h.oscillator)
	h.filter.clearBuffer()
	h.filter.follow(v.filter)
	h.hasAngle = false
}

// processStereoSource runs both oscillators of a stereo voice at pitch.
// It reports false when both samples have ended; a half whose sample has
// ended plays silence from then on (its filter cleared), as the voice
// upstream plays for it would have ended.
func (v *voice) processStereoSource(pitch float32) bool {
	h := v.right
	if h.twins {
		// Both samples end together.
		return fillTwins(v.oscillator, h.oscillator, v.block, h.block, pitch)
	}
	if !h.leftDone && !v.oscillator.process(v.block, pitch) {
		h.leftDone = true
		v.filter.clearBuffer()
	}
	if !h.rightDone && !h.oscillator.process(h.block, pitch) {
		h.rightDone = true
		h.filter.clearBuffer()
	}
	if h.leftDone && h.rightDone {
		return false
	}
	if h.leftDone {
		clear(v.block)
	}
	if h.rightDone {
		clear(h.block)
	}
	return true
}

// processRightGain sets the right half's mix gains for the block, as
// processGain does the left's, with the right region's pan and sends.
func (v *voice) processRightGain(channelInfo *channel, mixGain float32) {
	h := v.right
	h.previousMixGainLeft = h.currentMixGainLeft
	h.previousMixGainRight = h.currentMixGainRight
	h.previousReverbSend = h.currentReverbSend
	h.previousChorusSend = h.currentChorusSend

	angle := float32(math.Pi/200) * (channelInfo.getPan() + h.pan + 50)
	switch {
	case angle <= 0:
		h.currentMixGainLeft = mixGain
		h.currentMixGainRight = 0
	case angle >= halfPi:
		h.currentMixGainLeft = 0
		h.currentMixGainRight = mixGain
	default:
		if !h.hasAngle || angle != h.lastAngle {
			h.lastAngle, h.hasAngle = angle, true
			h.lastCos, h.lastSin = float32(math.Cos(float64(angle))), float32(math.Sin(float64(angle)))
		}
		h.currentMixGainLeft = mixGain * h.lastCos
		h.currentMixGainRight = mixGain * h.lastSin
	}

	h.currentReverbSend = calcClamp(channelInfo.getReverbSend()+h.reverb, 0, 1)
	h.currentChorusSend = calcClamp(channelInfo.getChorusSend()+h.chorus, 0, 1)

	if v.voiceLength == 0 {
		h.previousMixGainLeft = h.currentMixGainLeft
		h.previousMixGainRight = h.currentMixGainRight
		h.previousReverbSend = h.currentReverbSend
		h.previousChorusSend = h.currentChorusSend
	}
}

// writeStereo mixes a stereo voice into the block: its left half with the
// given gains, as renderBlock mixes a voice, then its right half h. When
// each half sounds on one side only (a pair panned hard left and right)
// at a steady gain, both go in one pass (the same operations).
func (s *Synthesizer) writeStereo(prevL, curL, prevR, curR float32, source []float32, h *stereoHalf) {
	hl, hlc := s.MasterVolume*h.previousMixGainLeft, s.MasterVolume*h.currentMixGainLeft
	hr, hrc := s.MasterVolume*h.previousMixGainRight, s.MasterVolume*h.currentMixGainRight
	steady := func(p, c float32) bool {
		// the builtin max: math.Max's results without its call
		return max(float64(p), float64(c)) >= float64(s.AudibleFloor) && math.Abs(float64(c-p)) < 1.0e-3
	}
	// writeBlock skips a gain under AudibleFloor (the right half's left gain
	// is cos(pi/2) in float32, not 0).
	silent := func(p, c float32) bool { return max(float64(p), float64(c)) < float64(s.AudibleFloor) }
	if silent(prevR, curR) && silent(hl, hlc) && steady(prevL, curL) && steady(hr, hrc) {
		// left and right are distinct: one pass each gives the same bits.
		arrayMultiplyAdd(curL, source, s.blockLeft)
		arrayMultiplyAdd(hrc, h.block, s.blockRight)
		return
	}
	s.writeBlockPair(prevL, curL, prevR, curR, source)
	s.writeBlockPair(hl, hlc, hr, hrc, h.block)
}

// writeRightEffects adds the right half of a stereo voice to the chorus
// and reverb inputs, as renderBlock adds a voice.
func (s *Synthesizer) writeRightChorus(h *stereoHalf) {
	s.writeBlock(h.previousChorusSend*h.previousMixGainLeft, h.currentChorusSend*h.currentMixGainLeft, h.block, s.chorusInputLeft)
	s.writeBlock(h.previousChorusSend*h.previousMixGainRight, h.currentChorusSend*h.currentMixGainRight, h.block, s.chorusInputRight)
}

func (s *Synthesizer) writeRightReverb(h *stereoHalf) {
	previousGain := s.reverb.getInputGain() * h.previousReverbSend * (h.previousMixGainLeft + h.previousMixGainRight)
	currentGain := s.reverb.getInputGain() * h.currentReverbSend * (h.currentMixGainLeft + h.currentMixGainRight)
	s.writeBlock(previousGain, currentGain, h.block, s.reverbInput)
}

// follow gives bf the coefficients of src, as setLowPassFilter with src's
// last arguments would.
func (bf *biQuadFilter) follow(src *biQuadFilter) {
	bf.active = src.active
	bf.a0, bf.a1, bf.a2, bf.a3, bf.a4 = src.a0, src.a1, src.a2, src.a3, src.a4
	bf.lastCutoff, bf.lastResonance, bf.hasLast = src.lastCutoff, src.lastResonance, src.hasLast
}

// processStereo is f.process(a) and g.process(b) for two filters with the
// same coefficients (a stereo voice's halves): one set of coefficients in
// registers, the two recursions interleaved, and the feedback terms
// subtracted older first, so that each recursion waits on one multiply and
// one subtraction per sample instead of a multiply and two subtractions
// (about 30% faster than processPair; the same filter, rounded in another
// order: within 1e-6 of upstream's, see TestStereoVoiceSameAsUpstreamPair).
func processStereo(f, g *biQuadFilter, a, b []float32) {
	if !f.active || !g.active || len(a) != len(b) {
		f.process(a)
		g.process(b)
		return
	}
	if stereoLowPass(f, g, a, b) {
		processStereoLowPass(f, g, a, b)
		return
	}
	a0, a1, a2, a3, a4 := f.a0, f.a1, f.a2, f.a3, f.a4
	fx1, fx2, fy1, fy2 := f.x1, f.x2, f.y1, f.y2
	gx1, gx2, gy1, gy2 := g.x1, g.x2, g.y1, g.y2
	b = b[:len(a)]
	for t, in := range a {
		out := a0*in + a1*fx1 + a2*fx2 - a4*fy2 - a3*fy1
		fx2, fx1, fy2, fy1 = fx1, in, fy1, out
		a[t] = out

		in2 := b[t]
		out2 := a0*in2 + a1*gx1 + a2*gx2 - a4*gy2 - a3*gy1
		gx2, gx1, gy2, gy1 = gx1, in2, gy1, out2
		b[t] = out2
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, fy1, fy2
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, gy1, gy2
}

// stereoLowPass reports whether processStereo(f, g, a, b) runs
// processStereoLowPass (Songsmith patch).
func stereoLowPass(f, g *biQuadFilter, a, b []float32) bool {
	return f.active && g.active && len(a) == len(b) && len(a) >= 2 && f.lowPassShape()
}

// processStereoLowPass is processStereo for a filter of low-pass shape,
// with processPairLowPass's one feed-forward multiply a sample.
func processStereoLowPass(f, g *biQuadFilter, a, b []float32) {
	n := len(a)
	b = b[:n]
	a0, a3, a4 := f.a0, f.a3, f.a4
	fp1, fp2, fy1, fy2 := a0*f.x1, a0*f.x2, f.y1, f.y2
	gp1, gp2, gy1, gy2 := a0*g.x1, a0*g.x2, g.y1, g.y2
	fx1, fx2, gx1, gx2 := a[n-1], a[n-2], b[n-1], b[n-2]
	for t, in := range a {
		p := a0 * in
		out := p + (fp1 + fp1) + fp2 - a4*fy2 - a3*fy1
		fp2, fp1, fy2, fy1 = fp1, p, fy1, out
		a[t] = out

		q := a0 * b[t]
		out2 := q + (gp1 + gp1) + gp2 - a4*gy2 - a3*gy1
		gp2, gp1, gy2, gy1 = gp1, q, gy1, out2
		b[t] = out2
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, fy1, fy2
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, gy1, gy2
}

// RenderMidSide renders the next len(mid) frames as mid, k*(left+right),
// and side, k*(left-right), without the stereo buffers Render needs. side
// must be as long as mid.
func (s *Synthesizer) RenderMidSide(mid, side []float32, k float32) {
	side = side[:len(mid)]
	for len(mid) > 0 {
		if s.blockRead == s.BlockSize {
			s.renderBlock()
			s.blockRead = 0
		}
		n := int(s.BlockSize - s.blockRead)
		if n > len(mid) {
			n = len(mid)
		}
		l := s.blockLeft[s.blockRead : int(s.blockRead)+n]
		r := s.blockRight[s.blockRead : int(s.blockRead)+n]
		midSide(l, r, mid[:n], side[:n], k)
		s.blockRead += int32(n)
		mid, side = mid[n:], side[n:]
	}
}

// ActiveVoiceCount returns the number of voices sounding (a stereo pair
// played as one voice counts once).
func (s *Synthesizer) ActiveVoiceCount() int { return int(s.voices.activeVoiceCount) }
