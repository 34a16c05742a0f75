package form

import (
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
)

// Cadences at the large scale: the blues form running through a song, and
// the final cadence that ends every song on its tonic.

// runBluesForm lets the 12-bar blues run on through the sections instead of
// restarting at every section: the middle sections (and the outro) count
// their bars of the form from the first bar after the intro, so a short song
// made of 2- or 4-bar phrases still plays whole choruses, IV and turnaround
// included. The intro plays the last bars of the form, the turnaround ending
// on V, so the first verse starts on I after a V. Songs with 12-bar phrases
// already start every section at bar 1 of the form; they do not change.
func runBluesForm(secs []Section) {
	bar := 0
	for i := range secs {
		s := &secs[i]
		n := len(s.Prog)
		if s.Name == "intro" {
			s.offset = ((-s.Bars)%n + n) % n
			continue
		}
		s.offset = bar % n
		bar += s.Bars
	}
}

// modalApproach is the chord each modal colour resolves to its tonic from:
// the characteristic chord of its vamp (see modeProgressions): dorian IV–i,
// phrygian bII–i, lydian II–I, mixolydian bVII–I; locrian, which has no
// vamp, borrows the phrygian half step down, bII–i.
var modalApproach = map[string]int{"dorian": 3, "phrygian": 1, "lydian": 1, "mixolydian": 6, "locrian": 1}

// approachDegrees returns the scale degree of the chord that leads into a
// song's last bar, and the degree of a chord that takes the first half of
// that bar in 4/4 (-1 for none). By harmony family, the first rule that
// applies:
//
//   - blues: V7, a dominant seventh also in minor keys (the blues already
//     leaves the scale for its dominant sevenths);
//   - techno ("one"): a drone, the tonic itself (i | i); ambient, the other
//     drone-like genre, is plagal (below), its pools already vamp on I and IV;
//   - every other genre in a modal key: the mode's colour chord
//     (modalApproach);
//   - jazz (jazz, lo-fi): a ii–V in one bar, V or v by the key;
//   - epic (trance, synthwave): IV–V in major, the Aeolian VI–VII in minor;
//   - metal: V in major, VI–VII in minor;
//   - rock and folk (folk, country): the plagal IV–I in major, bVII–i in
//     minor;
//   - reggae, funk and ambient: plagal, IV–I or iv–i;
//   - classical and disco: the dominant, V–I or (natural minor) v–i;
//   - pop, dance and the rest (pop, house, hip hop, trap, drum and bass,
//     dubstep): V–I in major, bVII–i in minor.
//
// Apart from the blues every approach is diatonic, so harmony and melody
// stay in the scale: minor keys take the natural minor's v or bVII, not a V
// with a raised leading tone.
func approachDegrees(k harmony.Key, family string) (approach, pre int) {
	minor := k.Minorish()
	switch {
	case family == "blues":
		return 4, -1
	case family == "one":
		return 0, -1
	case k.Mode == "harmonic minor":
		return 4, -1 // the major V and its leading tone
	case k.Mode != "major" && k.Mode != "minor":
		if d, ok := modalApproach[k.Mode]; ok {
			return d, -1
		}
	}
	switch family {
	case "jazz":
		return 4, 1
	case "epic", "metal":
		switch {
		case minor:
			return 6, 5
		case family == "epic":
			return 4, 3
		}
		return 4, -1
	case "rock", "folk":
		if minor {
			return 6, -1
		}
		return 3, -1
	case "reggae", "funk", "ambient":
		return 3, -1
	case "classical", "disco":
		return 4, -1
	}
	if minor {
		return 6, -1
	}
	return 4, -1
}

// finalBars returns the harmony of a song's last two bars: the approach
// (with its preceding chord from beat 3 of a 4/4 bar, see approachDegrees)
// and the tonic chord, alone in the last bar.
func finalBars(k harmony.Key, prof genre.Profile, beats int) (approach, tonic harmony.BarChord) {
	mk := harmony.ChordMaker(k, prof)
	a, pre := approachDegrees(k, CadenceFamily(prof))
	ac := mk(a)
	if prof.Harmony == "blues" {
		ac = k.Dominant7(a)
	}
	if a == 4 && ac.Root == 7 && len(ac.Tones) == 3 && k.Mode == "major" && beats == 4 {
		ac.Tones = []int{0, 4, 7, 10} // V7: its fourth degree falls to the third of I
	}
	approach = harmony.BarChord{C: ac}
	if pre >= 0 && beats == 4 {
		approach = harmony.BarChord{C: mk(pre), C2: ac, Split: 2}
	}
	return approach, harmony.BarChord{C: mk(0)}
}

// EndSong writes the final cadence into the last two bars of the song (which
// may lie in two sections): every part then follows it, as it follows any
// bar's harmony.
func EndSong(secs []Section, k harmony.Key, prof genre.Profile, beats int) {
	approach, tonic := finalBars(k, prof, beats)
	i := len(secs) - 1
	for _, h := range []harmony.BarChord{tonic, approach} {
		for i >= 0 && len(secs[i].Ending) >= secs[i].Bars {
			i--
		}
		if i < 0 {
			return
		}
		secs[i].Ending = append([]harmony.BarChord{h}, secs[i].Ending...)
	}
}

// CadenceFamily is the family whose final approach a style uses: its own
// Cadence when the entry names one, else its harmony family's.
func CadenceFamily(prof genre.Profile) string {
	switch prof.Style.Harmony.Cadence {
	case "authentic":
		return "classical"
	case "plagal":
		return "reggae"
	case "drone":
		return "one"
	}
	return string(prof.Harmony)
}

// TurnIntro ends an intro of two bars or more on the chord that leads to
// the song's tonic (the family's approach, see approachDegrees) when the
// next section starts on the tonic, so the intro hands over to the first
// verse as a cadence instead of stopping. The blues intro already plays the
// form's turnaround (runBluesForm).
func TurnIntro(secs []Section, k harmony.Key, prof genre.Profile, beats int) {
	if len(secs) < 2 || secs[0].Name != "intro" || secs[0].Bars < 2 || prof.Harmony == "blues" || len(secs[0].Ending) > 0 {
		return
	}
	if next := secs[1].BarAt(0); next.C.Degree != 0 || next.Split > 0 {
		return
	}
	approach, _ := finalBars(k, prof, beats)
	secs[0].Ending = []harmony.BarChord{approach}
}

// CadenceSections ends every chorus and drop on the style's cadence (see
// sectionCadence), so the tonic is heard arriving each time the chorus
// closes, not only at the song's end: in 4/4 a bar moving from the
// approach chord to the tonic on beat 3, and in a section of eight bars
// or more a bar of the tonic after it; outside 4/4 (four bars or more) a
// bar of the approach and a bar of the tonic. Sections that already end
// on a cadence (the song's last, a lifted chorus) keep theirs; the blues
// keeps its form and a modal song its vamp.
func CadenceSections(secs []Section, k harmony.Key, prof genre.Profile, beats int) {
	if prof.Harmony == "blues" || k.Mode != "major" && k.Mode != "minor" && k.Mode != "harmonic minor" {
		return // the blues runs its form on; a modal song keeps its vamp
	}
	approach, tonic := sectionCadence(k, prof, beats)
	arrive := harmony.BarChord{C: harmony.EndChord(approach), C2: tonic.C, Split: 2} // the approach, the tonic from beat 3
	for i := range secs {
		s := &secs[i]
		if s.Name != "chorus" && s.Name != "drop" || len(s.Ending) > 0 {
			continue
		}
		switch {
		case s.Bars >= 4 && beats != 4:
			s.Ending = []harmony.BarChord{approach, tonic}
		case s.Bars >= 8:
			s.Ending = []harmony.BarChord{arrive, tonic}
		case s.Bars >= 4:
			s.Ending = []harmony.BarChord{arrive}
		}
	}
}

// sectionCadence is the cadence that closes a chorus: the song's final
// cadence (finalBars), except in natural minor keys, where the Aeolian
// bVII–i and v–i are heard as the relative major's: there a chorus closes
// on the harmonic minor's V7–i (its leading tone names the tonic), or in
// rock, metal and the minor loops of hip hop, trap and drum and bass on
// the minor plagal iv–i.
func sectionCadence(k harmony.Key, prof genre.Profile, beats int) (approach, tonic harmony.BarChord) {
	approach, tonic = finalBars(k, prof, beats)
	fam := CadenceFamily(prof)
	if k.Mode != "minor" || fam == "one" || fam == "blues" {
		return approach, tonic
	}
	if fam == "rock" || fam == "metal" || fam == "minor" {
		return harmony.BarChord{C: k.Diatonic(3, min(prof.Ext, 4))}, tonic
	}
	return harmony.BarChord{C: harmony.Chord{Degree: 4, Root: 7, Tones: []int{0, 4, 7, 10}}}, tonic
}
