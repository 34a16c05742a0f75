// Package plan holds the value between the prompt reader and the composer:
// a Plan says what a prompt asks for (style, mood, tempo, length, key,
// meter, instruments), in the plain names both sides share (Genre, Mood,
// the tempo feels and the length and tempo limits).
//
// The reader (package reader) fills only what the prompt says; the
// composer (package music) completes a plan with music.Resolve (genre
// profile, mood and seed decide the rest) and writes a score from it.
// A recipe is a resolved plan, so rendering a recipe skips the reader.
//
// The package is data only: it imports the standard library, the score's
// instrument names and the style catalogue, and nothing that reads or
// composes.
package plan
