package studio

import (
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/request"
)

// Collections (issue 31 item 5): the pieces of a collection differ by
// their seeds (jobs.Job.Seed: melody, groove, voicings) and, piece by
// piece, by the key and tempo rotated by index from the first piece's
// (request.PieceKeyShift, request.PieceTempo). What the request or the
// prompt fixes stays: an explicit key or bpm is never changed. The engine
// Request (and so the recipe) holds the rotated key and tempo, so a
// piece's recipe renders that piece alone.

// vary returns the engine options of piece p of a collection for prompt:
// eo with the tonic and tempo of the first piece's song (resolved from
// p.Seed) turned by p.Index, where neither eo nor the prompt fixes them.
// The first piece, and a job that is no piece, keep eo.
func vary(prompt string, eo engine.Options, p *request.Piece) engine.Options {
	if p == nil || p.Index == 0 {
		return eo
	}
	asked := engine.Asks(prompt)
	fixKey, fixBPM := eo.HasKey || asked.Key, eo.BPM > 0 || asked.BPM
	if fixKey && fixBPM {
		return eo
	}
	base := engine.Resolve(prompt, p.Seed, eo).Plan
	if !fixKey && base.KeyRoot >= 0 {
		eo.KeyRoot, eo.HasKey = (base.KeyRoot+request.PieceKeyShift(p.Index))%12, true
	}
	if !fixBPM && base.BPM > 0 {
		eo.BPM = request.PieceTempo(base.BPM, p.Index)
	}
	return eo
}
