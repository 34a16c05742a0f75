// Package music turns a plain-text prompt into a composed song: Parse reads
// the prompt into a Plan (genre, mood, tempo, duration, key, instruments),
// Compose writes a deterministic score.Score from a Plan and a seed (form,
// harmony, melody, bass, drums, arrangement), Describe names and tags the
// song, and WriteMIDI exports the score as a Standard MIDI File.
//
// Everything here is deterministic: the same plan and seed always give the
// same score. Randomness comes only from a seeded SplitMix64 generator, one
// stream per musical concern, and never from map iteration order.
package music
