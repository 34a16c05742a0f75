package music

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/music/overlay"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// lowStyles are the calm styles without a kit whose body under 200 Hz is a
// drone or an ison (issue 18: their 125 Hz band sat 10-15 dB under the
// calm references' without one).
var lowStyles = []plan.Genre{"ambient", "meditation", "dark ambient", "gregorian chant"}

// lowPart reports the share of a song's bars in which a pitched part
// sounds a note whose fundamental lies in the 125 Hz octave band
// (88-177 Hz: MIDI 41-53, E2 counted for its second harmonic), and the
// tracks that do.
func lowPart(s *score.Score) (share float64, tracks []*score.Track) {
	beats := float64(s.BeatsPerBar)
	on := make([]bool, int(math.Round(s.TotalBeats/beats)))
	for i := range s.Tracks {
		t := &s.Tracks[i]
		low := false
		for _, x := range t.Notes {
			if t.Role == score.RoleDrums || x.Pitch < 40 || x.Pitch > 53 {
				continue
			}
			low = true
			for b := int(x.Start / beats); b <= int((x.Start+x.Length-1e-6)/beats) && b < len(on); b++ {
				on[b] = true
			}
		}
		if low {
			tracks = append(tracks, t)
		}
	}
	return float64(count(on)) / float64(len(on)), tracks
}

// TestLowRegister checks that the calm drone styles have a part in the low
// register through nearly the whole song (a drone, a pedal or an ison from
// the catalogue: style.Band.Drone, a choir bass), and that it is in tune
// with the harmony: each of its notes is a tone of the chord sounding at
// its start, or the key's tonic or fifth (a pedal).
func TestLowRegister(t *testing.T) {
	for _, g := range lowStyles {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/%d", g, seed), func(t *testing.T) {
				s, secs, k := compose(reader.Parse(string(g)+", 60 seconds"), seed)
				share, tracks := lowPart(s)
				if share < 0.9 {
					t.Errorf("a part in the 125 Hz octave sounds in %.0f%% of the bars, want >= 90%%", 100*share)
				}
				bars := songBars(secs)
				for _, tr := range tracks {
					for _, x := range tr.Notes {
						b := min(len(bars)-1, int(x.Start/float64(s.BeatsPerBar)))
						at := x.Start - bars[b].start
						pc := ((x.Pitch-k.Root)%12 + 12) % 12
						// The chord at the note's start, or the one it anticipates.
						if !bars[b].h.At(at).Has(k, x.Pitch) && !bars[b].h.At(at+0.5).Has(k, x.Pitch) && pc != 0 && pc != k.Steps[4] {
							t.Errorf("%s: pitch %d at beat %.1f is neither a tone of the chord nor the tonic or fifth", tr.Name, x.Pitch, x.Start)
						}
					}
				}
			})
		}
	}
}

// TestPedalInBand checks that a pedal drone (and its fifth) sounds in the
// 125 Hz octave band (F#2-F3, 92-175 Hz) in every key: the fifth goes
// below the root where above it would leave the band (a tanpura's low Pa).
func TestPedalInBand(t *testing.T) {
	for root := range 12 {
		k := harmony.NewKey(root, "major")
		got := overlay.DroneChord(harmony.Chord{}, k, style.Drone{Instrument: score.Pad, Pedal: true, Fifth: true}, overlay.DroneLow)
		if len(got) != 2 || ((got[0]-root)%12+12)%12 != 0 && ((got[1]-root)%12+12)%12 != 0 {
			t.Errorf("key %d: pedal %v, want the tonic and its fifth", root, got)
		}
		for _, p := range got {
			if hz := 440 * math.Exp2(float64(p-69)/12); hz < 88.4 || hz > 176.8 {
				t.Errorf("key %d: pedal pitch %d (%.1f Hz) outside the 125 Hz band", root, p, hz)
			}
		}
		if d := got[1] - got[0]; d != 7 && d != 5 {
			t.Errorf("key %d: pedal %v is not an open fifth or fourth", root, got)
		}
	}
}

// TestDronePulse checks that the calm styles without a kit are heard at
// their tempo (issue 30 item 4, issue 32 item 2): the drone is struck on
// every beat of every bar it plays but the last (a tanpura plucked round,
// a harp giving the final, a harp's pulse over an ambient piece's held
// strings; style.Drone.Strike), the downbeat loudest, while a part still
// holds the 125 Hz octave (TestLowRegister); the slowest (meditation,
// chant) on every eighth too, so both trackers hear one pulse, twice the
// tempo. Where the pulse breathes (style.Drone.Breathe: not in dark
// ambient) it plays the whole intro, rests at least one bar at a phrase
// end inside the piece (TestDroneBreathes) and keeps the beats, not the
// eighths, in the outro.
func TestDronePulse(t *testing.T) {
	eighths := map[plan.Genre]bool{"meditation": true, "gregorian chant": true, "ambient": true}
	for _, g := range []plan.Genre{"meditation", "dark ambient", "gregorian chant", "ambient"} {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/%d", g, seed), func(t *testing.T) {
				s, _, _ := compose(reader.Parse(string(g)+", 60 seconds"), seed)
				onsets := droneOnsets(t, s)
				bpb := float64(s.BeatsPerBar)
				last := s.TotalBeats - bpb
				outro := s.Sections[len(s.Sections)-1].StartBeat
				rests := 0
				for bar := 0.0; bar < last; bar += bpb {
					if !struckIn(onsets, bar, bar+bpb) {
						if bar < s.Sections[1].StartBeat {
							t.Errorf("the intro's bar at beat %.0f rests: the pulse is heard from the first bar", bar)
						}
						rests++
						continue
					}
					for b := bar; b < bar+bpb; b++ {
						if _, ok := onsets[b+0.5]; eighths[g] && !ok && b < outro {
							t.Errorf("no drone strike on the eighth after beat %.0f", b)
						}
						v, ok := onsets[b]
						if !ok {
							t.Fatalf("no drone strike on beat %.0f of %.0f", b, last)
						}
						if b != bar && v >= onsets[bar] {
							t.Errorf("beat %.0f struck at %.2f, not under its downbeat's %.2f", b, v, onsets[bar])
						}
					}
				}
				if breathes := g != "dark ambient"; breathes != (rests > 0) {
					t.Errorf("%d of %.0f bars rest, want rests %v", rests, last/bpb, breathes)
				}
				if rests*5 > int(last/bpb)*2 {
					t.Errorf("%d of %.0f bars rest: the pulse is gone, not breathing", rests, last/bpb)
				}
			})
		}
	}
}

// droneOnsets returns the beats a song's drone is struck on (the struck
// track's, where one strikes a held drone), each with its loudest
// strike, and checks that every strike but the final's
// rings to the next.
func droneOnsets(t *testing.T, s *score.Score) map[float64]float64 {
	t.Helper()
	onsets := map[float64]float64{} // beat -> loudest strike there
	struck := false                 // a second track strikes a held drone
	for _, tr := range s.Tracks {
		struck = struck || tr.Part == score.PartDrone && tr.Role != score.RoleBass
	}
	for _, tr := range s.Tracks {
		if tr.Part != score.PartDrone || struck && tr.Role == score.RoleBass {
			continue
		}
		for _, x := range tr.Notes {
			if x.Length < 0.5 && x.Start < s.TotalBeats-float64(s.BeatsPerBar) {
				t.Errorf("%s: a strike at beat %.2f lasts %.2f beats, want it to ring to the next", tr.Name, x.Start, x.Length)
			}
			onsets[x.Start] = max(onsets[x.Start], x.Velocity)
		}
	}
	return onsets
}

// struckIn reports whether onsets holds a strike in [from, to).
func struckIn(onsets map[float64]float64, from, to float64) bool {
	for b := range onsets {
		if b >= from && b < to {
			return true
		}
	}
	return false
}
