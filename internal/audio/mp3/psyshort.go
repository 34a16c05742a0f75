package mp3

import "math"

// The psychoacoustic model for short blocks: the long model's steps (band
// energy, flatness-based tonality, Bark spreading, signal-to-mask offset,
// hearing threshold) applied to each of the three windows over the 13 short
// scalefactor bands. Each window is masked by its own content only, so the
// quiet window before an attack keeps a low threshold: that is what confines
// the attack's quantisation noise in time.

// psyShortTables holds per-sample-rate constants of the short-block model.
type psyShortTables struct {
	width  [numSfbShort]float64
	ath    [numSfbShort]float64
	bark   [numSfbShort]float64
	spread [numSfbShort][numSfbShort]float64
}

var psyShortByRate [3]*psyShortTables

func init() {
	for r := range sampleRates {
		psyShortByRate[r] = newPsyShortTables(r)
	}
}

func newPsyShortTables(r int) *psyShortTables {
	t := &psyShortTables{}
	sfb := &sfbShort[r]
	lineHz := float64(sampleRates[r]) / 2 / (granuleSize / 3)
	for b := 0; b < numSfbShort; b++ {
		t.width[b] = float64(sfb[b+1] - sfb[b])
		lo, hi := float64(sfb[b])*lineHz, float64(sfb[b+1])*lineHz
		t.bark[b] = bark((lo + hi) / 2)
		a := math.Inf(1)
		for f := lo; f <= hi; f += lineHz / 3 {
			a = math.Min(a, athDB(f))
		}
		// A short window holds a third of a granule's energy.
		t.ath[b] = fullScaleEnergy / 3 * math.Pow(10, (a-96-6)/10)
	}
	for j := 0; j < numSfbShort; j++ {
		for i := 0; i < numSfbShort; i++ {
			dz := t.bark[j] - t.bark[i]
			att := 15 * dz
			if dz < 0 {
				att = -27 * dz
			}
			t.spread[j][i] = math.Pow(10, -att/10)
		}
	}
	return t
}

// analyzeShort computes the allowed noise of each partition of a short
// granule (xr in the coded layout, partitions bnd) into xmin and returns the
// perceptual entropy in bits. It resets the long model's memory: the granule
// after an attack must not be held to the quiet past's thresholds.
func (p *psyState) analyzeShort(t *psyShortTables, bnd *[maxBands + 1]int, xr *[granuleSize]float64, xmin *[maxBands]float64) float64 {
	pe := 0.0
	for w := 0; w < 3; w++ {
		var energy, density, tonal [numSfbShort]float64
		for b := 0; b < numSfbShort; b++ {
			energy[b], density[b], tonal[b] = bandStats(xr[bnd[3*b+w]:bnd[3*b+w+1]], t.width[b])
		}
		for j := 0; j < numSfbShort; j++ {
			s := 0.0
			for i := 0; i < numSfbShort; i++ {
				s += t.spread[j][i] * density[i]
			}
			offset := tonal[j]*(14.5+t.bark[j]) + (1-tonal[j])*5.5
			thr := math.Max(s*t.width[j]*math.Pow(10, -offset/10), t.ath[j])
			xmin[3*j+w] = thr
			if energy[j] > thr {
				pe += t.width[j] * math.Log2(energy[j]/thr)
			}
		}
	}
	p.valid = false
	return pe
}
