package music

// Slash chords: inversions that let the bass walk by step (C G/B Am, F C/E
// Dm) and pedal points (a bridge over the tonic held in the bass), the
// way pop, folk, gospel, classical, epic and dance music write them. A
// chord's slash is the bass note's distance above its root; the chords,
// pads and melody play the chord as before, the bass plays the slash note.

// bassPC returns the pitch class (above the key's tonic) of c's bass note.
func (c chord) bassPC() int { return (c.root + c.slash + 12) % 12 }

// bassPitch returns c's bass note as a MIDI pitch in [lo, lo+12).
func (c chord) bassPitch(k key, lo int) int { return placeAbove((k.root+c.bassPC())%12, lo) }

// slashTones are the pitches a bass line builds on over a slash chord: the
// slash note for root and third (a walking line stays on it), the chord's
// root above it for an inversion's fifth, the slash note again for a
// pedal's (a pedal holds), and its octave.
func slashTones(c chord, k key, lo int) bassTones {
	b := c.bassPitch(k, lo)
	fifth := b
	for _, t := range c.tones {
		if (c.root+t-c.bassPC()+24)%12 == 0 {
			fifth = placeAbove((k.root+c.root)%12, b+1) // an inversion: the root above
			break
		}
	}
	return bassTones{root: b, third: b, fifth: fifth, octave: b + 12}
}

// slashFamilies are the harmony families that invert chords for a
// stepwise bass, with the chance per chord that fits.
var slashFamilies = map[string]float64{"pop": 0.5, "folk": 0.4, "gospel": 0.6, "classical": 0.6, "soul": 0.4,
	"christmas": 0.5, "anime": 0.5, "epic": 0.4, "rock": 0.2}

// invert puts chords of a progression (one cycle) in first inversion where
// their third lies a step between the bass notes of the chords around them
// (I–V/7–vi, IV–I/3–ii), for the families of slashFamilies.
func invert(cs []barChord, family string, r *rng) {
	rate, ok := slashFamilies[family]
	n := len(cs)
	if !ok || n < 3 {
		return
	}
	for j := 1; j+1 < n; j++ {
		cur := &cs[j]
		if cur.split > 0 || len(cur.c.tones) < 3 {
			continue
		}
		prev, next := endChord(cs[j-1]).bassPC(), cs[j+1].c.bassPC()
		third := (cur.c.root + cur.c.tones[1]) % 12
		down := (prev-third+12)%12 <= 2 && (third-next+12)%12 <= 2 && (third-next+12)%12 > 0 && (prev-third+12)%12 > 0
		up := (third-prev+12)%12 <= 2 && (next-third+12)%12 <= 2 && (next-third+12)%12 > 0 && (third-prev+12)%12 > 0
		if (down || up) && r.chance(rate) {
			cur.c.slash = cur.c.tones[1]
		}
	}
}

// pedalFamilies are the harmony families whose bridge (or breakdown) may
// hold the tonic in the bass under its chords (a tonic pedal: the
// bridge moves above a bass that names the key).
var pedalFamilies = map[string]bool{"epic": true, "dance": true, "classical": true, "pop": true, "anime": true}

// tonicPedal sets the bass of every chord of a bridge progression to the
// key's tonic where the family uses a pedal.
func tonicPedal(cs []barChord, family string) {
	if pedalFamilies[family] {
		holdTonic(cs)
	}
}

// holdTonic sets the bass of every chord of a progression to the key's
// tonic.
func holdTonic(cs []barChord) {
	for j := range cs {
		cs[j].c.slash = (12 - cs[j].c.root) % 12
		if cs[j].split > 0 {
			cs[j].c2.slash = (12 - cs[j].c2.root) % 12
		}
	}
}
