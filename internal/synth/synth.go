package synth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// MaxSeconds is the longest song Render accepts.
const MaxSeconds = 20 * 60

// ErrInvalidScore is wrapped by the error Render returns for a score it
// cannot render (nil, non-positive BPM, bad or excessive length).
var ErrInvalidScore = errors.New("synth: invalid score")

// Render synthesizes, mixes and masters a score into 44.1 kHz stereo. The
// result has exactly audio.CD.NSeconds(s.Seconds()) frames, reads the
// loudness its style's mix plan sets and stays under the plan's true-peak
// ceiling (see Master and masterOptions). It
// returns ctx.Err() if the context is cancelled while rendering.
// o holds the render's settings (the sample bank of recorded parts).
func Render(ctx context.Context, s *score.Score, o Options) (*audio.Buffer, error) {
	out, err := RenderDry(ctx, s, o)
	if err != nil {
		return nil, err
	}
	if s.Loop {
		return masterLoop(ctx, out, s, o) // loop.go
	}
	plan := o.plan()
	busToneWith(out.Samples, busEQFor(plan.LowShelfDB, plan.PresenceDB), lowMonoHz(o))
	rideSections(out, s, plan.SectionRideDB)
	if err := Master(ctx, out, masterOptions(s, o)); err != nil {
		return nil, err
	}
	return out, nil
}

// masterOptions returns the master settings of a song: its style's mix
// plan (loudness, ceiling, bus compressor, leveller), the score's fades
// and the options' loudness, which wins over the plan's.
func masterOptions(s *score.Score, o Options) MasterOptions {
	plan := o.plan()
	m := MasterOptions{
		FadeIn: s.FadeIn, FadeOut: s.FadeOut,
		LoudnessLUFS: plan.LoudnessLUFS, CeilingDBTP: plan.CeilingDBTP,
		BusThresholdLU: plan.Bus.ThresholdLU, BusRatio: plan.Bus.Ratio,
		NoLeveller: !plan.Leveller, Correlation: plan.Correlation,
	}
	if o.LoudnessLUFS != 0 {
		m.LoudnessLUFS = o.LoudnessLUFS
	}
	if o.calm() {
		m.BandMinCorr = calmBandMinCorr
	}
	return m
}

// MasterTarget returns the integrated loudness (LUFS) and the true-peak
// ceiling (dBTP) Render masters s to with o: the style's mix plan, or the
// loudness o asks for, clamped as Master clamps it.
func MasterTarget(s *score.Score, o Options) (lufs, ceilingDBTP float64) {
	return masterOptions(s, o).target()
}

// RenderDry synthesizes and mixes a score (voices, inserts, sends, sidechain)
// without mastering: no compression, normalisation, limiting or fades. The
// level is whatever the mix produces. Useful for stems and analysis.
func RenderDry(ctx context.Context, s *score.Score, o Options) (*audio.Buffer, error) {
	if err := validate(s); err != nil {
		return nil, err
	}
	if s.Loop {
		return renderDryLoop(ctx, s, o) // loop.go
	}
	return renderTracks(ctx, s, o, -1)
}

// renderTracks renders the whole of s, unmastered, with every track (only
// < 0) or with track only alone (a stem); it stops with ctx.Err() every 64
// blocks.
func renderTracks(ctx context.Context, s *score.Score, o Options, only int) (*audio.Buffer, error) {
	frames := audio.CD.NSeconds(s.Seconds())
	e, err := newEngine(ctx, s, frames, o, only)
	if err != nil {
		return nil, err
	}
	// Taken after the parts are measured (balance.go): their scratch is
	// garbage by then. A song handed back with audio.Recycle is reused.
	out := audio.TakeBuffer(audio.CD, 2, frames)
	for start := 0; start < frames; start += blockSize {
		if start%(64*blockSize) == 0 {
			if err := ctx.Err(); err != nil {
				audio.Recycle(out)
				return nil, err
			}
		}
		n := min(blockSize, frames-start)
		e.renderBlock(start, n, out.Samples[2*start:2*(start+n)])
	}
	return out, nil
}

func validate(s *score.Score) error {
	if s == nil {
		return fmt.Errorf("%w: nil score", ErrInvalidScore)
	}
	if !(s.BPM > 0) || math.IsInf(s.BPM, 0) {
		return fmt.Errorf("%w: BPM %v", ErrInvalidScore, s.BPM)
	}
	sec := s.Seconds()
	if !(sec >= 0) || sec > MaxSeconds {
		return fmt.Errorf("%w: length %v s", ErrInvalidScore, sec)
	}
	return nil
}

// monoBelow is the corner in Hz under which the mix bus is made mono.
const monoBelow = 180

// engine owns the tracks, the sidechain key and the shared send effects.
type engine struct {
	tracks                []*trackState
	kicks                 []int
	nextKick              int
	lastKick              int
	duckAtt, duckK, duck0 float64
	rev                   *reverb
	dly                   *pingPong
	ducked                bool // some track listens to the sidechain
	duck                  [blockSize]float32
	// mixTracks' lists: the tracks sounding in the block, their side signals
	on           []*trackState
	sides        [][]float32
	mixL, mixR   [blockSize]float32
	revIn, dlyIn [blockSize]float32
}

// newEngine prepares the tracks of s, each levelled by its measured
// loudness (balance.go). With only >= 0, only track only sounds (a stem),
// while every track's kicks still key the sidechain. The measuring renders
// excerpts of every part, so it stops with ctx.Err() between excerpts.
func newEngine(ctx context.Context, s *score.Score, frames int, o Options, only int) (*engine, error) {
	e := &engine{lastKick: -1 << 40}
	bank := o.bank(s)
	plan := o.plan()
	targets := partTargets(s, plan, o)
	pans := seatPans(s, o)
	var tis []int           // the tracks levelled by their measured loudness
	var level []*trackState // and their states
	for i := range s.Tracks {
		t := newTrack(s, i, &s.Tracks[i], frames, bank, o)
		t.pan = (pans[i] + 1) * math.Pi / 4
		if t.drums {
			e.kicks = append(e.kicks, t.kickFrames()...)
		}
		if only >= 0 && i != only {
			continue
		}
		if o.Unbalanced {
			t.tone = nil // the source's own tone too (tone.go)
			// The noises sit under the notes' nominal loudness (noisevoice.go).
			t.nz = newNoiseVoice(s, i, &s.Tracks[i], frames, anchorLUFS)
		} else {
			tis, level = append(tis, i), append(level, t)
		}
		e.tracks = append(e.tracks, t)
		e.ducked = e.ducked || t.side > 0
	}
	gains, loud, err := balanceGains(ctx, s, tis, level, frames, bank, o, targets)
	if err != nil {
		return nil, err
	}
	for k, t := range level {
		t.setLevel(gains[k])
		// The noises sit under the part's measured loudness (noisevoice.go).
		t.nz = newNoiseVoice(s, tis[k], &s.Tracks[tis[k]], frames, loud[k])
	}
	slices.Sort(e.kicks)
	spb := s.SecondsPerBeat()
	e.duckAtt = 0.004 * sr
	e.duckK = expCoef(math.Min(0.16, 0.3*spb))
	e.rev = newReverb(o.RoomSize, plan.Reverb)
	e.dly = newPingPong(s.BPM)
	return e, nil
}

// renderBlock renders n frames starting at frame start into dst (interleaved
// stereo).
func (e *engine) renderBlock(start, n int, dst []float32) {
	clear(e.mixL[:n])
	clear(e.mixR[:n])
	clear(e.revIn[:n])
	clear(e.dlyIn[:n])
	if e.ducked {
		e.fillDuck(start, n)
	}
	e.mixTracks(start, n)
	e.dly.process(e.dlyIn[:n], e.mixL[:n], e.mixR[:n])
	e.rev.process(e.revIn[:n], e.mixL[:n], e.mixR[:n])
	for i := range n {
		l, r := e.mixL[i], e.mixR[i]
		if l != l || l > 1e4 || l < -1e4 {
			l = 0
		}
		if r != r || r > 1e4 || r < -1e4 {
			r = 0
		}
		dst[2*i], dst[2*i+1] = l, r
	}
}

// fillDuck computes the sidechain envelope (0..1) keyed from kick hits: a
// 4 ms rise then an exponential recovery tied to the tempo.
func (e *engine) fillDuck(start, n int) {
	for i := range n {
		f := start + i
		for e.nextKick < len(e.kicks) && e.kicks[e.nextKick] <= f {
			e.lastKick = e.kicks[e.nextKick]
			e.nextKick++
			e.duck0 = 1
		}
		dt := float64(f - e.lastKick)
		if dt < e.duckAtt {
			e.duck[i] = float32(dt / e.duckAtt)
			continue
		}
		e.duck0 *= e.duckK
		e.duck[i] = float32(e.duck0)
	}
}
