package synth

import (
	"math"
	"math/cmplx"
	"sync"

	"github.com/songsmith/songsmith/internal/audio/fft"
)

const (
	tableBits = 12
	tableSize = 1 << tableBits
	// tableLowest is the top frequency of the first (richest) table.
	tableLowest = 27.5
	// tableSteps is the number of tables per octave.
	tableSteps = 2
	// tableCount covers 27.5 Hz .. beyond Nyquist in half-octave steps.
	tableCount = 22
	// harmonicCeiling is the highest partial frequency a table may hold at the
	// top of its range; it stays below Nyquist, so lookups never alias.
	harmonicCeiling = 20500.0
)

// Waveform names a band-limited oscillator shape.
type Waveform int

// The band-limited waveforms.
const (
	Sine Waveform = iota
	Saw
	Square
	Triangle
	organWave
	chipTri // 4-bit, 32-step game-console triangle (see chipTriangle)
	waveCount
)

// bandTable is a mip-map of single-cycle tables, each holding only the
// harmonics that stay below Nyquist for the frequencies it serves.
type bandTable struct {
	t [tableCount]*wave
}

// wave is one single-cycle table with a guard point (wave[tableSize] ==
// wave[0]), so interpolation never wraps.
type wave = [tableSize + 1]float32

// tables builds each waveform's mip-map on its first use: a song plays a
// few of them, and each is 22 inverse FFTs.
var tables = [waveCount]func() *bandTable{
	Sine: sync.OnceValue(func() *bandTable {
		return buildTable(func(h int) float64 {
			if h == 1 {
				return 1
			}
			return 0
		}, 1)
	}),
	Saw: sync.OnceValue(func() *bandTable {
		return buildTable(func(h int) float64 { return -2 / (math.Pi * float64(h)) }, 0)
	}),
	Square: sync.OnceValue(func() *bandTable {
		return buildTable(func(h int) float64 {
			if h%2 == 0 {
				return 0
			}
			return 4 / (math.Pi * float64(h))
		}, 0)
	}),
	Triangle: sync.OnceValue(func() *bandTable {
		return buildTable(func(h int) float64 {
			if h%2 == 0 {
				return 0
			}
			s := 1.0
			if (h/2)%2 == 1 {
				s = -1
			}
			return s * 8 / (math.Pi * math.Pi * float64(h*h))
		}, 0)
	}),
	// Drawbar organ played at half the note frequency: 16', 8', 5 1/3',
	// 4', 2 2/3', 2', 1'.
	organWave: sync.OnceValue(func() *bandTable {
		organ := map[int]float64{1: 0.55, 2: 1, 3: 0.7, 4: 0.45, 6: 0.3, 8: 0.25, 16: 0.12}
		return buildTable(func(h int) float64 { return organ[h] * 0.32 }, 16)
	}),
	chipTri: sync.OnceValue(func() *bandTable { return buildTableFrom(chipTriangle()) }),
}

// waveTable returns waveform w's shared wavetables, built on first use.
func waveTable(w Waveform) *bandTable { return tables[w]() }

// buildTable builds a mip-map from sine-series coefficients b(h); maxH > 0
// caps the number of harmonics considered.
func buildTable(b func(h int) float64, maxH int) *bandTable {
	bt := &bandTable{}
	spec := make([]complex128, tableSize)
	for k := 0; k < tableCount; k++ {
		top := tableLowest * math.Exp2(float64(k)/tableSteps)
		hmax := int(harmonicCeiling / top)
		if hmax < 1 {
			hmax = 1
		}
		if hmax > tableSize/2-1 {
			hmax = tableSize/2 - 1
		}
		if maxH > 0 && hmax > maxH {
			hmax = maxH
		}
		clear(spec)
		for h := 1; h <= hmax; h++ {
			a := b(h)
			// x(t) = sum a sin(2 pi h t)  =>  X[h] = -j N a / 2.
			spec[h] = complex(0, -a*tableSize/2)
			spec[tableSize-h] = cmplx.Conj(spec[h])
		}
		fft.Transform(spec, true)
		t := new(wave)
		for i := range tableSize {
			t[i] = float32(real(spec[i]) / tableSize)
		}
		t[tableSize] = t[0]
		bt.t[k] = t
	}
	return bt
}

// buildTableFrom builds a mip-map from one cycle of any shape, sampled at
// tableSize points: each level keeps the cycle's harmonics that stay
// below harmonicCeiling at the top of its range (DC removed).
func buildTableFrom(x []float64) *bandTable {
	bt := &bandTable{}
	src := make([]complex128, tableSize)
	for i := range src {
		src[i] = complex(x[i], 0)
	}
	fft.Transform(src, false)
	spec := make([]complex128, tableSize)
	for k := 0; k < tableCount; k++ {
		top := tableLowest * math.Exp2(float64(k)/tableSteps)
		hmax := min(max(int(harmonicCeiling/top), 1), tableSize/2-1)
		clear(spec)
		for h := 1; h <= hmax; h++ {
			spec[h], spec[tableSize-h] = src[h], src[tableSize-h]
		}
		fft.Transform(spec, true)
		t := new(wave)
		for i := range tableSize {
			t[i] = float32(real(spec[i]) / tableSize)
		}
		t[tableSize] = t[0]
		bt.t[k] = t
	}
	return bt
}

// chipTriangle samples one cycle of the game-console triangle: 32 steps
// through the 16 levels 15..0, 0..15, scaled to -1..1.
func chipTriangle() []float64 {
	x := make([]float64, tableSize)
	for i := range x {
		k := i * 32 / tableSize
		lv := 15 - k
		if k >= 16 {
			lv = k - 16
		}
		x[i] = (float64(lv) - 7.5) / 7.5
	}
	return x
}

// pick returns the table to use for a fundamental of f Hz.
func (bt *bandTable) pick(f float64) *wave {
	if f <= tableLowest {
		return bt.t[0]
	}
	k := int(math.Ceil(math.Log2(f/tableLowest) * tableSteps))
	if k >= tableCount {
		k = tableCount - 1
	}
	return bt.t[k]
}

// pickMargin is the relative distance from a table boundary inside which
// pickRange reports no interval: there math.Log2's rounding decides.
const pickMargin = 1e-9

// pickRange returns pick(f) and an open interval (lo, hi) of frequencies
// for which pick returns the same table, so callers can skip the Log2
// while the frequency stays inside it. Near a boundary the interval is
// empty.
func (bt *bandTable) pickRange(f float64) (w *wave, lo, hi float64) {
	if f <= tableLowest {
		return bt.t[0], math.Inf(-1), tableLowest
	}
	k := int(math.Ceil(math.Log2(f/tableLowest) * tableSteps))
	if k >= tableCount {
		k = tableCount - 1
	}
	lo = tableLowest * math.Exp2(float64(k-1)/tableSteps) * (1 + pickMargin)
	hi = math.Inf(1)
	if k < tableCount-1 {
		hi = tableLowest * math.Exp2(float64(k)/tableSteps) * (1 - pickMargin)
	}
	if k < 1 || !(lo < f && f < hi) {
		lo, hi = 0, 0
	}
	return bt.t[k], lo, hi
}

// Oscillator phases are unsigned 32-bit fixed point: a full cycle is
// 1<<32, so phases wrap by themselves. The top tableBits bits index the
// table, the rest interpolate.
const (
	phaseFracBits  = 32 - tableBits
	phaseFracMask  = 1<<phaseFracBits - 1
	phaseFracScale = 1.0 / (1 << phaseFracBits)
)

// phaseOf converts a phase or increment in cycles (any sign, magnitude
// below 2^31 cycles) to fixed point.
func phaseOf(c float64) uint32 { return uint32(int64(c * (1 << 32))) }

// lookup reads a table at fixed-point phase ph with linear interpolation.
func lookup(t *wave, ph uint32) float32 {
	i := ph >> phaseFracBits
	fr := float32(ph&phaseFracMask) * phaseFracScale
	a := t[i]
	return a + fr*(t[i+1]-a)
}

// sineTable returns the single-harmonic table used for FM and sub voices.
func sineTable() *wave { return waveTable(Sine).t[0] }

// Oscillate renders frames samples of a band-limited waveform at freq Hz,
// peak amplitude about 1. It is the oscillator every synthesized voice uses,
// exported so its spectrum can be checked directly.
func Oscillate(w Waveform, freq float64, frames int) []float32 {
	if w < 0 || w >= waveCount {
		w = Sine
	}
	t := waveTable(w).pick(freq)
	out := make([]float32, frames)
	ph, inc := uint32(0), phaseOf(freq/sr)
	for i := range out {
		out[i] = lookup(t, ph)
		ph += inc
	}
	return out
}
