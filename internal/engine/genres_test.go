package engine_test

import (
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/plan"
)

// groups are three families of genres that must sound measurably different.
var groups = map[string][]plan.Genre{
	"calm": {plan.Ambient, plan.Classical},
	"club": {plan.Techno, plan.House, plan.Trance},
	"band": {plan.Rock, plan.Metal},
}

// rotatedSeed is the seed TestStyles renders a style at (styleSeed), so
// that tests measuring one song per style share its render.
func rotatedSeed(g plan.Genre) uint64 {
	return styleSeed(slices.Index(plan.Genres, g))
}

// TestGenresDiffer shows that genres are measurably different (on the
// songs TestStyles renders, from the shared cache): with onset density and
// spectral centroid (log scale) and the balance of the mids against the
// sub (the 1 and 2 kHz octave bands over the 63 Hz band, in units of 6 dB:
// guitars against a club's kick and sub), every song of three contrasting
// groups (calm ambient/classical, club techno/house/trance, band
// rock/metal) lies nearer to its own group's centre than to any other
// group's.
func TestGenresDiffer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: every style rendered and measured")
	}
	names := []string{"calm", "club", "band"}
	point := func(f features, m mixmeter.Features) [3]float64 {
		mid, _ := m.Value("band_1000")
		hi, _ := m.Value("band_2000")
		sub, _ := m.Value("band_63")
		return [3]float64{math.Log2(f.Onsets + 0.5), math.Log2(f.Centroid), ((mid+hi)/2 - sub) / 6}
	}
	var songs []cachedSong
	for _, name := range names {
		for _, g := range groups[name] {
			songs = append(songs, cachedSong{stylePrompt(g), rotatedSeed(g)})
		}
	}
	prefetch(t, songs)
	pts := map[string][][3]float64{}
	centre := map[string][3]float64{}
	for _, name := range names {
		for _, g := range groups[name] {
			r := renderCached(t, stylePrompt(g), rotatedSeed(g))
			f := r.Features()
			p := point(f, r.Mix())
			t.Logf("%-10s %-8s onsets %5.2f/s centroid %6.0f Hz mids over sub %5.1f dB", g, name, f.Onsets, f.Centroid, 6*p[2])
			pts[name] = append(pts[name], p)
			c := centre[name]
			n := float64(len(groups[name]))
			centre[name] = [3]float64{c[0] + p[0]/n, c[1] + p[1]/n, c[2] + p[2]/n}
		}
	}
	dist := func(a, b [3]float64) float64 {
		return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
	}
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
