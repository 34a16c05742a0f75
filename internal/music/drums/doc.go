// Package drums is the drum player: one bar of every builtin groove
// (backbeat, boom bap, trap, four on the floor, breakbeat, half time, one
// drop, jazz, metal, funk, soft pulse, orchestral, train) at three levels,
// their 3/4 bars, fills, build-up rolls, pickups and reverse-cymbal swells,
// each hit swung and humanised (Player). The drummer in package music
// plays it section by section, with the catalogue's step patterns.
package drums
