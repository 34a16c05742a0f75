package studio_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/cover"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/style"
)

// BenchmarkCoverArtEveryStyle encodes the cover the studio makes for every
// style of the catalogue (the style's name as the prompt) at two seeds,
// fails if one breaks the budgets (web cover <= cover.MaxWebBytes at
// 1024 px, thumbnail <= 40 KB), and reports the sizes and the time per
// cover (render, web JPEG and thumbnail), the figures docs/api.md quotes:
//
//	go test -run '^$' -bench CoverArtEveryStyle -benchtime 1x -v ./internal/studio/
//
// It is a benchmark, not a test, because 114 covers take about 3 minutes
// under -race; cover.TestEncodeArt checks the budget for every genre.
func BenchmarkCoverArtEveryStyle(b *testing.B) {
	var web, thumb []int
	var took, render []time.Duration
	worst := ""
	for range b.N {
		web, thumb, took, render = web[:0], thumb[:0], took[:0], render[:0]
		for _, st := range style.All() {
			for _, seed := range []uint64{1, 2} {
				// What the studio paints: the composed song's title, genre
				// and mood (engine.Compose, without synthesizing the audio).
				s, title, _ := composePerformed(st.Name, seed, engine.Options{})
				spec := cover.Spec{Title: title, Style: &st, Mood: s.Mood, Prompt: st.Name, Seed: seed}
				start := time.Now()
				cover.Render(spec)
				render = append(render, time.Since(start))
				start = time.Now()
				art, err := cover.EncodeArt(context.Background(), spec)
				d := time.Since(start)
				if err != nil {
					b.Fatalf("%s seed %d: %v", st.Name, seed, err)
				}
				if len(art.Web) > cover.MaxWebBytes || len(art.Thumb) > 40<<10 {
					b.Errorf("%s seed %d: web %d B, thumbnail %d B, want <= %d and <= %d", st.Name, seed, len(art.Web), len(art.Thumb), cover.MaxWebBytes, 40<<10)
				}
				if len(web) == 0 || len(art.Web) > slices.Max(web) {
					worst = st.Name
				}
				web, thumb, took = append(web, len(art.Web)), append(thumb, len(art.Thumb)), append(took, d)
			}
		}
	}
	if n := len(style.All()); n < 50 {
		b.Errorf("%d styles in the catalogue, want the whole catalogue (>= 50)", n)
	}
	kb := func(v []int, q float64) float64 { return float64(quantile(v, q)) / 1024 }
	b.Logf("%d covers (%d styles x 2 seeds), 1024 px JPEG: median %.0f KB, p95 %.0f KB, max %.0f KB (%s)",
		len(web), len(web)/2, kb(web, .5), kb(web, .95), kb(web, 1), worst)
	b.Logf("thumbnails, %d px JPEG: median %.1f KB, max %.1f KB", cover.ThumbSize, kb(thumb, .5), kb(thumb, 1))
	b.Logf("render + both encodings per cover: median %v, p95 %v, max %v", quantile(took, .5).Round(time.Millisecond),
		quantile(took, .95).Round(time.Millisecond), quantile(took, 1).Round(time.Millisecond))
	b.Logf("render alone: median %v (the thumbnail's scaling and the JPEG encodings take about %v of the median)",
		quantile(render, .5).Round(time.Millisecond), (quantile(took, .5) - quantile(render, .5)).Round(time.Millisecond))
	b.ReportMetric(kb(web, .5), "web-median-KB")
	b.ReportMetric(kb(web, 1), "web-max-KB")
	b.ReportMetric(kb(thumb, 1), "thumb-max-KB")
	b.ReportMetric(float64(quantile(took, .5).Microseconds())/1000, "median-ms/cover")
}

// quantile returns the q-quantile (0..1, nearest rank) of v.
func quantile[T int | time.Duration](v []T, q float64) T {
	s := slices.Clone(v)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}
