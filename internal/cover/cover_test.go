package cover_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/png" // registers the PNG decoder for image.Decode
	"testing"

	"github.com/songsmith/songsmith/internal/cover"
)

// allGenres are the genres the composer emits.
var allGenres = []string{"lo-fi", "hip hop", "trap", "house", "techno", "trance", "drum and bass", "dubstep",
	"synthwave", "pop", "rock", "metal", "funk", "disco", "reggae", "jazz", "ambient", "classical", "folk",
	"blues", "country"}

// allMoods are the moods the composer emits.
var allMoods = []string{"happy", "sad", "dark", "dreamy", "epic", "calm", "energetic", "romantic", "mysterious",
	"melancholic", "chill", "aggressive", "uplifting", "nostalgic"}

func TestRender(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's cover rendered")
	}
	t.Run("DefaultSize", func(t *testing.T) {
		img := cover.Render(cover.Spec{Title: "Neon Nights", Style: entry("synthwave"), Mood: "dreamy", Prompt: "retro drive"})
		if got := img.Bounds(); got != image.Rect(0, 0, 1024, 1024) {
			t.Fatalf("bounds = %v, want 1024x1024", got)
		}
		if !img.Opaque() {
			t.Error("image is not opaque")
		}
	})

	t.Run("CustomSize", func(t *testing.T) {
		for _, tc := range []struct{ size, want int }{{300, 300}, {512, 512}, {10, cover.MinSize}, {-5, cover.DefaultSize}} {
			img := cover.Render(cover.Spec{Title: "Small", Style: entry("jazz"), Size: tc.size})
			if got := img.Bounds(); got != image.Rect(0, 0, tc.want, tc.want) {
				t.Errorf("Size %d: bounds = %v, want %dx%d", tc.size, got, tc.want, tc.want)
			}
		}
	})

	t.Run("EmptySpec", func(t *testing.T) {
		img := cover.Render(cover.Spec{})
		if img.Bounds().Dx() != cover.DefaultSize {
			t.Fatalf("bounds = %v", img.Bounds())
		}
		if d := meanAbsDiff(img, cover.RenderWithoutTitle(cover.Spec{})); d != 0 {
			t.Errorf("empty title changed the picture (diff %.2f)", d)
		}
		if l := meanLuma(img); l <= 0.01 || l >= 0.99 {
			t.Errorf("mean luminance %.3f: picture is blank", l)
		}
	})

	t.Run("UnknownGenreAndMood", func(t *testing.T) {
		a := cover.Render(cover.Spec{Title: "X", Style: entry("vaporcore"), Mood: "confused", Prompt: "a", Size: 128})
		b := cover.Render(cover.Spec{Title: "X", Style: entry("vaporcore"), Mood: "confused", Prompt: "b", Size: 128})
		if l := meanLuma(a); l <= 0.01 || l >= 0.99 {
			t.Errorf("mean luminance %.3f: picture is blank", l)
		}
		if d := meanAbsDiff(a, b); d < 5 {
			t.Errorf("unknown genre: prompts a and b differ by %.2f, want seed-derived looks", d)
		}
	})

	t.Run("Deterministic", func(t *testing.T) {
		spec := cover.Spec{Title: "Same Every Time", Style: entry("lo-fi"), Mood: "nostalgic", Prompt: "rainy cafe", Seed: 42, Size: 256}
		if d := meanAbsDiff(cover.Render(spec), cover.Render(spec)); d != 0 {
			t.Errorf("two renders of one spec differ by %.2f", d)
		}
	})

	t.Run("PromptsDiffer", func(t *testing.T) {
		// The softest families (waves, sun grid, orbs) and an unknown genre.
		for _, genre := range []string{"folk", "synthwave", "ambient", ""} {
			imgs := make([]*image.RGBA, 20)
			for i := range imgs {
				imgs[i] = cover.Render(cover.Spec{Title: "One Title", Style: entry(genre), Mood: "calm",
					Prompt: fmt.Sprintf("a calm %s song number %d", genre, i), Size: 128})
			}
			for i := range imgs {
				for j := i + 1; j < len(imgs); j++ {
					if d := meanAbsDiff(imgs[i], imgs[j]); d < 5 {
						t.Errorf("genre %q: prompts %d and %d differ by only %.2f/255", genre, i, j, d)
					}
				}
			}
		}
	})

	t.Run("SeedAndTitleVary", func(t *testing.T) {
		base := cover.Spec{Title: "A", Style: entry("house"), Prompt: "p", Size: 128}
		seed, title := base, base
		seed.Seed, title.Title = 1, "B"
		for name, other := range map[string]cover.Spec{"seed": seed, "title": title} {
			if d := meanAbsDiff(cover.RenderWithoutTitle(base), cover.RenderWithoutTitle(other)); d < 5 {
				t.Errorf("changing the %s changed the picture by only %.2f", name, d)
			}
		}
	})

	t.Run("DarkIsDarkerThanHappy", func(t *testing.T) {
		for _, genre := range append(allGenres, "") {
			dark := meanLuma(cover.Render(cover.Spec{Style: entry(genre), Mood: "dark", Prompt: "p", Size: 96}))
			happy := meanLuma(cover.Render(cover.Spec{Style: entry(genre), Mood: "happy", Prompt: "p", Size: 96}))
			if dark >= 0.75*happy {
				t.Errorf("genre %q: dark luminance %.3f, happy %.3f; want dark clearly lower", genre, dark, happy)
			}
		}
	})

	t.Run("SadIsDarkerThanUplifting", func(t *testing.T) {
		sad := meanLuma(cover.Render(cover.Spec{Style: entry("pop"), Mood: "sad", Prompt: "p", Size: 96}))
		up := meanLuma(cover.Render(cover.Spec{Style: entry("pop"), Mood: "uplifting", Prompt: "p", Size: 96}))
		if sad >= up {
			t.Errorf("sad luminance %.3f >= uplifting %.3f", sad, up)
		}
	})

	t.Run("MoodsDiffer", func(t *testing.T) {
		imgs := map[string]*image.RGBA{}
		for _, m := range allMoods {
			imgs[m] = cover.Render(cover.Spec{Style: entry("funk"), Mood: m, Prompt: "p", Size: 96})
		}
		for i, a := range allMoods {
			for _, b := range allMoods[i+1:] {
				if d := meanAbsDiff(imgs[a], imgs[b]); d < 1.5 {
					t.Errorf("moods %s and %s differ by only %.2f", a, b, d)
				}
			}
		}
	})

	t.Run("GenresDiffer", func(t *testing.T) {
		imgs := map[string]*image.RGBA{}
		hists := map[string][25]float64{}
		for _, g := range allGenres {
			imgs[g] = cover.Render(cover.Spec{Title: "T", Style: entry(g), Prompt: "same prompt", Size: 128})
			hists[g] = hueHistogram(imgs[g])
		}
		for i, a := range allGenres {
			for _, b := range allGenres[i+1:] {
				if d := histDistance(hists[a], hists[b]); d < 0.08 {
					t.Errorf("genres %s and %s: hue histogram distance %.3f, want >= 0.08", a, b, d)
				}
				if d := meanAbsDiff(imgs[a], imgs[b]); d < 12 {
					t.Errorf("genres %s and %s differ by only %.2f/255", a, b, d)
				}
			}
		}
	})
}

func TestEncodePNG(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: covers encoded to PNG and decoded")
	}
	t.Run("OK", func(t *testing.T) {
		spec := cover.Spec{Title: "Byte For Byte", Style: entry("techno"), Mood: "dark", Prompt: "warehouse at 4am", Seed: 7}
		var a, b bytes.Buffer
		if err := cover.EncodePNG(context.Background(), &a, spec); err != nil {
			t.Fatalf("EncodePNG: %v", err)
		}
		if err := cover.EncodePNG(context.Background(), &b, spec); err != nil {
			t.Fatalf("EncodePNG: %v", err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Error("two encodings of one spec differ")
		}
		img, format, err := image.Decode(bytes.NewReader(a.Bytes()))
		if err != nil || format != "png" {
			t.Fatalf("decode: format %q, err %v", format, err)
		}
		if img.Bounds() != image.Rect(0, 0, 1024, 1024) {
			t.Errorf("decoded bounds = %v", img.Bounds())
		}
		want := cover.Render(spec)
		for _, p := range []image.Point{{0, 0}, {511, 300}, {1023, 1023}, {100, 900}} {
			r, g, bl, _ := img.At(p.X, p.Y).RGBA()
			w := want.RGBAAt(p.X, p.Y)
			if uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(bl>>8) != w.B {
				t.Errorf("pixel %v decodes to %d,%d,%d, want %v", p, r>>8, g>>8, bl>>8, w)
			}
		}
		if cover.ContentType != "image/png" {
			t.Errorf("ContentType = %q", cover.ContentType)
		}
	})

	t.Run("ErrWriter", func(t *testing.T) {
		if err := cover.EncodePNG(context.Background(), failWriter{}, cover.Spec{Size: 64}); err == nil {
			t.Error("EncodePNG into a failing writer returned nil")
		}
	})
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

func BenchmarkRender(b *testing.B) {
	spec := cover.Spec{Title: "Benchmark Sunrise Over The Grid", Style: entry("synthwave"), Mood: "epic", Prompt: "bench"}
	for _, genre := range []string{"synthwave", "ambient", "rock", "lo-fi"} {
		spec.Style = entry(genre)
		b.Run(genre, func(b *testing.B) {
			for b.Loop() {
				_ = cover.Render(spec)
			}
		})
	}
}

func BenchmarkEncodePNG(b *testing.B) {
	spec := cover.Spec{Title: "Benchmark", Style: entry("house"), Prompt: "bench"}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := cover.EncodePNG(context.Background(), &buf, spec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
