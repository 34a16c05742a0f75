package engine_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
)

// groups are three families of genres that must sound measurably different.
var groups = map[string][]music.Genre{
	"calm": {music.Ambient, music.Classical},
	"club": {music.Techno, music.House, music.Trance},
	"band": {music.Rock, music.Metal},
}

// measured says which genres' features TestStyles keeps for TestGenresDiffer.
var measured = map[string]bool{}

func init() {
	for _, gs := range groups {
		for _, g := range gs {
			measured[string(g)] = true
		}
	}
}

// featuresOf returns the features of a rendered prompt, rendering it unless
// TestStyles already did.
func featuresOf(t *testing.T, prompt string, seed uint64) features {
	key := fmt.Sprintf("%s#%d", prompt, seed)
	featMu.Lock()
	f, ok := featCache[key]
	featMu.Unlock()
	if !ok {
		f = measure(renderSong(t, prompt, seed).Audio)
	}
	return f
}

// TestGenresDiffer shows that genres are measurably different: with onset
// density and spectral centroid (log scale), every song of three contrasting
// groups (calm ambient/classical, club techno/house/trance, band
// rock/metal/punk-ish) lies nearer to its own group's centre than to any
// other group's.
func TestGenresDiffer(t *testing.T) {
	names := []string{"calm", "club", "band"}
	point := func(f features) [2]float64 { return [2]float64{math.Log2(f.Onsets + 0.5), math.Log2(f.Centroid)} }
	pts := map[string][][2]float64{}
	centre := map[string][2]float64{}
	for _, name := range names {
		for _, g := range groups[name] {
			f := featuresOf(t, stylePrompt(g), 1)
			t.Logf("%-10s %-8s onsets %5.2f/s centroid %6.0f Hz", g, name, f.Onsets, f.Centroid)
			p := point(f)
			pts[name] = append(pts[name], p)
			c := centre[name]
			centre[name] = [2]float64{c[0] + p[0]/float64(len(groups[name])), c[1] + p[1]/float64(len(groups[name]))}
		}
	}
	dist := func(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }
	for _, name := range names {
		for i, p := range pts[name] {
			own := dist(p, centre[name])
			for _, other := range names {
				if other != name && dist(p, centre[other]) <= own {
					t.Errorf("%s (%s) is nearer the %s group than its own", groups[name][i], name, other)
				}
			}
		}
	}
	var b strings.Builder
	for _, g := range music.Genres {
		featMu.Lock()
		f, ok := featCache[stylePrompt(g)+"#1"]
		featMu.Unlock()
		if ok {
			fmt.Fprintf(&b, "\n%-14s onsets %5.2f/s centroid %6.0f Hz", g, f.Onsets, f.Centroid)
		}
	}
	t.Log(b.String())
}
