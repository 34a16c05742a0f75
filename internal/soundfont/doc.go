// Package soundfont loads a SoundFont 2 (or SF3) bank and plays its presets, one
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
// # SF3 banks, decoded as they play
//
// An SF3 bank (MuseScore's format: Ogg Vorbis samples; e.g. MuseScore
// General, Debian musescore-general-soundfont, MIT) loads as well: Load
// tells it by the sample type bit 0x10 and sf3.go decodes with
// github.com/jfreymuth/oggvorbis (MIT, pure Go, pinned v1.0.5). At load
// only each stream's last Ogg page is read, for its length; every sample
// gets a slot in a reserved anonymous mapping of decoded 16-bit frames
// (466 MiB of address space for MuseScore General, no memory until
// written, 4 KiB pages), and the headers point into it, so meltysynth
// plays decoded frames and needs no patch. A Player decodes a sample only
// as far as its notes can have read it (sf3play.go: a rate bound with a
// quarter to spare and a lead of two blocks and 2048 frames, checked
// before every render), each frame once per bank, shared by every player:
// a 3-minute song decodes 18 MiB of MuseScore General, not the 466 MiB of
// the whole bank (BenchmarkSF3Note; TestSF3 checks the decoding against
// ffmpeg's and that no voice reads ahead of it). Decoding costs CPU the
// first time a sample plays in a process (0.5-0.6 s more CPU for a
// 3-minute song than FluidR3), and the decoded frames stay resident for
// the process's life. docs/engine.md, "Choosing the bank", has the
// comparison of both banks.
//
// # Stereo pairs
//
// A Player from NewPlayer renders mono into a track's inserts, so it plays
// each stereo sample pair's left sample only (foldStereo builds that view
// of the bank: the same regions, without the right halves). A Player from
// NewStereoPlayer plays both halves, each panned where the bank puts it,
// and renders mid and side (RenderMidSide). It plays a pair as one
// meltysynth voice (the patch in third_party/meltysynth, stereo_voice.go):
// the envelopes, LFOs, pitch and filter cutoff are computed once, the two
// samples read by two oscillators (in one loop when the samples have the
// same shape) and filtered with one state each. pairVoices finds the pairs
// that allow it (902 of FluidR3's 942: the two regions differ only in
// their sample, its placement and tuning, and pan); the others play as
// two voices. A stereo part costs about 1.5 times a mono one
// (BenchmarkPlayer), where two voices a pair cost twice. The synthesizer
// gives a stereo player to every recorded pitched part whose preset has
// pairs (package synth). StereoPairs tells which presets have pairs
// (FluidR3: the grand piano, strings, choir, organ and others; an SF3 bank
// none, since only the left halves of its pairs are decoded).
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
// stereo pairs as two voices (fixed by folding, then by one voice a
// pair). Its per-voice loops were then the largest cost (the filter alone
// a quarter of the render); the patched copy
// made them about twice as fast with the same output, which a voice of our
// own would not have beaten by much, for weeks of work that meltysynth has
// already had.
package soundfont
