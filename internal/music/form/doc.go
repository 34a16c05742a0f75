// Package form is the song's form: its sections (Section: name, bars,
// energy, the layers that play, its progression), laid out from the
// style's form kind and length (LayoutWith, FitLength, LoopBars), arranged
// (Arrange: who plays where, harmony audible everywhere, an ending that is
// heard), closed by cadences (EndSong, TurnIntro, CadenceSections), lifted
// by a modulation (PlanModulation, Modulate), charted (Chart), joined by
// transitions (PlanEdges, Edges: pickups, pushes, swells, buttons) and
// ended (EndFor, RingOut, CutLoop). It writes no part: the part writers in
// package music read its sections.
package form
