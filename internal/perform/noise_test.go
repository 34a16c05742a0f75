package perform_test

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/perform"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// noisyBand is a folk score (100 BPM, 3 bars) of a flute, a guitar and a
// piano playing a line of leaps in two phrases (from beats 1 and 6) with
// a rest between them, strings holding a chord a bar and a bass walking
// in steps.
func noisyBand() *score.Score {
	line := func(oct int) []score.Note {
		var ns []score.Note
		for _, start := range []float64{1, 6} {
			for k, p := range []int{67, 74, 72, 79} {
				ns = append(ns, score.Note{Start: start + float64(k), Length: 0.95, Pitch: p + 12*oct, Velocity: 0.8})
			}
		}
		return ns
	}
	var walk []score.Note // a bass walking in steps, each note touching the next
	for k, p := range []int{40, 42, 44, 45, 47, 45, 44, 42, 40, 38, 40} {
		walk = append(walk, score.Note{Start: float64(k), Length: 1, Pitch: p, Velocity: 0.8})
	}
	var pad []score.Note
	for b := 0.0; b < 12; b += 4 {
		for _, p := range []int{55, 59, 62} {
			pad = append(pad, score.Note{Start: b, Length: 3.9, Pitch: p, Velocity: 0.7})
		}
	}
	return &score.Score{BPM: 100, BeatsPerBar: 4, TotalBeats: 12, TailSeconds: 1, Seed: 5, Genre: "folk", Mode: "major",
		Sections: []score.Section{{Name: "verse", StartBeat: 0, Bars: 3, Energy: 0.5}},
		Tracks: []score.Track{
			{Name: "flute", Instrument: score.Flute, Role: score.RoleLead, Part: score.PartLead, Notes: line(0)},
			{Name: "guitar", Instrument: score.Guitar, Role: score.RoleArp, Part: score.PartArp, Notes: line(-1)},
			{Name: "piano", Instrument: score.Piano, Role: score.RoleChords, Part: score.PartChords, Notes: line(-1)},
			{Name: "strings", Instrument: score.Strings, Role: score.RolePad, Part: score.PartPad, Notes: pad},
			{Name: "bass", Instrument: score.Bass, Role: score.RoleBass, Part: score.PartBass, Notes: walk},
		}}
}

// count is how many of a track's noises are of kind k.
func count(t *score.Track, k score.NoiseKind) int {
	n := 0
	for _, x := range t.Noises {
		if x.Kind == k {
			n++
		}
	}
	return n
}

// TestNoisesPlayed (issue 32 item 3): the players write their noises: the
// flute an inhale before each phrase and air at each attack, the guitar a
// click at each attack and squeaks on position shifts, the piano a key at
// each attack and dampers at releases, the strings a bow at each chord
// (its notes struck together are one attack), the bass a squeak along
// each slide; the same noises again from
// the same score. The MIDI file carries the flute's breath controller
// (CC 2: air in each phrase, none between them), the inhales as General
// MIDI Breath Noise (program 121) and the squeaks as Guitar Fret Noise
// (120), each on a channel of its own that no part uses.
func TestNoisesPlayed(t *testing.T) {
	st := style.Must("folk")
	s := perform.Apply(noisyBand(), &st)
	if again := perform.Apply(noisyBand(), &st); !slices.EqualFunc(s.Tracks, again.Tracks, func(a, b score.Track) bool { return slices.Equal(a.Noises, b.Noises) }) {
		t.Error("the same score performs other noises")
	}
	fl, gt, pn, str := &s.Tracks[0], &s.Tracks[1], &s.Tracks[2], &s.Tracks[3]
	for _, c := range []struct {
		tr   *score.Track
		kind score.NoiseKind
		want int // -1: some
	}{
		{fl, score.NoiseBreath, 2}, {fl, score.NoiseAir, 8}, {gt, score.NoisePick, 8}, {gt, score.NoiseSqueak, -1},
		{pn, score.NoiseKey, 8}, {pn, score.NoiseDamper, 8}, {str, score.NoiseBow, 3},
	} {
		if n := count(c.tr, c.kind); c.want >= 0 && n != c.want || c.want < 0 && n == 0 {
			t.Errorf("%s: %d noises of kind %d, want %d", c.tr.Name, n, c.kind, c.want)
		}
	}
	for _, x := range fl.Noises {
		if x.Kind == score.NoiseBreath && !slices.ContainsFunc(fl.Notes, func(n score.Note) bool { return isNear(n.Start, x.Start+x.Length) }) {
			t.Errorf("an inhale at %.2f-%.2f does not end on a note", x.Start, x.Start+x.Length)
		}
	}
	// Each slide the bass player bends (from the previous note's pitch)
	// squeaks from the note's start; the players slide at random, so over
	// a few seeds.
	slides := 0
	for seed := uint64(1); seed <= 30 && slides < 3; seed++ {
		b := noisyBand()
		b.Seed = seed
		slides += slideSqueaks(t, &perform.Apply(b, &st).Tracks[4])
	}
	if slides == 0 {
		t.Error("the walking bass never slides: the test checks no slide's squeak")
	}
	evs := midiOf(t, s)
	used := map[byte]bool{}
	breathCC, zeroCC := 0, 0
	programs := map[byte]byte{} // channel -> program
	ons := map[byte]int{}       // note-ons per channel
	for _, e := range evs {
		ch := e.status & 0x0F
		switch e.status & 0xF0 {
		case 0xC0:
			programs[ch] = e.data[0]
		case 0x90:
			ons[ch]++
			if e.track <= len(s.Tracks) {
				used[ch] = true
			}
		case 0xB0:
			if e.data[0] == 2 && int(e.track) == 1 { // the flute's track
				breathCC++
				if e.data[1] == 0 {
					zeroCC++
				}
			}
		}
	}
	if breathCC < 8 || zeroCC < 2 {
		t.Errorf("the flute's breath controller: %d CC 2 events, %d at none; want one an attack and none after each phrase", breathCC, zeroCC)
	}
	for _, w := range []struct {
		program byte
		want    int
	}{{121, count(fl, score.NoiseBreath)}, {120, count(gt, score.NoiseSqueak)}} {
		found := false
		for ch, p := range programs {
			if p == w.program && !used[ch] {
				found = true
				if ons[ch] != w.want {
					t.Errorf("program %d on channel %d plays %d notes, want %d", w.program, ch+1, ons[ch], w.want)
				}
			}
		}
		if !found {
			t.Errorf("no spare channel plays GM program %d", w.program)
		}
	}
}

// slideSqueaks checks that each slide of a performed bass line (a bend
// from the previous note's pitch at a note's start) has its squeak, and
// returns how many slides it has.
func slideSqueaks(t *testing.T, bs *score.Track) int {
	t.Helper()
	slides := 0
	for i := 1; i < len(bs.Notes); i++ {
		n, step := bs.Notes[i], bs.Notes[i].Pitch-bs.Notes[i-1].Pitch
		if !slices.ContainsFunc(bs.Controls, func(c score.Control) bool {
			return c.Kind == score.Bend && isNear(c.Start, n.Start) && c.Value == float64(-step)
		}) {
			continue
		}
		slides++
		if !slices.ContainsFunc(bs.Noises, func(x score.Noise) bool { return x.Kind == score.NoiseSqueak && isNear(x.Start, n.Start) }) {
			t.Errorf("the bass slides into its note at %.2f without a squeak", n.Start)
		}
	}
	return slides
}

func isNear(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }
