// Package music is the composer: it turns a plan (package plan; the
// prompt reader, package reader, makes one from a prompt) into a composed
// song. Resolve completes a plan (genre, mood, tempo, length, key and mode
// from the genre profile, the mood and a seed), Compose writes a
// deterministic score.Score from a plan and a seed (form, harmony, melody,
// bass, drums, arrangement), Describe names and tags the song, and
// WriteMIDI exports the score as a Standard MIDI File.
//
// # Stages
//
// compose is a sequence of stage calls, each in a package of its own on
// a floor of its own (docs/layout.md): the plan resolved and read against
// the style's profile (package genre), the length and the form with its
// harmony (packages form and harmony), the band cast (package cast), the
// score's frame, the band's parts (the part writers here: lead.go,
// bass.go, parts.go, comping.go, arp.go, drums.go over package drums'
// player), then the passes over the whole song: modulation, varied repeats
// (package develop), the drone, choir and texture (package overlay), the
// sections' edges and the ending (package form). Package describe names
// and tags the song.
//
// Everything here is deterministic: the same plan and seed always give the
// same score. Randomness comes only from a seeded SplitMix64 generator, one
// stream per musical concern, and never from map iteration order.
//
// # Harmony and endings
//
// Verse, chorus and bridge have their own progressions, coloured as the
// style does (package harmony: progressions, jazz colours, borrowed and
// slash chords): two
// chords a bar where the genre moves (jazz ii-V turnarounds, cadential and
// passing chords in pop, folk, soul, gospel), a chord held two bars where
// it floats (ambient, chant), V7 into I, secondary dominants, ii-V chains,
// tritone substitutes and passing diminished chords in jazz and Latin jazz,
// borrowed chords (iv, bVII, bVI-bVII) in major keys, inversions that let
// the bass walk by step and a dominant pedal in bridges, a jazz or minor
// blues colour on the 12 bars. Blues, jazz, funk, rock and hip hop melodies
// use sparse blue notes that resolve by step (blue.go). Every chorus and
// drop closes on the tonic (form's cadences: the style's approach, V7-i in
// natural minor); every song ends on its tonic chord, reached from the
// chord its style resolves from (V-I, plagal IV-I in rock and folk, bVII-i
// in minor pop and rock, the mode's own chord in modal keys, a tonic drone
// in techno), with the bass on the tonic; blues plays whole 12-bar choruses
// through its sections, after an intro on the turnaround. The last chorus
// of pop, ballads, gospel, country and soul lifts a step or a half step
// (form.PlanModulation), from the new key's V7, and returns home for the
// outro.
//
// # Melody
//
// The lead develops a one-bar motif per kind of section (lead.go,
// melody.go, figure.go), in every meter through one bar loop: the figure (a bar of
// four beats, of three, or of two dotted beats in 6/8) is placed whole on
// the chord, restated a step or a third away (a sequence), inverted,
// recalled in augmentation in the bridge, and its phrases end on chord
// tones. In 4/4 a figure may also be displaced by an eighth; in 3/4 and
// 6/8 every bar keeps its downbeat and an augmented figure keeps a note on
// every beat (onBeats), so the meter stays heard. The melody's single
// highest note is in a chorus in every song whose lead plays one:
// placeClimax lifts a chorus note above the rest of the song where the
// range allows, else reserveClimax moves the few notes outside the
// choruses that reach the chorus peak under it, and package develop's
// variations stay under it. Every chorus opens with the same two-bar hook,
// which package develop leaves as it is while the other parts vary.
//
// # Arrangement
//
// Sections are written for their place in the song (form.Arrange,
// cast.WhoPlays, the part writers). The lead breathes: each four-bar
// phrase is stated by the lead, answered by a second instrument drawn per seed from the band
// (arpeggio, chords or one of the style's other leads; the "answer (...)"
// track), and left to rest, so the lead plays in 45.7 % of the bars of a
// 3-minute song on average over every style and three seeds, where it
// played in 76.4 % (TestLeadBreathes). The intro previews the chorus: its
// chords roll in over the chorus harmony, the answering instrument plays
// the hook, and it turns to the first verse on the style's approach chord;
// the outro recalls the hook, holds its chords and the final chord to the
// end, and the lead closes on the tonic. A bridge or breakdown plays
// chords neither verse nor chorus plays (the verse a fourth up when the
// style's pool has nothing else). Verses play fewer parts than choruses
// (4.7 against 5.4 on average); dance builds drop the bass, swell and
// climb (the arpeggio rises an octave and doubles its speed before the
// drop, over the snare roll), drops play every part (6.6), and breakdowns
// drop the drums but keep pad, chords, arpeggio and a bass holding its
// roots (5.6 parts; in house, techno, trance and drum and bass seed 1 they
// sit 8 to 11 dB RMS under the drops, where they sat 15 to 20 dB under)
// (TestSectionsDiffer, TestBuildsRise).
//
// A waltz without drums is accompanied as a waltz band plays it (meter.go):
// the bass on every beat (the root on the downbeat, fifth and octave
// lighter on 2 and 3; the strings' bowed bass becomes the plucked upright
// bass, pizzicato, also in 6/8: waltzBassInstrument), the chord part's
// "oom-pah-pah" (oomPahPah: the low root or the chord on the downbeat,
// the chord detached on 2 and 3, nothing between the beats; chords on a
// pad or strings hold the harmony), the arpeggio in quarters; the pad
// holds. A listener, and bpm-tools, hears
// the tempo from these beats (TestWaltzBandCountsBeats, TestRenderWaltz).
//
// # Grooves per seed
//
// Every style with drums has at least two grooves in its default meter,
// and consecutive seeds take turns through them, so two songs of a style
// asked for one after the other play different grooves: drum-pattern
// cosine (velocity per drum on a grid of twelve steps a beat) between
// seeds on different grooves is 0.54 on average, 0.88 at worst, where
// every style played one groove (1.00) (TestGroovesPerSeed). Styles a
// listener tells apart stay apart at equal tempo (120 bpm, seeds 1-4):
// house/trance 0.73 (was 1.00), disco/house 0.74 (0.92), country/folk 0.43
// (1.00), pop/rock 0.58, pop/synthwave 0.51, rock/synthwave 0.48 (all
// 1.00), blues against pop and rock at most 0.50 (0.87), against country
// 0.56 (0.74) (TestStylesSoundApart).
package music
