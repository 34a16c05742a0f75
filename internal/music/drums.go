package music

import (
	"sort"

	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// drummer writes one drum track: the player's bars, and the catalogue's
// step patterns (patternBar).
type drummer struct {
	*drums.Player
	brk    []style.DrumLine // the groove's lines outside the drops and choruses (style.Groove.Break)
	brkBPM float64          // the tempo they play from (style.Groove.BreakBPM)
	count  []style.DrumLine // the count-in bar's lines (style.Groove.CountIn)
}

// writeDrums writes every section's drums into hits, sorted by time.
func writeDrums(secs []form.Section, groove *style.Groove, swing form.Swing, halfTime bool, seed uint64) []score.Hit {
	d := &drummer{Player: &drums.Player{Style: genre.DrumsPattern, Groove: groove, Swing: swing, HalfTime: halfTime, R: harmony.NewRNG(seed, "drums")},
		brk: groove.Break, brkBPM: groove.BreakBPM, count: groove.CountIn}
	if r := groove.SlowBPM; len(groove.Slow) > 0 && len(secs) > 0 && secs[0].BPM >= r[0] && secs[0].BPM < r[1] {
		slow := *groove
		slow.Lines = groove.Slow
		d.Groove = &slow
	}
	if groove.Builtin != "" {
		d.Style, d.Groove = genre.DrumNames[groove.Builtin], nil
	}
	last := secs[len(secs)-1]
	songEnd := last.StartBeat + float64(last.Bars*last.Beats)
	for i, s := range secs {
		if !s.On[form.LayerDrums] {
			continue
		}
		// A drummer entering plays a pickup fill into his first downbeat
		// and a crash on it.
		if i > 0 && !secs[i-1].On[form.LayerDrums] {
			d.Pickup(s.StartBeat, s.Energy)
		}
		for b := 0; b < s.Bars; b++ {
			if s.Plays(form.LayerDrums, b) {
				d.sectionBar(secs, i, b, songEnd)
			}
		}
	}
	sort.SliceStable(d.Hits, func(i, j int) bool { return d.Hits[i].Start < d.Hits[j].Start })
	return d.Hits
}

// sectionBar writes bar b of section i: a build's roll, or the groove at
// the section's level with a crash on a section's downbeat and a fill
// (with a cymbal swell before a riser) into the next section.
func (d *drummer) sectionBar(secs []form.Section, i, b int, songEnd float64) {
	s := secs[i]
	nextOn := i+1 < len(secs) && secs[i+1].On[form.LayerDrums] && secs[i+1].DrumLevel >= 2
	// A section that rises (more energy, drums coming) is always
	// filled into.
	rising := i+1 < len(secs) && secs[i+1].On[form.LayerDrums] && secs[i+1].Energy > s.Energy
	start := s.StartBeat + float64(s.Beats*b)
	beats := float64(s.Beats)
	last := b == s.Bars-1 && i+1 < len(secs)
	fill := fillBeats(s, last)
	if last && secs[i+1].Riser {
		d.CymbalSwell(start+beats, min(2, beats))
	}
	if s.CountIn && b == 0 {
		d.patternBar(d.count, start, s.Beats, 1, b, s.Energy) // the count-in alone (style.Groove.CountIn)
		return
	}
	if s.Build && s.Bars >= 2 && b >= s.Bars/2 {
		d.Roll(start, beats, float64(b-s.Bars/2+1)/float64(s.Bars-s.Bars/2), s.Energy)
		return
	}
	level := s.DrumLevel
	if s.Name == "intro" && b < s.Bars/2 {
		level = 1 // an intro builds in: a sparse groove first
	}
	n := len(d.Hits)
	if d.playsBreak(s) {
		d.patternBar(d.brk, start, s.Beats, level, b, s.Energy)
	} else {
		d.groove(start, s.Beats, level, b, s.Energy)
	}
	if b == 0 && i > 0 {
		d.crash(start, level, s, start < songEnd-2*beats)
	}
	if fill > 0 && (nextOn || rising || d.R.Chance(0.5)) {
		d.Cut(n, start+beats-fill)
		d.Fill(start+beats-fill, fill, s.Energy)
	}
}

// fillBeats is the length in beats of the fill that ends a section's bar:
// none but in the section's last bar before another section (last) of a
// section of two bars or more, one beat, two in a lively or building
// section.
func fillBeats(s form.Section, last bool) float64 {
	switch {
	case !last || s.Bars < 2:
		return 0
	case s.Energy >= 0.7 || s.Build:
		return 2
	}
	return 1
}

// playsBreak reports whether section s plays the groove's Break lines:
// from their tempo on, in 4/4, outside the drops and choruses (a build
// plays them).
func (d *drummer) playsBreak(s form.Section) bool {
	return len(d.brk) > 0 && s.Beats == 4 && s.BPM >= d.brkBPM && (s.Name != "drop" && s.Name != "chorus" || s.Build)
}

// groove writes one bar of the groove: the catalogue's step pattern, the
// builtin groove's 3/4 bar, or its bar.
func (d *drummer) groove(start float64, beats, level, b int, energy float64) {
	switch {
	case d.Groove != nil:
		d.patternBar(d.Groove.Lines, start, beats, level, b, energy)
	case beats == 3:
		d.Bar3(start, level, b, energy)
	default:
		d.Bar(start, level, b, energy)
	}
}

// crash marks a section's first downbeat with a cymbal: loud where the
// groove is full or the section rises, softer in a lighter section (not in
// a soft pulse, nor unless early: before the song's last two bars,
// where it would ring on).
func (d *drummer) crash(start float64, level int, s form.Section, early bool) {
	switch {
	case level >= 2 || s.Riser:
		d.Hit(start, score.Crash, 0.8*s.Energy+0.2)
	case d.Style != genre.DrumsSoftPulse && early:
		d.Hit(start, score.Crash, 0.5*s.Energy+0.15)
	}
}
