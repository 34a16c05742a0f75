package soundfont

import "math"

// Region describes one sample zone a note of a preset plays: the combined
// preset and instrument envelope times and the sample's loop.
type Region struct {
	Sample     string  // sample name
	RootKey    int     // MIDI key the sample was recorded at
	Attack     float64 // volume-envelope attack, seconds
	Hold       float64 // volume-envelope hold, seconds
	Decay      float64 // volume-envelope decay, seconds
	Release    float64 // volume-envelope release, seconds
	LoopMode   int     // 0 no loop, 1 loop, 3 loop until release
	LoopFrames int     // loop length in sample frames (0 when not looped)
	SampleRate int     // of the sample
	Cutoff     float64 // initial low-pass cutoff, Hz (at or above 22 kHz: no filter)
	// LoopJump is the step at the loop's wrap (last looped frame to the
	// loop start) over the RMS step between neighbouring frames inside the
	// loop: about 1 or less for a seamless loop, far above 1 for a click;
	// 0 when not looped (or, in an SF3 bank, not decoded as far as the
	// loop's end yet: Bank.Decode decodes a preset).
	LoopJump float64
}

// Regions lists the zones preset bank:program plays for key at MIDI
// velocity vel (1..127), in the bank's order (several are layers).
func (b *Bank) Regions(bank, program, key, vel int) []Region {
	var out []Region
	k, v := int32(key), int32(vel)
	for _, p := range b.sf.Presets {
		if int(p.BankNumber) != bank || int(p.PatchNumber) != program {
			continue
		}
		for _, pr := range p.Regions {
			if k < pr.GetKeyRangeStart() || k > pr.GetKeyRangeEnd() || v < pr.GetVelocityRangeStart() || v > pr.GetVelocityRangeEnd() {
				continue
			}
			for _, ir := range pr.Instrument.Regions {
				if k < ir.GetKeyRangeStart() || k > ir.GetKeyRangeEnd() || v < ir.GetVelocityRangeStart() || v > ir.GetVelocityRangeEnd() {
					continue
				}
				r := Region{
					Sample:     ir.Sample.Name,
					RootKey:    int(ir.GetRootKey()),
					Attack:     float64(ir.GetAttackVolumeEnvelope() * pr.GetAttackVolumeEnvelope()),
					Hold:       float64(ir.GetHoldVolumeEnvelope() * pr.GetHoldVolumeEnvelope()),
					Decay:      float64(ir.GetDecayVolumeEnvelope() * pr.GetDecayVolumeEnvelope()),
					Release:    float64(ir.GetReleaseVolumeEnvelope() * pr.GetReleaseVolumeEnvelope()),
					LoopMode:   int(ir.GetSampleModes()),
					SampleRate: int(ir.Sample.SampleRate),
					Cutoff:     float64(ir.GetInitialFilterCutoffFrequency() * pr.GetInitialFilterCutoffFrequency()),
				}
				if r.LoopMode == 1 || r.LoopMode == 3 {
					r.LoopFrames = int(ir.GetSampleEndLoop() - ir.GetSampleStartLoop())
					if b.lazy == nil || b.lazy.decoded(ir.Sample, int(ir.GetSampleEndLoop())) {
						r.LoopJump = loopJump(b.sf.WaveData, int(ir.GetSampleStartLoop()), int(ir.GetSampleEndLoop()))
					}
				}
				out = append(out, r)
			}
		}
	}
	return out
}

// loopJump is Region.LoopJump for the loop [start, end) of data.
func loopJump(data []int16, start, end int) float64 {
	if start < 0 || end > len(data) || end-start < 2 {
		return 0
	}
	var sum float64
	for i := start + 1; i < end; i++ {
		d := float64(data[i]) - float64(data[i-1])
		sum += d * d
	}
	if sum == 0 {
		return 0
	}
	rms := math.Sqrt(sum / float64(end-start-1))
	return math.Abs(float64(data[start])-float64(data[end-1])) / rms
}
