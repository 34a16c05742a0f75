package meltysynth

import "math"

type voiceCollection struct {
	synthesizer      *Synthesizer
	voices           []*voice
	activeVoiceCount int32
}

func newVoiceCollection(s *Synthesizer, maxActiveVoiceCount int32) *voiceCollection {
	result := &voiceCollection{
		synthesizer: s,
		voices:      make([]*voice, maxActiveVoiceCount),
	}
	for i := 0; i < len(result.voices); i++ {
		result.voices[i] = newVoice(s)
	}
	result.activeVoiceCount = 0

	return result
}

func (vc *voiceCollection) requestNew(region *InstrumentRegion, channel int32) *voice {
	// If an exclusive class is assigned to the region, find a voice with the same class.
	// If found, reuse it to avoid playing multiple voices with the same class at a time.
	exclusiveClass := region.GetExclusiveClass()
	if exclusiveClass != 0 {
		for i := int32(0); i < vc.activeVoiceCount; i++ {
			voice := vc.voices[i]
			if voice.exclusiveClass == exclusiveClass && voice.channel == channel {
				return voice
			}
		}
	}

	// If the number of active voices is less than the limit, use a free one.
	if int(vc.activeVoiceCount) < len(vc.voices) {
		free := vc.voices[vc.activeVoiceCount]
		vc.activeVoiceCount++
		return free
	}

	// Too many active voices...
	// Find one which has the lowest priority.
	var candidate *voice = nil
	var lowestPriority float32 = math.MaxFloat32
	for i := int32(0); i < vc.activeVoiceCount; i++ {
		voice := vc.voices[i]
		priority := voice.getPriority()
		if priority < lowestPriority {
			lowestPriority = priority
			candidate = voice
		} else if priority == lowestPriority {
			// Same priority...
			// The older one should be more suitable for reuse.
			if voice.voiceLength > candidate.voiceLength {
				candidate = voice
			}
		}
	}
	return candidate
}

func (vc *voiceCollection) process() {
	var i int32

	for {
		if i == vc.activeVoiceCount {
			vc.filterAndGain()
			return
		}

		// Songsmith patch: the filters run after every source, two at a
		// time (see the end).
		if vc.voices[i].processSource() {
			i++
		} else {
			vc.activeVoiceCount--

			tmp := vc.voices[i]
			vc.voices[i] = vc.voices[vc.activeVoiceCount]
			vc.voices[vc.activeVoiceCount] = tmp
		}
	}
}

// filterAndGain runs the filters of the active voices, in pairs (two
// independent recursions interleave, where one alone waits on its own
// latency), then their mix gains (Songsmith patch). Each voice sees the
// same operations as in voice.process. A stereo voice's two halves run as
// one pair (processStereo), or, where a vector unit filters four lanes
// (lowPassVoices), stereo voices of low-pass shape run four at a time
// (processStereoLowPassQuad, eight lanes), the rest two at a time
// (processStereoLowPassPair); the mono voices pair among themselves in
// their order.
func (vc *voiceCollection) filterAndGain() {
	active := vc.voices[:vc.activeVoiceCount]
	var single *voice // a mono voice waiting for another
	var quad [4]*voice
	nq := 0 // stereo low-pass voices waiting in quad, equally long blocks
	for _, v := range active {
		if h := v.right; h != nil && h.on {
			if !lowPassVoices || !stereoLowPass(v.filter, h.filter, v.block, h.block) {
				processStereo(v.filter, h.filter, v.block, h.block)
				continue
			}
			if nq > 0 && len(quad[0].block) != len(v.block) {
				lowPassFew(quad[:nq])
				nq = 0
			}
			quad[nq] = v
			if nq++; nq == len(quad) {
				processStereoLowPassQuad(&quad)
				nq = 0
			}
			continue
		}
		if single == nil {
			single = v
			continue
		}
		processPair(single.filter, v.filter, single.block, v.block)
		single = nil
	}
	if single != nil {
		single.filter.process(single.block)
	}
	lowPassFew(quad[:nq])
	for _, v := range active {
		v.processGain()
	}
}

// lowPassFew filters up to three stereo low-pass voices with equally long
// blocks: three in eight lanes where lowPassOct can, else two at a time
// (processStereoLowPassPair), the last alone.
func lowPassFew(vs []*voice) {
	if len(vs) == 3 && lowPassOct(vs) {
		return
	}
	for ; len(vs) >= 2; vs = vs[2:] {
		w, v := vs[0], vs[1]
		processStereoLowPassPair(w.filter, w.right.filter, v.filter, v.right.filter,
			w.block, w.right.block, v.block, v.right.block)
	}
	if len(vs) == 1 {
		w := vs[0]
		processStereo(w.filter, w.right.filter, w.block, w.right.block)
	}
}

func (vc *voiceCollection) clear() {
	vc.activeVoiceCount = 0
}
