package music

import (
	"bufio"
	"encoding/binary"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/songsmith/songsmith/internal/score"
)

// MIDIDivision is the resolution of the files WriteMIDI writes, in ticks per
// quarter note (one score beat).
const MIDIDivision = 480

// gmPrograms maps instruments to General MIDI programs (0-based).
var gmPrograms = map[score.Instrument]byte{
	score.Piano: 0, score.EPiano: 4, score.Organ: 16, score.Guitar: 27, score.DistGuitar: 30, score.Pluck: 45,
	score.Strings: 48, score.Pad: 89, score.ChoirPad: 52, score.SawLead: 81, score.SquareLead: 80, score.Bells: 14,
	score.Flute: 73, score.Sax: 65, score.Brass: 61, score.Bass: 33, score.SubBass: 38, score.SynthBass: 39,
	score.Reese: 38, score.Arp: 81, score.Fiddle: 110, score.Banjo: 105, score.Mandolin: 25, score.Ukulele: 24,
	score.Accordion: 21, score.SteelDrums: 114, score.Sitar: 104, score.MusicBox: 10, score.NylonGuitar: 24,
	score.Harpsichord: 6, score.Marimba: 12, score.Vibraphone: 11, score.Kalimba: 108, score.Harp: 46,
	score.UprightBass: 32, score.SingingBowl: 14, score.LogDrum: 117, score.CowbellLead: 113, score.ChipLead: 80,
	score.ChipBass: 38, score.Tabla: 116, score.VinylCrackle: 121,
}

// gmDrums maps drum sounds to General MIDI percussion keys (channel 10).
var gmDrums = map[score.Drum]byte{
	score.Kick: 36, score.Kick808: 35, score.Snare: 38, score.Clap: 39, score.Rim: 37, score.ClosedHat: 42,
	score.OpenHat: 46, score.Ride: 51, score.Crash: 49, score.TomLow: 45, score.TomMid: 47, score.TomHigh: 50,
	score.Shaker: 70, score.HandClap: 39, score.Snap: 37, score.Cowbell: 56, score.Clave: 75, score.CongaHigh: 63,
	score.CongaLow: 64, score.Bongo: 60, score.Timbale: 65, score.Guiro: 73, score.Tambourine: 54, score.TablaNa: 62,
	score.TablaGe: 64, score.Taiko: 41, score.Timpani: 41, score.SleighBells: 83, score.Surdo: 35, score.LogKick: 36,
}

// midiEvent is one channel event at an absolute tick.
type midiEvent struct {
	tick int
	off  bool // note-offs sort before note-ons at the same tick
	data []byte
}

// WriteMIDI writes s as a Standard MIDI File, format 1: a tempo track named
// title (the song's title: a DAW shows it as the sequence name) with the
// tempo, meter and key signature, and one track per score track, named
// after its part and instrument, with a General MIDI program per
// instrument and drums on channel 10. The composer's glides and mix
// settings are not represented; the tail is kept as silence at the end of the tempo track.
// A performed score's tempo map (score.Score.Tempo) is written as tempo
// events and its notes on the written grid it maps, so a DAW's bar lines
// follow the performance; its controls (score.Track.Controls) as pitch
// bend and controller events; its players' noises (score.Track.Noises)
// as General MIDI noise notes on spare channels where GM has a sound for
// them (midinoise.go).
func WriteMIDI(w io.Writer, s *score.Score, title string) error {
	endBeat := s.TotalBeats + s.TailSeconds/s.SecondsPerBeat()
	if len(s.Tempo) > 0 {
		endBeat = s.Written(s.Clock(s.TotalBeats) + s.TailSeconds/s.SecondsPerBeat())
		s = unclocked(s)
	}
	num, den := byte(max(1, s.BeatsPerBar)), byte(2)
	meters := meterEvents(s)
	if s.Subdivision == 3 {
		// 6/8: the score counts dotted quarters, MIDI counts quarters.
		num, den = byte(3*max(1, s.BeatsPerBar)), 3
		s, endBeat = inQuarters(s), endBeat*1.5
	}
	noises := noiseEvents(s) // midinoise.go
	bw := bufio.NewWriter(w)
	head := []byte{'M', 'T', 'h', 'd', 0, 0, 0, 6, 0, 1}
	head = binary.BigEndian.AppendUint16(head, uint16(len(s.Tracks)+1+len(noises)))
	head = binary.BigEndian.AppendUint16(head, MIDIDivision)
	bw.Write(head)

	endTick := toTick(endBeat)
	tempo := tempoTrack(s, title, num, den, endTick)
	if len(meters) > 0 {
		tempo = sortEvents(append(tempo[:len(tempo)-1:len(tempo)-1], append(meters, tempo[len(tempo)-1])...))
	}
	writeTrack(bw, tempo)

	ch := byte(0)
	for _, t := range s.Tracks {
		var evs []midiEvent
		evs = append(evs, metaText(0x03, t.Name))
		// The instrument name meta event, for DAWs: "upright bass".
		evs = append(evs, metaText(0x04, strings.ReplaceAll(string(t.Instrument), "_", " ")))
		if t.Instrument == score.Drums {
			for _, h := range t.Hits {
				k, ok := gmDrums[h.Drum]
				if !ok {
					k = 38
				}
				on := toTick(h.Start)
				evs = append(evs, midiEvent{on, false, []byte{0x99, k, velocity(h.Velocity)}},
					midiEvent{on + MIDIDivision/8, true, []byte{0x89, k, 0}})
			}
		} else {
			c := ch
			ch++
			if ch == 9 {
				ch++
			}
			if ch > 15 {
				ch = 0
			}
			evs = append(evs, midiEvent{0, false, []byte{0xC0 | c, gmPrograms[t.Instrument]}})
			evs = append(evs, controlEvents(c, t.Controls)...)
			for _, n := range t.Notes {
				p := byte(min(127, max(0, n.Pitch)))
				on := toTick(n.Start)
				off := max(on+1, toTick(n.Start+n.Length))
				evs = append(evs, midiEvent{on, false, []byte{0x90 | c, p, velocity(n.Velocity)}},
					midiEvent{off, true, []byte{0x80 | c, p, 0}})
			}
		}
		sort.SliceStable(evs, func(i, j int) bool {
			if evs[i].tick != evs[j].tick {
				return evs[i].tick < evs[j].tick
			}
			return evs[i].off && !evs[j].off
		})
		evs = append(evs, midiEvent{max(endTick, lastTick(evs)), false, []byte{0xFF, 0x2F, 0}})
		writeTrack(bw, evs)
	}
	for _, evs := range noises {
		writeTrack(bw, sortedTrack(evs, endTick))
	}
	return bw.Flush()
}

// tempoTrack is the events of the tempo track: the title, the tempo and
// its changes (the tempo map), the meter num/den (den a power of two) and
// the key signature, ending at endTick.
func tempoTrack(s *score.Score, title string, num, den byte, endTick int) []midiEvent {
	sf, minor := keySignature(s.KeyRoot, s.Mode)
	tempo := []midiEvent{
		metaText(0x03, title),
		setTempo(0, s.BPM),
		{0, false, []byte{0xFF, 0x58, 4, num, den, 24, 8}},
		{0, false, []byte{0xFF, 0x59, 2, byte(sf), minor}},
	}
	for _, t := range s.Tempo {
		if tick := toTick(t.Beat); tick > 0 {
			tempo = append(tempo, setTempo(tick, t.BPM))
		} else {
			tempo[1] = setTempo(0, t.BPM)
		}
	}
	return append(tempo, midiEvent{max(endTick, lastTick(tempo)), false, []byte{0xFF, 0x2F, 0}})
}

// meterEvents are the time signature events of s's odd bars (a hit
// point's 2/4 or 5/4 bar) and of the return to its meter after each.
func meterEvents(s *score.Score) []midiEvent {
	scale, per := 1.0, byte(1)
	if s.Subdivision == 3 {
		scale, per = 1.5, 3
	}
	sig := func(tick, beats int) midiEvent {
		num, den := byte(max(1, beats))*per, byte(2)
		if per == 3 {
			den = 3
		}
		return midiEvent{tick, false, []byte{0xFF, 0x58, 4, num, den, 24, 8}}
	}
	var out []midiEvent
	for _, o := range s.OddBars {
		out = append(out, sig(toTick(o.Beat*scale), o.Beats))
		if end := o.Beat + float64(o.Beats); end < s.TotalBeats-1e-9 {
			out = append(out, sig(toTick(end*scale), s.BeatsPerBar))
		}
	}
	return out
}

// sortEvents orders a track's events by tick, keeping the order of
// events at one tick, and puts the end of track last.
func sortEvents(evs []midiEvent) []midiEvent {
	end := evs[len(evs)-1]
	evs = evs[:len(evs)-1]
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].tick < evs[j].tick })
	end.tick = max(end.tick, lastTick(evs))
	return append(evs, end)
}

// setTempo is a set-tempo meta event of bpm quarter notes a minute.
func setTempo(tick int, bpm float64) midiEvent {
	us := min(1<<24-1, max(1, int(math.Round(60e6/bpm))))
	return midiEvent{tick, false, []byte{0xFF, 0x51, 3, byte(us >> 16), byte(us >> 8), byte(us)}}
}

// metaText is a text meta event (0x03 sequence or track name, 0x04
// instrument name) at tick 0, cut to 127 bytes on a rune boundary so its
// length fits one byte.
func metaText(typ byte, text string) midiEvent {
	for len(text) > 127 {
		_, n := utf8.DecodeLastRuneInString(text)
		text = text[:len(text)-n]
	}
	return midiEvent{0, false, append([]byte{0xFF, typ, byte(len(text))}, text...)}
}

// modeOffset is each mode's tonic above the tonic of its parent major
// scale.
var modeOffset = map[string]int{
	"major": 0, "ionian": 0, "dorian": 2, "phrygian": 4, "lydian": 5, "mixolydian": 7,
	"minor": 9, "aeolian": 9, "harmonic minor": 9, "locrian": 11,
}

// majorSharps is the key signature of each major key by tonic pitch class:
// sharps positive, flats negative (F# major written with six sharps).
var majorSharps = [12]int8{0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5}

// keySignature returns the MIDI key signature of a key: the sharps (or
// flats, negative) of its parent major scale, and 1 for a minor key, 0
// otherwise (a mode is written with its parent scale's signature).
func keySignature(root int, mode string) (sharps int8, minor byte) {
	parent := ((root-modeOffset[mode])%12 + 12) % 12
	if mode == "minor" || mode == "aeolian" || mode == "harmonic minor" {
		minor = 1
	}
	return majorSharps[parent], minor
}

func lastTick(evs []midiEvent) int {
	if len(evs) == 0 {
		return 0
	}
	return evs[len(evs)-1].tick
}

func toTick(beats float64) int { return int(math.Round(beats * MIDIDivision)) }

func velocity(v float64) byte { return byte(min(127, max(1, int(math.Round(v*127))))) }

// writeTrack writes one MTrk chunk of time-sorted events.
func writeTrack(w io.Writer, evs []midiEvent) {
	var body []byte
	prev := 0
	for _, e := range evs {
		body = appendVLQ(body, uint32(e.tick-prev))
		body = append(body, e.data...)
		prev = e.tick
	}
	head := []byte{'M', 'T', 'r', 'k'}
	head = binary.BigEndian.AppendUint32(head, uint32(len(body)))
	w.Write(head)
	w.Write(body)
}

// appendVLQ appends a MIDI variable-length quantity.
func appendVLQ(b []byte, v uint32) []byte {
	var tmp [5]byte
	i := len(tmp) - 1
	tmp[i] = byte(v & 0x7F)
	for v >>= 7; v > 0; v >>= 7 {
		i--
		tmp[i] = byte(v&0x7F) | 0x80
	}
	return append(b, tmp[i:]...)
}

// inQuarters returns a copy of a compound-meter score whose beats are
// quarter notes: times scaled by 1.5, the tempo too.
func inQuarters(s *score.Score) *score.Score {
	q := *s
	q.BPM, q.TotalBeats = s.BPM*1.5, s.TotalBeats*1.5
	q.Tracks = make([]score.Track, len(s.Tracks))
	for i, t := range s.Tracks {
		t.Notes = slices.Clone(t.Notes)
		for j := range t.Notes {
			t.Notes[j].Start *= 1.5
			t.Notes[j].Length *= 1.5
		}
		t.Hits = slices.Clone(t.Hits)
		for j := range t.Hits {
			t.Hits[j].Start *= 1.5
		}
		t.Controls = slices.Clone(t.Controls)
		for j := range t.Controls {
			t.Controls[j].Start *= 1.5
		}
		t.Noises = slices.Clone(t.Noises)
		for j := range t.Noises {
			t.Noises[j].Start *= 1.5
			t.Noises[j].Length *= 1.5
		}
		q.Tracks[i] = t
	}
	q.Tempo = slices.Clone(s.Tempo)
	for i := range q.Tempo {
		q.Tempo[i].Beat *= 1.5
		q.Tempo[i].BPM *= 1.5
		q.Tempo[i].Clock *= 1.5
	}
	return &q
}

// unclocked returns a copy of a performed score whose note, hit and
// control times are on the written grid of its tempo map (score.Written)
// instead of the clock.
func unclocked(s *score.Score) *score.Score {
	q := *s
	q.Tracks = make([]score.Track, len(s.Tracks))
	for i, t := range s.Tracks {
		t.Notes = slices.Clone(t.Notes)
		for j, n := range t.Notes {
			on := s.Written(n.Start)
			t.Notes[j].Start, t.Notes[j].Length = on, s.Written(n.Start+n.Length)-on
		}
		t.Hits = slices.Clone(t.Hits)
		for j := range t.Hits {
			t.Hits[j].Start = s.Written(t.Hits[j].Start)
		}
		t.Controls = slices.Clone(t.Controls)
		for j := range t.Controls {
			t.Controls[j].Start = s.Written(t.Controls[j].Start)
		}
		t.Noises = slices.Clone(t.Noises)
		for j, x := range t.Noises {
			on := s.Written(x.Start)
			t.Noises[j].Start, t.Noises[j].Length = on, s.Written(x.Start+x.Length)-on
		}
		q.Tracks[i] = t
	}
	return &q
}

// controlEvents are a track's controls on channel c: pitch bend (the
// players' bend range is soundfont.BendRange, set with RPN 0 at the
// start), modulation (CC 1), expression (CC 11) and breath (CC 2).
func controlEvents(c byte, cs []score.Control) []midiEvent {
	if len(cs) == 0 {
		return nil
	}
	evs := []midiEvent{ // RPN 0: the pitch-bend range, in semitones
		{0, false, []byte{0xB0 | c, 101, 0}}, {0, false, []byte{0xB0 | c, 100, 0}},
		{0, false, []byte{0xB0 | c, 6, BendRange}}, {0, false, []byte{0xB0 | c, 38, 0}},
		{0, false, []byte{0xB0 | c, 101, 127}}, {0, false, []byte{0xB0 | c, 100, 127}},
	}
	for _, k := range cs {
		tick := max(0, toTick(k.Start))
		switch k.Kind {
		case score.Bend:
			v := int(math.Round(8192 + min(1, max(-1, k.Value/BendRange))*8191))
			evs = append(evs, midiEvent{tick, false, []byte{0xE0 | c, byte(v & 0x7F), byte(v >> 7)}})
		case score.Modulation:
			evs = append(evs, midiEvent{tick, false, []byte{0xB0 | c, 1, ccValue(k.Value)}})
		case score.Expression:
			evs = append(evs, midiEvent{tick, false, []byte{0xB0 | c, 11, ccValue(k.Value)}})
		case score.Breath:
			evs = append(evs, midiEvent{tick, false, []byte{0xB0 | c, 2, ccValue(k.Value)}})
		}
	}
	return evs
}

// BendRange is the pitch-bend range, in semitones either way, a MIDI file
// sets on every channel with controls (the SoundFont players' range).
const BendRange = 24

func ccValue(v float64) byte { return byte(min(127, max(0, int(math.Round(v*127))))) }

// GMProgram returns the General MIDI program (0-based) the MIDI file
// gives instrument i, for other score views (MusicXML) to name the same
// sound.
func GMProgram(i score.Instrument) int { return int(gmPrograms[i]) }

// GMDrumKey returns the General MIDI percussion key the MIDI file plays
// drum d on (38, a snare, for a drum the table lacks).
func GMDrumKey(d score.Drum) int {
	if k, ok := gmDrums[d]; ok {
		return int(k)
	}
	return 38
}

// KeySignature returns the key signature of a key as the MIDI file writes
// it: the sharps (negative: flats) of its parent major scale, and whether
// it is written as a minor key.
func KeySignature(root int, mode string) (sharps int, minor bool) {
	sf, m := keySignature(root, mode)
	return int(sf), m == 1
}
