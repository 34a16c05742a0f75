package synth

import "github.com/songsmith/songsmith/internal/score"

// morePatches are the instruments added for the style catalogue: folk and
// world strings, mallets and bells, reeds, game-console voices and a
// texture. Each reuses one algorithm (algoPluck, algoModal, algoFormant,
// algoSub, algoCrackle) with its own data.
var morePatches = map[score.Instrument]*patch{
	// Bowed: a saw (Helmholtz motion) through the violin body's air and
	// wood resonances and the bridge hill near 3 kHz, bow noise, a slight
	// scoop into each note and a vibrato that grows in.
	score.Fiddle: {algo: algoFormant, wave: Saw, unison: 1, noise: 0.035, direct: 0.3, cutoff: 5000,
		formants: []formant{{280, 2.2, 1}, {520, 2.8, 0.7}, {2900, 1.1, 1.3}},
		vibDepth: 0.2, vibRate: 5.8, vibDelay: 0.15, drop: -0.3, dropTau: 0.05,
		a: 0.05, d: 0.4, s: 0.85, r: 0.15, level: 0.45},

	// Plucked strings (Karplus-Strong, see pluck_extended.go).
	score.Banjo: {algo: algoPluck, t60: 1.1, stretch: 0.15, ksBright: 1, pickPos: 0.07,
		body: []formant{{2400, 1.4, 1}, {420, 2.5, 0.6}}, a: 0.001, d: 10, s: 1, r: 0.08, level: 0.8},
	score.Mandolin: {algo: algoPluck, t60: 1.6, stretch: 0.22, ksBright: 0.8, pickPos: 0.1,
		course: 0.9, courseCt: 7, body: []formant{{380, 2, 0.5}, {1800, 1.5, 0.4}},
		a: 0.001, d: 10, s: 1, r: 0.1, level: 0.45},
	score.Ukulele: {algo: algoPluck, t60: 1.3, stretch: 0.42, ksBright: 0.3, pickPos: 0.22,
		body: []formant{{330, 2, 0.5}, {900, 1.5, 0.3}}, a: 0.001, d: 10, s: 1, r: 0.1, level: 0.75},
	score.NylonGuitar: {algo: algoPluck, t60: 3.2, stretch: 0.4, ksBright: 0.35, pickPos: 0.18,
		body: []formant{{105, 2, 0.6}, {220, 2.5, 0.4}}, a: 0.001, d: 10, s: 1, r: 0.15, level: 0.75},
	score.Sitar: {algo: algoPluck, t60: 7, stretch: 0.12, ksBright: 0.9, pickPos: 0.06, jawari: 0.025,
		course: 0.3, courseRat: 2, body: []formant{{1100, 1.2, 0.4}}, a: 0.001, d: 10, s: 1, r: 0.5, level: 0.8},
	score.Harpsichord: {algo: algoPluck, noVel: true, t60: 2.5, stretch: 0.1, ksBright: 1, pickPos: 0.09,
		course: 0.3, courseRat: 2, body: []formant{{1200, 1.2, 0.3}}, a: 0.001, d: 10, s: 1, r: 0.06, level: 0.7},
	score.Harp: {algo: algoPluck, t60: 5, stretch: 0.3, ksBright: 0.45, pickPos: 0.3,
		body: []formant{{300, 1.5, 0.3}}, a: 0.001, d: 10, s: 1, r: 1.2, level: 0.7},
	score.UprightBass: {algo: algoPluck, t60: 1, stretch: 0.48, ksBright: 0.15, pickPos: 0.25,
		body: []formant{{90, 1.5, 0.7}, {240, 2, 0.4}}, a: 0.001, d: 10, s: 1, r: 0.08, level: 0.75, mono: true},

	// Reeds: three reeds a few cents apart beat (musette), the bellows
	// swell into each note.
	score.Accordion: {algo: algoSub, wave: Saw, unison: 3, detune: 0.3, cutoff: 2800, keyTrack: 0.5, res: 0.9,
		noise: 0.01, swell: 0.3, a: 0.04, d: 0.3, s: 0.9, r: 0.08, level: 0.7, chorus: 0.2},

	// Struck bars, tines, pans and bowls (modal, see modal.go).
	score.SteelDrums: {algo: algoModal, modes: []mode{{1, 1, 0.9, Sine}, {2, 0.55, 0.5, Sine},
		{3, 0.25, 0.3, Sine}, {4, 0.12, 0.18, Sine}, {5.02, 0.05, 0.1, Sine}},
		noise: 0.25, knockTau: 0.003, knockHz: 3000, a: 0.001, d: 6, s: 1, r: 0.5, level: 0.4},
	score.MusicBox: {algo: algoModal, modes: []mode{{1, 1, 1.2, Sine}, {1.0035, 0.35, 1, Sine},
		{6.27, 0.3, 0.18, Sine}, {17.55, 0.1, 0.05, Sine}},
		noise: 0.15, knockTau: 0.001, knockHz: 6000, a: 0.0005, d: 6, s: 1, r: 1.5, level: 0.4},
	score.Marimba: {algo: algoModal, modes: []mode{{1, 1, 0.5, Sine}, {4, 0.35, 0.09, Sine}, {10, 0.12, 0.025, Sine}},
		noise: 0.2, knockTau: 0.002, knockHz: 1500, a: 0.001, d: 5, s: 1, r: 0.35, level: 0.6},
	score.Vibraphone: {algo: algoModal, modes: []mode{{1, 1, 2.2, Sine}, {4, 0.3, 0.5, Sine}, {10, 0.06, 0.12, Sine}},
		trem: 0.45, tremRate: 5.5, noise: 0.08, knockTau: 0.0015, knockHz: 4000,
		a: 0.001, d: 10, s: 1, r: 0.3, level: 0.45},
	score.Kalimba: {algo: algoModal, modes: []mode{{1, 1, 0.9, Sine}, {6.1, 0.3, 0.07, Sine}, {2, 0.05, 0.3, Sine}},
		noise: 0.2, knockTau: 0.002, knockHz: 1800, a: 0.001, d: 6, s: 1, r: 0.6, level: 0.55},
	score.SingingBowl: {algo: algoModal, modes: []mode{{1, 1, 12, Sine}, {1.0035, 0.8, 12, Sine},
		{2.71, 0.5, 8, Sine}, {2.7195, 0.4, 8, Sine}, {5.12, 0.22, 5, Sine}, {5.14, 0.18, 5, Sine},
		{8.3, 0.08, 3, Sine}},
		noise: 0.05, knockTau: 0.004, knockHz: 1500, a: 0.008, d: 60, s: 1, r: 6, level: 0.3},
	// Amapiano log drum: a triangle and sine body that falls from almost
	// an octave above the note within a few milliseconds, and a knock.
	score.LogDrum: {algo: algoModal, modes: []mode{{1, 0.8, 0.35, Triangle}, {1, 0.7, 0.45, Sine},
		{2, 0.12, 0.06, Sine}}, drop: 10, dropTau: 0.012,
		noise: 0.5, knockTau: 0.006, knockHz: 1100, a: 0.001, d: 3, s: 1, r: 0.12, level: 0.7, drive: 0.2},
	// Phonk cowbell: two squares a ratio of 1.48 apart, a short bright
	// stage then a longer ring, band-passed above the note.
	score.CowbellLead: {algo: algoModal, modes: []mode{{1, 1, 0.5, Square}, {1.48, 0.85, 0.4, Square},
		{1, 0.8, 0.04, Square}, {1.48, 0.6, 0.04, Square}}, bpRatio: 1.9, res: 1.4,
		a: 0.001, d: 4, s: 1, r: 0.15, level: 0.35},
	// Tabla as a melodic part: the dayan's near-harmonic membrane modes
	// (1:2:3:4:5), a pitch that settles down onto the note (further when
	// struck harder) and the finger strike.
	score.Tabla: {algo: algoModal, modes: []mode{{1, 1, 0.4, Sine}, {2, 0.5, 0.25, Sine}, {3, 0.3, 0.15, Sine},
		{4, 0.18, 0.1, Sine}, {5, 0.1, 0.06, Sine}}, drop: 1.5, dropTau: 0.04, dropVel: true,
		noise: 0.35, knockTau: 0.004, knockHz: 2500, a: 0.0005, d: 3, s: 1, r: 0.2, level: 0.55},

	// Game console: raw pulse (12.5 % for the attack, then 25 %) and the
	// stepped triangle; the filter sits above the audio band.
	score.ChipLead: {algo: algoSub, wave: Saw, pulse: 0.125, pulse2: 0.25, pulseT: 0.05, unison: 1,
		cutoff: 19000, res: 0.5, vibDepth: 0.12, vibRate: 6, vibDelay: 0.35, glide: 0.03,
		a: 0.002, d: 0.2, s: 0.85, r: 0.03, level: 0.22, mono: true},
	score.ChipBass: {algo: algoSub, wave: chipTri, unison: 1, cutoff: 19000, res: 0.5,
		a: 0.002, d: 0.1, s: 1, r: 0.02, level: 0.6, mono: true},

	// Texture: pitch ignored, sounds while the note is held.
	score.VinylCrackle: {algo: algoCrackle, crackle: 18, a: 0.05, d: 1, s: 1, r: 0.15, level: 0.5},
}
