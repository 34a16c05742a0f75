package music

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// The players' noises (score.Track.Noises) in the MIDI file. General MIDI
// has a sound for two of them, so they are notes on spare channels, where
// FluidSynth and a DAW's GM player sound them: an inhale before a phrase
// as Breath Noise (program 121), a string's squeak on a position shift as
// Guitar Fret Noise (program 120). A wind's or a voice's breath is also
// its breath controller (CC 2, a score.Breath control on its own
// channel). GM has no sound or controller for the others: the air at a
// wind's attack, a bow's scrape, a pick's click, a piano's keys and
// dampers are in the instruments' own samples, and our synthesizer adds
// them (internal/synth).

// noiseTrack is one kind of GM noise notes: its track name, program,
// key and the score's noises it plays.
type noiseTrack struct {
	name    string
	program byte
	key     byte
	plays   func(score.Noise) bool
}

// noiseTracks are the GM noise tracks, in file order.
var noiseTracks = []noiseTrack{
	{"breath noise", 121, 60, func(n score.Noise) bool { return n.Kind == score.NoiseBreath }},
	{"fret noise", 120, 60, func(n score.Noise) bool { return n.Kind == score.NoiseSqueak }},
}

// noiseVelocity scales a noise's level to the GM noise notes' velocity:
// the GM samples are as loud as a note.
const noiseVelocity = 0.45

// noiseEvents returns the tracks of GM noise notes of s (on the file's
// grid: unclocked, in quarters), each on a channel no track of s uses,
// the highest first; none when no channel is spare.
func noiseEvents(s *score.Score) [][]midiEvent {
	used := usedChannels(s)
	var out [][]midiEvent
	ch := 15
	for _, nt := range noiseTracks {
		var notes []midiEvent
		for _, t := range s.Tracks {
			for _, n := range t.Noises {
				if !nt.plays(n) || !(n.Level > 0) || math.IsNaN(n.Start) {
					continue
				}
				on := max(0, toTick(n.Start))
				off := max(on+1, toTick(n.Start+n.Length))
				notes = append(notes, midiEvent{on, false, []byte{0x90, nt.key, velocity(noiseVelocity * n.Level)}},
					midiEvent{off, true, []byte{0x80, nt.key, 0}})
			}
		}
		if len(notes) == 0 {
			continue
		}
		for ch >= 0 && (used[ch] || ch == 9) {
			ch--
		}
		if ch < 0 {
			break
		}
		c := byte(ch)
		ch--
		for i := range notes {
			notes[i].data[0] |= c
		}
		evs := []midiEvent{metaText(0x03, nt.name), metaText(0x04, nt.name), {0, false, []byte{0xC0 | c, nt.program}}}
		evs = append(evs, notes...)
		out = append(out, evs)
	}
	return out
}

// usedChannels are the channels WriteMIDI gives the tracks of s.
func usedChannels(s *score.Score) [16]bool {
	var used [16]bool
	ch := 0
	for _, t := range s.Tracks {
		if t.Instrument == score.Drums {
			used[9] = true
			continue
		}
		used[ch] = true
		ch++
		if ch == 9 {
			ch++
		}
		if ch > 15 {
			ch = 0
		}
	}
	return used
}

// sortedTrack orders a track's events by tick, note-offs first at a
// tick, and ends it at endTick or its last event.
func sortedTrack(evs []midiEvent, endTick int) []midiEvent {
	slices.SortStableFunc(evs, func(a, b midiEvent) int {
		switch {
		case a.tick != b.tick:
			return a.tick - b.tick
		case a.off && !b.off:
			return -1
		case b.off && !a.off:
			return 1
		}
		return 0
	})
	return append(evs, midiEvent{max(endTick, lastTick(evs)), false, []byte{0xFF, 0x2F, 0}})
}
