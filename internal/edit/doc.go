// Package edit changes a composed song and keeps everything else note for
// note the same (issue 20 item 4, POST /jobs/{job_id}/edit). It works on
// the written score (every note on the composed grid, before the players'
// feel of internal/perform): the engine composes the source song again,
// applies each Change in turn and performs the result at its tempo.
//
// A Change is applied in this order:
//
//  1. Regenerate: the named sections take the bars of another composition
//     of the same plan (the caller's Alt, at a derived seed); the two forms
//     must match, and a label the song does not have is an error that lists
//     the song's sections. "chorus" names every chorus, "chorus 2" the
//     second.
//  2. Chords: the sections the new chord charts name ("song": every
//     section) take the bars of the song composed again with them (the
//     caller's Chorded), spliced in as Regenerate splices.
//  3. Tempo: the same notes on the same beats; the feel is applied again
//     at the new tempo by the caller.
//  4. Loop: a song becomes a loop without its intro and outro (no tail,
//     no fades).
//  5. Length: longer repeats the last chorus (or drop, or the section
//     before the ending) right before the ending, as many times as bring it
//     nearest the length; shorter removes whole sections before the last
//     one ahead of the ending, keeping the intro, that section and the
//     ending. Exact lengths nudge the tempo by up to MaxNudge (when the
//     change names no tempo) and fit the ring-out to the rest.
//  6. Key: pitched parts move by the interval between the tonics (the
//     nearer way, up to a tritone), drums stay; the chord symbols follow.
//     A key of another mode is an error: a transposition keeps the mode.
//  7. Instruments: a role's parts change instrument (the drums their kit)
//     or are removed.
//  8. Intensity: accompaniment velocities and density (never the lead):
//     below 0.5 weak-beat notes of the chords, pad, arp and hats go, above
//     it held chords are struck again on the beats and off-beats and hats
//     fill the eighths.
//  8. Energy (issue 31 item 1, energy.go): each section the drawn curve
//     sets plays at its energy: parts in and out (drums, arp; drums and
//     bass brought in, the drums playing the song's groove bar), density,
//     register, hats, calm distorted chords played clean, velocities
//     balanced between the drawn sections, then each section ordered under
//     the one drawn above it in onsets a beat and power, and each part
//     under the same part above (energyorder.go: the lead joins weak notes
//     where the rest cannot thin), a fill and a soft crash into every rise;
//     a song with no kit gets a harp pulse in its high sections and a swell
//     into its rises instead (energycalm.go); its Section.Energy says so
//     (the mix rides it, without the leveller, and the timeline reports
//     it).
//  9. Hits (issue 31 item 2, hits.go): a tempo map within MaxTempoShift
//     lands each hit point on a downbeat, and each kind plays there (drop,
//     stop, accent, end); the score's Marks say where each landed.
//
// Every function is deterministic and returns a new score, sharing nothing
// mutable with its input. Stdlib and internal/score only.
package edit
