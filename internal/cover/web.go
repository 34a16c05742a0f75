package cover

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"io"

	"golang.org/x/image/draw"
)

// JPEGContentType is the media type of [EncodeJPEG]'s and [EncodeArt]'s
// output.
const JPEGContentType = "image/jpeg"

// Web encoding settings: the web cover is the full-size picture as a
// baseline JPEG, the thumbnail the same picture scaled down for the MP3's
// ID3 tag (players show covers at a few hundred pixels at most).
const (
	WebQuality   = 85 // JPEG quality of the web cover, lowered as needed to fit MaxWebBytes
	MaxWebBytes  = 300 << 10
	minQuality   = 60
	ThumbSize    = 300 // side of the thumbnail in pixels
	ThumbQuality = 82  // JPEG quality of the thumbnail
)

// Art is the encoded cover of a song: Web for the page and the media store
// (DefaultSize JPEG, at most MaxWebBytes), Thumb for the MP3 tag.
type Art struct {
	Web   []byte // JPEG, the spec's size
	Thumb []byte // JPEG, ThumbSize pixels (or the spec's size when smaller)
}

// EncodeJPEG renders spec and writes it to w as a JPEG of the given quality
// (1 to 100; WebQuality when 0). The output is deterministic.
func EncodeJPEG(w io.Writer, spec Spec, quality int) error {
	return encodeJPEG(w, Render(spec), quality)
}

// EncodeArt renders spec once and encodes the web cover and the thumbnail.
// It stops with ctx's error once ctx is done (it looks between the
// rendering stages and the encodings).
func EncodeArt(ctx context.Context, spec Spec) (Art, error) {
	img, err := renderContext(ctx, spec, true)
	if err != nil {
		return Art{}, err
	}
	var web, thumb bytes.Buffer
	// Grainy covers (lo-fi) compress worst: step the quality down until the
	// web cover fits its budget. Deterministic, like the picture.
	for q := WebQuality; ; q -= 5 {
		web.Reset()
		if err := encodeJPEG(&web, img, q); err != nil {
			return Art{}, err
		}
		if web.Len() <= MaxWebBytes || q <= minQuality {
			break
		}
		if err := ctx.Err(); err != nil {
			return Art{}, err
		}
	}
	if err := encodeJPEG(&thumb, Thumbnail(img, ThumbSize), ThumbQuality); err != nil {
		return Art{}, err
	}
	return Art{Web: web.Bytes(), Thumb: thumb.Bytes()}, nil
}

// Thumbnail scales a square cover down to side n (Catmull-Rom, so the
// title stays legible). A cover no larger than n is returned as is.
func Thumbnail(img *image.RGBA, n int) *image.RGBA {
	if img.Bounds().Dx() <= n {
		return img
	}
	dst := image.NewRGBA(image.Rect(0, 0, n, n))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, img.Bounds(), draw.Src, nil)
	return dst
}

func encodeJPEG(w io.Writer, img image.Image, quality int) error {
	if quality == 0 {
		quality = WebQuality
	}
	if quality < 1 || quality > 100 {
		return fmt.Errorf("cover: JPEG quality %d out of 1..100", quality)
	}
	return jpeg.Encode(w, img, &jpeg.Options{Quality: quality})
}
