package vorbis

import "math"

// Block switching: a long block (2048 samples, hop 1024) whose middle
// holds an attack is replaced by eight short blocks (256, hop 128), so
// the coding noise spreads over 128 samples before the attack, not 1024
// (pre-echo). The eight cover the long block's hop exactly, so the block
// grid and the granule positions of the long blocks stay put.

// frame is one audio packet: its block and its coded floor and residue.
type frame struct {
	long               bool
	prevLong, nextLong bool  // the neighbours' sizes (a long window's shape)
	start              int   // the window's first sample
	end                int64 // samples decoded once this packet is
	used               bool  // a floor is coded (false: silence)
	vals               []int // the floor's post values (both channels)
	residue            []int16
}

// size is the frame's block size.
func (f *frame) size() int {
	if f.long {
		return long
	}
	return short
}

// Attack detection (on the first difference, which the bass barely
// moves): a 128-sample part is an attack when its energy is attackRatio
// times the mean of the four before it and over attackFloor (about -50 dB
// of full scale, per sample).
const (
	attackRatio = 10.0
	attackFloor = 1e-5
)

// plan lays out the packets: slot k is the long block centred on sample
// k*half, or eight short blocks around that centre when an attack lies
// within half a hop (and a short block) of it. Never the first two slots, which share the
// first audio page: ffmpeg and libvorbis take a short block there for the
// stream's start and trim the wrong length (measured); nor the last.
func (e *encoder) plan() []frame {
	slots := (e.n+half-1)/half + 1 // slot k ends at sample k*half
	shortSlot := make([]bool, slots)
	for k := 2; k < slots-1 && !e.longOnly; k++ {
		// The neighbours' long windows reach 448 frames from the centre,
		// so an attack near the slots' border (and the 128-frame parts'
		// blur) makes both slots short.
		shortSlot[k] = e.attack(k*half-half/2-short/2, k*half+half/2+short/2)
	}
	var fs []frame
	for k := range slots {
		if !shortSlot[k] {
			fs = append(fs, frame{long: true, start: k*half - half})
			continue
		}
		c := k*half - half/2 + short/4 // the first short block's centre
		for j := range long / short {
			fs = append(fs, frame{start: c + j*short/2 - short/2})
		}
	}
	for i := range fs {
		fs[i].prevLong = i == 0 || fs[i-1].long
		fs[i].nextLong = i == len(fs)-1 || fs[i+1].long
		if i > 0 {
			fs[i].end = fs[i-1].end + int64(fs[i-1].size()/4+fs[i].size()/4)
		}
	}
	return fs
}

// attack reports whether an attack starts in frames [from, to).
func (e *encoder) attack(from, to int) bool {
	const part = short / 2
	energy := func(p int) float64 {
		s := 0.0
		for i := p; i < p+part; i++ {
			for c := range e.nch {
				d := e.sample(i, c) - e.sample(i-1, c)
				s += d * d
			}
		}
		return s / part
	}
	var hist [4]float64
	for i := range hist {
		hist[i] = energy(from - (4-i)*part)
	}
	for p := from; p < to; p += part {
		en := energy(p)
		mean := (hist[0] + hist[1] + hist[2] + hist[3]) / 4
		if en > attackFloor && en > attackRatio*math.Max(mean, 1e-12) {
			return true
		}
		copy(hist[:], hist[1:])
		hist[3] = en
	}
	return false
}
