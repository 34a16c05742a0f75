package mp3

import "math"

// A simplified psychoacoustic model working on the MDCT spectrum of each
// granule: band energies per scalefactor band, a spectral-flatness tonality
// estimate, spreading across bands on the Bark scale, a tonality-dependent
// signal-to-mask offset, the absolute threshold of hearing and a pre-echo
// limit from the previous granule. Its output is the allowed noise energy per
// band (xmin) and a perceptual-entropy estimate for bit allocation.

// fullScaleEnergy is the MDCT-domain energy of one granule of a full-scale
// sine; it anchors the absolute threshold (a full-scale sine ~ 96 dB SPL).
const fullScaleEnergy = 576 * 0.5 * 0.25

// psyTables holds per-sample-rate constants of the model.
type psyTables struct {
	width  [numSfbLong]float64
	ath    [numSfbLong]float64 // allowed noise energy from the hearing threshold
	bark   [numSfbLong]float64
	spread [numSfbLong][numSfbLong]float64 // spread[maskee][masker]
}

var psyByRate [3]*psyTables

func init() {
	for r := range sampleRates {
		psyByRate[r] = newPsyTables(r)
	}
}

// athDB is Terhardt's absolute threshold of hearing in dB SPL at f Hz.
func athDB(f float64) float64 {
	k := math.Max(f, 20) / 1000
	return 3.64*math.Pow(k, -0.8) - 6.5*math.Exp(-0.6*(k-3.3)*(k-3.3)) + 1e-3*k*k*k*k
}

// bark converts Hz to the Bark scale (Zwicker).
func bark(f float64) float64 {
	return 13*math.Atan(0.00076*f) + 3.5*math.Atan((f/7500)*(f/7500))
}

func newPsyTables(r int) *psyTables {
	t := &psyTables{}
	sfb := &sfbLong[r]
	lineHz := float64(sampleRates[r]) / 2 / granuleSize
	for b := 0; b < numSfbLong; b++ {
		t.width[b] = float64(sfb[b+1] - sfb[b])
		lo, hi := float64(sfb[b])*lineHz, float64(sfb[b+1])*lineHz
		t.bark[b] = bark((lo + hi) / 2)
		a := math.Inf(1)
		for f := lo; f <= hi; f += lineHz {
			a = math.Min(a, athDB(f))
		}
		// Keep a margin below the textbook curve: playback level is unknown.
		t.ath[b] = fullScaleEnergy * math.Pow(10, (a-96-6)/10)
	}
	for j := 0; j < numSfbLong; j++ {
		for i := 0; i < numSfbLong; i++ {
			dz := t.bark[j] - t.bark[i] // maskee minus masker
			var att float64
			if dz >= 0 {
				att = 15 * dz
			} else {
				att = -27 * dz
			}
			t.spread[j][i] = math.Pow(10, -att/10)
		}
	}
	return t
}

// psyState is the model's memory for one channel.
type psyState struct {
	prevThr [numSfbLong]float64
	valid   bool
}

// analyze computes the allowed noise per band of spectrum xr into xmin and
// returns the perceptual entropy in bits. cutoff is the first silent line.
func (p *psyState) analyze(t *psyTables, sfb *[numSfbLong + 1]int, xr *[granuleSize]float64, xmin *[maxBands]float64) float64 {
	var energy, density, tonal [numSfbLong]float64
	for b := 0; b < numSfbLong; b++ {
		energy[b], density[b], tonal[b] = bandStats(xr[sfb[b]:sfb[b+1]], t.width[b])
	}
	pe := 0.0
	for j := 0; j < numSfbLong; j++ {
		s := 0.0
		for i := 0; i < numSfbLong; i++ {
			s += t.spread[j][i] * density[i]
		}
		offset := tonal[j]*(14.5+t.bark[j]) + (1-tonal[j])*5.5
		thr := s * t.width[j] * math.Pow(10, -offset/10)
		if p.valid {
			thr = math.Min(thr, 2*p.prevThr[j]+t.ath[j])
		}
		p.prevThr[j] = thr
		thr = math.Max(thr, t.ath[j])
		xmin[j] = thr
		if energy[j] > thr {
			pe += t.width[j] * math.Log2(energy[j]/thr)
		}
	}
	p.valid = true
	return pe
}

// fastLog2 approximates log2(x) for x > 0 within about 0.01.
func fastLog2(x float64) float64 {
	b := math.Float64bits(x)
	e := float64(int(b>>52&0x7ff) - 1023)
	m := math.Float64frombits(b&(1<<52-1)|1023<<52) - 1 // mantissa - 1, in [0, 1)
	return e + m*(1.3465-0.3465*m)
}

// bandStats measures one band's lines: their energy, the energy per line
// and the tonality (0 noise-like .. 1 tonal) derived from the spectral
// flatness in dB (0 for noise, very negative for tones).
func bandStats(lines []float64, width float64) (energy, density, tonality float64) {
	logSum := 0.0
	for _, x := range lines {
		v := x * x
		energy += v
		logSum += fastLog2(v + 1e-12)
	}
	density = energy / width
	geo := logSum / width
	flat := 10 * math.Log10(2) * (geo - fastLog2(density+1e-12))
	return energy, density, math.Min(1, math.Max(0, (-flat-3)/15))
}
