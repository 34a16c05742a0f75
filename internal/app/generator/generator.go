// Package generator wires the music engine (internal/studio) as the
// jobs.Generator of a configuration. It is apart from package app so that
// only the programs that generate (the worker Lambda and `songsmith serve`)
// link the engine; the API Lambdas do not.
package generator

import (
	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/studio"
)

// New returns the production generator in the configured format.
func New(cfg app.Config) jobs.Generator {
	return &studio.Studio{Format: cfg.AudioFormat, Bitrate: cfg.MP3Bitrate}
}
