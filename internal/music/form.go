package music

import (
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// layer is one role in the arrangement; a section plays a set of layers.
type layer int

const (
	layerDrums layer = iota
	layerBass
	layerChords
	layerPad
	layerLead
	layerArp
	numLayers
)

// section is one part of the form with everything the part writers need.
type section struct {
	score.Section
	prog      []harmony.BarChord // the harmony of each bar, cycled
	offset    int                // bar of prog the section starts on (the blues form runs on across sections)
	ending    []harmony.BarChord // the harmony of the section's last bars, over prog: the song's final cadence
	on        [numLayers]bool
	drumLevel int  // 0 none, 1 light, 2 groove, 3 full
	build     bool // rising snare roll towards the next section
	motif     int  // melody motif: 0 verse, 1 chorus, 2 bridge
	index     int  // occurrence of this kind of section (0 for the first verse ...)
	beats     int  // beats per bar: 4, or 3 in triple meter
	bpm       float64
	// Transitions (see planEdges): the bar of the section each layer
	// enters on (an intro builds in), whether the band pushes this
	// section's downbeat an eighth early, and whether a cymbal swell
	// rises into it.
	enter [numLayers]int
	push  bool
	riser bool
}

// plays reports whether layer l plays bar b of the section.
func (s *section) plays(l layer, b int) bool {
	return s.on[l] && b >= s.enter[l]
}

// formCycles are the middle sections of each form, repeated as needed.
var formCycles = map[genre.FormKind][]string{
	genre.FormSong:    {"verse", "chorus", "verse", "chorus", "bridge", "chorus"},
	genre.FormDance:   {"build", "drop", "breakdown", "build", "drop"},
	genre.FormBeat:    {"verse", "chorus", "verse", "chorus", "bridge", "chorus"},
	genre.FormThrough: {"verse", "bridge", "chorus", "verse", "chorus"},
	genre.FormBlues:   {"verse", "chorus"},
}

var baseEnergy = map[string]float64{
	"intro": 0.3, "verse": 0.5, "chorus": 0.8, "bridge": 0.55, "build": 0.6,
	"drop": 1, "breakdown": 0.65, "outro": 0.35,
}

// layoutWith splits bars into the sections of the form: whole bars, an intro and
// an outro when there is room, phrases of 2, 4, 8 (or 12 for blues) bars
// of beats beats each.
// Without edges it writes no intro and no outro (a loop: the form's
// middle sections only).
func layoutWith(form genre.FormKind, bars, beats int, edges bool) []section {
	phrase := 2
	switch {
	case form == genre.FormBlues && bars >= 30:
		phrase = 12
	case bars >= 40:
		phrase = 8
	case bars >= 10:
		phrase = 4
	}
	edge := phrase / 2
	if form == genre.FormBlues && phrase == 12 {
		edge = 2
	}
	if bars < 2*edge+phrase {
		edge = 0
		if bars >= 3 {
			edge = 1
		}
	}
	if !edges {
		edge = 0
	}
	var names []string
	var lens []int
	if edge > 0 {
		names, lens = append(names, "intro"), append(lens, edge)
	}
	mid := bars - 2*edge
	cycle := formCycles[form]
	n := mid / phrase
	if n == 0 {
		names, lens = append(names, cycle[0]), append(lens, mid)
	}
	for i := 0; i < n; i++ {
		names, lens = append(names, cycle[i%len(cycle)]), append(lens, phrase)
	}
	if rem := mid % phrase; n > 0 && rem >= 2 && rem >= phrase/2 {
		names, lens = append(names, cycle[n%len(cycle)]), append(lens, rem)
	} else if n > 0 {
		lens[len(lens)-1] += rem
	}
	if edge > 0 {
		names, lens = append(names, "outro"), append(lens, edge)
	}
	out := make([]section, len(names))
	start := 0
	seen := map[string]int{}
	for i, name := range names {
		out[i].Name = name
		out[i].Bars = lens[i]
		out[i].StartBeat = float64(start * beats)
		out[i].beats = beats
		out[i].index = seen[name]
		seen[name]++
		start += lens[i]
	}
	return out
}

// arrange decides energy, harmony, melody and layers of every section so
// that neighbouring sections always differ in which tracks play. The blues
// form runs on across sections (see runBluesForm).
func arrange(secs []section, h harmony.Progressions, have [numLayers]bool, forced [numLayers]bool, mood genre.Mood, form genre.FormKind) {
	for i := range secs {
		s := &secs[i]
		e := baseEnergy[s.Name] + mood.Energy + 0.05*float64(s.index)
		s.Energy = clamp(e, 0.1, 1)
		var on []layer
		switch s.Name {
		case "intro":
			// The intro previews the chorus: its harmony and, on the
			// answering instrument, its hook (see phrasePlans).
			on, s.drumLevel, s.prog, s.motif = []layer{layerChords, layerPad}, 1, h.Chorus, 1
			if form == genre.FormDance {
				on = append(on, layerDrums)
				s.drumLevel = 2
			}
		case "verse":
			on, s.drumLevel, s.prog, s.motif = []layer{layerDrums, layerBass, layerChords, layerLead}, 2, h.Verse, 0
		case "chorus":
			on, s.drumLevel, s.prog, s.motif = []layer{layerDrums, layerBass, layerChords, layerPad, layerLead, layerArp}, 3, h.Chorus, 1
		case "bridge":
			on, s.drumLevel, s.prog, s.motif = []layer{layerDrums, layerBass, layerPad, layerLead, layerArp}, 1, h.Bridge, 2
		case "build":
			on, s.drumLevel, s.prog, s.motif = []layer{layerDrums, layerChords, layerPad, layerArp}, 1, h.Verse, 0
			s.build = true
		case "drop":
			on, s.drumLevel, s.prog, s.motif = []layer{layerDrums, layerBass, layerChords, layerPad, layerLead, layerArp}, 3, h.Chorus, 1
		case "breakdown":
			// No drums, the bass holds its roots (see writeBass), and the
			// harmony stays full (pad, chords, arpeggio): the breakdown
			// falls back without falling silent.
			on, s.drumLevel, s.prog, s.motif = []layer{layerPad, layerChords, layerArp, layerLead, layerBass}, 0, h.Bridge, 2
		case "outro":
			on, s.drumLevel, s.prog, s.motif = []layer{layerChords, layerPad, layerDrums}, 1, h.Chorus, 1
		}
		for _, l := range on {
			s.on[l] = true
		}
		if s.Name != "intro" && s.Name != "outro" && s.Name != "breakdown" {
			for l := range s.on {
				s.on[l] = s.on[l] || forced[l]
			}
		}
		if s.drumLevel == 0 && s.on[layerDrums] {
			s.drumLevel = 1
		}
		for l := range s.on {
			s.on[l] = s.on[l] && have[l]
		}
		if !s.on[layerChords] && !s.on[layerPad] {
			// Keep harmony audible in every section.
			if have[layerPad] {
				s.on[layerPad] = true
			} else {
				s.on[layerChords] = have[layerChords]
			}
		}
		if i > 0 && s.on == secs[i-1].on {
			for _, l := range []layer{layerArp, layerPad, layerLead, layerChords, layerBass} {
				if have[l] && !(forced[l] && s.on[l]) {
					s.on[l] = !s.on[l]
					break
				}
			}
		}
	}
	// The song's last bar always has the bass's final root and the
	// lead's final note: an outro
	// that would then sound like the section before it changes its pad
	// (or arpeggio, or else drops its drums), so the ending is heard.
	if n := len(secs); n >= 2 {
		last, prev := &secs[n-1], secs[n-2]
		eff := last.on
		eff[layerBass] = have[layerBass]
		eff[layerLead] = have[layerLead] // the lead closes the song (see whoPlays)
		if eff == prev.on {
			// Drums stay where they can: short songs need their pulse to
			// the end (for listeners and tempo detectors).
			switch {
			case have[layerPad]:
				last.on[layerPad] = !last.on[layerPad]
			case have[layerArp]:
				last.on[layerArp] = !last.on[layerArp]
			case !forced[layerDrums] && last.on[layerDrums]:
				last.on[layerDrums] = false
			}
		}
	}
	if form == genre.FormBlues {
		runBluesForm(secs)
	}
}

// balladDrumsDB is how much softer a ballad's kit plays than the style's.
const balladDrumsDB = 4

// balladArrangement lets a ballad's band in as a producer would: the
// piano (or whatever carries the chords and the tune) alone through the
// intro and the first verse, the bass and the drums entering at the first
// chorus, the drums never beyond a groove (no full, crashing level) and
// played softer too (balladDrumsDB). A prompt that names drums or a bass
// keeps them from the first verse. (With the bass under the first verse,
// bpm-tools heard some ballads near 68 bpm at double tempo.)
func balladArrangement(secs []section, wantsDrums, namedBass bool) {
	chorus := false
	for i := range secs {
		s := &secs[i]
		chorus = chorus || s.Name == "chorus" || s.Name == "drop"
		if !chorus && !wantsDrums {
			s.on[layerDrums] = false
		}
		if !chorus && !namedBass {
			s.on[layerBass] = false
		}
		s.drumLevel = min(s.drumLevel, 2)
	}
}
