package cover_test

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	_ "image/jpeg" // registers the JPEG decoder for image.Decode
	"testing"

	"github.com/songsmith/songsmith/internal/cover"
	"github.com/songsmith/songsmith/internal/testutil"
)

func toRGBA(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

func decodeJPEG(t *testing.T, b []byte) *image.RGBA {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(b))
	if err != nil || format != "jpeg" {
		t.Fatalf("decode: format %q, err %v", format, err)
	}
	return toRGBA(img)
}

func TestEncodeArt(t *testing.T) {
	testutil.SkipRaceShort(t)
	t.Run("EveryGenreFitsTheBudget", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short: measurement test: every genre's cover size")
		}
		// Lo-fi's grain compresses worst; before the budget it was 310 KB.
		for _, g := range allGenres {
			spec := cover.Spec{Title: "Midnight Over The City", Style: entry(g), Mood: "nostalgic", Prompt: g + " song", Seed: 3}
			art, err := cover.EncodeArt(context.Background(), spec)
			if err != nil {
				t.Fatal(err)
			}
			if len(art.Web) > cover.MaxWebBytes || len(art.Web) < 20<<10 {
				t.Errorf("%s: web cover %d bytes, want 20 KB..%d", g, len(art.Web), cover.MaxWebBytes)
			}
			if len(art.Thumb) > 40<<10 {
				t.Errorf("%s: thumbnail %d bytes, want <= 40 KB", g, len(art.Thumb))
			}
			t.Logf("%-14s web %6d B  thumb %5d B", g, len(art.Web), len(art.Thumb))
		}
	})

	t.Run("SamePictureAtBothSizes", func(t *testing.T) {
		spec := cover.Spec{Title: "Byte For Byte", Style: entry("techno"), Mood: "dark", Prompt: "warehouse at 4am", Seed: 7}
		art, err := cover.EncodeArt(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := cover.EncodeArt(context.Background(), spec)
		if !bytes.Equal(art.Web, again.Web) || !bytes.Equal(art.Thumb, again.Thumb) {
			t.Error("two encodings of one spec differ")
		}
		want := cover.Render(spec)
		web := decodeJPEG(t, art.Web)
		if web.Bounds() != want.Bounds() {
			t.Fatalf("web bounds %v", web.Bounds())
		}
		if d := meanAbsDiff(web, want); d > 4 {
			t.Errorf("web cover differs from the render by %.2f/255", d)
		}
		thumb := decodeJPEG(t, art.Thumb)
		if thumb.Bounds() != image.Rect(0, 0, cover.ThumbSize, cover.ThumbSize) {
			t.Fatalf("thumb bounds %v", thumb.Bounds())
		}
		if d := meanAbsDiff(thumb, cover.Thumbnail(want, cover.ThumbSize)); d > 4 {
			t.Errorf("thumbnail differs from the scaled render by %.2f/255", d)
		}
		// A different cover is far from this thumbnail: the check above can fail.
		other := cover.Thumbnail(cover.Render(cover.Spec{Title: "Other", Style: entry("folk"), Mood: "happy", Prompt: "x"}), cover.ThumbSize)
		if d := meanAbsDiff(thumb, other); d < 12 {
			t.Errorf("unrelated covers differ by only %.2f/255", d)
		}
	})

	t.Run("SmallSpecKeepsItsSize", func(t *testing.T) {
		art, err := cover.EncodeArt(context.Background(), cover.Spec{Style: entry("jazz"), Size: 128})
		if err != nil {
			t.Fatal(err)
		}
		if b := decodeJPEG(t, art.Thumb).Bounds(); b.Dx() != 128 {
			t.Errorf("thumbnail of a 128 px cover is %v", b)
		}
	})
}

func TestEncodeJPEG(t *testing.T) {
	var buf bytes.Buffer
	if err := cover.EncodeJPEG(&buf, cover.Spec{Style: entry("house"), Size: 96}, 0); err != nil {
		t.Fatal(err)
	}
	if b := decodeJPEG(t, buf.Bytes()).Bounds(); b.Dx() != 96 {
		t.Errorf("bounds %v", b)
	}
	for _, q := range []int{-1, 101} {
		if err := cover.EncodeJPEG(&buf, cover.Spec{Size: 64}, q); err == nil {
			t.Errorf("quality %d accepted", q)
		}
	}
	if err := cover.EncodeJPEG(failWriter{}, cover.Spec{Size: 64}, 80); err == nil {
		t.Error("EncodeJPEG into a failing writer returned nil")
	}
	if cover.JPEGContentType != "image/jpeg" {
		t.Errorf("JPEGContentType = %q", cover.JPEGContentType)
	}
}
