package synth

import "github.com/songsmith/songsmith/internal/score"

// algo selects the voice's synthesis method.
type algo uint8

const (
	algoSub     algo = iota // band-limited oscillators -> resonant SVF
	algoFM                  // two-modulator FM (epiano, bells, piano)
	algoPluck               // Karplus-Strong string
	algoFormant             // oscillators -> parallel formant band-passes
	algoDrum                // synthesized drum (see drums.go)
	algoModal               // decaying partials: mallets, bells, pans, log drum (see modal.go)
	algoCrackle             // record-surface texture, pitch ignored (see modal.go)
)

// mode is one partial of a modal voice: a frequency ratio to the note, a
// level and a decay time constant (seconds, scaled with pitch like the
// FM decays). wave selects a band-limited table (Sine unless set).
type mode struct {
	ratio, amp, tau float64
	wave            Waveform
}

// formant is one body or vowel resonance: centre Hz, Q and gain.
type formant struct{ f, q, g float64 }

// maxOsc is the largest unison count a patch may ask for.
const maxOsc = 5

// patch is the parameter set for one instrument. Times are seconds,
// frequencies Hz, pitch offsets semitones.
type patch struct {
	algo algo
	// Oscillators (algoSub, algoFormant).
	wave     Waveform
	pulse    float64 // >0: pulse of this width built from two saws
	unison   int     // number of detuned copies (1..maxOsc)
	detune   float64 // total spread in semitones
	sub      float64 // sine one octave down
	noise    float64 // breath / air noise level
	octave   float64 // pitch offset in semitones
	vibDepth float64 // semitones
	vibRate  float64 // Hz
	vibDelay float64 // seconds before vibrato fades in
	drop     float64 // initial pitch offset that decays in ~60 ms (brass)
	glide    float64 // glide time constant when Note.Glide is set
	// Filter.
	cutoff   float64 // base cutoff (Hz) at Brightness 0.5
	keyTrack float64 // 0..1 how far cutoff follows pitch (re 261 Hz)
	res      float64 // SVF Q
	envAmt   float64 // octaves of filter-envelope sweep
	fA, fD   float64 // filter envelope attack, decay (to zero)
	velFilt  float64 // octaves of cutoff added at full velocity
	// Amplitude envelope.
	a, d, s, r float64
	// FM: carrier at note pitch; mod1 and mod2 at ratios with decaying index.
	ratio1, index1, decay1 float64
	ratio2, index2, decay2 float64
	detune2                float64 // second carrier detune in semitones (0: none)
	// Karplus-Strong.
	t60      float64 // decay of the string at 220 Hz
	stretch  float64 // loop low-pass weight (0..0.5): larger = darker
	ksBright float64 // excitation brightness
	// Voice output level and track defaults.
	level  float64
	chorus float64 // minimum track chorus
	drive  float64 // extra track saturation (distorted guitar)
	cab    float64 // post-drive low-pass in Hz (0: none)
	mono   bool    // a new note releases sounding notes (basses, leads)

	// Extensions used by the instruments of patches_catalogue.go; their zero
	// values leave the original voices untouched.
	dropTau   float64   // time constant of drop (0: 60 ms)
	dropVel   bool      // drop scales with velocity (membranes)
	pulse2    float64   // pulse width after pulseT seconds (chip duty switch)
	pulseT    float64   // seconds before pulse2 replaces pulse
	trem      float64   // amplitude tremolo depth 0..1 (vibraphone motor, bellows)
	tremRate  float64   // tremolo Hz; its phase follows song time
	swell     float64   // amplitude starts at 1-swell and rises (bellows)
	noVel     bool      // velocity does not change the sound (harpsichord)
	formants  []formant // algoFormant: body resonances instead of the "ah" vowel
	direct    float64   // algoFormant: share of the unfiltered oscillators
	modes     []mode    // algoModal partials
	knockTau  float64   // algoModal: strike noise decay (noise is its level)
	knockHz   float64   // algoModal: strike noise band-pass centre
	bpRatio   float64   // algoModal: band-pass at this multiple of the note (0: none), Q res
	pickPos   float64   // algoPluck: pick position as a share of the string (0: 0.13)
	body      []formant // algoPluck: body resonances added to the string
	course    float64   // algoPluck: level of a second string (double course, sympathetic)
	courseRat float64   // algoPluck: its frequency ratio (0: 1)
	courseCt  float64   // algoPluck: its detune in cents
	jawari    float64   // algoPluck: amplitude-dependent bridge buzz (sitar)
	crackle   float64   // algoCrackle: clicks per second
}

// patchFor returns the voice parameters of an instrument; unknown values
// fall back to Pad.
func patchFor(in score.Instrument) *patch {
	if p, ok := patches[in]; ok {
		return p
	}
	if p, ok := morePatches[in]; ok {
		return p
	}
	return patches[score.Pad]
}

var patches = map[score.Instrument]*patch{
	score.Piano: {algo: algoFM, ratio1: 1, index1: 1.3, decay1: 0.5, ratio2: 4, index2: 0.35, decay2: 0.08,
		detune2: 0.06, a: 0.002, d: 3.5, s: 0, r: 0.25, noise: 0.15, level: 0.45},
	score.EPiano: {algo: algoFM, ratio1: 1, index1: 1.6, decay1: 0.9, ratio2: 14, index2: 0.7, decay2: 0.03,
		a: 0.002, d: 4, s: 0, r: 0.35, level: 0.5, chorus: 0.3},
	score.Organ: {algo: algoSub, wave: organWave, unison: 1, octave: -12, cutoff: 9000, res: 0.6, noise: 0.02,
		a: 0.005, d: 0.1, s: 1, r: 0.06, level: 0.45, chorus: 0.5},
	score.Guitar: {algo: algoPluck, t60: 3.5, stretch: 0.35, ksBright: 0.6, a: 0.001, d: 10, s: 1, r: 0.12,
		level: 0.7},
	score.DistGuitar: {algo: algoPluck, t60: 7, stretch: 0.3, ksBright: 0.7, a: 0.001, d: 10, s: 1, r: 0.08,
		level: 0.5, drive: 0.85, cab: 4200},
	score.Pluck: {algo: algoSub, wave: Saw, unison: 2, detune: 0.12, pulse: 0, cutoff: 600, keyTrack: 0.5, res: 1.2,
		envAmt: 4, fA: 0.001, fD: 0.18, velFilt: 1, a: 0.001, d: 0.4, s: 0, r: 0.15, level: 0.45},
	score.Strings: {algo: algoSub, wave: Saw, unison: 3, detune: 0.18, cutoff: 2600, keyTrack: 0.4, res: 0.7,
		vibDepth: 0.08, vibRate: 5.2, vibDelay: 0.4, a: 0.35, d: 0.5, s: 0.9, r: 0.6, level: 0.3, chorus: 0.5},
	score.Pad: {algo: algoSub, wave: Saw, unison: 3, detune: 0.25, sub: 0.2, cutoff: 1400, keyTrack: 0.3, res: 0.9,
		envAmt: 0.8, fA: 1.2, fD: 3, a: 0.6, d: 1, s: 0.85, r: 1.2, level: 0.3, chorus: 0.6},
	score.ChoirPad: {algo: algoFormant, wave: Saw, unison: 2, detune: 0.15, vibDepth: 0.1, vibRate: 4.8,
		vibDelay: 0.3, noise: 0.05, a: 0.4, d: 0.6, s: 0.9, r: 0.8, level: 0.9, chorus: 0.5},
	score.SawLead: {algo: algoSub, wave: Saw, unison: 5, detune: 0.3, cutoff: 3500, keyTrack: 0.5, res: 0.9,
		envAmt: 1, fA: 0.005, fD: 0.3, velFilt: 0.5, vibDepth: 0.15, vibRate: 5.5, vibDelay: 0.35, glide: 0.04,
		a: 0.005, d: 0.3, s: 0.8, r: 0.2, level: 0.28, mono: true},
	score.SquareLead: {algo: algoSub, wave: Saw, pulse: 0.5, unison: 2, detune: 0.08, cutoff: 3000, keyTrack: 0.5,
		res: 0.8, envAmt: 1, fA: 0.005, fD: 0.25, vibDepth: 0.15, vibRate: 5.5, vibDelay: 0.35, glide: 0.04,
		a: 0.005, d: 0.3, s: 0.8, r: 0.15, level: 0.3, mono: true},
	score.Bells: {algo: algoFM, ratio1: 3.5, index1: 2.2, decay1: 1.6, ratio2: 1.41, index2: 0.6, decay2: 0.4,
		a: 0.001, d: 4.5, s: 0, r: 1.2, level: 0.4},
	score.Flute: {algo: algoSub, wave: Triangle, unison: 1, cutoff: 4000, keyTrack: 0.6, res: 0.7, noise: 0.22,
		vibDepth: 0.12, vibRate: 5, vibDelay: 0.25, a: 0.06, d: 0.2, s: 0.85, r: 0.12, level: 0.55},
	score.Sax: {algo: algoSub, wave: Saw, pulse: 0.32, unison: 1, cutoff: 900, keyTrack: 0.6, res: 1.6,
		envAmt: 1.5, fA: 0.04, fD: 0.35, velFilt: 1, noise: 0.06, vibDepth: 0.18, vibRate: 5.3, vibDelay: 0.3,
		drop: -0.5, a: 0.03, d: 0.3, s: 0.8, r: 0.1, level: 0.45, drive: 0.3},
	score.Brass: {algo: algoSub, wave: Saw, unison: 3, detune: 0.12, cutoff: 700, keyTrack: 0.5, res: 0.9,
		envAmt: 2.2, fA: 0.08, fD: 0.6, velFilt: 1, drop: -0.7, vibDepth: 0.06, vibRate: 5, vibDelay: 0.4,
		a: 0.04, d: 0.4, s: 0.85, r: 0.18, level: 0.32},
	score.Bass: {algo: algoSub, wave: Saw, pulse: 0.4, unison: 1, sub: 0.6, cutoff: 450, keyTrack: 0.3, res: 0.8,
		envAmt: 2, fA: 0.002, fD: 0.12, velFilt: 0.8, a: 0.003, d: 1.2, s: 0.55, r: 0.07, glide: 0.05,
		level: 0.55, mono: true},
	score.SubBass: {algo: algoSub, wave: Sine, unison: 1, cutoff: 8000, res: 0.6, glide: 0.07, a: 0.004, d: 2.5,
		s: 0.7, r: 0.12, level: 0.75, mono: true, drive: 0.25},
	score.SynthBass: {algo: algoSub, wave: Saw, unison: 1, sub: 0.35, cutoff: 300, keyTrack: 0.3, res: 3.5,
		envAmt: 3.2, fA: 0.002, fD: 0.16, velFilt: 1, glide: 0.04, a: 0.002, d: 0.5, s: 0.7, r: 0.06,
		level: 0.45, mono: true},
	score.Reese: {algo: algoSub, wave: Saw, unison: 2, detune: 0.3, sub: 0.4, cutoff: 700, keyTrack: 0.3,
		res: 1.1, glide: 0.05, a: 0.005, d: 1, s: 0.9, r: 0.1, level: 0.4, mono: true},
	score.Arp: {algo: algoSub, wave: Saw, pulse: 0.25, unison: 1, cutoff: 1200, keyTrack: 0.5, res: 1.8,
		envAmt: 3, fA: 0.001, fD: 0.12, velFilt: 1, a: 0.001, d: 0.25, s: 0.2, r: 0.08, level: 0.4},
	score.Drums: {algo: algoDrum, level: 1},
}
