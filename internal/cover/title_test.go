package cover_test

import (
	"image"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/cover"
	"github.com/songsmith/songsmith/internal/testutil"
)

// marginPx is the free space the title keeps left and right (8 %).
func marginPx(n int) int { return n * 8 / 100 }

func TestTitle(t *testing.T) {
	testutil.SkipRaceShort(t)
	t.Run("Drawn", func(t *testing.T) {
		for _, genre := range []string{"pop", "ambient", "metal", "country"} {
			spec := cover.Spec{Title: "Golden Hour", Style: entry(genre), Mood: "happy", Prompt: "p", Size: 512}
			with, without := cover.Render(spec), cover.RenderWithoutTitle(spec)
			_, box := cover.TitleLayout(spec.Title, 512)
			text, outside := 0, 0
			for y := range 512 {
				for x := range 512 {
					// Text is light ink on a darkened band: pixels that got
					// bright only because of the title.
					if luma(with, x, y) > 0.75 && luma(with, x, y) > luma(without, x, y)+0.1 {
						if image.Pt(x, y).In(box.Inset(-2)) {
							text++
						} else {
							outside++
						}
					}
				}
			}
			if text < 1500 {
				t.Errorf("%s: %d text-coloured pixels in the title box, want the title drawn", genre, text)
			}
			if outside != 0 {
				t.Errorf("%s: %d text-coloured pixels outside the title box", genre, outside)
			}
			// Contrast: a band darkens the background right around the text.
			strip := image.Rect(0, box.Min.Y-10, 512, box.Min.Y-1)
			if a, b := meanLumaIn(with, strip), meanLumaIn(without, strip); a > 0.5*b {
				t.Errorf("%s: luminance above the title %.3f, without title %.3f; want a darkening band", genre, a, b)
			}
		}
	})

	t.Run("Fits", func(t *testing.T) {
		for _, n := range []int{1024, 256, 64} {
			lines, box := cover.TitleLayout("Midnight Drive", n)
			if len(lines) == 0 || len(lines) > 3 {
				t.Errorf("n=%d: lines = %q", n, lines)
			}
			inner := image.Rect(marginPx(n), 0, n-marginPx(n), n)
			if !box.In(inner) {
				t.Errorf("n=%d: title box %v outside %v", n, box, inner)
			}
		}
	})

	t.Run("LongTitleWraps", func(t *testing.T) {
		title := "An Extraordinarily Long Title That Must Wrap Over Several Lines Without Overflowing The Cover"
		lines, box := cover.TitleLayout(title, 1024)
		if len(lines) < 2 || len(lines) > 3 {
			t.Fatalf("lines = %q, want 2 or 3", lines)
		}
		if got := strings.Join(lines, " "); got != title {
			t.Errorf("wrapped text %q lost words of %q", got, title)
		}
		inner := image.Rect(marginPx(1024), 0, 1024-marginPx(1024), 1024)
		if !box.In(inner) {
			t.Errorf("title box %v outside %v", box, inner)
		}
		if box.Dy() > 1024/3 {
			t.Errorf("title box %v taller than a third of the cover", box)
		}
	})

	t.Run("LongWordBroken", func(t *testing.T) {
		word := strings.Repeat("W", 60)
		lines, box := cover.TitleLayout(word, 512)
		if len(lines) < 2 {
			t.Errorf("lines = %q, want the word broken", lines)
		}
		if !box.In(image.Rect(marginPx(512), 0, 512-marginPx(512), 512)) {
			t.Errorf("title box %v overflows", box)
		}
	})

	t.Run("TooLongIsCut", func(t *testing.T) {
		title := strings.Repeat("never ending story ", 40)
		lines, box := cover.TitleLayout(title, 1024)
		if len(lines) != 3 || !strings.HasSuffix(lines[2], "…") {
			t.Errorf("lines = %q, want 3 lines ending in an ellipsis", lines)
		}
		if !box.In(image.Rect(marginPx(1024), 0, 1024-marginPx(1024), 1024)) {
			t.Errorf("title box %v overflows", box)
		}
	})

	t.Run("Blank", func(t *testing.T) {
		for _, title := range []string{"", "   ", "\t\n"} {
			if lines, box := cover.TitleLayout(title, 512); len(lines) != 0 || !box.Empty() {
				t.Errorf("title %q: lines %q box %v, want none", title, lines, box)
			}
		}
	})

	t.Run("Unicode", func(t *testing.T) {
		lines, box := cover.TitleLayout("Café Señorita — Ünïcödé", 512)
		if len(lines) == 0 || box.Empty() {
			t.Errorf("lines %q box %v", lines, box)
		}
		if got := strings.Join(lines, " "); got != "Café Señorita — Ünïcödé" {
			t.Errorf("lines %q, want every Latin letter kept", got)
		}
	})

	// Characters the embedded font lacks would print as boxes: they are
	// dropped, and a title of nothing else draws no title at all.
	t.Run("MissingGlyphsDropped", func(t *testing.T) {
		lines, _ := cover.TitleLayout("Nuit 夜の Blue", 512)
		if got := strings.Join(lines, " "); got != "Nuit Blue" {
			t.Errorf("lines %q, want %q", got, "Nuit Blue")
		}
		if lines, box := cover.TitleLayout("夜の雨", 512); len(lines) != 0 || !box.Empty() {
			t.Errorf("CJK-only title: lines %q box %v, want none", lines, box)
		}
	})
}

func meanLumaIn(img *image.RGBA, r image.Rectangle) float64 {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return 0
	}
	var sum float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += luma(img, x, y)
		}
	}
	return sum / float64(r.Dx()*r.Dy())
}
