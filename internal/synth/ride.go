package synth

import (
	"math"

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
	mean, total := 0.0, 0.0
	for _, sec := range s.Sections {
		w := float64(sec.Bars)
		mean += w * sec.Energy
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
	for _, sec := range s.Sections {
		g := dbToGain(dbPerEnergy * (sec.Energy - mean))
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
