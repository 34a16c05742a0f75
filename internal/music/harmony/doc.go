// Package harmony is the composer's music theory: keys and modes, scale
// degrees, chords and their voicings, the song's progressions per kind of
// section (ChooseHarmony: the style's pool, dominant sevenths, borrowed
// chords, inversions, two chords a bar, jazz colours, the 12-bar blues),
// slash chords and pedals, the registers parts sit in, and the seeded
// random streams (RNG), one per musical concern, and a request's chord
// charts (internal/chordchart) as progressions. It knows nothing of
// sections or parts: it imports only package genre of the composer.
package harmony
