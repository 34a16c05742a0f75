package harmony

// Slash chords: inversions that let the bass walk by step (C G/B Am, F C/E
// Dm) and pedal points (a bridge over the tonic held in the bass), the
// way pop, folk, gospel, classical, epic and dance music write them. A
// chord's slash is the bass note's distance above its root; the chords,
// pads and melody play the chord as before, the bass plays the slash note.

// BassPC returns the pitch class (above the key's tonic) of c's bass note.
func (c Chord) BassPC() int { return (c.Root + c.Slash + 12) % 12 }

// BassPitch returns c's bass note as a MIDI pitch in [lo, lo+12).
func (c Chord) BassPitch(k Key, lo int) int { return PlaceAbove((k.Root+c.BassPC())%12, lo) }

// SlashTones are the pitches a bass line builds on over a slash chord: the
// slash note for root and third (a walking line stays on it), the chord's
// root above it for an inversion's fifth, the slash note again for a
// pedal's (a pedal holds), and its octave.
func SlashTones(c Chord, k Key, lo int) BassTones {
	b := c.BassPitch(k, lo)
	fifth := b
	for _, t := range c.Tones {
		if (c.Root+t-c.BassPC()+24)%12 == 0 {
			fifth = PlaceAbove((k.Root+c.Root)%12, b+1) // an inversion: the root above
			break
		}
	}
	return BassTones{Root: b, Third: b, Fifth: fifth, Octave: b + 12}
}

// slashFamilies are the harmony families that invert chords for a
// stepwise bass, with the chance per chord that fits.
var slashFamilies = map[string]float64{"pop": 0.5, "folk": 0.4, "gospel": 0.6, "classical": 0.6, "soul": 0.4,
	"christmas": 0.5, "anime": 0.5, "epic": 0.4, "rock": 0.2}

// invert puts chords of a progression (one cycle) in first inversion where
// their third lies a step between the bass notes of the chords around them
// (I–V/7–vi, IV–I/3–ii), for the families of slashFamilies.
func invert(cs []BarChord, family string, r *RNG) {
	rate, ok := slashFamilies[family]
	n := len(cs)
	if !ok || n < 3 {
		return
	}
	for j := 1; j+1 < n; j++ {
		cur := &cs[j]
		if cur.Split > 0 || len(cur.C.Tones) < 3 {
			continue
		}
		prev, next := EndChord(cs[j-1]).BassPC(), cs[j+1].C.BassPC()
		third := (cur.C.Root + cur.C.Tones[1]) % 12
		down := (prev-third+12)%12 <= 2 && (third-next+12)%12 <= 2 && (third-next+12)%12 > 0 && (prev-third+12)%12 > 0
		up := (third-prev+12)%12 <= 2 && (next-third+12)%12 <= 2 && (next-third+12)%12 > 0 && (third-prev+12)%12 > 0
		if (down || up) && r.Chance(rate) {
			cur.C.Slash = cur.C.Tones[1]
		}
	}
}

// pedalFamilies are the harmony families whose bridge (or breakdown) may
// hold the tonic in the bass under its chords (a tonic pedal: the
// bridge moves above a bass that names the key).
var pedalFamilies = map[string]bool{"epic": true, "dance": true, "classical": true, "pop": true, "anime": true}

// tonicPedal sets the bass of every chord of a bridge progression to the
// key's tonic where the family uses a pedal.
func tonicPedal(cs []BarChord, family string) {
	if pedalFamilies[family] {
		holdTonic(cs)
	}
}

// holdTonic sets the bass of every chord of a progression to the key's
// tonic.
func holdTonic(cs []BarChord) {
	for j := range cs {
		cs[j].C.Slash = (12 - cs[j].C.Root) % 12
		if cs[j].Split > 0 {
			cs[j].C2.Slash = (12 - cs[j].C2.Root) % 12
		}
	}
}

// BassTones are the pitches a bass line builds on for one chord.
type BassTones struct{ Root, Third, Fifth, Octave int }
