package soundfont_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont"
)

// BenchmarkPlayer plays 20 s of piano chords (four notes each half second,
// held to the next) and a strings pad (a chord every two seconds) on a mono
// player and on a stereo player (FluidR3's piano and strings are stereo
// pairs, one voice each on a stereo player): the cost of a stereo part
// against a mono one (x_realtime: audio seconds per second).
func BenchmarkPlayer(b *testing.B) {
	chords := [][]int{{60, 64, 67, 72}, {57, 60, 64, 69}, {53, 57, 60, 65}, {55, 59, 62, 67}}
	benchPlayers(b, 32, soundfont.SampleRate/2, 1, 0, 48, func(pl *soundfont.Player, step int, render func()) {
		c := chords[step/2%len(chords)]
		if step > 0 {
			for _, k := range chords[(step-1)/2%len(chords)] {
				pl.NoteOff(0, k)
			}
		}
		for _, k := range c {
			pl.NoteOn(0, k, 0.7)
		}
		if step%4 == 0 {
			if step > 0 {
				for _, k := range chords[(step-4)/2%len(chords)] {
					pl.NoteOff(1, k-12)
				}
			}
			for _, k := range c {
				pl.NoteOn(1, k-12, 0.6)
			}
		}
		render()
	})
}

// BenchmarkKit plays 20 s of a rock beat on FluidR3's standard kit (kick
// and snare on the beats, closed hats on the eighths, an open hat and a
// crash each bar, every hit released after 0.1 s as the engine does) on a
// mono player and on a stereo player (the kit's hits are stereo pairs):
// the cost of a stereo kit against a mono one.
func BenchmarkKit(b *testing.B) {
	var held []int
	benchPlayers(b, 64, soundfont.SampleRate/20, soundfont.PercussionChannel, soundfont.PercussionBank, 0, func(pl *soundfont.Player, s int, render func()) {
		if s == 0 {
			held = held[:0]
		}
		if s%5 == 2 { // 0.1 s after the last eighth
			for _, k := range held {
				pl.NoteOff(soundfont.PercussionChannel, k)
			}
			held = held[:0]
		}
		if s%5 == 0 { // an eighth at 120 bpm is 0.25 s
			eighth := s / 5
			hits := []int{42}
			switch eighth % 8 {
			case 0:
				hits = append(hits, 36, 49)
			case 4:
				hits = append(hits, 36)
			case 2, 6:
				hits = append(hits, 38)
			case 7:
				hits = []int{46}
			}
			for _, k := range hits {
				pl.NoteOn(soundfont.PercussionChannel, k, 0.8)
			}
			held = append(held, hits...)
		}
		render()
	})
}

// benchPlayers runs play for 20 s of audio in blocks of block frames, on a
// mono and on a stereo player of the given polyphony with program prog of
// bank bnk on channel ch: play is called once a block (step counts the
// blocks from 0) and renders the block with render. It reports the speed
// as x_realtime.
func benchPlayers(b *testing.B, polyphony, block, ch, bnk, prog int, play func(pl *soundfont.Player, step int, render func())) {
	bank := mustLoad(b)
	for _, mode := range []struct {
		name   string
		stereo bool
	}{{"mono", false}, {"stereo", true}} {
		b.Run(mode.name, func(b *testing.B) {
			const seconds = 20
			mid := make([]float32, block)
			side := make([]float32, len(mid))
			total := 0.0
			for b.Loop() {
				newPlayer := bank.NewPlayer
				if mode.stereo {
					newPlayer = bank.NewStereoPlayer
				}
				pl, err := newPlayer(polyphony)
				if err != nil {
					b.Fatal(err)
				}
				if err := pl.Program(bank, ch, bnk, prog); err != nil {
					b.Fatal(err)
				}
				render := func() {
					if mode.stereo {
						pl.RenderMidSide(mid, side)
					} else {
						pl.Render(mid)
					}
				}
				for step := range seconds * soundfont.SampleRate / block {
					play(pl, step, render)
				}
				total += seconds
			}
			b.ReportMetric(total/b.Elapsed().Seconds(), "x_realtime")
		})
	}
}
