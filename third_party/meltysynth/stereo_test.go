package fork_test

import (
	"bufio"
	"math"
	"os"
	"testing"

	upstream "github.com/sinshu/go-meltysynth/meltysynth"
	"github.com/songsmith/songsmith/internal/soundfont/sftest"
	"github.com/songsmith/songsmith/internal/testutil"
	patched "github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// foldPairs finds the stereo pairs of sf that can sound as one voice (in an
// instrument, a region panned left and one panned right over the same keys
// and velocities, PairsWith), removes the right-hand regions from their
// instruments and returns left -> right.
func foldPairs(sf *patched.SoundFont) map[*patched.InstrumentRegion]*patched.InstrumentRegion {
	pairs := make(map[*patched.InstrumentRegion]*patched.InstrumentRegion)
	type zone struct{ k0, k1, v0, v1 int32 }
	for _, in := range sf.Instruments {
		byZone := make(map[zone][]*patched.InstrumentRegion)
		for _, r := range in.Regions {
			z := zone{r.GetKeyRangeStart(), r.GetKeyRangeEnd(), r.GetVelocityRangeStart(), r.GetVelocityRangeEnd()}
			byZone[z] = append(byZone[z], r)
		}
		drop := make(map[*patched.InstrumentRegion]bool)
		for _, rs := range byZone {
			if len(rs) != 2 {
				continue
			}
			l, r := rs[0], rs[1]
			if l.GetPan() > r.GetPan() {
				l, r = r, l
			}
			// Upstream chokes a pair's own half when it has an
			// exclusive class (a hi-hat): the right half's voice
			// takes over the left's. One voice plays both.
			if l.GetPan() < 0 && r.GetPan() > 0 && l.PairsWith(r) && l.GetExclusiveClass() == 0 {
				pairs[l] = r
				drop[r] = true
			}
		}
		kept := in.Regions[:0]
		for _, r := range in.Regions {
			if !drop[r] {
				kept = append(kept, r)
			}
		}
		in.Regions = kept
	}
	return pairs
}

// countingSynth counts the most voices the patched synthesizer sounds.
type countingSynth struct {
	*patched.Synthesizer
	most int
}

func (c *countingSynth) Render(l, r []float32) {
	c.Synthesizer.Render(l, r)
	c.most = max(c.most, c.Synthesizer.ActiveVoiceCount())
}

// TestStereoVoiceSameAsUpstreamPair plays the events of
// TestSameOutputAsUpstream (a piano chord and strings, whose FluidR3
// samples are stereo pairs, a bass and drums) through upstream, which
// sounds each pair as two voices, and through the patched copy with the
// pairs folded into one voice each (PlayStereoPairs, the right-hand
// regions taken out of the instruments): the same samples within 1e-6
// (5e-8 on amd64: the voices sum into the block, the chorus and the reverb
// in another order, and a stereo voice's filter subtracts its feedback
// terms in another order, processStereo), left and right different, and
// fewer voices. Pairs
// with an exclusive class (hi-hats) are left out: upstream's second half
// chokes its first (requestNew finds the voice just started), where one
// voice plays both.
func TestStereoVoiceSameAsUpstreamPair(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: stereo voices rendered beside upstream pairs")
	}
	path := sftest.Path()
	testutil.RequireFile(t, path, "make tools installs fluid-soundfont-gm")
	open := func() *bufio.Reader {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { fh.Close() })
		return bufio.NewReaderSize(fh, 1<<20)
	}
	usf, err := upstream.NewSoundFont(open())
	if err != nil {
		t.Fatal(err)
	}
	us, err := upstream.NewSynthesizer(usf, upstream.NewSynthesizerSettings(44100))
	if err != nil {
		t.Fatal(err)
	}
	want := play(us)

	newPatched := func(stereo bool) *countingSynth {
		sf, err := patched.NewSoundFont(open())
		if err != nil {
			t.Fatal(err)
		}
		var pairs map[*patched.InstrumentRegion]*patched.InstrumentRegion
		if stereo {
			pairs = foldPairs(sf)
			if len(pairs) < 500 {
				t.Fatalf("only %d stereo pairs play as one voice", len(pairs))
			}
		}
		s, err := patched.NewSynthesizer(sf, patched.NewSynthesizerSettings(44100))
		if err != nil {
			t.Fatal(err)
		}
		s.PlayStereoPairs(pairs)
		return &countingSynth{Synthesizer: s}
	}
	two, one := newPatched(false), newPatched(true)
	if got := play(two); len(got) != len(want) {
		t.Fatalf("rendered %d samples, upstream %d", len(got), len(want))
	}
	got := play(one)
	if len(got) != len(want) {
		t.Fatalf("rendered %d samples, upstream %d", len(got), len(want))
	}
	var diff, side, mid float64
	const block = 4410 // play's block: left, then right
	for i := range want {
		d := math.Abs(float64(got[i] - want[i]))
		if d > 1e-6 {
			t.Fatalf("sample %d: one voice a pair %v, upstream's two voices %v (voices %d, %d)", i, got[i], want[i], one.most, two.most)
		}
		diff = max(diff, d)
		if (i/block)%2 == 0 {
			l, r := float64(got[i]), float64(got[i+block])
			side += (l - r) * (l - r)
			mid += (l + r) * (l + r)
		}
	}
	if mid == 0 || side < mid/100 {
		t.Fatalf("side %.3g against mid %.3g: the pairs do not sound stereo", side, mid)
	}
	// The chord and the strings are pairs, the bass and most drums not.
	if one.most >= two.most || one.most < two.most/2 {
		t.Errorf("at most %d voices with pairs in one voice, %d with two", one.most, two.most)
	}
	t.Logf("voices at most: %d as pairs, %d as upstream; side/mid %.1f dB; max diff %g", one.most, two.most, 10*math.Log10(side/mid), diff)
}
