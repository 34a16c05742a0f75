package synth

import "github.com/songsmith/songsmith/internal/score"

// kitSpecs lists every kit except the acoustic one: its own sounds and
// how it plays the acoustic sounds it inherits (see kitSpec).
var kitSpecs = map[score.Kit]*kitSpec{
	// Brushes and soft sticks: a swept snare, a felt kick, shorter and
	// darker cymbals.
	score.KitBrush: {decay: 0.8, cab: 9000, sounds: map[score.Drum]*drumPatch{
		score.Snare: {level: 0.55, f0: 190, tone: 0.2, toneTau: 0.03, noise: 1, noiseTau: 0.14, attack: 0.006,
			hp: 1800, lp: 7000, length: 0.8},
		score.Kick: {level: 0.8, f0: 55, sweep: 1.2, sweepTau: 0.03, tone: 1, toneTau: 0.22, click: 0.05,
			clickTau: 0.003, length: 1, drumExt: drumExt{tuned: true}},
		score.Clap: {level: 0.45, noise: 1, noiseTau: 0.05, attack: 0.003, hp: 1200, lp: 5000, length: 0.4},
	}},

	// Dusty sampled breaks: a saturated, low-passed kit with a thumping
	// kick and a fat snare.
	score.KitVintage: {decay: 0.9, cab: 7000, sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 1, f0: 52, sweep: 2.5, sweepTau: 0.025, tone: 1, toneTau: 0.22, drive: 1.8,
			noise: 0.2, noiseTau: 0.02, lp: 3000, click: 0.5, clickTau: 0.004, length: 1,
			drumExt: drumExt{tuned: true}},
		score.Snare: {level: 0.8, f0: 195, sweep: 0.3, sweepTau: 0.02, tone: 0.6, toneTau: 0.07, f2: 350,
			tone2: 0.25, noise: 1, noiseTau: 0.17, hp: 700, lp: 7000, click: 0.3, clickTau: 0.002, length: 1},
	}},

	// Roland TR-808: a short, higher sine kick (the long boom is Kick808;
	// this one stays clear of a sub bass on the same note) and toms, the
	// bridged-T snare and rim, the six-square hats and cymbal, the
	// band-passed clap.
	score.Kit808: {sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 1, f0: 58, sweep: 1.6, sweepTau: 0.03, tone: 1, toneTau: 0.36, drive: 1.3,
			click: 0.25, clickTau: 0.003, length: 1.5, drumExt: drumExt{tuned: true}},
		score.Snare: {level: 0.7, f0: 238, sweep: 0.1, sweepTau: 0.01, tone: 0.7, toneTau: 0.06, f2: 476,
			tone2: 0.4, noise: 0.7, noiseTau: 0.1, hp: 1800, lp: 10000, length: 0.7},
		score.Clap: {level: 0.75, noise: 1, noiseTau: 0.16, hp: 800, lp: 1800, length: 0.9,
			drumExt: drumExt{bursts: 4, burstGap: 0.01, burstTau: 0.004, burstTail: 0.8, fq: 1}},
		score.Rim: {level: 0.5, f0: 1750, tone: 1, toneTau: 0.006, f2: 480, tone2: 0.5, length: 0.1},
		score.ClosedHat: {level: 0.3, metal: 1, metalScale: 1, metalTau: 0.025, hp: 7500, lp: 12000,
			length: 0.3, drumExt: drumExt{fq: 1.2}},
		score.OpenHat: {level: 0.26, metal: 1, metalScale: 1, metalTau: 0.25, hp: 7500, lp: 12000,
			length: 2, drumExt: drumExt{fq: 1.2}},
		score.Crash: {level: 0.3, metal: 1, metalScale: 1, metalTau: 0.8, noise: 0.3, noiseTau: 0.6,
			hp: 5000, lp: 14000, length: 4},
		score.TomLow:  tom808(90, 0.35),
		score.TomMid:  tom808(125, 0.3),
		score.TomHigh: tom808(170, 0.25),
		score.Shaker:  {level: 0.22, noise: 1, noiseTau: 0.02, hp: 7000, lp: 14000, length: 0.2},
	}},

	// Roland TR-909: punchy swept kick with a beater click, a brighter
	// snare and clap, sampled noisy hats and ride.
	score.Kit909: {sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 1, f0: 52, sweep: 4, sweepTau: 0.018, tone: 1, toneTau: 0.3, drive: 1.8,
			noise: 0.15, noiseTau: 0.006, hp: 2000, lp: 8000, click: 0.55, clickTau: 0.002, length: 1.2,
			drumExt: drumExt{tuned: true}},
		score.Snare: {level: 0.75, f0: 180, sweep: 0.35, sweepTau: 0.01, tone: 0.6, toneTau: 0.055, f2: 330,
			tone2: 0.35, noise: 1, noiseTau: 0.16, hp: 1500, lp: 12000, length: 0.9},
		score.Clap: {level: 0.75, noise: 1, noiseTau: 0.2, hp: 1100, lp: 3500, length: 1,
			drumExt: drumExt{bursts: 4, burstGap: 0.011, burstTau: 0.005, burstTail: 0.7}},
		score.ClosedHat: {level: 0.3, metal: 0.5, metalScale: 2.2, metalTau: 0.03, noise: 0.7, noiseTau: 0.03,
			hp: 8000, lp: 16000, length: 0.3},
		score.OpenHat: {level: 0.26, metal: 0.5, metalScale: 2.2, metalTau: 0.3, noise: 0.7, noiseTau: 0.28,
			hp: 8000, lp: 16000, length: 2},
		score.Ride: {level: 0.22, metal: 0.8, metalScale: 2.6, metalTau: 0.6, noise: 0.3, noiseTau: 0.4,
			hp: 6000, lp: 15000, length: 3.5},
	}},

	// Modern produced electronic kit: layered, hard-clipped kick, a
	// snare-and-clap layer, crisp tight hats.
	score.KitElectronic: {drive: 0.15, sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 1, f0: 50, sweep: 5, sweepTau: 0.016, tone: 1, toneTau: 0.35, drive: 2.2,
			noise: 0.2, noiseTau: 0.004, hp: 3000, lp: 12000, click: 0.6, clickTau: 0.0015, length: 1.3,
			drumExt: drumExt{tuned: true}},
		score.Snare: {level: 0.8, f0: 200, sweep: 0.5, sweepTau: 0.008, tone: 0.55, toneTau: 0.06,
			noise: 1, noiseTau: 0.14, hp: 2200, lp: 12000, click: 0.3, clickTau: 0.001, length: 0.8,
			drumExt: drumExt{bursts: 3, burstGap: 0.008, burstTau: 0.006, burstTail: 0.9}},
		score.Clap: {level: 0.7, noise: 1, noiseTau: 0.12, hp: 1500, lp: 5000, length: 0.7,
			drumExt: drumExt{bursts: 3, burstGap: 0.009, burstTau: 0.004, burstTail: 0.8}},
		score.ClosedHat: {level: 0.28, metal: 0.6, metalScale: 2, metalTau: 0.02, noise: 0.6, noiseTau: 0.018,
			hp: 9000, lp: 17000, length: 0.25},
	}},

	// Latin: a round kick, a timbale-like snare with its shell ring, a
	// wood-block rim (cascara); the hand drums are the acoustic ones.
	score.KitLatin: {decay: 0.9, pitch: 1.05, sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 0.9, f0: 58, sweep: 1.5, sweepTau: 0.03, tone: 1, toneTau: 0.2, click: 0.1,
			clickTau: 0.002, length: 1, drumExt: drumExt{tuned: true}},
		score.Snare: {level: 0.6, f0: 330, sweep: 0.12, sweepTau: 0.015, tone: 0.8, toneTau: 0.12,
			metal: 0.3, metalTau: 0.12, noise: 0.6, noiseTau: 0.06, hp: 1200, lp: 8000,
			click: 0.35, clickTau: 0.001, length: 1,
			drumExt: drumExt{metalF: []float64{1310, 1870, 2590, 3480}}},
		score.Rim: {level: 0.5, f0: 1100, tone: 1, toneTau: 0.025, click: 0.3, clickTau: 0.0008, length: 0.3,
			drumExt: drumExt{partials: []drumPartial{{2.7, 0.3, 0.01}}}},
	}},

	// Orchestral: concert bass drum, concert snare, clash and suspended
	// cymbals, concert toms (the acoustic ones ringing longer).
	score.KitOrchestral: {decay: 1.3, sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 1, f0: 45, sweep: 0.6, sweepTau: 0.04, tone: 1, toneTau: 0.32,
			noise: 0.25, noiseTau: 0.05, hp: 60, lp: 500, click: 0.15, clickTau: 0.004, length: 3,
			drumExt: drumExt{tuned: true, partials: []drumPartial{{mode11, 0.3, 0.4}, {mode21, 0.2, 0.3}}}},
		score.Snare: {level: 0.6, f0: 220, tone: 0.3, toneTau: 0.04, noise: 1, noiseTau: 0.18, hp: 2500,
			lp: 10000, click: 0.15, clickTau: 0.001, length: 0.9},
		score.Crash: {level: 0.35, metal: 0.5, metalScale: 1.2, metalTau: 1.6, noise: 0.9, noiseTau: 1.5,
			hp: 2500, lp: 12000, length: 7},
		score.Ride: {level: 0.25, metal: 0.6, metalScale: 1.1, metalTau: 1.2, noise: 0.5, noiseTau: 1.2,
			attack: 0.04, hp: 3000, lp: 12000, length: 5},
	}},

	// Game console: a stepped-triangle kick, 1-bit noise at a few rates,
	// 4-bit volume steps on every sound.
	score.KitChip: {hold: 7000, steps: true, sounds: map[score.Drum]*drumPatch{
		score.Kick: {level: 0.9, f0: 55, sweep: 4, sweepTau: 0.02, tone: 1, toneTau: 0.12, length: 0.5,
			drumExt: drumExt{tuned: true, bodyWave: chipTri, steps: true}},
		score.Snare: {level: 0.6, f0: 180, sweep: 1, sweepTau: 0.02, tone: 0.5, toneTau: 0.04,
			noise: 1, noiseTau: 0.09, hp: 300, length: 0.5,
			drumExt: drumExt{bodyWave: chipTri, hold: 4000, steps: true}},
		score.ClosedHat: {level: 0.22, noise: 1, noiseTau: 0.025, hp: 2000, length: 0.2,
			drumExt: drumExt{hold: 15000, steps: true}},
		score.OpenHat: {level: 0.2, noise: 1, noiseTau: 0.18, hp: 2000, length: 1,
			drumExt: drumExt{hold: 15000, steps: true}},
	}},

	// Marching band: high-tension snares with a hard crack, a pitched
	// bass drum with a hard mallet, tenor drums above the toms, clash
	// cymbals.
	score.KitMarching: {decay: 0.75, pitch: 1.35, sounds: map[score.Drum]*drumPatch{
		score.Snare: {level: 0.8, f0: 330, f2: 560, tone: 0.6, tone2: 0.3, toneTau: 0.05, noise: 1,
			noiseTau: 0.09, hp: 2800, lp: 11000, click: 0.6, clickTau: 0.0015, length: 0.7},
		score.Kick: {level: 0.95, f0: 75, sweep: 0.4, sweepTau: 0.03, tone: 1, toneTau: 0.35, noise: 0.2,
			noiseTau: 0.01, hp: 500, lp: 3000, click: 0.5, clickTau: 0.002, length: 1.5,
			drumExt: drumExt{tuned: true, partials: []drumPartial{{mode11, 0.3, 0.15}}}},
		score.Crash: {level: 0.35, metal: 0.5, metalScale: 1.2, metalTau: 0.9, noise: 0.9, noiseTau: 0.8,
			hp: 2500, lp: 12000, length: 4},
	}},
}

// tom808 is an 808 tom: a sine that falls onto f0 and rings.
func tom808(f0, tau float64) *drumPatch {
	return &drumPatch{level: 0.7, f0: f0, sweep: 0.4, sweepTau: 0.08, tone: 1, toneTau: tau,
		noise: 0.05, noiseTau: 0.02, hp: 400, lp: 3000, length: 1.5}
}
