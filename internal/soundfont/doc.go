// Package soundfont loads a SoundFont 2 bank and plays its presets, one
// part at a time, through go-meltysynth (MIT). A Bank is loaded once and
// shared read-only; every Player owns its own synthesizer state, so
// concurrent renders each make their own players from the same Bank.
//
// # The bank
//
// FluidR3_GM by Frank Wen (MIT licence; Debian package fluid-soundfont-gm,
// 148 MB, installed by make tools). The process uses $SONGSMITH_SOUNDFONT
// (a path; "off" disables recorded parts), else DebianPath when it exists,
// else none: make run needs nothing but Go, and logs once that recorded
// parts are synthesized. The bank is loaded once per process, lazily (on
// the first score with a recorded track; the Lambda worker loads it during
// init), and shared read-only by concurrent renders.
//
// # Loading without copying
//
// The preset, instrument and sample tables are parsed (17-54 ms for
// FluidR3: go test -bench Load ./internal/soundfont); the 141 MB of 16-bit
// sample data is memory-mapped read-only (mmap_unix.go), so it costs no
// heap, the page cache is shared, and only the samples that play become
// resident. meltysynth is handed a stand-in sample chunk. Reading the bank
// the ordinary way (meltysynth's NewSoundFont) took a peak RSS of 440 MB
// for the recorded 3-minute benchmark; mapped, 152-158 MB.
//
// # Stereo pairs
//
// A Player from NewPlayer renders mono into a track's inserts, so it plays
// each stereo sample pair's left sample only (foldStereo builds that view
// of the bank: the same regions, without the right halves): one voice per
// note instead of two, which cut the sampler's CPU time by about a third.
// A Player from NewStereoPlayer plays both halves, each panned where the
// bank puts it, and renders mid and side (RenderMidSide); the synthesizer
// gives that to one accompanying part per song (package synth), within its
// CPU budget (docs/engine-mix.md). StereoPairs tells which presets have
// pairs (FluidR3: the grand piano, strings, choir, organ and others).
//
// # Filters
//
// A SoundFont zone without a filter generator has a 19.9 kHz cutoff (the
// SF2 default, meaning "no filter"), which meltysynth still ran as a
// per-voice biquad; the loader opens those to 25 kHz so meltysynth skips
// them (zones the bank filters on purpose keep their cutoff;
// TestFilterBypass). About 3% less CPU on the recorded benchmark.
//
// # The voice
//
// github.com/sinshu/go-meltysynth (MIT, pinned
// v0.0.0-20230205031334-05d311382fc4) plays the presets, from the patched
// copy in third_party/meltysynth/meltysynth (its PATCHES.md lists every
// change; none changes an output bit): key and velocity zones, layers and
// velocity layers, loops (loop modes), the DAHDSR volume envelope, the
// modulation envelope to pitch and to the initial filter cutoff and Q (a
// resonant low-pass per voice), vibrato and modulation LFOs, exclusive
// classes (a closed hat chokes the open hat), release tails. How the
// synthesizer uses a Player (one per recorded track, block timing, level
// trims, the General MIDI map) is described in package synth.
//
// Why meltysynth and not a reader and voice of our own: measured on the
// benchmark song, meltysynth renders the recorded parts in about 1.3-1.6x
// the CPU time of the synthesized ones, and it fits a track as is (one
// synthesizer per track, its own reverb and chorus off, the engine's sends
// used instead). Its only costly habits were outside the voice: copying the
// sample data (fixed by memory-mapping it) and playing both halves of
// stereo pairs (fixed by folding, except for the one stereo part). Its per-voice loops were then the
// largest cost (the filter alone a quarter of the render); the patched copy
// made them about twice as fast with the same output, which a voice of our
// own would not have beaten by much, for weeks of work that meltysynth has
// already had.
package soundfont
