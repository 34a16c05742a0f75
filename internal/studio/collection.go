package studio

import (
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/request"
)

// Collections (issue 31 item 5): the pieces of a collection differ by
// their seeds (jobs.Job.Seed: melody, fills, voicings) and, piece by
// piece, by the key and tempo rotated by index from the first piece's
// (request.PieceKeyShift, request.PieceTempo) and the groove's density
// (request.PieceIntensity). What the request or the
// prompt fixes stays: an explicit key or bpm is never changed. The engine
// Request (and so the recipe) holds the rotated key and tempo, so a
// piece's recipe renders that piece alone.

// vary returns the engine options of a job whose root options are root
// for prompt: for piece p = root.Piece of a collection, eo with the tonic
// and tempo of the first piece's song (resolved from p.Seed) turned by
// p.Index, where neither eo nor the prompt fixes them, and the groove of
// its index (an intensity edit first) unless root sets an intensity. The
// first piece, and a job that is no piece, keep eo.
func vary(prompt string, eo engine.Options, root *request.Options) engine.Options {
	p := root.Piece
	if p == nil || p.Index == 0 {
		return eo
	}
	if x, ok := request.PieceIntensity(p.Index); ok && root.Intensity == nil {
		eo.Edits = append([]engine.Edit{{Intensity: &x}}, eo.Edits...)
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
