package soundfont

import (
	"reflect"
	"unsafe"

	"github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// Filter bypass. A SoundFont region without an initialFilterFc generator
// has a cutoff of 13500 cents, 19.9 kHz: "no filter" in the SF2 spec's
// intent. meltysynth runs its low-pass for every cutoff below 0.499 of
// the sample rate (22.0 kHz at 44.1 kHz), so each such voice paid a
// biquad per sample for a 2-pole roll-off above 15 kHz, a quarter of the
// recorded benchmark's CPU time. openFilters raises those cutoffs to
// openCents (25.1 kHz), where meltysynth leaves the filter off; a region
// whose filter envelope or LFO moves the cutoff still filters while it is
// pulled below 22 kHz. Regions whose preset zones lower the cutoff are
// left alone.
//
// meltysynth keeps generators unexported (InstrumentRegion.gs, pinned
// v0.0.0-20230205031334-05d311382fc4); generators reaches them by
// reflection, and TestFilterBypass checks the result through meltysynth's
// own getter.

const (
	defaultCutoffCents = 13500 // SF2 default of initialFilterFc
	openCents          = 14000 // above the Nyquist frequency at 44.1 kHz
	genCutoff          = 8     // SF2 generator number of initialFilterFc
)

// openFilters raises default cutoffs (see above). It returns the number of
// instrument regions changed.
func openFilters(sf *meltysynth.SoundFont) int {
	lowered := make(map[*meltysynth.Instrument]bool)
	for _, p := range sf.Presets {
		for _, pr := range p.Regions {
			if generators(pr)[genCutoff] < 0 {
				lowered[pr.Instrument] = true
			}
		}
	}
	n := 0
	for _, in := range sf.Instruments {
		if lowered[in] {
			continue
		}
		for _, r := range in.Regions {
			if gs := generators(r); gs[genCutoff] >= defaultCutoffCents && gs[genCutoff] < openCents {
				gs[genCutoff] = openCents
				n++
			}
		}
	}
	return n
}

// Air. FluidR3 low-passes many of its melodic instruments on purpose:
// the piano at 12 kHz, the strings and the sax at 10, the flute and the
// organ at 8, the harp at 7.1, the vibraphone at 6 kHz (a two-pole
// roll-off), and its piano, strings, choir and sax are sampled at 32 kHz.
// Measured beside human-made recordings, songs made of them lacked the
// 16 kHz octave by 11-16 dB (issue 32 item 5, docs/engine-mix.md "Air").
// brightenFilters raises every such fixed cutoff of a melodic instrument
// by airCents, at most to airCeilingCents (17 kHz, the mix bus's
// low-pass, so that a 32 kHz sample's interpolation images stay
// filtered), as a producer opens a dark patch's filter; a preset's
// velocity layers keep their offsets under it, so soft notes stay darker
// than loud ones. The percussion kits keep theirs (their kicks and snares
// are filtered by velocity; their cymbals have no filter).
const (
	airCents        = 1200  // one octave
	airCeilingCents = 13227 // 17 kHz
)

// brightenFilters raises the melodic instruments' cutoffs (see above). It
// returns the number of instrument regions changed.
func brightenFilters(sf *meltysynth.SoundFont) int {
	kit := make(map[*meltysynth.Instrument]bool)
	for _, p := range sf.Presets {
		if p.BankNumber != PercussionBank {
			continue
		}
		for _, pr := range p.Regions {
			kit[pr.Instrument] = true
		}
	}
	n := 0
	for _, in := range sf.Instruments {
		if kit[in] {
			continue
		}
		for _, r := range in.Regions {
			gs := generators(r)
			if c := gs[genCutoff]; c < defaultCutoffCents && c < airCeilingCents {
				gs[genCutoff] = min(c+airCents, airCeilingCents)
				n++
			}
		}
	}
	return n
}

// generators returns the generator array of a meltysynth InstrumentRegion
// or PresetRegion (both hold it in the unexported field gs).
func generators[T meltysynth.InstrumentRegion | meltysynth.PresetRegion](region *T) *[61]int16 {
	f, ok := reflect.TypeFor[T]().FieldByName("gs")
	if !ok || f.Type != reflect.TypeFor[[61]int16]() {
		panic("soundfont: meltysynth region layout changed")
	}
	return (*[61]int16)(unsafe.Add(unsafe.Pointer(region), f.Offset))
}
