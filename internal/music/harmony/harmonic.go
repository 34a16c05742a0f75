package harmony

import "slices"

// Harmonic rhythm: where a genre changes chord inside a bar. Every change
// falls on beat 3 of a 4/4 bar (split 2), the bar's secondary strong beat.

// rhythmize turns some one-chord bars of a progression (degrees degs, chords
// cs built with mk) into two-chord bars, the way the harmony family does it:
// jazz always ends the cycle with a ii–V turnaround into its first chord;
// pop, rock, folk, soul, gospel, anime, christmas and epic sometimes split
// the cadential last bar (IV–V before the return to I), and pop, folk,
// soul, gospel, anime and christmas sometimes pass through the scale chord
// between two chords a third apart (I–V–vi, IV–V–vi).
func rhythmize(cs []BarChord, degs []int, family string, k Key, mk func(int) Chord, r *RNG) {
	n := len(degs)
	if n == 0 {
		return
	}
	last := degs[n-1]
	switch family {
	case "jazz":
		target := degs[0]
		cs[n-1] = BarChord{C: mk(target + 1), C2: mk(target + 4), Split: 2}
		if target == 0 && k.Minorish() {
			// Into a minor tonic the V is a dominant seventh, as jazz
			// players take it from the harmonic or melodic minor: after
			// ii the natural minor's v7 (Dm7 in G minor or dorian) makes
			// a ii–v of the key a fourth down, and the song is heard there.
			cs[n-1].C2 = k.Dominant7(4)
		}
		return
	case "pop", "rock", "folk", "soul", "gospel", "anime", "christmas", "epic":
		if degs[0] == 0 && r.Chance(0.5) {
			// A minor key's bVI takes no second turn in the cycle: i–VI–
			// III–VI|VII (or i–iv–VI–VI|VII) holds the bVI a bar and a
			// half against the tonic's one bar, and the song is heard in
			// the bVI's major key (Gb major for Bb minor, Essentia).
			if a, b, ok := cadence(last, k.Minorish()); ok && !(k.Minorish() && a == 5 && slices.Contains(degs[:n-1], 5)) {
				cs[n-1] = BarChord{C: mk(a), C2: mk(b), Split: 2}
			}
		}
	}
	switch family {
	case "pop", "folk", "soul", "gospel", "anime", "christmas":
	default:
		return
	}
	for j := 0; j+1 < n; j++ {
		pass := -1
		switch (degs[j+1] - degs[j] + 7) % 7 {
		case 2:
			pass = degs[j] + 1
		case 5:
			pass = degs[j] - 1
		}
		if pass < 0 || cs[j].Split > 0 {
			continue
		}
		pc := mk(pass)
		if len(pc.Tones) >= 3 && pc.Tones[2] == 6 {
			continue // no diminished passing chords in these styles
		}
		if r.Chance(0.4) {
			cs[j] = BarChord{C: cs[j].C, C2: pc, Split: 2}
		}
	}
}

// cadence returns the two chords of a cadential bar that replaces a last
// bar on degree last before the progression returns to the tonic.
func cadence(last int, minor bool) (a, b int, ok bool) {
	switch last {
	case 4:
		return 3, 4, true // IV–V
	case 3:
		if minor {
			return 3, 6, true // iv–VII
		}
		return 3, 4, true
	case 5:
		if minor {
			return 5, 6, true // VI–VII
		}
		return 5, 4, true // vi–V
	case 6:
		return 5, 6, true
	}
	return 0, 0, false
}

// colourJazz gives jazz and Latin-jazz progressions (bossa nova, samba,
// salsa, lo-fi) the chromatic harmony of the real tunes: a secondary
// dominant on beat 3 into the next bar's chord (V7/ii, V7/V ...), now and
// then a whole bar turned into a ii–V of the next chord (ii–V chains), and
// tritone substitutes for dominants (bII7 for V7). ext is the chord size:
// 5 adds the ninth to these chords; rate is the chance of a secondary
// dominant in a bar. With keepTonic (a beat's loop, lo-fi) a progression's
// only tonic bar stays whole: a four-bar loop whose turnaround already
// took its last tonic (see rhythmize) and whose one tonic bar leaned on a
// secondary dominant from beat 3 held the tonic two beats in sixteen, and
// was heard in another key.
func colourJazz(cs []BarChord, ext int, rate float64, keepTonic bool, r *RNG) {
	n := len(cs)
	tonics := 0
	for _, c := range cs {
		if c.Split == 0 && c.C.Degree == 0 && c.C.Root == 0 {
			tonics++
		}
	}
	for j := range cs {
		target := cs[(j+1)%n].C
		cur := &cs[j]
		if cur.Split == 0 && target.Root != cur.C.Root && r.Chance(rate) {
			if keepTonic && tonics == 1 && cur.C.Degree == 0 && cur.C.Root == 0 {
				continue
			}
			*cur = leadInto(*cur, target, j, ext, r)
		}
		if cur.Split > 0 && (cur.C2.Root-target.Root+12)%12 == 7 && r.Chance(0.35) {
			cur.C2 = tritoneSub(target, ext)
		}
	}
}

// leadInto returns bar cur with a second chord leading into target: a
// passing diminished seventh, the ii of V, the backdoor dominant, or a
// secondary dominant (after its related ii on odd bars, sometimes).
func leadInto(cur BarChord, target Chord, j, ext int, r *RNG) BarChord {
	switch {
	case cur.C.Degree == 0 && target.Degree == 1 && r.Chance(0.5):
		// I–#Idim7–ii: the passing diminished seventh of the
		// standards and the bossa nova.
		return BarChord{C: cur.C, C2: Chord{Degree: 0, Root: (cur.C.Root + 1) % 12, Tones: []int{0, 3, 6, 9}}, Split: 2}
	case target.Degree == 4 && target.Root == 7 && r.Chance(0.9):
		// Into V, its diatonic ii (vi7) more often than V7/V,
		// whose raised fourth would pull the key towards the
		// dominant's.
		return BarChord{C: cur.C, C2: relatedTwo(target, ext), Split: 2}
	case target.Degree == 0 && target.Root == 0 && r.Chance(0.35):
		// The backdoor dominant bVII7 into I (Bb7–C): its flat
		// sixth and seventh lean away from the dominant's key.
		return BarChord{C: cur.C, C2: Chord{Degree: 6, Root: 10, Tones: []int{0, 4, 7, 10}}, Split: 2}
	case j%2 == 1 && r.Chance(0.4):
		return BarChord{C: relatedTwo(target, ext), C2: secondaryDominant(target, ext), Split: 2}
	}
	return BarChord{C: cur.C, C2: secondaryDominant(target, ext), Split: 2}
}

// waltzJazz colours a jazz progression in a meter without split bars (a
// jazz waltz, one chord a bar), where the ii–V–I pools alone gave 4-6
// distinct chords a song: bar by bar after the first, a substitute of the
// standards: the tritone substitute for a dominant into I (Db7–C), the
// secondary dominant for a vi or a ii (VI7–ii, II7–V), iii7 for a tonic
// that moves on (Em7–A7–Dm7), and elsewhere the next chord's own
// secondary dominant.
func waltzJazz(cs []BarChord, ext int, r *RNG) {
	n := len(cs)
	for j := n - 1; j >= 1; j-- { // backwards: each bar leads to the chord that now follows it
		target := cs[(j+1)%n].C
		cur := &cs[j]
		if cur.Split > 0 || target.Root == cur.C.Root {
			continue
		}
		toTonic := target.Degree == 0 && target.Root == 0
		switch {
		case cur.C.Root == 7 && toTonic:
			if r.Chance(0.5) {
				cur.C = tritoneSub(target, ext)
			}
		case cur.C.Degree == 0 && cur.C.Root == 0:
			if r.Chance(0.4) {
				cur.C = chromatic(Chord{Root: 0}, 4, 2, []int{0, 3, 7, 10}, ext)
			}
		case (target.Root-cur.C.Root+12)%12 == 5 || (cur.C.Root == 2 && target.Root == 7):
			if r.Chance(0.6) {
				cur.C = secondaryDominant(target, ext)
			}
		case r.Chance(0.5):
			cur.C = secondaryDominant(target, ext)
		}
	}
}

// waltzBridge is a jazz waltz's bridge: the standards' move to IV through
// its own ii–V, then out by the minor iv (major keys) or the backdoor
// bVII7 (minor keys): in C, Gm7–C7–Fmaj7–Fm7.
func waltzBridge(k Key, four Chord, ext int) []BarChord {
	out := chromatic(Chord{Degree: 3, Root: 5}, 0, 0, []int{0, 3, 7, 10}, ext)
	if k.Minorish() {
		out = chromatic(Chord{Degree: 6, Root: 10}, 0, 0, []int{0, 4, 7, 10}, ext)
	}
	return []BarChord{{C: relatedTwo(four, ext)}, {C: secondaryDominant(four, ext)}, {C: four}, {C: out}}
}

// secondaryDominant is the dominant seventh a fifth above target.
func secondaryDominant(target Chord, ext int) Chord {
	return chromatic(target, 7, 4, []int{0, 4, 7, 10}, ext)
}

// relatedTwo is the minor seventh a step above target: the ii of its ii–V.
func relatedTwo(target Chord, ext int) Chord {
	return chromatic(target, 2, 1, []int{0, 3, 7, 10}, ext)
}

// tritoneSub is the dominant seventh a semitone above target, standing for
// the dominant a tritone away.
func tritoneSub(target Chord, ext int) Chord {
	return chromatic(target, 1, 1, []int{0, 4, 7, 10}, ext)
}

// chromatic builds a chord semis above target's root (degree steps above
// its degree) with tones, adding the ninth when ext is 5.
func chromatic(target Chord, semis, steps int, tones []int, ext int) Chord {
	c := Chord{Degree: (target.Degree + steps) % 7, Root: (target.Root + semis) % 12, Tones: tones}
	if ext >= 5 {
		c.Tones = append(append([]int(nil), tones...), 14)
	}
	return c
}

// dominantSevenths makes every major-key V triad a dominant seventh: its
// seventh, the key's fourth degree, falls to the third of I and tells the
// key from the dominant's (whose scale has a raised fourth instead).
// Triad styles only (seventh-chord styles already voice V7; power chords
// keep root and fifth), and not reggae, whose skank plays plain triads.
func dominantSevenths(cs []BarChord, k Key, family string) {
	if k.Mode != "major" || family == "reggae" {
		return
	}
	v7 := func(c *Chord) {
		if c.Degree == 4 && c.Root == 7 && len(c.Tones) == 3 {
			c.Tones = []int{0, 4, 7, 10}
		}
	}
	for j := range cs {
		v7(&cs[j].C)
		if cs[j].Split > 0 {
			v7(&cs[j].C2)
		}
	}
}
