// Package genre is a style's catalogue entry as the composer reads it
// (Profile: tempo range, swing, moods, the builtin drum, bass, comping and
// form kinds, the band, harmony family, chord size, lead density, blue
// notes) and the way a mood bends the music (Mood). Blend colours a style
// with a second one ("jazzy hip hop"). It is the composer's lowest floor:
// it imports no other package of the composer.
package genre
