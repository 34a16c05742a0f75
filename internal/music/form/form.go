package form

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Layer is one role in the arrangement; a section plays a set of layers.
// Layer is one of the band's parts a section arranges.
type Layer int

// The layers, in the order the band's tracks are written.
const (
	LayerDrums Layer = iota
	LayerBass
	LayerChords
	LayerPad
	LayerLead
	LayerArp
	NumLayers
)

// Section is one part of the form with everything the part writers need.
type Section struct {
	score.Section
	Prog      []harmony.BarChord // the harmony of each bar, cycled
	offset    int                // bar of prog the section starts on (the blues form runs on across sections)
	Ending    []harmony.BarChord // the harmony of the section's last bars, over prog: the song's final cadence
	On        [NumLayers]bool
	DrumLevel int  // 0 none, 1 light, 2 groove, 3 full
	Build     bool // rising snare roll towards the next section
	Motif     int  // melody motif: 0 verse, 1 chorus, 2 bridge
	Index     int  // occurrence of this kind of section (0 for the first verse ...)
	Beats     int  // beats per bar: 4, or 3 in triple meter
	BPM       float64
	// Transitions (see planEdges): the bar of the section each layer
	// enters on (an intro builds in), whether the band pushes this
	// section's downbeat an eighth early, and whether a cymbal swell
	// rises into it.
	Enter [NumLayers]int
	Push  bool
	Riser bool
	// Given marks a section playing a chord chart the request gave
	// (GiveHarmony).
	Given bool
	// Grow marks a section of a calm piece that grows (see Grow); Thin
	// is how many of its last bars only the held harmony and the tune
	// play.
	Grow bool
	Thin int
	// CountIn marks an intro whose first bar is the drummer's count-in
	// alone (style.Groove.CountIn): no other layer plays it.
	CountIn bool
}

// Plays reports whether layer l plays bar b of the section.
func (s *Section) Plays(l Layer, b int) bool {
	if s.CountIn && b == 0 && l != LayerDrums {
		return false
	}
	if s.Thin > 0 && b >= s.Bars-s.Thin && !s.thinKeeps(l) {
		return false
	}
	return s.On[l] && b >= s.Enter[l]
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

// LayoutWith splits bars into the sections of the form: whole bars, an intro and
// an outro when there is room, phrases of 2, 4, 8 (or 12 for blues) bars
// of beats beats each.
// Without edges it writes no intro and no outro (a loop: the form's
// middle sections only).
func LayoutWith(form genre.FormKind, bars, beats int, edges bool) []Section {
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
	return place(names, lens, beats)
}

// Arrange decides energy, harmony, melody and layers of every section so
// that neighbouring sections always differ in which tracks play. The blues
// form runs on across sections (see runBluesForm).
func Arrange(secs []Section, h harmony.Progressions, have [NumLayers]bool, forced [NumLayers]bool, mood genre.Mood, form genre.FormKind) {
	for i := range secs {
		s := &secs[i]
		e := baseEnergy[s.Name] + mood.Energy + 0.05*float64(s.Index)
		s.Energy = clampF(e, 0.1, 1)
		for _, l := range s.cast(h, form) {
			s.On[l] = true
		}
		s.fit(have, forced)
		if i > 0 && s.On == secs[i-1].On {
			for _, l := range []Layer{LayerArp, LayerPad, LayerLead, LayerChords, LayerBass} {
				if have[l] && !(forced[l] && s.On[l]) {
					s.On[l] = !s.On[l]
					break
				}
			}
		}
	}
	closeWithChange(secs, have, forced)
	if form == genre.FormBlues {
		runBluesForm(secs)
	}
}

// cast sets a section's drum level, progression and motif by its name and
// returns the layers that play it.
func (s *Section) cast(h harmony.Progressions, form genre.FormKind) []Layer {
	var on []Layer
	switch s.Name {
	case "intro":
		// The intro previews the chorus: its harmony and, on the
		// answering instrument, its hook (see phrasePlans).
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerChords, LayerPad}, 1, h.Chorus, 1
		if form == genre.FormDance {
			on = append(on, LayerDrums)
			s.DrumLevel = 2
		}
	case "verse":
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerDrums, LayerBass, LayerChords, LayerLead}, 2, h.Verse, 0
	case "chorus":
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerDrums, LayerBass, LayerChords, LayerPad, LayerLead, LayerArp}, 3, h.Chorus, 1
	case "bridge":
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerDrums, LayerBass, LayerPad, LayerLead, LayerArp}, 1, h.Bridge, 2
	case "build":
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerDrums, LayerChords, LayerPad, LayerArp}, 1, h.Verse, 0
		s.Build = true
	case "drop":
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerDrums, LayerBass, LayerChords, LayerPad, LayerLead, LayerArp}, 3, h.Chorus, 1
	case "breakdown":
		// No drums, the bass holds its roots (see writeBass), and the
		// harmony stays full (pad, chords, arpeggio): the breakdown
		// falls back without falling silent.
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerPad, LayerChords, LayerArp, LayerLead, LayerBass}, 0, h.Bridge, 2
	case "outro":
		on, s.DrumLevel, s.Prog, s.Motif = []Layer{LayerChords, LayerPad, LayerDrums}, 1, h.Chorus, 1
	}
	return on
}

// fit adds the layers the prompt forces (outside intro, outro and
// breakdown), keeps only the layers the band has, and keeps harmony
// audible in every section.
func (s *Section) fit(have, forced [NumLayers]bool) {
	if s.Name != "intro" && s.Name != "outro" && s.Name != "breakdown" {
		for l := range s.On {
			s.On[l] = s.On[l] || forced[l]
		}
	}
	if s.DrumLevel == 0 && s.On[LayerDrums] {
		s.DrumLevel = 1
	}
	for l := range s.On {
		s.On[l] = s.On[l] && have[l]
	}
	if !s.On[LayerChords] && !s.On[LayerPad] {
		// Keep harmony audible in every section.
		if have[LayerPad] {
			s.On[LayerPad] = true
		} else {
			s.On[LayerChords] = have[LayerChords]
		}
	}
}

// closeWithChange: the song's last bar always has the bass's final root
// and the lead's final note: an outro that would then sound like the
// section before it changes its pad (or arpeggio, or else drops its
// drums), so the ending is heard.
func closeWithChange(secs []Section, have, forced [NumLayers]bool) {
	n := len(secs)
	if n < 2 {
		return
	}
	last, prev := &secs[n-1], secs[n-2]
	eff := last.On
	eff[LayerBass] = have[LayerBass]
	eff[LayerLead] = have[LayerLead] // the lead closes the song (see whoPlays)
	if eff != prev.On {
		return
	}
	// Drums stay where they can: short songs need their pulse to
	// the end (for listeners and tempo detectors).
	switch {
	case have[LayerPad]:
		last.On[LayerPad] = !last.On[LayerPad]
	case have[LayerArp]:
		last.On[LayerArp] = !last.On[LayerArp]
	case !forced[LayerDrums] && last.On[LayerDrums]:
		last.On[LayerDrums] = false
	}
}

// BalladArrangement lets a ballad's band in as a producer would: the
// piano (or whatever carries the chords and the tune) alone through the
// intro and the first verse, the bass and the drums entering at the first
// chorus, the drums never beyond a groove (no full, crashing level) and
// played softer too (the composer marks the song Score.Ballad; the mix
// step sets its kit mix.BalladDrumsDB under the style's). A prompt that
// names drums or a bass keeps them from the first verse. (With the bass under the first verse,
// bpm-tools heard some ballads near 68 bpm at double tempo.)
func BalladArrangement(secs []Section, wantsDrums, namedBass bool) {
	chorus := false
	for i := range secs {
		s := &secs[i]
		chorus = chorus || s.Name == "chorus" || s.Name == "drop"
		if !chorus && !wantsDrums {
			s.On[LayerDrums] = false
		}
		if !chorus && !namedBass {
			s.On[LayerBass] = false
		}
		s.DrumLevel = min(s.DrumLevel, 2)
	}
}

// BarAt returns the harmony of bar b of a section: its progression, cycled
// from the section's offset, unless the bar is one of its ending bars.
func (s *Section) BarAt(b int) harmony.BarChord {
	if j := b - (s.Bars - len(s.Ending)); j >= 0 && j < len(s.Ending) {
		return s.Ending[j]
	}
	return s.Prog[(b+s.offset)%len(s.Prog)]
}

// LayerNames name the layers in track names and in a style's Recorded list.
var LayerNames = [NumLayers]string{"drums", "bass", "chords", "pad", "lead", "arp"}

// TrackName names the track of layer l played by inst.
func TrackName(l Layer, inst score.Instrument) string {
	if l == LayerDrums {
		return "drums"
	}
	return LayerNames[l] + " (" + string(inst) + ")"
}

func clampF(v, lo, hi float64) float64 { return math.Min(hi, math.Max(lo, v)) }

// chartFallback is the chart a section plays when the request gives
// none for its name: the one of the section whose harmony it borrows
// (see cast).
var chartFallback = map[string]string{"intro": "chorus", "outro": "chorus", "drop": "chorus", "build": "verse", "breakdown": "bridge"}

// GiveHarmony sets the harmony of every section a chart is given for (by
// its name, the name it borrows from, or every section under song): the
// chart from its first bar, repeated to fill the section, with no
// cadence over its last bars.
func GiveHarmony(secs []Section, charts map[string][]harmony.BarChord, song string) {
	for i := range secs {
		s := &secs[i]
		prog, ok := charts[s.Name]
		if !ok {
			prog, ok = charts[chartFallback[s.Name]]
		}
		if !ok {
			prog, ok = charts[song]
		}
		if ok && len(prog) > 0 {
			s.Prog, s.offset, s.Ending, s.Given = prog, 0, nil, true
		}
	}
}
