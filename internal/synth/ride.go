package synth

import (
	"cmp"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// rideTime is how long (seconds) the section ride takes to move from one
// section's level to the next: a hand on a fader, not a switch.
const rideTime = 1.5

// rideSections scales an interleaved stereo mix section by section by
// dbPerEnergy times the section's energy less the song's mean energy
// (weighted by length), moving smoothly across section boundaries. The
// master's loudness normalisation follows, so only the contrast remains.
func rideSections(b *audio.Buffer, s *score.Score, dbPerEnergy float64) {
	if dbPerEnergy == 0 || len(s.Sections) < 2 || b.Channels != 2 {
		return
	}
	levels := rideLevels(s)
	mean, total := 0.0, 0.0
	for i, sec := range s.Sections {
		w := float64(sec.Bars)
		mean += w * levels[i]
		total += w
	}
	if total <= 0 {
		return
	}
	mean /= total
	frames := b.Frames()
	// Gain at each section's start; linear ramps of rideTime centred on
	// the boundaries.
	type point struct {
		at int
		g  float64
	}
	var pts []point
	ramp := audio.CD.NSeconds(rideTime)
	prev := math.NaN()
	for i, sec := range s.Sections {
		g := dbToGain(dbPerEnergy * (levels[i] - mean))
		at := audio.CD.NSeconds(s.BeatToSeconds(sec.StartBeat))
		if !math.IsNaN(prev) {
			pts = append(pts, point{at - ramp/2, prev})
		}
		pts = append(pts, point{at + ramp/2, g})
		prev = g
	}
	pts[0].at = 0
	k := 0
	for i := 0; i < frames; {
		for k+1 < len(pts) && pts[k+1].at <= i {
			k++
		}
		// Until the next point, k stays; where the gain does not move
		// (a section's body, the last section) every frame takes the
		// same gain (g + f*0 is g), scaled a block at a time.
		end := frames
		if k+1 < len(pts) {
			end = min(frames, pts[k+1].at)
		}
		if k+1 == len(pts) || pts[k+1].g == pts[k].g {
			scale(b.Samples[2*i:2*end], pts[k].g)
			i = end
			continue
		}
		for ; i < end; i++ {
			g := pts[k].g
			f := float64(i-pts[k].at) / float64(pts[k+1].at-pts[k].at)
			g += f * (pts[k+1].g - g)
			gf := float32(g)
			b.Samples[2*i] *= gf
			b.Samples[2*i+1] *= gf
		}
	}
}

// rideStep is the least energy the ride puts between two different
// energies a request drew: sections drawn close together (0.24 and 0.25)
// ride apart as far as sections 0.15 apart, so that the lower never plays
// louder for what its arrangement adds.
const rideStep = 0.15

// rideLevels is the energy the ride follows for each section of s: the
// sections' energies, or where the request drew them (EnergyDrawn), the
// same order with every higher energy at least rideStep above the next
// lower one.
func rideLevels(s *score.Score) []float64 {
	levels := make([]float64, len(s.Sections))
	for i, sec := range s.Sections {
		levels[i] = sec.Energy
	}
	if !s.EnergyDrawn {
		return levels
	}
	idx := make([]int, len(levels))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(levels[a], levels[b]) })
	out := slices.Clone(levels)
	for k := 1; k < len(idx); k++ {
		prev, cur := idx[k-1], idx[k]
		switch {
		case levels[cur]-levels[prev] < 0.005: // one level
			out[cur] = out[prev]
		default:
			out[cur] = max(levels[cur], out[prev]+rideStep)
		}
	}
	return out
}
