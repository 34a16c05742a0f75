package synth

import (
	"context"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// Seamless loops (score.Score.Loop): the music's TotalBeats repeat end to
// start. A loop is rendered loopTail past its end and what rings on
// (reverb, releases, delays) is added onto its beginning, as it would
// sound when the loop plays again; mastering runs over enough copies of
// the loop that the last copy starts in the state the loop ends in, and
// that copy is the result. No fades.

// loopTail is how long a loop is rendered past its end to catch its tails.
const loopTail = 6.0

// loopContext is how much audio the master hears before the copy it keeps.
const loopContext = 12.0

// LoopFrames is the length of a loop score's audio: its beats, no tail.
func LoopFrames(s *score.Score) int { return audio.CD.NSeconds(s.BeatToSeconds(s.TotalBeats)) }

// withTail returns a copy of the loop score s that plays on for loopTail.
func withTail(s *score.Score) *score.Score {
	ext := *s
	ext.Loop, ext.TailSeconds = false, loopTail
	return &ext
}

// wrap folds everything in b past frame n onto its beginning (again and
// again for a tail longer than the loop) and cuts b to n frames.
func wrap(b *audio.Buffer, n int) {
	ch := b.Channels
	for i := n * ch; i < len(b.Samples); i++ {
		b.Samples[i%(n*ch)] += b.Samples[i]
	}
	b.Samples = b.Samples[:n*ch]
}

// renderDryLoop is RenderDry of a loop score.
func renderDryLoop(ctx context.Context, s *score.Score, o Options) (*audio.Buffer, error) {
	out, err := RenderDry(ctx, withTail(s), o)
	if err != nil {
		return nil, err
	}
	wrap(out, LoopFrames(s))
	return out, nil
}

// masterLoop tones and masters a wrapped loop seamlessly: over copies of
// it, keeping the last.
func masterLoop(ctx context.Context, b *audio.Buffer, s *score.Score, o Options) (*audio.Buffer, error) {
	n := b.Frames()
	if n == 0 {
		return b, nil
	}
	// No section ride: its level steps from the last section back to the
	// first would be heard at the seam.
	plan := o.plan()
	copies := 1 + max(1, int(math.Ceil(loopContext/b.Seconds())))
	cat := audio.NewBuffer(b.Rate, b.Channels, copies*n)
	for c := 0; c < copies; c++ {
		copy(cat.Samples[c*len(b.Samples):], b.Samples)
	}
	busToneWith(cat.Samples, busEQFor(plan.LowShelfDB, plan.PresenceDB), lowMonoHz(o))
	mo := masterOptions(s, o)
	mo.NoFades = true // the kept copy has no edges: no minimum fade either
	if err := Master(ctx, cat, mo); err != nil {
		return nil, err
	}
	out := audio.NewBuffer(b.Rate, b.Channels, n)
	copy(out.Samples, cat.Samples[(copies-1)*len(b.Samples):])
	return out, nil
}
