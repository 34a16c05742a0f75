package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Drum kits. The acoustic kit is drumPatches plus handDrums; every other
// kit is data (kitSpecs in drums_kits.go): the sounds it replaces and
// modifiers for the sounds it inherits (decay, pitch, the chip noise
// channel), plus a colour (saturation, low-pass) applied to every hit of
// the kit.

// kitSpec describes one kit relative to the acoustic kit.
type kitSpec struct {
	sounds map[score.Drum]*drumPatch // sounds that replace the acoustic ones
	decay  float64                   // inherited sounds: decay and length factor (0: 1)
	pitch  float64                   // inherited sounds: pitch factor (0: 1)
	hold   float64                   // inherited sounds: 1-bit noise rate (chip)
	steps  bool                      // inherited sounds: 4-bit volume steps (chip)
	drive  float64                   // every hit: saturation (0..1)
	cab    float64                   // every hit: low-pass after the drive, Hz (0: none)
}

// drumSet is a kit resolved for rendering: every drum's patch.
type drumSet struct {
	m     map[score.Drum]*drumPatch
	tuned bool // some patch follows the song's key
}

// get returns a drum's patch; unknown drums play the snare.
func (ds *drumSet) get(d score.Drum) *drumPatch {
	if p, ok := ds.m[d]; ok {
		return p
	}
	return ds.m[score.Snare]
}

// kitSets holds every kit resolved, built once at start-up.
var kitSets = buildKitSets()

// kitSet returns the resolved kit; "" and unknown kits are acoustic.
func kitSet(k score.Kit) *drumSet {
	if ds, ok := kitSets[k]; ok {
		return ds
	}
	return kitSets[score.KitAcoustic]
}

// useKit gives every hit of a drum track its patch in the track's kit,
// tuned to the song's key.
func (t *trackState) useKit(s *score.Score, tr *score.Track) {
	ds := kitSet(tr.Kit).forKey(s.KeyRoot)
	for i := range t.events {
		t.events[i].dp = ds.get(t.events[i].drum)
	}
}

// buildKitSets resolves every kit against the acoustic sounds and gives
// each patch its own metal cache.
func buildKitSets() map[score.Kit]*drumSet {
	base := make(map[score.Drum]*drumPatch, len(drumPatches)+len(handDrums))
	for d, p := range drumPatches {
		base[d] = p
	}
	for d, p := range handDrums {
		base[d] = p
	}
	for _, p := range base {
		p.mc = new(metalCache)
	}
	sets := map[score.Kit]*drumSet{score.KitAcoustic: {m: base}}
	for k, spec := range kitSpecs {
		ds := &drumSet{m: make(map[score.Drum]*drumPatch, len(base))}
		for d, p := range base {
			ds.m[d] = spec.inherit(p)
		}
		for d, p := range spec.sounds {
			ds.m[d] = spec.colour(p)
		}
		sets[k] = ds
	}
	for _, ds := range sets {
		for _, p := range ds.m {
			ds.tuned = ds.tuned || p.tuned
		}
	}
	return sets
}

// colour returns a copy of p with the kit's saturation and low-pass.
func (spec *kitSpec) colour(p *drumPatch) *drumPatch {
	q := *p
	q.mc = new(metalCache)
	if q.outDrive == 0 {
		q.outDrive = spec.drive
	}
	if q.outLP == 0 {
		q.outLP = spec.cab
	}
	return &q
}

// inherit returns the acoustic patch p as this kit plays it.
func (spec *kitSpec) inherit(p *drumPatch) *drumPatch {
	q := spec.colour(p)
	if k := spec.decay; k > 0 {
		q.toneTau *= k
		q.noiseTau *= k
		q.metalTau *= k
		q.length *= k
	}
	if k := spec.pitch; k > 0 && !q.tuned {
		q.f0 *= k
		q.f2 *= k
		q.metalScale *= k
		if q.metalF != nil {
			q.metalF = append([]float64(nil), q.metalF...)
			for i := range q.metalF {
				q.metalF[i] *= k
			}
		}
	}
	if spec.hold > 0 && q.noise > 0 {
		// Held 1-bit noise keeps the sound's high-pass (the console's
		// output stage also rolls off the lows) but not its low-pass.
		q.hold = spec.hold
		q.lp = 0
	}
	q.steps = q.steps || spec.steps
	return q
}

// forKey returns the set with its tuned sounds landing on the key's tonic
// (see keyPitch; a kick never under kickFloorHz); sets without tuned sounds are returned as they
// are.
func (ds *drumSet) forKey(root int) *drumSet {
	if !ds.tuned {
		return ds
	}
	out := &drumSet{m: make(map[score.Drum]*drumPatch, len(ds.m))}
	for d, p := range ds.m {
		if p.tuned {
			q := *p
			q.f0 = keyPitch(p.f0, root)
			if d == score.Kick && q.f0 < kickFloorHz {
				q.f0 *= 2
			}
			q.f2 *= q.f0 / p.f0
			q.mc = new(metalCache)
			p = &q
		}
		out.m[d] = p
	}
	return out
}

// kickFloorHz is the lowest a kit's kick is tuned to: under it (the
// 63 Hz octave band's floor) the tonic takes the octave above. A 909 kick
// (52 Hz) tuned to D1 (37 Hz) emptied a trance song's 63 Hz band, and it
// measured nearer a rock band than a club (TestGenresDiffer). The 808,
// a sub bass, goes lower.
const kickFloorHz = 44.0

// keyPitch returns the frequency of the key's tonic (pitch class root,
// 0 = C) in the octave nearest to nominal Hz, so within six semitones of
// it: a 50 Hz drum lands between 34.6 and 69.3 Hz. Tuned drums play the
// tonic, never the fifth: a kick on the fifth, repeated on every beat,
// made Essentia hear the song a fifth away (salsa in E heard as B minor).
func keyPitch(nominal float64, root int) float64 {
	root = ((root % 12) + 12) % 12
	m := 69 + 12*math.Log2(nominal/440)
	return mtof(float64(root) + 12*math.Round((m-float64(root))/12))
}

// KickHz reports the settled body pitch of a kit's kick in a song whose
// key has the given root (pitch class, 0 = C); exported for tests and
// tools.
func KickHz(kit score.Kit, keyRoot int) float64 {
	return kitSet(kit).forKey(keyRoot).get(score.Kick).f0
}
