// Package generator wires the music engine (internal/studio) as the
// jobs.Generator of a configuration. It is apart from package app so that
// only the programs that generate (the worker Lambda and `songsmith serve`)
// link the engine; the API Lambdas do not.
//
// It is the one road of configuration into the engine: app.Config ->
// New -> studio.Studio -> engine.Options -> synth.Options. No package below
// internal/app reads the environment.
package generator

import (
	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/synth"
)

// New returns the production generator of cfg: its audio format, MP3
// bitrate, sample bank (and its identity in recipes) and output licence.
func New(cfg app.Config) jobs.Generator {
	lic := cfg.OutputLicense
	return &studio.Studio{Format: cfg.AudioFormat, Bitrate: cfg.MP3Bitrate, Synth: SynthOptions(cfg),
		Bank: soundfont.Identity(cfg.SoundFont), License: &lic}
}

// SynthOptions are the synthesizer's settings of cfg: the sample bank of
// SONGSMITH_SOUNDFONT (none when off), loaded once per process.
func SynthOptions(cfg app.Config) synth.Options {
	return synth.Options{Bank: soundfont.Loader(cfg.SoundFont)}
}

// Preload loads cfg's sample bank now (a Lambda's cold start), not in the
// first job.
func Preload(cfg app.Config) { soundfont.Shared(cfg.SoundFont) }
