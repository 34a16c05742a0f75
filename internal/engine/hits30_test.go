package engine_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/notation"
	"github.com/songsmith/songsmith/internal/studio"
)

// hitLists are 30 hit lists as an editor sets them on a cut: a prompt, its
// tempo, and the gaps between hits in beats at that tempo (the first from
// the start), every gap at least edit.MinHitBeats, many under
// edit.MinHitBars bars (which land only with an odd bar).
func hitLists() []struct {
	prompt string
	bpm    float64
	hits   []edit.HitPoint
} {
	prompts := []string{"upbeat pop with drums", "cinematic trailer, epic", "house track", "sad piano ballad",
		"jazz waltz, brushes", "lo-fi hip hop", "folk guitar song", "energetic rock", "bossa nova", "a celtic jig in 6/8"}
	gaps := [][]float64{
		{6.5, 7.3, 9.1, 17.2},
		{13.7, 6.4, 6.9, 8.2, 11.5},
		{26.9, 7.7, 10.3},
		{9.4, 9.4, 6.6, 14.1},
		{7.1, 12.9, 6.3, 21.8},
		{17.7, 6.8, 7.6, 6.5},
	}
	kinds := []string{edit.HitAccent, edit.HitDrop, edit.HitStop, edit.HitAccent, edit.HitDrop}
	var out []struct {
		prompt string
		bpm    float64
		hits   []edit.HitPoint
	}
	for i := range 30 {
		bpm := 72 + float64((i*37)%80)
		g := gaps[i%len(gaps)]
		at := 0.0
		var hits []edit.HitPoint
		for j, beats := range g {
			at += beats * 60 / bpm
			k := kinds[(i+j)%len(kinds)]
			if j == len(g)-1 && i%3 == 0 {
				k = edit.HitEnd
			}
			hits = append(hits, edit.HitPoint{At: math.Round(at*1000) / 1000, Kind: k})
		}
		out = append(out, struct {
			prompt string
			bpm    float64
			hits   []edit.HitPoint
		}{prompts[i%len(prompts)], bpm, hits})
	}
	return out
}

// TestHitsThirtyLists is issue 31's Done-when for hit points: 30 hit
// lists (gaps from 6.3 beats up, in 4/4, 3/4 and 6/8) land every
// hit on a downbeat of the timeline within one audio block of the time
// asked, each tempo within edit.MaxTempoShift; the odd bars that land the
// close ones are the same in the timeline's meter changes (every bar's
// beats), the MIDI file's time signatures and the MusicXML's measures.
func TestHitsThirtyLists(t *testing.T) {
	odd := 0
	for i, l := range hitLists() {
		t.Run(fmt.Sprintf("%02d %s", i, l.prompt), func(t *testing.T) {
			comp, err := engine.Compose(engine.Resolve(l.prompt, uint64(i), engine.Options{Seconds: 75, BPM: l.bpm, Edits: []engine.Edit{{Hits: l.hits}}}))
			if err != nil {
				t.Fatal(err)
			}
			tl := studio.NewTimeline(comp.Score, comp.Score.Seconds())
			if len(tl.Hits) != len(l.hits) {
				t.Fatalf("%d hits in the timeline, want %d", len(tl.Hits), len(l.hits))
			}
			for j, h := range tl.Hits {
				if math.Abs(h.At-l.hits[j].At) > block || math.Abs(h.Moved) > block {
					t.Errorf("hit %d %+v: want it at %g within %.4f s", j, h, l.hits[j].At, block)
				}
				if !onDownbeat(tl, h.At) && h.Kind != edit.HitEnd {
					t.Errorf("hit %d at %g is no downbeat of the timeline", j, h.At)
				}
			}
			for _, ch := range tl.Tempo.Changes {
				if math.Abs(ch.BPM/tl.Tempo.BPM-1) > edit.MaxTempoShift+1e-9 {
					t.Errorf("tempo %g outside ±%g%% of %g", ch.BPM, 100*edit.MaxTempoShift, tl.Tempo.BPM)
				}
			}
			odd += len(comp.Written.OddBars)
			checkBars(t, tl, comp)
		})
	}
	if odd == 0 {
		t.Error("no list needed an odd bar: the close gaps are not close")
	}
	t.Logf("%d odd bars over the 30 lists", odd)
}

// onDownbeat reports whether time at is a downbeat of tl.
func onDownbeat(tl *studio.Timeline, at float64) bool {
	for _, d := range tl.Downbeats {
		if math.Abs(d-at) < 1e-6 {
			return true
		}
	}
	return false
}

// checkBars checks that the timeline's bars, the MIDI file's time
// signatures and the MusicXML's time changes agree: every bar of the
// timeline holds the beats its meter says, and the files change meter
// where the timeline does.
func checkBars(t *testing.T, tl *studio.Timeline, comp *engine.Composition) {
	t.Helper()
	meter := tl.Meter.BeatsPerBar
	next := 0
	beat := 0
	for i, d := range tl.Downbeats {
		for next < len(tl.Meter.Changes) && tl.Meter.Changes[next].At <= d+1e-6 {
			meter = tl.Meter.Changes[next].BeatsPerBar
			next++
		}
		for beat < len(tl.Beats) && tl.Beats[beat] < d-1e-6 {
			beat++
		}
		if beat >= len(tl.Beats) || math.Abs(tl.Beats[beat]-d) > 1e-6 {
			t.Fatalf("downbeat %d at %g is no beat", i, d)
		}
		if i+1 < len(tl.Downbeats) && (beat+meter >= len(tl.Beats) || math.Abs(tl.Beats[beat+meter]-tl.Downbeats[i+1]) > 1e-6) {
			t.Fatalf("bar %d (from %g s, %d beats by the meter changes %+v) does not end on the next downbeat", i+1, d, meter, tl.Meter.Changes)
		}
	}
	var mid bytes.Buffer
	if err := music.WriteMIDI(&mid, comp.Score, "t"); err != nil {
		t.Fatal(err)
	}
	if got := midiTimeSignatures(mid.Bytes()); got != 1+len(tl.Meter.Changes) {
		t.Errorf("the MIDI file has %d time signatures, the timeline %d meter changes", got, len(tl.Meter.Changes))
	}
	var xml bytes.Buffer
	if err := notation.Write(&xml, comp.Written, "t"); err != nil {
		t.Fatal(err)
	}
	times := len(regexp.MustCompile(`<time>`).FindAll(xml.Bytes(), -1))
	parts := len(regexp.MustCompile(`<part id=`).FindAll(xml.Bytes(), -1))
	if times != parts*(1+len(tl.Meter.Changes)) {
		t.Errorf("the MusicXML has %d time signatures in %d parts, the timeline %d meter changes", times, parts, len(tl.Meter.Changes))
	}
	measures := len(regexp.MustCompile(`<measure number=`).FindAll(xml.Bytes(), -1)) / max(parts, 1)
	if measures < len(tl.Downbeats) || measures > len(tl.Downbeats)+2 {
		t.Errorf("the MusicXML has %d measures a part, the timeline %d bars", measures, len(tl.Downbeats))
	}
}

// midiTimeSignatures counts the time signature meta events (FF 58 04) of
// a Standard MIDI File's first track.
func midiTimeSignatures(b []byte) int {
	if len(b) < 22 {
		return 0
	}
	n := int(binary.BigEndian.Uint32(b[18:22]))
	return bytes.Count(b[22:min(22+n, len(b))], []byte{0xFF, 0x58, 0x04})
}
