package cover_test

import (
	"image"
	"math"

	"github.com/songsmith/songsmith/internal/style"
)

// entry is the catalogue entry of genre, nil for none, as the engine
// resolves it for the cover.
func entry(genre string) *style.Style {
	if st, ok := style.Lookup(genre); ok {
		return &st
	}
	return nil
}

// meanAbsDiff is the mean absolute difference of two same-size images' RGB
// components, in 0..255.
func meanAbsDiff(a, b *image.RGBA) float64 {
	var sum int64
	for i := 0; i < len(a.Pix); i += 4 {
		for k := range 3 {
			d := int64(a.Pix[i+k]) - int64(b.Pix[i+k])
			if d < 0 {
				d = -d
			}
			sum += d
		}
	}
	return float64(sum) / float64(len(a.Pix)/4*3)
}

// luma is a pixel's relative luminance in 0..1 (Rec. 709 weights on the
// encoded values; good enough to compare covers).
func luma(img *image.RGBA, x, y int) float64 {
	i := img.PixOffset(x, y)
	return (0.2126*float64(img.Pix[i]) + 0.7152*float64(img.Pix[i+1]) + 0.0722*float64(img.Pix[i+2])) / 255
}

func meanLuma(img *image.RGBA) float64 {
	b := img.Bounds()
	var sum float64
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			sum += luma(img, x, y)
		}
	}
	return sum / float64(b.Dx()*b.Dy())
}

// hueHistogram is the normalised histogram of hue over 24 bins, each pixel
// weighted by its chroma, plus one bin for the grey share.
func hueHistogram(img *image.RGBA) [25]float64 {
	var h [25]float64
	var total float64
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b := float64(img.Pix[i])/255, float64(img.Pix[i+1])/255, float64(img.Pix[i+2])/255
		mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
		c := mx - mn
		total++
		h[24] += 1 - c
		if c == 0 {
			continue
		}
		var hue float64
		switch mx {
		case r:
			hue = math.Mod((g-b)/c+6, 6)
		case g:
			hue = (b-r)/c + 2
		default:
			hue = (r-g)/c + 4
		}
		h[int(hue*4)%24] += c
	}
	for i := range h {
		h[i] /= total
	}
	return h
}

// histDistance is the L1 distance of two histograms.
func histDistance(a, b [25]float64) float64 {
	var d float64
	for i := range a {
		d += math.Abs(a[i] - b[i])
	}
	return d
}
