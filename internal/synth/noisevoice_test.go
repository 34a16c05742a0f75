package synth_test

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/fft"
	"github.com/songsmith/songsmith/internal/perform"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// noisyPhrase is a folk score (120 BPM) of one part of in playing two
// phrases of a 4-note line (a leap of a fifth in each: a guitar's position
// shift) with a beat's rest between them, performed as the players play
// it (perform.Apply writes its noises).
func noisyPhrase(t *testing.T, in score.Instrument, role score.Role) *score.Score {
	t.Helper()
	var notes []score.Note
	for _, start := range []float64{1, 6} {
		for k, p := range []int{67, 74, 72, 69} {
			notes = append(notes, score.Note{Start: start + float64(k), Length: 0.95, Pitch: p - 12*b2i(role == score.RoleChords), Velocity: 0.8})
		}
	}
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 12, TailSeconds: 1, Seed: 11, Genre: "folk", Mode: "major",
		Sections: []score.Section{{Name: "verse", StartBeat: 0, Bars: 3, Energy: 0.5}},
		Tracks:   []score.Track{{Name: string(in), Instrument: in, Role: role, Part: score.PartLead, Notes: notes}}}
	st, ok := style.Lookup("folk")
	if !ok {
		t.Fatal("no folk style")
	}
	return perform.Apply(s, &st)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// renderMono renders s dry, synthesized, as mono.
func renderMono(t *testing.T, s *score.Score) []float32 {
	t.Helper()
	o := synth.Options{Bank: synth.NoBank}
	if s.Tracks[0].Recorded {
		o = withBank(mustBank(t))
	}
	buf, err := synth.RenderDry(context.Background(), s, styled(s, o))
	if err != nil {
		t.Fatal(err)
	}
	l, r := channel(buf, 0), channel(buf, 1)
	for i := range l {
		l[i] = 0.5 * (l[i] + r[i])
	}
	return l
}

// bandPower is the power of x's 2048 frames from frame at between lo and
// hi Hz (Hann window).
func bandPower(x []float32, at int, lo, hi float64) float64 {
	const n = 2048
	c := make([]complex128, n)
	for i := range c {
		if at+i >= 0 && at+i < len(x) {
			w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/n)
			c[i] = complex(w*float64(x[at+i]), 0)
		}
	}
	fft.Transform(c, false)
	p := 0.0
	for k := int(lo * n / 44100); k <= int(hi*n/44100) && k < n/2; k++ {
		a := cmplx.Abs(c[k])
		p += a * a
	}
	return p
}

// noiseCase is a phrase of one instrument, the noises its player
// makes, and the band each kind of them is heard in above the notes.
type noiseCase struct {
	in    score.Instrument
	role  score.Role
	heard map[score.NoiseKind]heardIn
}

// heardIn is the band a noise is measured in (Hz) and whether it raises
// it by 3 dB or more against the synthesized and the recorded notes (a
// pick's click is measured in its first 5 ms instead, TestPickClickHeard;
// a squeak and a damper are under the bank's ringing guitar and piano).
type heardIn struct {
	lo, hi     float64
	synth, rec bool
}

var noiseCases = []noiseCase{
	{score.Flute, score.RoleLead, map[score.NoiseKind]heardIn{score.NoiseAir: {6000, 10000, false, true}, score.NoiseBreath: {3000, 10000, true, true}}},
	{score.Strings, score.RolePad, map[score.NoiseKind]heardIn{score.NoiseBow: {10000, 16000, true, true}}},
	{score.Guitar, score.RoleLead, map[score.NoiseKind]heardIn{score.NoisePick: {2000, 5000, false, false}, score.NoiseSqueak: {4000, 8000, true, false}}},
	{score.Piano, score.RoleChords, map[score.NoiseKind]heardIn{score.NoiseKey: {10000, 16000, false, true}, score.NoiseDamper: {4000, 8000, true, false}}},
}

// noiseRise is the median rise (dB), over the noises of kind k in s, of
// the power in band in the 2048 frames from just before each noise starts,
// with the noises (on) against without (off); a noise between the notes
// (a squeak, a damper) is measured where no note starts in the window.
func noiseRise(s *score.Score, on, off []float32, k score.NoiseKind, band [2]float64) float64 {
	var rr []float64
	between := k == score.NoiseDamper || k == score.NoiseSqueak // noises between the notes
	for _, n := range s.Tracks[0].Noises {
		at := int(s.BeatToSeconds(n.Start)*44100) - 256
		attack := slices.ContainsFunc(s.Tracks[0].Notes, func(x score.Note) bool {
			f := int(s.BeatToSeconds(x.Start) * 44100)
			return f >= at && f < at+2048
		})
		if n.Kind == k && !(between && attack) {
			rr = append(rr, 10*math.Log10(bandPower(on, at, band[0], band[1])/bandPower(off, at, band[0], band[1])))
		}
	}
	if len(rr) == 0 {
		return math.NaN()
	}
	slices.Sort(rr)
	return rr[len(rr)/2]
}

// TestNoisesHeard (issue 32 item 3): a flute's breath, a string section's
// bow, a guitar's pick and squeak and a piano's keys and dampers, as the
// players write them, sound under the notes: the noise alone (the render
// with the noises less the render without them, the track's chain being
// linear) peaks 20-45 dB under the notes' level, and the render is the
// same bits twice. Where a kind is heard (heardIn), it raises its band,
// above the notes' partials, by 3 dB or more where it sounds against the
// same render without it.
func TestNoisesHeard(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, rec := range []bool{false, true} {
		for _, c := range noiseCases {
			t.Run(fmt.Sprint(c.in, map[bool]string{false: "/synthesized", true: "/recorded"}[rec]), func(t *testing.T) {
				s := noisyPhrase(t, c.in, c.role)
				s.Tracks[0].Recorded = rec
				on := renderMono(t, s)
				if again := renderMono(t, s); !slices.Equal(on, again) {
					t.Error("two renders differ")
				}
				quiet := *s
				quiet.Tracks = slices.Clone(s.Tracks)
				quiet.Tracks[0].Noises = nil
				off := renderMono(t, &quiet)
				diff := make([]float32, len(on))
				for i := range on {
					diff[i] = on[i] - off[i]
				}
				a, b := int(s.BeatToSeconds(0.5)*44100), int(s.BeatToSeconds(10)*44100)
				peak := 0.0
				for i := a; i+441 < b; i += 441 {
					peak = max(peak, rms(diff[i:i+441]))
				}
				under := -20 * math.Log10(peak/rms(off[a:b]))
				t.Logf("the noise peaks (10 ms) %.1f dB under the notes", under)
				if under < 20 || under > 45 {
					t.Errorf("the noise peaks %.1f dB under the notes: want 20-45", under)
				}
				for k, h := range c.heard {
					rise := noiseRise(s, on, off, k, [2]float64{h.lo, h.hi})
					t.Logf("kind %d: %v-%v Hz %+.1f dB", k, h.lo, h.hi, rise)
					if math.IsNaN(rise) {
						t.Errorf("the performance wrote no noise of kind %d", k)
					} else if (rec && h.rec || !rec && h.synth) && rise < 3 {
						t.Errorf("kind %d raises %v-%v Hz by %.1f dB: want 3 or more", k, h.lo, h.hi, rise)
					}
				}
			})
		}
	}
}
