// Package engine is the music engine behind the API: it understands a
// prompt (internal/reader), composes a song (internal/music), performs it (internal/perform:
// the players' timing and dynamics), synthesizes and masters it
// (internal/synth) and describes it (title, tags, tempo, key).
//
// The pipeline: reader.Parse reads the prompt against the style catalogue
// (internal/style) into a plan.Plan; music.Resolve completes the plan and
// music.Compose writes a score.Score from it and a seed; perform.Apply plays it as the style's players would
// (micro-timing, spread, accents; programmed styles stay on the grid);
// synth renders the score, playing acoustic parts from the
// SoundFont bank when one is loaded (internal/soundfont), mixes it in
// stereo and masters it to its style family's loudness (docs/engine-mix.md); music.Describe gives the title and
// tags. The same prompt, seed and overrides always give the same samples;
// the service derives each job's seed from its id unless the request
// names one.
//
// # Edits
//
// Options.Edits change the composed song in turn (issue 20 item 4, POST
// /jobs/{job_id}/edit): ComposeEdited composes the written score of the
// prompt, seed and the other options, applies each edit.Change to it
// (internal/edit: key, tempo, length, loop, instruments, intensity, and
// regenerated sections spliced in from the same plan composed at
// seed + (k+1)*regenSalt for edit k, with the earlier edits applied), and
// Render performs the result (internal/perform) at its tempo. An edit the
// song cannot take wraps ErrEdit (an *EditError, its Message for the user).
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
