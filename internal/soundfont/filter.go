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

// generators returns the generator array of a meltysynth InstrumentRegion
// or PresetRegion (both hold it in the unexported field gs).
func generators[T meltysynth.InstrumentRegion | meltysynth.PresetRegion](region *T) *[61]int16 {
	f, ok := reflect.TypeFor[T]().FieldByName("gs")
	if !ok || f.Type != reflect.TypeFor[[61]int16]() {
		panic("soundfont: meltysynth region layout changed")
	}
	return (*[61]int16)(unsafe.Add(unsafe.Pointer(region), f.Offset))
}
