package studio

import (
	"context"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/request"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// SeamSeconds is the length of the equal-power crossfade that makes the
// loop body's end lead into its own start, and the outro's start follow
// on from the body's end.
const SeamSeconds = 0.02

// Seam makes the loop body [sp[1].Start, sp[1].End) of b (a song, or one
// of its layers) loop seamlessly, in place, while b still plays straight
// through: the body's last SeamSeconds crossfade (equal power) into what
// led into its start, so its end flows into its own start, and the
// outro's first SeamSeconds crossfade from what followed the body's start
// into the outro, so it follows on from that same end. It is linear: the
// seamed layers of a song sum to the seamed song. A body with nothing
// before it (a loop) is left as it is.
func Seam(b *audio.Buffer, sp [3]FrameSpan) {
	start, end, c := sp[1].Start, sp[1].End, b.Channels
	f := min(b.Rate.NSeconds(SeamSeconds), start, end-start, b.Frames()-end)
	for i := 0; i < f; i++ {
		w := (float64(i) + 1) / float64(f) * math.Pi / 2
		w0 := float64(i) / float64(f) * math.Pi / 2
		a, z := float32(math.Cos(w)), float32(math.Sin(w))
		a0, z0 := float32(math.Cos(w0)), float32(math.Sin(w0))
		for ch := 0; ch < c; ch++ {
			j := (end-f+i)*c + ch
			b.Samples[j] = b.Samples[j]*a + b.Samples[(start-f+i)*c+ch]*z
			o := (end+i)*c + ch
			b.Samples[o] = b.Samples[(start+i)*c+ch]*a0 + b.Samples[o]*z0
		}
	}
}

// Segments cuts mix, the mastered song of s, seamed (Seam), into intro,
// body and outro (SegmentSpans) that join seamlessly in any of the orders
// a game plays them: intro then body; body then body again; body then
// outro. Played in order they are the seamed song.
func Segments(s *score.Score, mix *audio.Buffer) [3]*audio.Buffer {
	sp := SegmentSpans(s, mix.Rate, mix.Frames())
	seamed := audio.NewBuffer(mix.Rate, mix.Channels, mix.Frames())
	copy(seamed.Samples, mix.Samples)
	Seam(seamed, sp)
	var out [3]*audio.Buffer
	for k, x := range sp {
		out[k] = audio.NewBuffer(mix.Rate, mix.Channels, x.End-x.Start)
		copy(out[k].Samples, seamed.Samples[x.Start*mix.Channels:x.End*mix.Channels])
	}
	return out
}

// segmentNames name the segments in order.
var segmentNames = [3]string{"intro", "body", "outro"}

// SegmentsZip cuts mix, the mastered song of s (Segments), renders its
// stingers with the song's synthesizer options o (RenderStingers) and
// returns a zip in dir of the intro, body and outro as 32-bit float WAVs
// ("1-intro.wav", "2-body.wav", "3-outro.wav"; an empty segment is left
// out), the stingers ("stinger-success.wav" ...) and the manifest m with
// its segments and stingers filled in.
func SegmentsZip(ctx context.Context, s *score.Score, o synth.Options, mix *audio.Buffer, m *Manifest, dir string) (*jobs.File, error) {
	stingers, err := RenderStingers(ctx, s, o, mix.Rate)
	if err != nil {
		return nil, err
	}
	segs := Segments(s, mix)
	sp := SegmentSpans(s, mix.Rate, mix.Frames())
	z, err := newZip(dir, "segments")
	if err != nil {
		return nil, err
	}
	for k, b := range segs {
		if b.Frames() == 0 {
			continue
		}
		ms := ManifestSegment{File: segmentFile(k), Name: segmentNames[k], Span: sp[k], Frames: b.Frames()}
		m.Segments = append(m.Segments, ms)
		if err = z.wav(ms.File, b); err != nil {
			return z.finish(m, err)
		}
	}
	for k, b := range stingers {
		mst := ManifestStinger{File: "stinger-" + StingerKinds[k] + ".wav", Name: StingerKinds[k], Bars: StingerBars, Frames: b.Frames()}
		m.Stingers = append(m.Stingers, mst)
		if err = z.wav(mst.File, b); err != nil {
			break
		}
	}
	return z.finish(m, err)
}

func segmentFile(k int) string { return string(rune('1'+k)) + "-" + segmentNames[k] + ".wav" }

// gamePackage makes the adaptive package's zips that o asks for (outputs
// layers and segments) from song, whose Audio is the mastered song at
// its output rate (mastered to loudness LUFS; 0: its style's), into out.
func (s *Studio) gamePackage(ctx context.Context, o jobs.Options, song *engine.Song, loudness float64, out *jobs.Song) error {
	if !o.Wants(request.OutputLayers) && !o.Wants(request.OutputSegments) {
		return nil
	}
	var err error
	full := song.Audio
	if o.Wants(request.OutputLayers) {
		m := NewManifest(song.Score, song.Title, full.Rate, full.Frames())
		so := mix.Of(song.Style, song.Score, s.Synth) // the mix's plan and channels, as the stems
		if out.Layers, err = LayersZip(ctx, song.Score, so, full, m, s.TempDir); err != nil {
			return err
		}
	}
	if o.Wants(request.OutputSegments) {
		m := NewManifest(song.Score, song.Title, full.Rate, full.Frames())
		so := mix.Of(song.Style, song.Score, s.Synth)
		so.LoudnessLUFS = loudness // the stingers are mastered as the song is
		if out.Segments, err = SegmentsZip(ctx, song.Score, so, full, m, s.TempDir); err != nil {
			out.Layers.Remove()
			return err
		}
	}
	return nil
}
