package synth

import "github.com/songsmith/songsmith/internal/score"

// Membrane mode ratios of an ideal circular drum head (Bessel zeros
// relative to the (0,1) mode): the inharmonic partials that make congas,
// bongos, taiko and surdo sound like struck skins.
const (
	mode11 = 1.594
	mode21 = 2.136
	mode02 = 2.296
)

// handDrums are the acoustic kit's sounds beyond the drum set of
// drumPatches: hand percussion, tabla, big drums and jingles. They use
// the extensions of drums_extended.go.
var handDrums = map[score.Drum]*drumPatch{
	// A few people clapping: six strikes spread over ~50 ms, band-limited
	// noise centred near 1.5 kHz, a short room tail.
	score.HandClap: {level: 0.8, noise: 1, noiseTau: 0.09, hp: 700, lp: 3200, length: 0.7,
		drumExt: drumExt{bursts: 6, burstGap: 0.009, burstTau: 0.006, burstTail: 0.25}},
	// Finger snap: a very short resonant crack around 2.5 kHz.
	score.Snap: {level: 0.6, f0: 2300, tone: 0.35, toneTau: 0.012, noise: 1, noiseTau: 0.018,
		hp: 1600, lp: 4200, click: 0.4, clickTau: 0.0008, length: 0.3, drumExt: drumExt{fq: 1.4}},
	// 808-style hand cowbell: two squares (587 and 845 Hz) through a band
	// pass, a bright first stage and a longer ring.
	score.Cowbell: {level: 0.45, metal: 1, metalTau: 0.11, hp: 500, lp: 3500, click: 0.2, clickTau: 0.001,
		length: 0.8, drumExt: drumExt{metalF: []float64{587, 845}, fq: 1.1}},
	// Claves: a hard-wood resonance near 2.5 kHz ringing for ~60 ms.
	score.Clave: {level: 0.5, f0: 2500, tone: 1, toneTau: 0.045, click: 0.25, clickTau: 0.0006, length: 0.4,
		drumExt: drumExt{partials: []drumPartial{{3.9, 0.12, 0.01}}}},
	// Congas: a skin tone that settles a little after the slap, the
	// membrane's inharmonic modes and the hand's slap noise.
	score.CongaHigh: {level: 0.6, f0: 340, sweep: 0.12, sweepTau: 0.02, tone: 1, toneTau: 0.17,
		noise: 0.35, noiseTau: 0.012, hp: 900, lp: 5000, click: 0.15, clickTau: 0.001, length: 1,
		drumExt: drumExt{partials: []drumPartial{{mode11, 0.35, 0.07}, {mode21, 0.25, 0.05}, {mode02, 0.12, 0.04}}}},
	score.CongaLow: {level: 0.65, f0: 215, sweep: 0.12, sweepTau: 0.025, tone: 1, toneTau: 0.24,
		noise: 0.3, noiseTau: 0.014, hp: 700, lp: 4000, click: 0.12, clickTau: 0.001, length: 1.2,
		drumExt: drumExt{partials: []drumPartial{{mode11, 0.35, 0.09}, {mode21, 0.22, 0.06}, {mode02, 0.1, 0.05}}}},
	// Bongo: smaller and tighter than a conga, higher and drier.
	score.Bongo: {level: 0.55, f0: 560, sweep: 0.18, sweepTau: 0.012, tone: 1, toneTau: 0.09,
		noise: 0.4, noiseTau: 0.008, hp: 1500, lp: 7000, click: 0.2, clickTau: 0.0008, length: 0.6,
		drumExt: drumExt{partials: []drumPartial{{mode11, 0.4, 0.04}, {mode21, 0.25, 0.03}}}},
	// Timbale: a tight head and the ringing steel shell.
	score.Timbale: {level: 0.5, f0: 420, sweep: 0.1, sweepTau: 0.015, tone: 0.8, toneTau: 0.16,
		metal: 0.45, metalTau: 0.18, noise: 0.35, noiseTau: 0.02, hp: 1100, lp: 9000,
		click: 0.35, clickTau: 0.001, length: 1.2,
		drumExt: drumExt{metalF: []float64{1310, 1870, 2590, 3480}, partials: []drumPartial{{mode11, 0.3, 0.06}}}},
	// Guiro: a stick drawn across the ridges: noise gated per tooth at a
	// rate that speeds up, about 180 ms long.
	score.Guiro: {level: 0.45, noise: 1, noiseTau: 0.3, attack: 0.015, hp: 1800, lp: 6500, length: 0.3,
		drumExt: drumExt{scrape: 55, stop: 0.18}},
	// Tambourine: jingle pairs (high inharmonic squares) and noise in
	// three quick strikes.
	score.Tambourine: {level: 0.35, metal: 0.7, metalTau: 0.1, noise: 0.6, noiseTau: 0.08, hp: 5000, lp: 14000,
		length: 0.8, drumExt: drumExt{metalF: []float64{5350, 6720, 7910, 9140, 10480}, bursts: 3,
			burstGap: 0.012, burstTau: 0.03, burstTail: 0.6}},
	// Tabla dayan "na": near-harmonic modes (1:2:3:4) of the loaded head,
	// tuned like the real drum to the song's tonic.
	score.TablaNa: {level: 0.55, f0: 290, sweep: 0.04, sweepTau: 0.02, tone: 1, toneTau: 0.32,
		noise: 0.3, noiseTau: 0.005, hp: 2000, lp: 7000, click: 0.2, clickTau: 0.0008, length: 1.3,
		drumExt: drumExt{tuned: true, partials: []drumPartial{{2, 0.55, 0.22}, {3, 0.3, 0.14}, {4, 0.16, 0.08}}}},
	// Tabla bayan "ge": the bass drum whose pitch the wrist bends upward.
	score.TablaGe: {level: 0.8, f0: 98, sweep: -0.3, sweepTau: 0.09, tone: 1, toneTau: 0.42, drive: 1.1,
		noise: 0.15, noiseTau: 0.01, hp: 300, lp: 2000, length: 1.6,
		drumExt: drumExt{partials: []drumPartial{{2, 0.2, 0.2}, {mode11, 0.1, 0.1}}}},
	// Taiko: a huge, slow skin with a long boom and a stick crack. Its
	// boom is pitched, so it lands on the song's tonic like the timpani:
	// left on B1 in every key it boomed the bVI of Eb minor, and Essentia
	// heard the cinematic song in B major (scripts/keymeasure).
	score.Taiko: {level: 1, f0: 62, sweep: 0.5, sweepTau: 0.05, tone: 1, toneTau: 0.45, drive: 1.3,
		noise: 0.4, noiseTau: 0.05, hp: 120, lp: 1600, click: 0.3, clickTau: 0.002, length: 3.5,
		drumExt: drumExt{tuned: true, partials: []drumPartial{{mode11, 0.45, 0.2}, {mode21, 0.3, 0.14}, {mode02, 0.2, 0.1}}}},
	// Timpani: the kettle makes the head's modes nearly harmonic
	// (1 : 1.5 : 2 : 2.44 over the principal tone), tuned to the key.
	score.Timpani: {level: 0.8, f0: 98, sweep: 0.03, sweepTau: 0.03, tone: 1, toneTau: 0.7,
		noise: 0.25, noiseTau: 0.02, hp: 150, lp: 900, click: 0.1, clickTau: 0.003, length: 3,
		drumExt: drumExt{tuned: true, partials: []drumPartial{{1.5, 0.6, 0.5}, {1.98, 0.35, 0.4}, {2.44, 0.2, 0.3}}}},
	// Sleigh bells: many small bells shaken: five strikes of a bright
	// inharmonic cluster.
	score.SleighBells: {level: 0.3, metal: 0.9, metalTau: 0.22, noise: 0.35, noiseTau: 0.12, hp: 3800, lp: 15000,
		length: 1.4, drumExt: drumExt{metalF: []float64{4230, 5370, 6110, 7440, 8830, 10190}, bursts: 5,
			burstGap: 0.02, burstTau: 0.05, burstTail: 0.5}},
	// Surdo: the deep samba bass drum, felt mallet, long boom, tuned.
	score.Surdo: {level: 0.9, f0: 58, sweep: 0.3, sweepTau: 0.04, tone: 1, toneTau: 0.55, drive: 1.2,
		noise: 0.2, noiseTau: 0.02, hp: 150, lp: 1200, click: 0.1, clickTau: 0.003, length: 2.5,
		drumExt: drumExt{tuned: true, partials: []drumPartial{{mode11, 0.25, 0.2}, {mode21, 0.12, 0.12}}}},
	// Amapiano log drum as a hit: a triangle body dropping from almost an
	// octave above within ~15 ms, a wooden knock, tuned to the key.
	score.LogKick: {level: 0.85, f0: 55, sweep: 0.9, sweepTau: 0.015, tone: 1, toneTau: 0.38, drive: 1.3,
		noise: 0.4, noiseTau: 0.006, hp: 600, lp: 1800, length: 1.5,
		drumExt: drumExt{tuned: true, bodyWave: Triangle, partials: []drumPartial{{2, 0.12, 0.06}}}},
}
