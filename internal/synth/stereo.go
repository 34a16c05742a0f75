package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/audio/fft"
	"github.com/songsmith/songsmith/internal/score"
)

// roleWidth is how wide each role is spread by its widener (see widener):
// width, delay (s) and the corner (Hz) under which the part stays centred;
// 0 leaves a part where its pan puts it. Bass and drums stay centred (a
// recorded kit and a synthesized one sound alike there). The chords and
// pads spread from 150 Hz, so the 250 and 500 Hz octaves have width of
// their own now that the master no longer widens the mix (sideGainMax);
// the bus keeps everything under monoBelow centred in beat music.
var roleWidth = map[score.Role]struct{ width, delay, hp float64 }{
	score.RoleChords: {0.6, 0.013, 150},
	score.RolePad:    {0.85, 0.019, 150},
	score.RoleLead:   {0.4, 0.011, widenerHP},
	score.RoleArp:    {0.7, 0.017, widenerHP},
	score.RoleFX:     {0.8, 0.023, widenerHP},
}

// calmWidth is how wide calm music (the styles measured against the calm
// references) spreads each role with a room widener (see newRoomWidener):
// width, first reflection (s) and the corner (Hz) under which the part
// stays centred. The bass and the pads' low notes carry some of the room
// (the references' lows correlate 0.56 [0.23, 0.61], not 1); the lead
// stays nearest the centre.
var calmWidth = map[score.Role]struct{ width, delay, hp float64 }{
	score.RoleBass:   {0.7, 0.0107, 35},
	score.RoleChords: {0.8, 0.0123, 70},
	score.RolePad:    {0.85, 0.0131, 45},
	score.RoleLead:   {0.5, 0.0097, 150},
	score.RoleArp:    {0.8, 0.0113, 90},
	score.RoleFX:     {0.9, 0.0117, 60},
}

// beatBassWidth is the room widener of a bass part in beat music: width,
// first reflection (s) and corner (Hz). Its side is about 6 dB under the
// bass, 12 dB after the bus keeps lowSideKept of it under monoBelow: the
// bass stays near mono and the mix's lows read about 0.95, as the beat
// references' do (kick and bass centred, the room around them).
var beatBassWidth = struct{ width, delay, hp float64 }{0.5, 0.0107, 50}

// widenerLen is the widener's delay-line length (a power of two).
const widenerLen = 2048

// widenerHP is the corner (Hz) under which a lead's, an arpeggio's or an
// effect's widener leaves it centred.
const widenerHP = 300

// The drum kit's overhead image: cymbals, hats and the snare's crack
// spread (above overheadHP), kick and snare body centred.
const (
	overheadWidth = 0.5
	overheadDelay = 0.0071
	overheadHP    = 2500
)

// eqBand is one RBJ-cookbook biquad applied to both channels of the bus.
type eqBand struct {
	b0, b1, b2, a1, a2 float64
	z                  [2][4]float64 // per channel: x1, x2, y1, y2
}

// shelfLow returns a low shelf of gain db at f0 Hz (slope 1).
func shelfLow(f0, db float64) eqBand {
	A := math.Pow(10, db/40)
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / 2 * math.Sqrt2
	sa := 2 * math.Sqrt(A) * al
	a0 := (A + 1) + (A-1)*cw + sa
	return eqBand{
		b0: A * ((A + 1) - (A-1)*cw + sa) / a0,
		b1: 2 * A * ((A - 1) - (A+1)*cw) / a0,
		b2: A * ((A + 1) - (A-1)*cw - sa) / a0,
		a1: -2 * ((A - 1) + (A+1)*cw) / a0,
		a2: ((A + 1) + (A-1)*cw - sa) / a0,
	}
}

// shelfHigh returns a high shelf of gain db at f0 Hz (slope 1).
func shelfHigh(f0, db float64) eqBand {
	A := math.Pow(10, db/40)
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / 2 * math.Sqrt2
	sa := 2 * math.Sqrt(A) * al
	a0 := (A + 1) - (A-1)*cw + sa
	return eqBand{
		b0: A * ((A + 1) + (A-1)*cw + sa) / a0,
		b1: -2 * A * ((A - 1) + (A+1)*cw) / a0,
		b2: A * ((A + 1) + (A-1)*cw - sa) / a0,
		a1: 2 * ((A - 1) - (A+1)*cw) / a0,
		a2: ((A + 1) - (A-1)*cw - sa) / a0,
	}
}

// peaking returns a peaking band of gain db at f0 Hz with quality q.
func peaking(f0, db, q float64) eqBand {
	A := math.Pow(10, db/40)
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al/A
	return eqBand{b0: (1 + al*A) / a0, b1: -2 * cw / a0, b2: (1 - al*A) / a0, a1: -2 * cw / a0, a2: (1 - al/A) / a0}
}

// highPass returns a second-order high-pass at f0 Hz with quality q.
func highPass(f0, q float64) eqBand {
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al
	return eqBand{b0: (1 + cw) / 2 / a0, b1: -(1 + cw) / a0, b2: (1 + cw) / 2 / a0, a1: -2 * cw / a0, a2: (1 - al) / a0}
}

// lowPass returns a second-order low-pass at f0 Hz with quality q.
func lowPass(f0, q float64) eqBand {
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al
	return eqBand{b0: (1 - cw) / 2 / a0, b1: (1 - cw) / a0, b2: (1 - cw) / 2 / a0, a1: -2 * cw / a0, a2: (1 - al) / a0}
}

// processGo filters an interleaved stereo block in place, one channel
// after the other in each frame: process where no vector version exists,
// and the reference the vector version is tested against.
func (f *eqBand) processGo(fr []float32) {
	b0, b1, b2, a1, a2 := f.b0, f.b1, f.b2, f.a1, f.a2
	l1, l2, ly1, ly2 := f.z[0][0], f.z[0][1], f.z[0][2], f.z[0][3]
	r1, r2, ry1, ry2 := f.z[1][0], f.z[1][1], f.z[1][2], f.z[1][3]
	for i := 0; i+1 < len(fr); i += 2 {
		l, r := float64(fr[i]), float64(fr[i+1])
		// The feedback terms come last, so each recursion is one
		// multiply and one add long.
		yl := b0*l + b1*l1 + b2*l2 - a2*ly2 - a1*ly1
		yr := b0*r + b1*r1 + b2*r2 - a2*ry2 - a1*ry1
		l2, l1, ly2, ly1 = l1, l, ly1, yl
		r2, r1, ry2, ry1 = r1, r, ry1, yr
		fr[i], fr[i+1] = float32(yl), float32(yr)
	}
	f.z[0] = [4]float64{l1, l2, ly1, ly2}
	f.z[1] = [4]float64{r1, r2, ry1, ry2}
}

// busEQ is the mix bus's tone: a low shelf that keeps bass and kick from
// swamping small speakers, a broad presence lift around 3 kHz, a gentle
// air shelf (busAirDB over busAirHz), and a fourth-order low-pass at
// 17 kHz, so that an MP3 encoder's band limit (19.5 kHz at 192 kbit/s)
// removes next to nothing and cannot raise the true peak the limiter set.
func busEQ() []eqBand { return busEQFor(-5, 2.5) }

// busAirHz and busAirDB are the mix bus's air shelf (slope 1), the same
// for every family and linear, so that a song's toned layers still sum
// to its toned mix. It adds what the sources' own air (brightenFilters in
// internal/soundfont, the reverb's dampers, tone.go's air shelves) left:
// the 16 kHz octave of calm and beat songs 3-5 dB under the references'
// quartiles (issue 32 item 5, docs/engine-mix.md "Air"). An earlier
// +8..+14 dB shelf at 8-12 kHz clipped a classical song and made the
// ambient loop's seam read as a click.
const (
	busAirHz = 12000.0
	busAirDB = 6.0
)

// busEQFor is busEQ with the low shelf's and the presence bell's gains
// of a style's mix plan.
func busEQFor(lowShelf, presence float64) []eqBand {
	return []eqBand{shelfLow(150, lowShelf), peaking(3000, presence, 0.8), shelfHigh(busAirHz, busAirDB),
		lowPass(17000, 0.5412), lowPass(17000, 1.3066)}
}

// The stereo image of the whole mix is kept between these left/right
// correlations (see balanceWidth) unless the style's plan sets its own.
const (
	corrMax = 0.82
	corrMin = 0.45
)

// sideGainMax is the most balanceWidth scales the side signal by: 1, so it
// only narrows a mix that came out too wide. The width comes from the
// parts' placement, the wideners and the room (issue 32: one broadband side
// gain up to 3x had pushed calm songs' 1-4 kHz band into anti-phase, -0.23
// against the references' +0.20). Narrowing cannot turn a band's
// correlation negative: with L = M+kS, R = M-kS, L·R = M²-k²S².
const sideGainMax = 1.0

// balanceWidth scales the side signal (L-R) of an interleaved stereo mix so
// that its left/right correlation lies within corrMin..corrMax as far as
// narrowing can (see sideGainMax), as a mastering engineer sets the width:
// the mono sum (L+R) is untouched.
func balanceWidth(s []float32, corrMin, corrMax float64) {
	var mm, ss, ms float64
	for i := 0; i+1 < len(s); i += 2 {
		m := 0.5 * (float64(s[i]) + float64(s[i+1]))
		d := 0.5 * (float64(s[i]) - float64(s[i+1]))
		mm += m * m
		ss += d * d
		ms += m * d
	}
	if mm == 0 || ss == 0 {
		return
	}
	// With side gain k: L = M + kS, R = M - kS, so the correlation is
	// (MM - k²SS) / sqrt((MM + k²SS)² - 4k²MS²).
	corr := func(k float64) float64 {
		a, b := mm-k*k*ss, mm+k*k*ss
		return a / math.Sqrt(b*b-4*k*k*ms*ms)
	}
	c := corr(1)
	var target float64
	switch {
	case c > corrMax:
		target = corrMax
	case c < corrMin:
		target = corrMin
	default:
		return
	}
	// corr falls as k grows: bisect on k in 0..sideGainMax.
	lo, hi := 0.0, sideGainMax
	if corr(hi) > target {
		lo = hi
	} else {
		for range 40 {
			mid := 0.5 * (lo + hi)
			if corr(mid) > target {
				lo = mid
			} else {
				hi = mid
			}
		}
	}
	if lo >= 1 {
		return
	}
	k := float32(lo)
	for i := 0; i+1 < len(s); i += 2 {
		m := 0.5 * (s[i] + s[i+1])
		d := 0.5 * (s[i] - s[i+1]) * k
		s[i], s[i+1] = m+d, m-d
	}
}

// busTone runs the mix bus's tone over an interleaved stereo mix in place:
// the low end made mono under monoBelow (see sideHP), then busEQ. It
// belongs to the finished mix, so RenderDry (stems, single sounds) leaves
// it out. Each stage runs over a block at a time with both channels in the
// same loop: the two recursions are independent, so the processor overlaps
// them instead of waiting on one at a time.
func busTone(s []float32) { busToneWith(s, busEQ(), monoBelow) }

// busToneWith is busTone with the given EQ bands and low-mono corner (Hz;
// 0 leaves the low end's width as the parts and the room made it: calm
// music, see lowMonoHz).
func busToneWith(s []float32, eq []eqBand, lowMonoHz float64) {
	var lowMono *sideHP
	if lowMonoHz > 0 {
		lowMono = newSideHP(lowMonoHz)
	}
	if useBandPairs && len(eq) >= 2 {
		busTonePiped(s[:len(s)&^1], eq, lowMono)
		return
	}
	const block = 2 * blockSize
	for lo := 0; lo < len(s)&^1; lo += block {
		fr := s[lo:min(lo+block, len(s)&^1)]
		if lowMono != nil {
			lowMono.process(fr)
		}
		for k := range eq {
			eq[k].process(fr)
		}
	}
}

// lowMonoHz is the corner under which the mix bus of a song of o's style
// is made mono: beat music keeps its kick and bass centred (the
// references' lows correlate 0.95), calm music keeps the room its bass
// and pads carry (0 Hz: none).
func lowMonoHz(o Options) float64 {
	if o.calm() {
		return 0
	}
	return monoBelow
}

// The side-band check of the master (see inPhase): the octave bands it
// reads, the excerpts it reads them from and the least left/right
// correlation it leaves any band with.
var sideBandCentres = []float64{63, 125, 250, 500, 1000, 2000, 4000, 8000, 16000}

const (
	sideWindow   = 4096 // FFT length of an excerpt
	sideExcerpts = 128  // excerpts read, spread over the song
	sideMinCorr  = 0.25 // a band's least correlation (MasterOptions.BandMinCorr's default)
)

// calmBandMinCorr is the least correlation the master leaves an octave
// band of calm music with (MasterOptions.BandMinCorr): the calm
// references' bands correlate 0.13 (150 Hz-1 kHz) and 0.19 (1-4 kHz); at
// sideMinCorr the master held calm songs' bands at 0.33-0.36. The octaves
// from highFloorHz up keep calmHighMinCorr instead: quiet there and made
// of a harp's or bells' attacks, which the master's excerpts sample
// sparsely, a lullaby's 8 kHz octave read -0.08 over the whole song at a
// floor of 0.12 and -0.02 at 0.25.
const calmBandMinCorr = 0.12

// highFloorHz is the lowest octave centre that keeps calmHighMinCorr when
// the floor asked is under sideMinCorr (calm music).
const highFloorHz = 8000

// calmHighMinCorr is the least correlation of a calm song's octaves from
// highFloorHz up. It was 0.4 until the calm parts' air reflection
// (calmAir) widened their top octaves: at 0.4 the master took the calm
// prompts' band over 4 kHz back from 0.30 to 0.43; at 0.2 it reads 0.30
// and no octave of a calm prompt or style goes under 0.1.
const calmHighMinCorr = 0.2

// inPhase keeps every octave band of an interleaved stereo mix in phase:
// where a band's side power S exceeds what a correlation of minCorr
// allows ((M-S)/(M+S) >= minCorr), a bell on the side signal alone
// takes it down to that. Stereo sample pairs recorded with spaced
// microphones (FluidR3's strings and piano) bring bands whose side is
// louder than their mid; a mastering engineer's M/S equaliser trims them.
// The mono sum (L+R) is untouched. It reads sideExcerpts windows spread
// over the song, so it costs a few milliseconds, and filters only a song
// that needs it.
func inPhase(s []float32, minCorr float64) {
	for range 2 {
		gains := sideBandGains(s, minCorr)
		var bells []eqBand
		for i, g := range gains {
			if g < 1 {
				bells = append(bells, peaking(sideBandCentres[i], 20*math.Log10(g), math.Sqrt2))
			}
		}
		if len(bells) == 0 {
			return
		}
		sideEQ(s, bells)
	}
}

// sideBandGains returns, per octave band of sideBandCentres, the gain (at
// most 1) that brings the band's side power to the most minCorr allows.
func sideBandGains(s []float32, minCorr float64) []float64 {
	frames := len(s) / 2
	gains := make([]float64, len(sideBandCentres))
	for i := range gains {
		gains[i] = 1
	}
	if frames < sideWindow {
		return gains
	}
	mid := make([]float64, len(sideBandCentres))
	side := make([]float64, len(sideBandCentres))
	bm := make([]complex128, sideWindow)
	bs := make([]complex128, sideWindow)
	hann := make([]float64, sideWindow)
	for i := range hann {
		hann[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/sideWindow)
	}
	n := min(sideExcerpts, frames/sideWindow)
	step := (frames - sideWindow) / max(1, n-1)
	binHz := sr / sideWindow
	for e := range n {
		at := e * step
		for i := range sideWindow {
			l, r := float64(s[2*(at+i)]), float64(s[2*(at+i)+1])
			bm[i] = complex(0.5*(l+r)*hann[i], 0)
			bs[i] = complex(0.5*(l-r)*hann[i], 0)
		}
		fft.Transform(bm, false)
		fft.Transform(bs, false)
		for b, c := range sideBandCentres {
			lo := max(1, int(c/math.Sqrt2/binHz+0.5))
			hi := min(sideWindow/2, int(c*math.Sqrt2/binHz+0.5))
			for k := lo; k < hi; k++ {
				mid[b] += real(bm[k])*real(bm[k]) + imag(bm[k])*imag(bm[k])
				side[b] += real(bs[k])*real(bs[k]) + imag(bs[k])*imag(bs[k])
			}
		}
	}
	for b := range gains {
		floor := minCorr
		if sideBandCentres[b] >= highFloorHz && floor < sideMinCorr {
			floor = calmHighMinCorr
		}
		most := (1 - floor) / (1 + floor) // S/M at the least correlation
		if side[b] > most*mid[b] && side[b] > 0 {
			gains[b] = math.Sqrt(most * mid[b] / side[b])
		}
	}
	return gains
}
