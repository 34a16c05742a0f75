package engine_test

import (
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
)

// groups are three families of genres that must sound measurably different.
var groups = map[string][]music.Genre{
	"calm": {music.Ambient, music.Classical},
	"club": {music.Techno, music.House, music.Trance},
	"band": {music.Rock, music.Metal},
}

// rotatedSeed is the seed TestStyles renders a style at (styleSeed), so
// that tests measuring one song per style share its render.
func rotatedSeed(g music.Genre) uint64 {
	return styleSeed(slices.Index(music.Genres, g))
}

// TestGenresDiffer shows that genres are measurably different (on the
// songs TestStyles renders, from the shared cache): with onset
// density and spectral centroid (log scale), every song of three contrasting
// groups (calm ambient/classical, club techno/house/trance, band
// rock/metal/punk-ish) lies nearer to its own group's centre than to any
// other group's.
func TestGenresDiffer(t *testing.T) {
	names := []string{"calm", "club", "band"}
	point := func(f features) [2]float64 { return [2]float64{math.Log2(f.Onsets + 0.5), math.Log2(f.Centroid)} }
	var songs []cachedSong
	for _, name := range names {
		for _, g := range groups[name] {
			songs = append(songs, cachedSong{stylePrompt(g), rotatedSeed(g)})
		}
	}
	prefetch(t, songs)
	pts := map[string][][2]float64{}
	centre := map[string][2]float64{}
	for _, name := range names {
		for _, g := range groups[name] {
			f := renderCached(t, stylePrompt(g), rotatedSeed(g)).Features()
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
}
