// Package engine is the music engine behind the API: it understands a
// prompt (internal/reader), composes a song (internal/music), performs it (internal/perform:
// the players' timing and dynamics), synthesizes and masters it
// (internal/synth) and describes it (title, tags, tempo, key).
//
// # One request
//
// The engine has three entrances, and one value runs through them:
//
//   - Resolve is the reader and resolver, the only stage that reads the
//     prompt: reader.Parse reads it against the style catalogue
//     (internal/style) into a plan.Plan, the request's overrides (Options)
//     are set, music.Resolve completes the plan from the seed mixed with
//     the prompt, and music.Title names the song. The result is a Request:
//     the resolved plan, the job's seed and the composer's seed, the
//     title, the edits and the master settings.
//   - Compose writes the Request's song: music.Compose writes a
//     score.Score from the plan and the song seed, the edits change it in
//     turn, perform.Apply plays it as the style's players would
//     (micro-timing, spread, accents; programmed styles stay on the grid).
//   - Render composes and synthesizes: the mix step (mix.Of,
//     internal/mix) writes the mix from the style's entry (the family's
//     plan, one channel of level, seat, sends and colour per track, the
//     room) beside the score, which carries no gains; synth renders the
//     performed score with that mix,
//     playing acoustic parts from the SoundFont bank when one is loaded
//     (internal/soundfont), mixes it in stereo and masters it to its style
//     family's loudness (docs/engine-mix.md). synthesize is the one step
//     from a composition to synthesis.
//
// A recipe (internal/recipe) is a Request in a versioned envelope:
// EncodeRequest and DecodeRequest convert, so rendering a recipe is
// decoding it and calling Render. The same Request always gives the same
// samples; the service derives each job's seed from its id unless the
// request names one.
//
// # Edits
//
// Request.Edits change the composed song in turn (issue 20 item 4, POST
// /jobs/{job_id}/edit): Compose applies each edit.Change to the written
// score of the plan (internal/edit: key, tempo, length, loop, instruments,
// intensity, and regenerated sections spliced in from the same plan
// composed at the song seed + (k+1)*regenSalt for edit k, with the earlier
// edits applied), and performs the result (internal/perform) at its
// tempo. An edit the song cannot take wraps ErrEdit (an *EditError, its
// Message for the user).
//
// # Checks against outside tools
//
// The every-style checks of this package run with the recorded bank on,
// since Render uses the process-wide bank: TestStyles renders every style
// of the catalogue (each render shared by the checks) and checks every
// song with tools we did not write (tempo with bpm-tools, loudness and
// true peak of the WAV and of the decoded MP3 with ffmpeg, clipping with
// sox, silent gaps, length with ffprobe) and with the mix measures of
// internal/mixmeter (stereo correlation, centred low end, high-pass loss,
// 1-4 kHz presence, loudness range, breakdown depth), then compares the
// seeds' drum patterns. TestRenderUsesBank makes the bank a requirement
// under CI=true. The speed goals are benchmarks (bench_test.go,
// recorded_bench_test.go); their figures are in docs/engine.md.
package engine
