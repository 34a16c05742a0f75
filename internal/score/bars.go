package score

import (
	"math"
	"sort"
)

// OddBar is a bar of another length than the score's BeatsPerBar: it
// starts on written beat Beat and lasts Beats beats (in the beats
// BeatsPerBar counts: a dotted quarter in 6/8).
type OddBar struct {
	Beat  float64
	Beats int
}

// Downbeats returns the written beat of the first beat of every bar that
// starts before TotalBeats, odd bars counted.
func (s *Score) Downbeats() []float64 {
	bpb := float64(max(s.BeatsPerBar, 1))
	out := make([]float64, 0, int(s.TotalBeats/bpb)+1)
	odd := 0
	for b := 0.0; b < s.TotalBeats-1e-9; {
		out = append(out, b)
		for odd < len(s.OddBars) && s.OddBars[odd].Beat < b-1e-9 {
			odd++
		}
		if odd < len(s.OddBars) && math.Abs(s.OddBars[odd].Beat-b) < 1e-9 {
			b += float64(max(s.OddBars[odd].Beats, 1))
			continue
		}
		b += bpb
	}
	return out
}

// BarOf returns the bar (from 0) that written beat b falls in, given the
// score's Downbeats.
func BarOf(downbeats []float64, b float64) int {
	return max(sort.Search(len(downbeats), func(i int) bool { return downbeats[i] > b+1e-9 })-1, 0)
}

// SectionEnd returns the written beat where section i ends: its bars at
// BeatsPerBar, plus what odd bars inside it add or take away.
func (s *Score) SectionEnd(i int) float64 {
	sec := s.Sections[i]
	bpb := max(s.BeatsPerBar, 1)
	end := sec.StartBeat + float64(sec.Bars*bpb)
	for _, o := range s.OddBars {
		if o.Beat >= sec.StartBeat-1e-9 && o.Beat < end-1e-9 {
			end += float64(o.Beats - bpb)
		}
	}
	return end
}
