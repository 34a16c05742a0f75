package synth_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"strconv"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// enumValues returns the values of every string constant of type typ
// declared in internal/score/score.go, in source order: the tests below
// walk the enums as declared, so a value added there without a sound
// fails here.
func enumValues(t *testing.T, typ string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../score/score.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			id, ok := vs.Type.(*ast.Ident)
			if !ok || id.Name != typ {
				continue
			}
			for _, v := range vs.Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("%s constant %v is not a string literal", typ, vs.Names)
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, s)
			}
		}
	}
	if len(out) < 10 {
		t.Fatalf("found only %d %s values in score.go", len(out), typ)
	}
	return out
}

// renderScore renders s without the master bus and returns the samples.
func renderScore(t *testing.T, s *score.Score) []float32 {
	t.Helper()
	b, err := synth.RenderDry(context.Background(), s, styled(s, synth.Options{Unbalanced: true}))
	if err != nil {
		t.Fatal(err)
	}
	if !allFinite(b.Samples) {
		t.Fatal("non-finite samples")
	}
	return b.Samples
}

// hit renders one drum hit of a kit in a song in the given key root.
func hit(t *testing.T, kit score.Kit, d score.Drum, root int) []float32 {
	t.Helper()
	return renderScore(t, &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 4, TailSeconds: 0.5, Seed: 5,
		KeyRoot: root, Tracks: []score.Track{{Instrument: score.Drums, Kit: kit, Role: score.RoleDrums,
			Hits: []score.Hit{{Start: 0, Drum: d, Velocity: 0.9}}}}})
}

// thirdOctaves are the centre frequencies of the bands bandsDB uses.
var thirdOctaves = func() []float64 {
	var f []float64
	for c := 31.5; c < 17000; c *= math.Cbrt(2) {
		f = append(f, c)
	}
	return f
}()

// bandsDB returns the left channel's average power in third-octave bands
// (4096-point Hann frames, hop 2048), in dB relative to the loudest band
// and floored at -60 dB: a level-independent spectral fingerprint.
func bandsDB(x []float32) []float64 {
	const n = 4096
	l := left(x, 0, len(x)/2)
	pow := make([]float64, len(thirdOctaves))
	band := make([]int, n/2) // band of each bin, -1 outside
	for k := range band {
		f := float64(k) * 44100 / n
		band[k] = -1
		for b, c := range thirdOctaves {
			if f >= c/math.Pow(2, 1.0/6) && f < c*math.Pow(2, 1.0/6) {
				band[k] = b
				break
			}
		}
	}
	for s := 0; s+n <= len(l); s += n / 2 {
		for k, v := range spectrum(l[s : s+n]) {
			if b := band[k]; b >= 0 {
				pow[b] += v * v
			}
		}
	}
	top := 0.0
	for _, p := range pow {
		top = math.Max(top, p)
	}
	out := make([]float64, len(pow))
	for b, p := range pow {
		out[b] = math.Max(-60, 10*math.Log10(p/top+1e-12))
	}
	return out
}

// specDist is the RMS difference in dB of two band fingerprints.
func specDist(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		d := a[i] - b[i]
		s += d * d
	}
	return math.Sqrt(s / float64(len(a)))
}

// TestEveryInstrumentHasItsOwnSound renders a phrase on every instrument
// declared in score.go and checks it is audible and spectrally apart from
// every other instrument (an unknown instrument plays Pad, so a missing
// voice shows up as a copy of Pad).
func TestEveryInstrumentHasItsOwnSound(t *testing.T) {
	testutil.SkipRaceShort(t)
	names := enumValues(t, "Instrument")
	fp := map[string][]float64{}
	var order []string
	for _, name := range names {
		in := score.Instrument(name)
		if in == score.Drums {
			continue
		}
		x := renderScore(t, &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 4, TailSeconds: 0.5, Seed: 5,
			Tracks: []score.Track{{Instrument: in, Role: score.RoleLead, Notes: []score.Note{
				{Start: 0, Length: 1.5, Pitch: 55, Velocity: 0.8},
				{Start: 2, Length: 1.5, Pitch: 62, Velocity: 0.7}}}}})
		if p := peak(x); p < 0.01 {
			t.Errorf("%s: peak %.3g, silent", in, p)
			continue
		}
		fp[name] = bandsDB(x)
		order = append(order, name)
	}
	minD, pair := math.Inf(1), ""
	for i, a := range order {
		for _, b := range order[i+1:] {
			d := specDist(fp[a], fp[b])
			if d < minD {
				minD, pair = d, a+"/"+b
			}
			if d < 1.5 {
				t.Errorf("%s and %s sound alike: spectral distance %.2f dB", a, b, d)
			}
		}
	}
	t.Logf("%d instruments, closest pair %s at %.2f dB", len(order), pair, minD)
}

// TestEveryDrumInEveryKit renders every drum declared in score.go in every
// kit: each is audible, and in the acoustic kit every drum is apart from
// the snare (the sound an unknown drum falls back to).
func TestEveryDrumInEveryKit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every drum of every kit rendered")
	}
	drums := enumValues(t, "Drum")
	kits := enumValues(t, "Kit")
	snare := bandsDB(hit(t, score.KitAcoustic, score.Snare, 0))
	for _, k := range kits {
		for _, d := range drums {
			x := hit(t, score.Kit(k), score.Drum(d), 0)
			if p := peak(x); p < 0.02 {
				t.Errorf("%s %s: peak %.3g, silent", k, d, p)
			}
			if score.Kit(k) != score.KitAcoustic || score.Drum(d) == score.Snare {
				continue
			}
			if dist := specDist(bandsDB(x), snare); dist < 3 {
				t.Errorf("%s sounds like the snare: spectral distance %.2f dB", d, dist)
			}
		}
	}
}

// groove is two bars of a drum pattern over the common drum names.
func groove() []score.Hit {
	var h []score.Hit
	for bar := range 2 {
		b := float64(4 * bar)
		for beat := range 4 {
			t := b + float64(beat)
			h = append(h, score.Hit{Start: t, Drum: score.ClosedHat, Velocity: 0.6},
				score.Hit{Start: t + 0.5, Drum: score.ClosedHat, Velocity: 0.5})
			if beat%2 == 0 {
				h = append(h, score.Hit{Start: t, Drum: score.Kick, Velocity: 0.95})
			} else {
				h = append(h, score.Hit{Start: t, Drum: score.Snare, Velocity: 0.85})
			}
		}
		h = append(h, score.Hit{Start: b + 3.5, Drum: score.OpenHat, Velocity: 0.6},
			score.Hit{Start: b + 1, Drum: score.Clap, Velocity: 0.5},
			score.Hit{Start: b + 2.5, Drum: score.TomMid, Velocity: 0.6},
			score.Hit{Start: b + 3.75, Drum: score.Rim, Velocity: 0.6})
	}
	return append(h, score.Hit{Start: 0, Drum: score.Crash, Velocity: 0.7},
		score.Hit{Start: 4, Drum: score.Ride, Velocity: 0.6})
}

// TestKitsDistinct plays one groove on every kit declared in score.go and
// checks that each kit is spectrally apart from the acoustic kit and from
// every other kit.
func TestKitsDistinct(t *testing.T) {
	testutil.SkipRaceShort(t)
	kits := enumValues(t, "Kit")
	fp := make([][]float64, len(kits))
	for i, k := range kits {
		x := renderScore(t, &score.Score{BPM: 110, BeatsPerBar: 4, TotalBeats: 8, TailSeconds: 1, Seed: 3,
			KeyRoot: 2, Tracks: []score.Track{{Instrument: score.Drums, Kit: score.Kit(k), Role: score.RoleDrums,
				Hits: groove()}}})
		fp[i] = bandsDB(x)
	}
	for i := range kits {
		for j := i + 1; j < len(kits); j++ {
			d := specDist(fp[i], fp[j])
			t.Logf("%-10s %-10s %5.2f dB", kits[i], kits[j], d)
			if d < 1.5 {
				t.Errorf("kits %s and %s sound alike: spectral distance %.2f dB", kits[i], kits[j], d)
			}
		}
	}
}
