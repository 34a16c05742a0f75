package soundfont

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// TestStereoPlayerOneVoice: a stereo player sounds each stereo sample pair
// of FluidR3's piano and strings as one voice and renders what two voices
// a pair (the whole bank, each half panned where the bank puts it) render:
// its left channel is the left samples, its right channel the right
// samples, and the two differ. The mono player (left halves folded) still
// renders the left channel alone, as before.
func TestStereoPlayerOneVoice(t *testing.T) {
	testutil.SkipRaceShort(t)
	path := testutil.RequireFile(t, DebianPath, "make tools installs fluid-soundfont-gm")
	b, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	whole, _, _, err := parse(f) // every region: two voices a pair
	if err != nil {
		t.Fatal(err)
	}
	openFilters(whole)
	brightenFilters(whole)
	for _, program := range []int{0, 48} {
		two, err := b.newPlayer(whole, 64)
		if err != nil {
			t.Fatal(err)
		}
		one, err := b.NewStereoPlayer(64)
		if err != nil {
			t.Fatal(err)
		}
		mono, err := b.NewPlayer(64)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []*Player{two, one, mono} {
			if err := p.Program(b, 0, 0, program); err != nil {
				t.Fatal(err)
			}
			for _, k := range []int{48, 60, 64, 67} {
				p.NoteOn(0, k, 0.8)
			}
		}
		const n = 22050
		l2, r2 := make([]float32, n), make([]float32, n)
		l1, r1 := make([]float32, n), make([]float32, n)
		m := make([]float32, n)
		voices := [2]int{}
		for pos := 0; pos < n; pos += 441 {
			if pos == n/2 {
				for _, p := range []*Player{two, one, mono} {
					for _, k := range []int{48, 60, 64, 67} {
						p.NoteOff(0, k)
					}
				}
			}
			two.syn.Render(l2[pos:pos+441], r2[pos:pos+441])
			one.syn.Render(l1[pos:pos+441], r1[pos:pos+441])
			mono.Render(m[pos : pos+441])
			voices[0] = max(voices[0], two.syn.ActiveVoiceCount())
			voices[1] = max(voices[1], one.syn.ActiveVoiceCount())
		}
		var diff, monoDiff, side, mid float64
		for i := range l2 {
			diff = max(diff, math.Abs(float64(l1[i]-l2[i])), math.Abs(float64(r1[i]-r2[i])))
			monoDiff = max(monoDiff, math.Abs(2*float64(m[i])-float64(l2[i])))
			side += float64(l1[i]-r1[i]) * float64(l1[i]-r1[i])
			mid += float64(l1[i]+r1[i]) * float64(l1[i]+r1[i])
		}
		t.Logf("preset 0:%d: voices %d as pairs, %d as halves; largest difference %.2g (mono %.2g); side/mid %.1f dB",
			program, voices[1], voices[0], diff, monoDiff, 10*math.Log10(side/mid))
		if diff > 1e-6 {
			t.Errorf("preset 0:%d: one voice a pair differs from two voices by %g", program, diff)
		}
		if monoDiff > 1e-6 {
			t.Errorf("preset 0:%d: the mono player differs from the left halves by %g", program, monoDiff)
		}
		if voices[1] == 0 || 2*voices[1] > voices[0]+2 {
			t.Errorf("preset 0:%d: %d voices as pairs, %d as halves: want about half", program, voices[1], voices[0])
		}
		if mid == 0 || side < mid/1000 {
			t.Errorf("preset 0:%d: side %.3g against mid %.3g: left and right alike", program, side, mid)
		}
	}
}

// TestPairKeys: the pair keys worked out once per load group FluidR3's
// regions as the name-and-range strings of the first implementation did
// (two regions share a key exactly when their strings match), and the
// pairs found stay what those strings found (923 pairs played as one
// voice, 112 presets with pairs).
func TestPairKeys(t *testing.T) {
	path := testutil.RequireFile(t, DebianPath, "make tools installs fluid-soundfont-gm")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sf, _, _, err := parse(f)
	if err != nil {
		t.Fatal(err)
	}
	openFilters(sf) // as Load does
	keys := newPairKeys(sf)
	byID := map[pairID]string{}
	byStr := map[string]pairID{}
	halves, rights := 0, 0
	for _, in := range sf.Instruments {
		for i, r := range in.Regions {
			k := keys.of(in)[i]
			base, side := pairKey(r)
			if side != k.side {
				t.Fatalf("%s: side %c, key %c", r.Sample.Name, side, k.side)
			}
			if side == 0 {
				continue
			}
			halves++
			if side == 'R' {
				rights++
			}
			str := fmt.Sprintf("%s|%d-%d|%d-%d", base, r.GetKeyRangeStart(), r.GetKeyRangeEnd(),
				r.GetVelocityRangeStart(), r.GetVelocityRangeEnd())
			if s, ok := byID[k.id]; ok && s != str {
				t.Fatalf("key %v names %q and %q", k.id, s, str)
			}
			if id, ok := byStr[str]; ok && id != k.id {
				t.Fatalf("%q has keys %v and %v", str, id, k.id)
			}
			byID[k.id], byStr[str] = str, k.id
		}
	}
	partner := pairVoices(sf, keys)
	_, pairs := foldStereo(sf, keys, nil)
	if len(partner) != 923 || len(pairs) != 112 {
		t.Errorf("%d halves (%d right), %d pairs as one voice, %d presets with pairs: want 923 and 112",
			halves, rights, len(partner), len(pairs))
	}
}
