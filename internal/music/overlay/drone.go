package overlay

import (
	"math"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// DronePart is the drone's name in a style's Band.Recorded.
const DronePart = "drone"

// DroneLow is the lowest pitch of the octave a drone's root sits in (F#2,
// 92.5 Hz): its roots sound at 92.5-175 Hz, inside the octave a calm mix's
// body lives in (the 125 Hz band, 88-177 Hz; from E2, an E or F root fell
// under it), a pedal's fifth too (below the root where above would leave
// the band).
const DroneLow = 42

// Drone returns the style's low drone as a bass-register track (nil
// when the style has none or the prompt leaves its instrument out): a
// pedal on the tonic (and its fifth), or the chord roots bar by bar, held
// from the first bar to the last, tied across bars while the pitch stays,
// and shifted with the song's modulation.
func Drone(p plan.Plan, prof genre.Profile, secs []form.Section, k harmony.Key, mod form.Modulation) *score.Track {
	d := prof.Style.Band.Drone
	if d.Instrument == "" {
		return nil
	}
	if slices.Contains(p.Without, d.Instrument) {
		return nil
	}
	t := &score.Track{Name: "drone (" + string(d.Instrument) + ")", Instrument: d.Instrument, Role: score.RoleBass,
		Part: score.PartDrone, Notes: writeDrone(secs, k, d, mod)}
	t.Recorded = plan.AcousticInstrument(d.Instrument) && slices.Contains(prof.Style.Band.Recorded, DronePart)
	if len(t.Notes) == 0 {
		return nil
	}
	return t
}

// writeDrone writes a drone's notes: for every bar the pitches it holds
// (droneChord), one note per pitch, extended while the next bar holds it
// too; a section starts new notes, at its energy's velocity, and the
// song's last bar (the final, on its downbeat like the bass's).
func writeDrone(secs []form.Section, k harmony.Key, d style.Drone, mod form.Modulation) []score.Note {
	lo := DroneLow
	var notes []score.Note
	open := map[int]int{} // pitch -> index of its sounding note
	for i := range secs {
		s := &secs[i]
		v := 0.5 + 0.3*s.Energy
		clear(open)
		for b := 0; b < s.Bars; b++ {
			start := s.StartBeat + float64(s.Beats*b)
			shift := 0
			if i == mod.Index && b < s.Bars-len(s.Ending) {
				shift = mod.Shift
			}
			if i == len(secs)-1 && b == s.Bars-1 {
				clear(open)
			}
			now := map[int]int{}
			for _, pitch := range DroneChord(s.BarAt(b).C, k, d, lo) {
				pitch += shift
				if j, ok := open[pitch]; ok {
					notes[j].Length += float64(s.Beats)
					now[pitch] = j
					continue
				}
				now[pitch] = len(notes)
				notes = append(notes, score.Note{Start: start, Length: float64(s.Beats), Pitch: pitch, Velocity: v})
			}
			open = now
		}
	}
	return notes
}

// DroneChord returns the pitches a drone holds under chord c: the tonic
// (a pedal) or the chord's root in the octave from lo, and the fifth above
// it when the drone has one (below it, where above would leave that
// octave).
func DroneChord(c harmony.Chord, k harmony.Key, d style.Drone, lo int) []int {
	if d.Pedal {
		root := harmony.PlaceAbove(k.Root, lo)
		if d.Fifth && k.Steps[4] == 7 {
			// The fifth in the root's octave band, below the root where it
			// would leave it (a tanpura's low Pa): its fundamental then
			// fills the 125 Hz band with the root's, not the 250 Hz one.
			if root+7 >= lo+12 {
				return []int{root - 5, root}
			}
			return []int{root, root + 7}
		}
		return []int{root}
	}
	root := c.RootPitch(k, lo)
	if d.Fifth {
		f := c.FifthPitch(k, root)
		if f >= lo+12 {
			return []int{f - 12, root}
		}
		return []int{root, f}
	}
	return []int{root}
}

// Strike makes the drone's pulse (style.Drone.Strike) from the held drone
// of a song in beats-beat bars: the drone's pitches struck anew on every
// hit of the one-bar pattern, each sounding to the next hit, the song's
// final struck once and left to ring. Without a Struck instrument the
// drone itself is struck (its notes replaced) and Strike returns nil;
// with one it returns a second drone track of that instrument (nil when
// the prompt leaves that instrument out: the drone is then held). A
// style whose pulse breathes (style.Drone.Breathe) thins it by the song's
// sections secs (see breathing).
func Strike(p plan.Plan, prof genre.Profile, drone *score.Track, secs []form.Section, beats int) *score.Track {
	d := prof.Style.Band.Drone
	steps := strings.ReplaceAll(d.Strike, " ", "")
	if drone == nil || steps == "" || beats <= 0 || d.Struck != "" && slices.Contains(p.Without, d.Struck) {
		return nil
	}
	bars := func(int) string { return steps }
	if d.Breathe {
		bars = breathing(steps, secs)
	}
	struck := strikeNotes(drone.Notes, bars, float64(beats))
	if d.Struck == "" {
		drone.Notes = struck
		return nil
	}
	for i := range struck {
		struck[i].Pitch += 12 * d.StruckOctave
	}
	// Not a bass: struck over the drone, it may sit off centre.
	return &score.Track{Name: "drone (" + string(d.Struck) + ")", Instrument: d.Struck, Role: score.RoleChords,
		Part: score.PartDrone, Notes: struck,
		Recorded: plan.AcousticInstrument(d.Struck) && slices.Contains(prof.Style.Band.Recorded, DronePart)}
}

// strikeAccent is the velocity of a pattern step's hit ('x', 'o', '-'),
// relative to the drone's; 0 is a rest.
var strikeAccent = map[byte]float64{'x': 1, 'o': 0.8, '-': 0.55}

// strikeNotes strikes held notes (each starting on a bar line) on the
// hits of a one-bar pattern of steps in bars of beats beats; the notes
// starting last (the final) are kept whole. A pattern of 16 steps is in
// sixteenths, four a beat: a bar of three beats plays its first twelve.
func strikeNotes(held []score.Note, pattern func(bar int) string, beats float64) []score.Note {
	last := 0.0
	for _, n := range held {
		last = max(last, n.Start)
	}
	var out []score.Note
	for _, n := range held {
		end := n.Start + n.Length
		if n.Start >= last {
			out = append(out, n)
			continue
		}
		first := len(out)
		for bar := n.Start; bar < end-1e-9; bar += beats {
			steps := pattern(int(math.Round(bar / beats)))
			step := beats / float64(len(steps))
			if len(steps) == 16 {
				step = 0.25
				steps = steps[:min(len(steps), int(math.Round(beats*4)))]
			}
			for i := range len(steps) {
				a := strikeAccent[steps[i]]
				t := bar + float64(i)*step
				if a == 0 || t >= end-1e-9 {
					continue
				}
				if len(out) > first {
					out[len(out)-1].Length = t - out[len(out)-1].Start
				}
				out = append(out, score.Note{Start: t, Length: end - t, Pitch: n.Pitch, Velocity: n.Velocity * a})
			}
		}
	}
	ringThrough(out, pattern, beats)
	slices.SortStableFunc(out, func(a, b score.Note) int {
		switch {
		case a.Start < b.Start:
			return -1
		case a.Start > b.Start:
			return 1
		}
		return a.Pitch - b.Pitch
	})
	return out
}

// ringThrough lets a strike that ends where a bar without strikes begins
// (a breath, see breathing) ring through that bar: a plucked string is
// left to sound, not damped.
func ringThrough(notes []score.Note, pattern func(bar int) string, beats float64) {
	for i := range notes {
		end := notes[i].Start + notes[i].Length
		bar := math.Round(end / beats)
		if math.Abs(end-bar*beats) < 1e-9 && strings.Trim(pattern(int(bar)), ".") == "" {
			notes[i].Length += beats
		}
	}
}
