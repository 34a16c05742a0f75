package perform_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

// midiOnsets returns the tick of every note-on of a Standard MIDI File.
func midiOnsets(tb testing.TB, data []byte) []int {
	tb.Helper()
	var ticks []int
	for len(data) >= 8 {
		kind, n := string(data[:4]), int(binary.BigEndian.Uint32(data[4:8]))
		body := data[8 : 8+n]
		data = data[8+n:]
		if kind != "MTrk" {
			continue
		}
		tick, status := 0, byte(0)
		for i := 0; i < len(body); {
			d := 0
			for {
				c := body[i]
				i++
				d = d<<7 | int(c&0x7F)
				if c&0x80 == 0 {
					break
				}
			}
			tick += d
			if body[i]&0x80 != 0 {
				status = body[i]
				i++
			}
			switch {
			case status == 0xFF:
				i++ // meta type
				l := int(body[i])
				i += 1 + l
			case status == 0xF0 || status == 0xF7:
				l := int(body[i])
				i += 1 + l
			case status&0xF0 == 0xC0 || status&0xF0 == 0xD0:
				i++
			default:
				if status&0xF0 == 0x90 && body[i+1] > 0 {
					ticks = append(ticks, tick)
				}
				i += 2
			}
		}
	}
	return ticks
}

// gridShare is the share of a score's note starts, in its MIDI file at
// 480 ticks a quarter, exactly on a sixteenth or a triplet-eighth position.
func gridShare(tb testing.TB, s *score.Score) float64 {
	tb.Helper()
	var buf bytes.Buffer
	if err := music.WriteMIDI(&buf, s, ""); err != nil {
		tb.Fatal(err)
	}
	ticks := midiOnsets(tb, buf.Bytes())
	on := 0
	for _, t := range ticks {
		if t%120 == 0 || t%160 == 0 {
			on++
		}
	}
	return float64(on) / float64(max(1, len(ticks)))
}

// spreadMS is the timing spread of a performed score against the composed
// one: the standard deviation, in ms, of each note's offset from its
// composed position (on the performance's tempo map) after removing each instrument's (each drum sound's)
// mean push, over all notes before the final ritardando.
func spreadMS(composed, played *score.Score) float64 {
	msPerBeat := 60000 / composed.BPM
	// The final ritardando (three bars before the end) is no scatter.
	until := composed.TotalBeats - 3*float64(composed.BeatsPerBar)
	var sum2 float64
	n := 0
	add := func(offs []float64) {
		if len(offs) < 2 {
			return
		}
		mean := 0.0
		for _, o := range offs {
			mean += o
		}
		mean /= float64(len(offs))
		for _, o := range offs {
			sum2 += (o - mean) * (o - mean)
			n++
		}
	}
	for i, t := range composed.Tracks {
		p := played.Tracks[i]
		if len(t.Hits) > 0 {
			byDrum := map[score.Drum][]float64{}
			for j, h := range t.Hits {
				if h.Start < until {
					byDrum[h.Drum] = append(byDrum[h.Drum], (p.Hits[j].Start-played.Clock(h.Start))*msPerBeat)
				}
			}
			for _, offs := range byDrum {
				add(offs)
			}
		}
		var offs []float64
		for j, nt := range t.Notes {
			if nt.Start < until {
				offs = append(offs, (p.Notes[j].Start-played.Clock(nt.Start))*msPerBeat)
			}
		}
		add(offs)
	}
	if n == 0 {
		return 0
	}
	return math.Sqrt(sum2 / float64(n))
}

// meanPush is the mean offset in ms (from the composed position on the
// performance's tempo map) of the hits of drum d, or of the notes
// of the tracks with role r when d is "".
func meanPush(composed, played *score.Score, d score.Drum, r score.Role) float64 {
	msPerBeat := 60000 / composed.BPM
	sum, n := 0.0, 0
	for i, t := range composed.Tracks {
		p := played.Tracks[i]
		for j, h := range t.Hits {
			if d != "" && h.Drum == d {
				sum += (p.Hits[j].Start - played.Clock(h.Start)) * msPerBeat
				n++
			}
		}
		if d == "" && t.Role == r {
			for j, nt := range t.Notes {
				sum += (p.Notes[j].Start - played.Clock(nt.Start)) * msPerBeat
				n++
			}
		}
	}
	return sum / float64(max(1, n))
}
