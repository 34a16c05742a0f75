package synth

import (
	"context"
	"fmt"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// RenderStem synthesizes track i of s on its own: its voices and inserts,
// the song's sidechain ducking, and its own share of the reverb and delay
// sends (the send effects are linear, so each track gets its own copy of
// them). It is not mastered. Every stem of a score has the length of
// RenderDry's mix, and the stems of all tracks sum to that mix up to float
// rounding (see StemTolerance) when rendered with the options o the mix
// was rendered with.
func RenderStem(ctx context.Context, s *score.Score, i int, o Options) (*audio.Buffer, error) {
	if err := validate(s); err != nil {
		return nil, err
	}
	if i < 0 || i >= len(s.Tracks) {
		return nil, fmt.Errorf("%w: no track %d", ErrInvalidScore, i)
	}
	if s.Loop { // loop.go: the stem's tail wraps into its start, as the mix's does
		st, err := RenderStem(ctx, withTail(s), i, o)
		if err != nil {
			return nil, err
		}
		wrap(st, LoopFrames(s))
		return st, nil
	}
	return renderTracks(ctx, s, o, i) // every track's kicks key the sidechain, only track i sounds
}

// StemTolerance is the largest difference, per sample, between the sum
// of a score's stems and RenderDry's mix that the tests accept (float32
// rounding of a few tracks; about -100 dBFS).
const StemTolerance = 1e-5
