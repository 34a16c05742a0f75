package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Drum kits. The acoustic kit is drumPatches plus handDrums; every other
// kit is data: the sounds it replaces (kitSpec.sounds) and modifiers for
// the sounds it inherits (decay, pitch, the chip noise channel), plus a
// track insert (drive, low-pass) for the whole kit.

// kitSpec describes one kit relative to the acoustic kit.
type kitSpec struct {
	sounds map[score.Drum]*drumPatch // sounds that replace the acoustic ones
	decay  float64                   // inherited sounds: decay and length factor (0: 1)
	pitch  float64                   // inherited sounds: pitch factor (0: 1)
	hold   float64                   // inherited sounds: 1-bit noise rate (chip)
	steps  bool                      // inherited sounds: 4-bit volume steps (chip)
	drive  float64                   // track saturation added for the kit (0..1)
	cab    float64                   // track low-pass after the drive, Hz (0: none)
}

// drumSet is a kit resolved for rendering: every drum's patch and the
// kit's track insert.
type drumSet struct {
	m          map[score.Drum]*drumPatch
	drive, cab float64
	tuned      bool // some patch follows the song's key
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
		ds := &drumSet{m: make(map[score.Drum]*drumPatch, len(base)), drive: spec.drive, cab: spec.cab}
		for d, p := range base {
			ds.m[d] = spec.inherit(p)
		}
		for d, p := range spec.sounds {
			p.mc = new(metalCache)
			ds.m[d] = p
		}
		for _, p := range ds.m {
			ds.tuned = ds.tuned || p.tuned
		}
		sets[k] = ds
	}
	return sets
}

// inherit returns the acoustic patch p as this kit plays it.
func (spec *kitSpec) inherit(p *drumPatch) *drumPatch {
	if spec.decay == 0 && spec.pitch == 0 && spec.hold == 0 && !spec.steps {
		return p
	}
	q := *p
	q.mc = new(metalCache)
	if k := spec.decay; k > 0 {
		q.toneTau *= k
		q.noiseTau *= k
		q.metalTau *= k
		q.length *= k
	}
	if k := spec.pitch; k > 0 {
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
		q.hold = spec.hold
		q.lp, q.hp = 0, 0
	}
	q.steps = q.steps || spec.steps
	return &q
}

// forKey returns the set with its tuned kicks landing on the key root
// (see keyKick); sets without tuned sounds are returned as they are.
func (ds *drumSet) forKey(root int) *drumSet {
	if !ds.tuned {
		return ds
	}
	out := &drumSet{m: make(map[score.Drum]*drumPatch, len(ds.m)), drive: ds.drive, cab: ds.cab}
	for d, p := range ds.m {
		if p.tuned {
			q := *p
			q.f0 = keyKick(p.f0, root)
			q.mc = new(metalCache)
			p = &q
		}
		out.m[d] = p
	}
	return out
}

// keyKick returns the frequency of the key root's pitch (pitch class root,
// 0 = C) nearest to nominal Hz in semitones, so within half an octave of
// it: for the 808's 48 Hz that is 34 to 68 Hz.
func keyKick(nominal float64, root int) float64 {
	root = ((root % 12) + 12) % 12
	m := 69 + 12*math.Log2(nominal/440)
	k := math.Round((m - float64(root)) / 12)
	return mtof(float64(root) + 12*k)
}

// KickHz reports the final body pitch of a kit's kick in a song in the
// given key root (pitch class, 0 = C); exported for tests and tools.
func KickHz(kit score.Kit, keyRoot int) float64 {
	return kitSet(kit).forKey(keyRoot).get(score.Kick).f0
}
