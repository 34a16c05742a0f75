package perform_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// midiEvent is one channel or meta event of a parsed MIDI file.
type midiEvent struct {
	track, tick int
	status      byte
	data        []byte // a meta event's type then its data
}

// midiEvents parses every event of a Standard MIDI File.
func midiEvents(tb testing.TB, data []byte) []midiEvent {
	tb.Helper()
	var out []midiEvent
	track := 0
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
			var ev []byte
			switch {
			case status == 0xFF:
				l := int(body[i+1])
				ev = body[i : i+2+l]
				i += 2 + l
			case status&0xF0 == 0xC0 || status&0xF0 == 0xD0:
				ev = body[i : i+1]
				i++
			default:
				ev = body[i : i+2]
				i += 2
			}
			out = append(out, midiEvent{track, tick, status, ev})
		}
		track++
	}
	return out
}

// midiOf writes s as a MIDI file and parses it back.
func midiOf(tb testing.TB, s *score.Score) []midiEvent {
	tb.Helper()
	var buf bytes.Buffer
	if err := music.WriteMIDI(&buf, s, "t"); err != nil {
		tb.Fatal(err)
	}
	return midiEvents(tb, buf.Bytes())
}

// tempoEvents returns the set-tempo events of a MIDI file as (tick, bpm).
func tempoEvents(evs []midiEvent) (ticks []int, bpms []float64) {
	for _, e := range evs {
		if e.status == 0xFF && e.data[0] == 0x51 {
			us := int(e.data[2])<<16 | int(e.data[3])<<8 | int(e.data[4])
			ticks, bpms = append(ticks, e.tick), append(bpms, 60e6/float64(us))
		}
	}
	return ticks, bpms
}

// phraseRanges returns, for each 4-bar phrase of s's sections before the
// final ritardando (the last three bars), how far the MIDI file's tempo moves
// inside it: max/min - 1.
func phraseRanges(s *score.Score, ticks []int, bpms []float64) []float64 {
	bar := float64(s.BeatsPerBar)
	q := 1.0 // quarters a score beat
	if s.Subdivision == 3 {
		q = 1.5
	}
	at := func(tick int) float64 {
		i := lastAt(ticks, tick)
		return bpms[i]
	}
	var out []float64
	for _, sec := range s.Sections {
		for ph := 0; ph+4 <= sec.Bars; ph += 4 {
			from := sec.StartBeat + float64(ph)*bar
			if from+4*bar > s.TotalBeats-3*bar {
				break
			}
			lo, hi := math.Inf(1), 0.0
			for b := from; b < from+4*bar; b++ {
				v := at(int(math.Round((b + 0.5) * q * music.MIDIDivision)))
				lo, hi = min(lo, v), max(hi, v)
			}
			out = append(out, hi/lo-1)
		}
	}
	return out
}

// lastAt is the index of the last tick at or before t.
func lastAt(ticks []int, t int) int {
	i, found := slices.BinarySearch(ticks, t)
	if !found {
		i--
	}
	return max(i, 0)
}

// TestTempoMap (issue 32 item 2): the MIDI file of a piano ballad, an
// ambient piece, a classical piece, a lullaby and a chant has tempo events
// that move 3-15 % inside each phrase, and every phrase start stays where
// the asked tempo puts it (the tempo heard is the tempo asked); a
// programmed style (techno) and a steady live style (rock) have one tempo.
func TestTempoMap(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, g := range []string{"sad piano ballad, 70 bpm", "calm ambient soundscape", "classical", "lullaby", "gregorian chant"} {
		for _, seed := range []uint64{1, 2} {
			c := music.Compose(reader.Parse(g+", 90 seconds"), seed)
			p := apply(c)
			ticks, bpms := tempoEvents(midiOf(t, p))
			r := phraseRanges(c, ticks, bpms)
			if len(r) == 0 {
				t.Fatalf("%s seed %d: no phrase measured", g, seed)
			}
			med := slices.Clone(r)
			slices.Sort(med)
			t.Logf("%s seed %d: %d tempo events, tempo range per phrase median %.1f %% (%.1f-%.1f)",
				g, seed, len(ticks), 100*med[len(med)/2], 100*med[0], 100*med[len(med)-1])
			if med[0] < 0.03 || med[len(med)-1] > 0.15 {
				t.Errorf("%s seed %d: the tempo moves %.1f-%.1f %% inside a phrase, want 3-15 %%", g, seed, 100*med[0], 100*med[len(med)-1])
			}
			for _, sec := range c.Sections {
				if sec.StartBeat > c.TotalBeats-3*float64(c.BeatsPerBar) {
					continue // the final ritardando
				}
				if d := (p.Clock(sec.StartBeat) - sec.StartBeat) * 60 / c.BPM; math.Abs(d) > 1e-6 {
					t.Errorf("%s seed %d: section %s starts %.4f s off the asked tempo's grid", g, seed, sec.Name, d)
				}
			}
		}
	}
	for _, g := range []string{"techno", "rock", "hip hop"} {
		c := music.Compose(reader.Parse(g+", 60 seconds"), 1)
		p := apply(c)
		if ticks, _ := tempoEvents(midiOf(t, p)); len(ticks) != 1 || len(p.Tempo) != 0 {
			t.Errorf("%s: %d tempo events, %d changes in the map: want one steady tempo", g, len(ticks), len(p.Tempo))
		}
	}
}

// TestLoopSteady: a loop keeps a steady tempo (its seam and length stay
// exact) in a style that otherwise breathes.
func TestLoopSteady(t *testing.T) {
	c := music.Compose(reader.Parse("calm ambient soundscape, 60 seconds"), 1)
	c.Loop = true
	if p := apply(c); len(p.Tempo) != 0 {
		t.Errorf("a loop has %d tempo changes, want none", len(p.Tempo))
	}
}

// TestTempoMapRoundTrip: the MIDI file's notes sit on the written grid
// (bar lines in a DAW follow the performance): a performed score with a
// tempo map has about as many note starts on the sixteenth grid of its
// file, before the scatter, as its written clock maps back; and the
// map's Clock and Written invert each other.
func TestTempoMapRoundTrip(t *testing.T) {
	c := music.Compose(reader.Parse("classical, 60 seconds"), 3)
	p := apply(c)
	if len(p.Tempo) == 0 {
		t.Fatal("classical: no tempo map")
	}
	for b := 0.0; b < c.TotalBeats+8; b += 0.37 {
		if w := p.Written(p.Clock(b)); math.Abs(w-b) > 1e-9 {
			t.Fatalf("Written(Clock(%v)) = %v", b, w)
		}
	}
	// Each tempo event's tick is its written beat.
	ticks, bpms := tempoEvents(midiOf(t, p))
	for i, ch := range p.Tempo[1:] {
		j := lastAt(ticks, int(math.Round(ch.Beat*music.MIDIDivision)))
		if math.Abs(bpms[j]-ch.BPM) > 0.01*ch.BPM {
			t.Fatalf("change %d at beat %v: %v bpm in the file, %v in the map", i+1, ch.Beat, bpms[j], ch.BPM)
		}
	}
}
