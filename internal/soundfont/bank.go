package soundfont

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// DebianPath is where Debian's fluid-soundfont-gm installs FluidR3_GM: the
// default of SONGSMITH_SOUNDFONT (internal/app) and the bank of a zero
// synth.Options.
const DebianPath = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

// PercussionBank is the SoundFont bank number of GM drum kits.
const PercussionBank = 128

// ErrNoPreset is returned by NewPlayer for a bank:program the file lacks.
var ErrNoPreset = errors.New("soundfont: no such preset")

// Bank is a loaded SoundFont 2 file. It is immutable after Load.
type Bank struct {
	sf      *meltysynth.SoundFont                                         // stereo pairs folded (see foldStereo): mono players
	stereo  *meltysynth.SoundFont                                         // stereo players (NewStereoPlayer): pairs played as one voice folded
	partner map[*meltysynth.InstrumentRegion]*meltysynth.InstrumentRegion // left -> right half of those pairs
	pairs   map[int32]bool                                                // bank<<16|program -> the preset plays stereo pairs
	path    string
	presets map[int32]string // bank<<16|program -> preset name
	samples int              // 16-bit sample frames in the file
	heap    int64            // bytes of sample data copied to the heap (0: mapped)
	lazy    *sf3             // an SF3 bank's samples, decoded per note zone (nil: SF2)
	// presetOf finds a preset by bank<<16|program (lazy decoding).
	presetOf map[int32]*meltysynth.Preset
}

// Load reads a SoundFont 2 file: the preset, instrument and sample tables
// are parsed; the sample data is memory-mapped, not copied (see parse).
// Mono players play stereo sample pairs folded to their left sample (see
// foldStereo): one voice per note instead of two halves the sampler's
// work; stereo players (NewStereoPlayer) play both halves, in one voice
// where the pair's regions allow it. Default filter
// cutoffs are opened (see openFilters), the melodic instruments' own
// raised an octave (brightenFilters). An SF3 bank (Ogg Vorbis samples)
// is decoded lazily: a Player's NoteOn decodes the samples of the zones
// the note plays, once per bank (sf3.go); only the left halves of its
// pairs are decoded, so it has no stereo presets (StereoPairs is false).
func Load(path string) (*Bank, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("soundfont: %w", err)
	}
	defer f.Close()
	sf, lazy, heap, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("soundfont: %s: %w", path, err)
	}
	openFilters(sf)
	brightenFilters(sf)
	keys := newPairKeys(sf)
	mono, pairs := foldStereo(sf, keys, nil)
	partner := pairVoices(sf, keys)
	stereo, _ := foldStereo(sf, keys, partner)
	if lazy != nil { // SF3: the right halves are never decoded (sf3play.go)
		stereo, pairs, partner = mono, map[int32]bool{}, nil
	}
	b := &Bank{sf: mono, stereo: stereo, partner: partner, pairs: pairs, path: path, presets: make(map[int32]string), samples: len(sf.WaveData), heap: heap, lazy: lazy,
		presetOf: make(map[int32]*meltysynth.Preset)}
	for _, p := range mono.Presets {
		b.presets[p.BankNumber<<16|p.PatchNumber] = p.Name
		b.presetOf[p.BankNumber<<16|p.PatchNumber] = p
	}
	return b, nil
}

// foldStereo returns a copy of sf without the right-hand regions of
// stereo pairs, and the presets (bank<<16|program) that have pairs. With
// only nil, it drops every right-hand region whose left partner the same
// preset plays over the same keys and velocities (the mono players' view);
// otherwise only the right-hand regions in only (a stereo player plays
// them in their left partner's voice) and keeps the other halves as
// regions of their own. sf is left whole; the copy shares its regions,
// samples and generators, and only its instrument and preset tables are
// new. A pair is matched by name (FluidR3 leaves the SF2 sample links
// unset): the side comes from the sample type or the name: "Strings
// C#6L"/"Strings C#6R", "Flute D5(L)"/"Flute D5(R)".
func foldStereo(sf *meltysynth.SoundFont, keys *pairKeys, only map[*meltysynth.InstrumentRegion]*meltysynth.InstrumentRegion) (*meltysynth.SoundFont, map[int32]bool) {
	drop := make(map[*meltysynth.InstrumentRegion]bool)
	pairs := make(map[int32]bool)
	lefts := make(map[pairID]bool)
	for _, p := range sf.Presets {
		clear(lefts)
		for _, pr := range p.Regions {
			for _, k := range keys.of(pr.Instrument) {
				if k.side == 'L' {
					lefts[k.id] = true
				}
			}
		}
		for _, pr := range p.Regions {
			for i, k := range keys.of(pr.Instrument) {
				if k.side == 'R' && lefts[k.id] {
					pairs[p.BankNumber<<16|p.PatchNumber] = true
					if only == nil {
						drop[pr.Instrument.Regions[i]] = true
					}
				}
			}
		}
	}
	for _, r := range only {
		drop[r] = true
	}
	mono := *sf
	folded := make(map[*meltysynth.Instrument]*meltysynth.Instrument, len(sf.Instruments))
	mono.Instruments = make([]*meltysynth.Instrument, len(sf.Instruments))
	for i, in := range sf.Instruments {
		c := &meltysynth.Instrument{Name: in.Name}
		for _, r := range in.Regions {
			if !drop[r] {
				c.Regions = append(c.Regions, r)
			}
		}
		folded[in], mono.Instruments[i] = c, c
	}
	mono.Presets = make([]*meltysynth.Preset, len(sf.Presets))
	for i, p := range sf.Presets {
		c := *p
		c.Regions = make([]*meltysynth.PresetRegion, len(p.Regions))
		for j, pr := range p.Regions {
			r := *pr
			r.Instrument = folded[pr.Instrument]
			c.Regions[j] = &r
		}
		mono.Presets[i] = &c
	}
	return &mono, pairs
}

// pairVoices returns the stereo pairs a stereo player sounds as one voice
// (left region -> right region): a left and a right half of the same
// instrument over the same keys and velocities (pairKey) that differ only
// in their sample, its placement and tuning, and pan
// (meltysynth.InstrumentRegion.PairsWith). FluidR3 has 942 pairs; 902
// qualify, the rest (an envelope, cutoff or attenuation of their own) play
// as two voices.
func pairVoices(sf *meltysynth.SoundFont, keys *pairKeys) map[*meltysynth.InstrumentRegion]*meltysynth.InstrumentRegion {
	partner := make(map[*meltysynth.InstrumentRegion]*meltysynth.InstrumentRegion)
	lefts := make(map[pairID]*meltysynth.InstrumentRegion)
	for _, in := range sf.Instruments {
		clear(lefts)
		ks := keys.of(in)
		for i, r := range in.Regions {
			if ks[i].side == 'L' {
				lefts[ks[i].id] = r
			}
		}
		for i, r := range in.Regions {
			if ks[i].side == 'R' {
				if l := lefts[ks[i].id]; l != nil && partner[l] == nil && l.PairsWith(r) {
					partner[l] = r
				}
			}
		}
	}
	return partner
}

// StereoPairs reports whether preset bank:program plays stereo sample
// pairs (a stereo player of it renders a side signal).
func (b *Bank) StereoPairs(bank, program int) bool { return b.pairs[int32(bank)<<16|int32(program)] }

// pairID names the stereo pair a region belongs to, the same for its left
// and right halves: the sample name without its side (numbered per load),
// the key range and the velocity range.
type pairID struct{ base, k0, k1, v0, v1 int32 }

// pairKeys holds the pair and side of each instrument's regions (in the
// order of its Regions), worked out once per load for foldStereo and
// pairVoices, which read every region several times.
type pairKeys struct {
	sides map[*meltysynth.Instrument][]pairSide
	names map[string]int32 // sample name without its side -> pairID.base
}

// pairSide is a region's pair and its side ('L', 'R' or 0).
type pairSide struct {
	id   pairID
	side byte
}

// newPairKeys returns the pair keys of the instruments of sf.
func newPairKeys(sf *meltysynth.SoundFont) *pairKeys {
	k := &pairKeys{sides: make(map[*meltysynth.Instrument][]pairSide, len(sf.Instruments)), names: make(map[string]int32)}
	for _, in := range sf.Instruments {
		k.of(in)
	}
	return k
}

// of returns the pair and side of each region of in, working them out on
// the first call for in.
func (k *pairKeys) of(in *meltysynth.Instrument) []pairSide {
	if ks, ok := k.sides[in]; ok {
		return ks
	}
	ks := make([]pairSide, len(in.Regions))
	for i, r := range in.Regions {
		base, side := pairKey(r)
		if side == 0 {
			continue
		}
		n, ok := k.names[base]
		if !ok {
			n = int32(len(k.names)) + 1
			k.names[base] = n
		}
		ks[i] = pairSide{pairID{n, r.GetKeyRangeStart(), r.GetKeyRangeEnd(), r.GetVelocityRangeStart(), r.GetVelocityRangeEnd()}, side}
	}
	k.sides[in] = ks
	return ks
}

// pairKey returns a region's sample name without its stereo side and the
// side, 'L', 'R' or 0 when it is no half of a pair (with the key and
// velocity ranges, the base names the pair: the same for both halves).
func pairKey(r *meltysynth.InstrumentRegion) (string, byte) {
	const right, left = 2, 4
	h := r.Sample
	base, side := splitSide(h.Name)
	switch {
	case h.SampleType&right != 0:
		side = 'R'
	case h.SampleType&left != 0:
		side = 'L'
	}
	if side == 0 {
		return "", 0
	}
	return base, side
}

// splitSide strips a stereo suffix, "(L)", "(R)", "L" or "R", from a sample
// name and returns the side it named (0 for none).
func splitSide(name string) (string, byte) {
	n := strings.TrimSpace(name)
	for _, suf := range []string{"(L)", "(R)", "L", "R"} {
		if base, ok := strings.CutSuffix(n, suf); ok {
			return strings.TrimSpace(base), suf[len(suf)/2]
		}
	}
	return n, 0
}

// Path returns the file the bank was loaded from.
func (b *Bank) Path() string { return b.path }

// SampleFrames returns the number of 16-bit sample frames the bank holds
// in memory (two bytes each): the whole sample chunk of an SF2 bank, the
// samples decoded so far of an SF3 bank.
func (b *Bank) SampleFrames() int {
	if b.lazy != nil {
		return int(b.lazy.frames.Load())
	}
	return b.samples
}

// Compressed reports whether the bank is an SF3 bank (Ogg Vorbis samples,
// decoded per preset on first use).
func (b *Bank) Compressed() bool { return b.lazy != nil }

// Preset returns the name of preset bank:program and whether the file has it.
func (b *Bank) Preset(bank, program int) (string, bool) {
	n, ok := b.presets[int32(bank)<<16|int32(program)]
	return n, ok
}

// shared holds the process-wide banks, one sync.OnceValue per path.
var shared sync.Map

// Shared returns the process-wide bank loaded from path, loading it on
// first use (once per path). It returns nil when path is "" (no bank) or
// the bank fails to load (logged once), and callers then synthesize every
// part. The path comes from configuration (SONGSMITH_SOUNDFONT, read by
// internal/app): this package reads no environment. Safe for concurrent use.
func Shared(path string) *Bank {
	if path == "" {
		return nil
	}
	f, _ := shared.LoadOrStore(path, sync.OnceValue(func() *Bank { return loadShared(path) }))
	return f.(func() *Bank)()
}

// Loader returns a function that returns Shared(path): the sample bank
// loader of synth.Options for a configured path ("" for none).
func Loader(path string) func() *Bank { return func() *Bank { return Shared(path) } }

func loadShared(path string) *Bank {
	t0 := time.Now()
	b, err := Load(path)
	if errors.Is(err, os.ErrNotExist) {
		slog.Warn("soundfont: no bank; recorded parts are synthesized", "path", path,
			"hint", "install fluid-soundfont-gm or set SONGSMITH_SOUNDFONT to a .sf2 file (off for none)")
		return nil
	} else if err != nil {
		slog.Error("soundfont: bank failed to load; recorded parts are synthesized", "path", path, "err", err)
		return nil
	}
	slog.Info("soundfont: bank loaded", "path", path, "presets", len(b.presets),
		"sample_mib", b.samples*2>>20, "ms", time.Since(t0).Milliseconds())
	return b
}
