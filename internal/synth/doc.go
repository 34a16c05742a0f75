// Package synth turns a score.Score into mastered 44.1 kHz stereo audio:
// band-limited subtractive, FM, Karplus-Strong and formant voices,
// synthesized drums, per-track inserts (high-pass, tone, drive, chorus,
// pan, sidechain), parts levelled by their measured loudness to the
// style's mix plan, shared reverb and delay sends, and a mastering chain
// (glue compressor, loudness normalisation to the style family's target,
// true-peak-aware look-ahead limiter). Rendering is block based and deterministic: the
// same score, including its Seed, always yields the same samples.
//
// # Instruments, drums and kits
//
// Every score.Instrument, score.Drum and score.Kit has its own synthesized
// sound; tests read the enums from internal/score/score.go, so a value
// added there without a sound fails. Instruments are data over a few
// algorithms (subtractive, FM, Karplus-Strong with body resonances,
// formant, modal, crackle: patch.go, patches_catalogue.go). Drums are a swept
// body with extra membrane partials, filtered noise in one or several
// strikes (group claps, jingles), a metallic square cluster and a click
// (drums*.go). A kit is data too (drums_kits.go): the sounds it replaces
// (an 808 or 909 kick, a brushed snare, a concert bass drum, a chip noise
// channel...), how it plays the acoustic sounds it inherits, and a colour
// on every hit. Kicks, 808s, the tabla's dayan, timpani, taiko, surdo and the
// log-drum hit are tuned to the song's tonic, in the octave nearest the
// drum's natural pitch (a 50 Hz 808 lands between 34.6 and 69.3 Hz; a
// kit's kick never under 44 Hz, kickFloorHz); a kick on the fifth made
// Essentia hear the song a fifth away.
//
// # The mix
//
// Every song is mixed and mastered by its style's mix plan (Options.Mix
// and Options.Calm) and each track's channel (Options.Channels: level
// offset, seat, sends, drive, chorus, brightness, sidechain; the room's
// size in Options.RoomSize), all written by the mix step (internal/mix)
// from the catalogue entry the engine resolved once: its Seat names one of
// nine mix families, internal/mixplan holds a plan per family;
// docs/engine-mix.md has the figures. The score carries no gains; the
// synthesizer imports no style catalogue. Each part is levelled by its measured loudness (balance.go: a
// few excerpts of the part rendered ahead of the mix, K-weighted, brought
// to the plan's level for its role; a part playing an instrument the
// prompt names, Track.Featured, within a few LU of the loudest), seated by
// instrument (seating.go), high-passed under its own register, toned by
// instrument (tone.go: a body bell at 125 Hz on low strings, basses and a
// choir's basses, a box cut at 500 Hz on mid-register chords and pads, and
// in calm styles a warmth bell at 250 Hz on guitar, piano, string and choir
// chords and pads), and
// sent to a reverb room that suits the family (room, hall, plate). The drum kit
// gets a stereo overhead image above 2.5 kHz; chords, pads, arps and leads
// are widened after their pan by a mono-compatible widener; the low end is
// made mono under 180 Hz; the bus's low shelf and presence follow the
// plan. A DC blocker follows every drive stage.
//
// Mastering then rides the sections by their energy (ride.go; orchestral
// and ambient most), runs the upward leveller only in dense families (not
// orchestral, ambient, acoustic, jazz: their soft intros and crescendos
// keep their range) and the plan's bus compressor, sets the width into the
// plan's correlation range, normalises to the plan's loudness (-19 to -14
// LUFS, or Options.LoudnessLUFS from the request's loudness_lufs) and
// limits to the plan's true-peak ceiling (-3 dBTP: the MP3 encoder adds up
// to about 1.9 dB of true peak at sharp attacks, and the decoded MP3 must
// stay under -1 dBTP). Every song fades in over at least 30 ms, so none
// starts at full level; a seamless loop is mastered without fades.
//
// Each recursion of the bus (side high-pass, bus EQ, widener, leveller)
// runs per sample, so it is written for the CPU's latency: each bus-EQ band
// runs over a block with both channels in one loop (two independent
// recursions overlap); the side high-pass keeps its two stages in six state
// values (sideHP), its high-pass and low-pass chains in the two lanes of
// SSE2 registers on amd64; the leveller reads the same K-weighted 100 ms powers as
// the loudness meter and predicts the loudness after its own gain, so
// mastering skips one whole-song measurement; one-poles are written as one
// multiply and one add. The figures are in docs/engine.md.
//
// # Recorded instruments
//
// Acoustic parts can play recorded samples instead of synthesized voices.
// A track with score.Track.Recorded (the composer sets it on acoustic
// parts, from the style catalogue) plays from the process-wide SoundFont 2
// bank (package soundfont) when one is loaded and the instrument has a
// General MIDI preset; everything else (synth leads, pads, 808, reese and
// wobble basses, electronic kits, chip voices) stays synthesized, and so
// does every part when there is no bank.
//
// One meltysynth synthesizer per recorded track renders mono blocks into
// the track's buffer, ahead of the same inserts, pan, sidechain and sends
// as a synthesized part (sampler*.go). Every recorded pitched part whose
// preset has stereo sample pairs (stereoTrack), in every style, plays both
// halves of its pairs, one sample voice per pair (a patched meltysynth
// voice: one envelope, two sample reads): its mid goes through the
// inserts, its side joins after the pan at the fader's gain, so it cancels
// in the mono sum; that part has no widener. A recorded kit plays its
// pairs stereo as well, its side added to its overhead widener's. Note
// events land on the
// synthesizer's 128-frame blocks; each is sent half a block early, so it
// lands within ±1.45 ms of its time (128-frame blocks halve the per-block
// voice work against meltysynth's 64; TestRecordedNoteTiming plays notes at
// 24 offsets within a block: -1.45 to +1.34 ms, mean -0.05 ms, once the
// sample's own lead-in of 1.9 ms for the piano and 2.9 ms for the snare is
// taken off). Note.Glide bends the sounding note to the new pitch (a
// legato slide, pitch-bend range ±24 semitones); a same-key overlap
// retriggers; the piano holds each note to the next onset, up to 0.6 s
// past its end, like a pedal held through a chord; ukulele and mandolin
// notes are cut short.
//
// Each instrument has a level trim that matches the RMS of the synthesized
// voice it replaces on the same four-note phrase, dry (sampler_map.go;
// TestRecordedCatalogueSounds holds every instrument of the catalogue
// within 6 dB of it; all measured within 0.05 dB at the 2026-11-24
// calibration, so the margin is for changes to the synthesized voices).
//
// Recorded kits keep the synthesized kit's balance. FluidR3's hats and
// shaker are 20-23 dB hotter against its kick than the synthesized kit's,
// and the tempo checks heard the hats. Each drum has a trim (and the brush
// and orchestral kits their own), played as a softer velocity (a SoundFont
// note's gain goes with velocity squared, so a softer hit also picks a
// softer layer), which brings each recorded hit to the RMS of the
// synthesized hit; on top of that a recorded kit sits 2 dB up, its kick
// 8 dB and its snare 5 dB (at matched levels the fuller recorded parts
// buried the beat: bpm-tools misheard the tempo of pop, country and the
// country and jazz waltzes, hearing 198 BPM for 112, 195 for 105, 75 for
// 113, 161 for 120). TestRecordedDrumBalance holds every GM-mapped drum of
// every recorded kit within 2 dB of that. The latin kit keeps its
// synthesized kick (FluidR3's bass drum under salsa's tumbao pulled
// bpm-tools to 2/3 of the tempo at any level).
//
// Which parts are recorded: each style of the catalogue lists its recorded
// parts (style.Band.Recorded); the composer marks a part Recorded when the
// style lists it (or the prompt names the instrument) and the instrument
// is acoustic, and a drum track when its kit is acoustic, brush,
// orchestral, latin or marching. TestRecordedCatalogueMapping proves the
// map complete: every instrument of every style's band has a GM preset or
// is on the list of voices that stay synthesized (synth leads, pads,
// plucks, arps, sub/808, synth and reese basses, chip voices, vinyl
// crackle, log drum, 808 cowbell lead, singing bowl, tabla; the last two
// have no GM preset), never both, and 808, 909, electronic and chip kits
// never play from the bank. TestRecordedCatalogueSongs composes every style
// at three seeds: every Recorded track has a preset the bank holds, every
// acoustic part the style lists is Recorded, no synth voice is.
//
// The General MIDI map (sampler_map.go): piano 0, electric piano 4, organ
// 16 (drawbar, which sounds its 16' stop an octave down like the organ
// patch), guitar 25, nylon guitar and ukulele 24, distorted guitar 30,
// bass 33, upright bass 32, strings 48, choir 52, brass 61, sax 65, flute
// 73, harp 46, marimba 12, vibraphone 11, music box 10, bells 9
// (glockenspiel), kalimba 108, steel drums 114, sitar 104, banjo 105,
// fiddle 110, accordion 21, harpsichord 6, mandolin 25. Drums (bank 128;
// acoustic, latin, marching: Standard 0; vintage: Room 8, though the
// composer keeps lo-fi's vintage kit synthesized; brush: Brush 40;
// orchestral: Orchestra 48): kick 36, snare 38, clap and hand clap 39, rim
// 37, closed hat 42, open hat 46, ride 51, crash 49, toms 41/45/48, shaker
// 70, cowbell 56, clave 75, congas 63/64, bongo 60, timbale 65, guiro 74,
// tambourine 54; timpani on program 47 tuned to the key's root. A snap,
// 808 kick, tabla, taiko, surdo, log kick or sleigh bells on a recorded kit
// stays synthesized; 808, 909, electronic and chip kits stay synthesized.
//
// The recorded tests (go test -run Recorded -v ./internal/synth, against
// the bank): the pitch of 25 notes of piano, strings, flute, bass, upright
// bass, guitar, sax, brass and organ, estimated from the rendered audio by
// an NSDF autocorrelation, within 25 cents of equal temperament (measured
// -7 to +20 cents; FluidR3's piano is about 12 cents sharp); loops: 6-s
// held flute, strings and choir notes (loops up to 2.2 s) show no
// sample-to-sample step above 2.5 times the median (measured 1.65-1.84;
// the detector flags a half-period splice); envelopes: a 0.3-s linear
// attack followed within 0.15 of level at four points, a flute release
// slope within 30% of the bank's (174 vs 178 dB/s); determinism (same
// score and bank, same samples); fallback (without a bank a recorded part
// renders exactly as synthesized); drums and glides. Tests needing the
// bank skip locally without it and fail under CI=true.
//
// # Stems
//
// A stem is one part rendered on its own, with its own share of the
// reverb and delay and the song's sidechain, unmastered; the stems of a
// song sum to the pre-master mix within 1e-5 per sample (stems.go).
package synth
