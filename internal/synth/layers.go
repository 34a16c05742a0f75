package synth

import (
	"context"
	"errors"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// layerBlock is the hop, in frames, at which MasterLayers measures the
// master's gain (about 6 ms at 44.1 kHz: shorter than the limiter's
// release, so the gain it follows barely moves within one).
const layerBlock = 256

// ToneLayer runs one dry layer (a sum of stems, RenderStem) through the
// song's bus tone (the EQ and low-mono filter Render puts before the
// master), in place. The bus tone is linear and time-invariant, so the
// toned layers of a score sum to the toned mix. A loop's layer is toned
// as it repeats (two copies, the second kept), as masterLoop tones the mix.
func ToneLayer(b *audio.Buffer, s *score.Score, o Options) {
	plan := o.plan()
	eq := busEQFor(plan.LowShelfDB, plan.PresenceDB)
	if !s.Loop || b.Frames() == 0 {
		busToneWith(b.Samples, eq, lowMonoHz(o))
		return
	}
	cat := make([]float32, 2*len(b.Samples))
	copy(cat, b.Samples)
	copy(cat[len(b.Samples):], b.Samples)
	busToneWith(cat, eq, lowMonoHz(o))
	copy(b.Samples, cat[len(b.Samples):])
}

// MasterLayers applies to every toned layer (ToneLayer) the gain the master
// gave their sum to make mix (the mastered song, the same length and rate):
// the leveller, bus compressor, section ride, width, fades, loudness and
// limiter act on the mix as gains that move slowly next to the audio, so
// it measures, every layerBlock frames, the gain of the mix's mid and of
// its side over those of the layers' sum and applies it, interpolated
// between blocks, to each layer's mid and side. The layers then sum to mix
// within a fraction of a dB in every octave band, and any of their
// prefix sums is a balanced mix of the parts it holds.
func MasterLayers(ctx context.Context, layers []*audio.Buffer, mix *audio.Buffer) error {
	if len(layers) == 0 || mix == nil {
		return nil
	}
	n := mix.Frames()
	for _, l := range layers {
		if l.Channels != 2 || mix.Channels != 2 || l.Frames() != n {
			return errors.New("synth: layers: not stereo buffers of the mix's length")
		}
	}
	nb := (n + layerBlock - 1) / layerBlock
	gm, gs := make([]float64, nb), make([]float64, nb)
	for k := 0; k < nb; k++ {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		lo, hi := k*layerBlock, min(n, (k+1)*layerBlock)
		var dm, ds, mm, ms float64
		for i := lo; i < hi; i++ {
			var l, r float64
			for _, b := range layers {
				l += float64(b.Samples[2*i])
				r += float64(b.Samples[2*i+1])
			}
			dm += sq(l + r)
			ds += sq(l - r)
			mm += sq(float64(mix.Samples[2*i]) + float64(mix.Samples[2*i+1]))
			ms += sq(float64(mix.Samples[2*i]) - float64(mix.Samples[2*i+1]))
		}
		gm[k], gs[k] = ratio(mm, dm), ratio(ms, ds)
	}
	fillSilent(gm)
	fillSilent(gs)
	for i := 0; i < n; i++ {
		m, s := gainAt(gm, i), gainAt(gs, i)
		for _, b := range layers {
			l, r := b.Samples[2*i], b.Samples[2*i+1]
			mid, side := 0.5*float64(l+r)*m, 0.5*float64(l-r)*s
			b.Samples[2*i], b.Samples[2*i+1] = float32(mid+side), float32(mid-side)
		}
	}
	return nil
}

func sq(x float64) float64 { return x * x }

// ratio is the amplitude gain from energy d to energy m; -1 marks a block
// too quiet to measure (fillSilent gives it its neighbours' gain).
func ratio(m, d float64) float64 {
	if d < 1e-12 {
		return -1
	}
	return math.Min(math.Sqrt(m/d), 1e3)
}

// fillSilent gives each unmeasured block (-1) the gain of the last
// measured one before it (or the first after it; 1 when none is).
func fillSilent(g []float64) {
	last := -1.0
	for _, v := range g {
		if v >= 0 {
			last = v
			break
		}
	}
	if last < 0 {
		last = 1
	}
	for k, v := range g {
		if v < 0 {
			g[k] = last
		} else {
			last = v
		}
	}
}

// gainAt is the gain at frame i: the block gains, taken at the blocks'
// centres, interpolated linearly.
func gainAt(g []float64, i int) float64 {
	x := (float64(i)+0.5)/layerBlock - 0.5
	k := int(math.Floor(x))
	if k < 0 {
		return g[0]
	}
	if k >= len(g)-1 {
		return g[len(g)-1]
	}
	f := x - float64(k)
	return g[k]*(1-f) + g[k+1]*f
}
