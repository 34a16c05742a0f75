package analysis

import "math"

// Chroma band: spectral peaks from chromaLowHz to chromaHighHz count
// toward the pitch class of their frequency (A4 = 440 Hz), and, as in a
// harmonic pitch class profile (Gómez 2006), toward the pitch classes of
// the fundamentals they may be a harmonic of: the peak at f adds to the
// class of f/h, h = 1..chromaHarmonics, weighted chromaSlope^(h-1), down
// to chromaFloorHz. Without it a note's third harmonic, a twelfth above
// it, fed the dominant's class, and songs were heard in the key a fifth
// above the written one.
const (
	chromaLowHz     = 30.0
	chromaHighHz    = 2700.0
	chromaFloorHz   = 25.0
	chromaHarmonics = 5
	chromaSlope     = 0.8
)

// Krumhansl-Kessler probe-tone profiles, tonic first.
var (
	majorProfile = [12]float64{6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88}
	minorProfile = [12]float64{6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17}
)

// pitchNames names pitch classes the way the engine's keys are named.
var pitchNames = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}

// Key is a key estimate.
type Key struct {
	Root  int  // pitch class of the tonic, 0 = C
	Minor bool // minor, else major
	// Correlation is the chroma profile's Pearson correlation with the
	// key's profile (1 is a perfect fit; the runner-up is usually within
	// 0.1 of the best).
	Correlation float64
}

// Name is the key as "D minor" or "F# major" (sharps, as the engine names
// keys).
func (k Key) Name() string {
	if k.Minor {
		return pitchNames[k.Root] + " minor"
	}
	return pitchNames[k.Root] + " major"
}

// Chroma returns the song's chroma profile: the share of spectral peak
// energy per pitch class, C first, summing to 1 (all zero for silence).
func (a *Analysis) Chroma() [12]float64 { return a.chroma }

// Key returns the major or minor key whose Krumhansl-Kessler profile
// correlates best with the song's chroma profile; the zero Key with
// Correlation 0 for silence.
func (a *Analysis) Key() Key {
	var best Key
	best.Correlation = math.Inf(-1)
	for root := range 12 {
		for _, minor := range []bool{false, true} {
			prof := &majorProfile
			if minor {
				prof = &minorProfile
			}
			var rot [12]float64
			for pc := range 12 {
				rot[pc] = prof[(pc-root+12)%12]
			}
			if c := pearson(a.chroma[:], rot[:]); c > best.Correlation {
				best = Key{Root: root, Minor: minor, Correlation: c}
			}
		}
	}
	if math.IsNaN(best.Correlation) || math.IsInf(best.Correlation, 0) {
		return Key{}
	}
	return best
}

// chromaProfile sums, over chromaSize-point spectra of mono (decimated by
// chromaDecim), the magnitude of every spectral peak in the chroma band
// into the pitch classes it may sound for (addChroma), each frame
// normalised to its loudest class so that quiet passages count as much as
// loud ones.
func chromaProfile(mono []float64, rate float64) [12]float64 {
	var total [12]float64
	x := make([]float64, 0, len(mono)/chromaDecim+1)
	f := lowpass(0.4*rate/chromaDecim, rate, 0.7071)
	for i, v := range mono {
		if y := f.tick(v); i%chromaDecim == 0 {
			x = append(x, y)
		}
	}
	rate /= chromaDecim
	sp := newSpectra(chromaSize)
	binHz := rate / chromaSize
	for start := 0; start+chromaSize <= len(x); start += 2 * chromaSize {
		var b []float64
		if start+2*chromaSize <= len(x) {
			b = x[start+chromaSize : start+2*chromaSize]
		}
		sp.magnitudes(x[start:start+chromaSize], b)
		addChroma(&total, sp.ma, binHz)
		if b != nil {
			addChroma(&total, sp.mb, binHz)
		}
	}
	return normalised(total)
}

// harmonicShift[h-1] is how many semitones the h-th harmonic lies above
// its fundamental, and harmonicWeight[h-1] its weight in the chroma.
var harmonicShift, harmonicWeight = func() (s, w [chromaHarmonics]float64) {
	for h := range chromaHarmonics {
		s[h] = 12 * math.Log2(float64(h+1))
		w[h] = math.Pow(chromaSlope, float64(h))
	}
	return s, w
}()

// normalised returns c scaled to sum to 1 (c itself when it sums to 0).
func normalised(c [12]float64) [12]float64 {
	sum := 0.0
	for _, v := range c {
		sum += v
	}
	if sum > 0 {
		for pc := range c {
			c[pc] /= sum
		}
	}
	return c
}

// addChroma adds one frame's chroma, normalised to its loudest class, to
// total: every spectral peak in the chroma band (its frequency and
// magnitude refined by a parabola through the log magnitudes of its bin
// and its neighbours) adds its magnitude to the class of its pitch and,
// less and less, to the classes of the fundamentals whose harmonic it may
// be. A silent frame adds nothing.
func addChroma(total *[12]float64, mag []float64, binHz float64) {
	var fr [12]float64
	lo, hi := int(chromaLowHz/binHz), min(len(mag)-2, int(chromaHighHz/binHz)+1)
	for k := max(2, lo); k <= hi; k++ {
		if !(mag[k] > mag[k-1] && mag[k] >= mag[k+1]) {
			continue
		}
		a, b, c := math.Log(mag[k-1]+1e-12), math.Log(mag[k]+1e-12), math.Log(mag[k+1]+1e-12)
		bin, m := float64(k), mag[k]
		if den := a - 2*b + c; den < 0 {
			if d := 0.5 * (a - c) / den; math.Abs(d) < 1 {
				bin, m = bin+d, math.Exp(b-0.25*(a-c)*d)
			}
		}
		hz := bin * binHz
		if hz < chromaLowHz || hz > chromaHighHz {
			continue
		}
		midi := 69 + 12*math.Log2(hz/440)
		for h := range chromaHarmonics {
			if hz < chromaFloorHz*float64(h+1) {
				break
			}
			pc := (int(math.Round(midi-harmonicShift[h]))%12 + 12) % 12
			fr[pc] += m * harmonicWeight[h]
		}
	}
	peak := 0.0
	for _, v := range fr {
		peak = math.Max(peak, v)
	}
	if peak < 1e-3 {
		return
	}
	for pc := range fr {
		total[pc] += fr[pc] / peak
	}
}

// pearson is the correlation coefficient of a and b.
func pearson(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var sab, saa, sbb float64
	for i := range a {
		da, db := a[i]-ma, b[i]-mb
		sab += da * db
		saa += da * da
		sbb += db * db
	}
	if saa == 0 || sbb == 0 {
		return math.NaN()
	}
	return sab / math.Sqrt(saa*sbb)
}
