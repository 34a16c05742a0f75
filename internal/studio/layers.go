package studio

import (
	"context"
	"fmt"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/resample"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// Layer is one intensity layer of an adaptive package: a name and the
// score's tracks it holds.
type Layer struct {
	Name   string
	Tracks []int
}

// layerOf is the intensity layer (0-3) of each part's role: the bed
// (pads, chords, fx), then the bass and arpeggios, then the drums, then the
// lead on top.
var layerOf = map[score.Role]int{
	score.RolePad: 0, score.RoleChords: 0, score.RoleFX: 0,
	score.RoleBass: 1, score.RoleArp: 1,
	score.RoleDrums: 2,
	score.RoleLead:  3,
}

// layerNames names the layers in order.
var layerNames = [4]string{"bed", "bass", "drums", "lead"}

// Layers groups the tracks of s into its intensity layers, lowest first
// (bed, bass, drums, lead; a part of another role joins the bed), leaving
// out the layers no track plays. Every track is in exactly one layer.
func Layers(s *score.Score) []Layer {
	var groups [4][]int
	for i, t := range s.Tracks {
		groups[layerOf[t.Role]] = append(groups[layerOf[t.Role]], i)
	}
	var out []Layer
	for k, g := range groups {
		if len(g) > 0 {
			out = append(out, Layer{Name: layerNames[k], Tracks: g})
		}
	}
	return out
}

// RenderLayers renders the intensity layers of the song's score s (Layers)
// as stereo buffers at mix's rate and length that sum to mix, the mastered
// song (synth.MasterLayers), with the loop body seamed as the segments'
// is (Seam): each layer's parts are rendered on their own
// (synth.RenderStem) with the mix's synthesizer options o, summed, toned
// as the bus is, resampled to rate and given the master's gain.
func RenderLayers(ctx context.Context, s *score.Score, o synth.Options, mix *audio.Buffer) ([]Layer, []*audio.Buffer, error) {
	if err := engine.CheckBudget(s); err != nil {
		return nil, nil, err
	}
	layers := Layers(s)
	bufs := make([]*audio.Buffer, 0, len(layers))
	fail := func(err error) ([]Layer, []*audio.Buffer, error) {
		for _, b := range bufs {
			audio.Recycle(b)
		}
		return nil, nil, fmt.Errorf("studio: layers: %w", err)
	}
	for _, l := range layers {
		b, err := renderGroup(ctx, s, o, l.Tracks)
		if err != nil {
			return fail(err)
		}
		synth.ToneLayer(b, s, o)
		src := b
		if b, err = resample.To(ctx, b, mix.Rate); err != nil {
			audio.Recycle(src)
			return fail(err)
		}
		if b != src {
			audio.Recycle(src)
		}
		engine.SetFrames(b, mix.Frames())
		bufs = append(bufs, b)
	}
	if err := synth.MasterLayers(ctx, bufs, mix); err != nil {
		return fail(err)
	}
	sp := SegmentSpans(s, mix.Rate, mix.Frames())
	for _, b := range bufs {
		Seam(b, sp) // the loop body loops, as the segments' does
	}
	return layers, bufs, nil
}

// renderGroup renders tracks of s on their own and sums them.
func renderGroup(ctx context.Context, s *score.Score, o synth.Options, tracks []int) (*audio.Buffer, error) {
	var sum *audio.Buffer
	for _, i := range tracks {
		st, err := synth.RenderStem(ctx, s, i, o)
		if err != nil {
			if sum != nil {
				audio.Recycle(sum)
			}
			return nil, err
		}
		if sum == nil {
			sum = st
			continue
		}
		for k := range sum.Samples {
			sum.Samples[k] += st.Samples[k]
		}
		audio.Recycle(st)
	}
	return sum, nil
}

// LayersZip renders the intensity layers of the song's score s (see
// RenderLayers) against mix, the mastered song at its output rate, and
// returns a zip in dir of one 32-bit float stereo WAV per layer
// ("1-bed.wav" ...), each of the song's length, and the manifest m with
// its layers filled in.
func LayersZip(ctx context.Context, s *score.Score, o synth.Options, mix *audio.Buffer, m *Manifest, dir string) (*jobs.File, error) {
	layers, bufs, err := RenderLayers(ctx, s, o, mix)
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, b := range bufs {
			audio.Recycle(b)
		}
	}()
	z, err := newZip(dir, "layers")
	if err != nil {
		return nil, err
	}
	for k, l := range layers {
		ml := ManifestLayer{File: fmt.Sprintf("%d-%s.wav", k+1, l.Name), Name: l.Name, Parts: []string{}}
		for _, i := range l.Tracks {
			ml.Parts = append(ml.Parts, s.Tracks[i].Name)
		}
		m.Layers = append(m.Layers, ml)
		if err = z.wav(ml.File, bufs[k]); err != nil {
			break
		}
	}
	return z.finish(m, err)
}
