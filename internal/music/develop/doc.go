// Package develop varies a composed song's repeats (Vary): a bar heard
// again is changed a little each time it comes back (ghost notes, kick
// pickups and short fills in the drums, approach notes in the bass, a
// neighbour or passing note in the melody, a voicing moved or an
// arpeggio turned), while hooks, cadences and harmony stay as written.
package develop
