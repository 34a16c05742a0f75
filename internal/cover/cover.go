// Package cover paints procedural cover art for songs: a square picture whose
// palette and forms follow the song's genre and mood, with its title set in an
// embedded font. A spec always gives the same picture; two prompts or titles
// never give the same one.
package cover

import (
	"context"
	"image"
	"image/png"
	"io"

	musicstyle "github.com/songsmith/songsmith/internal/style"
)

// ContentType is the media type of [EncodePNG]'s output.
const ContentType = "image/png"

// Size limits in pixels. A Spec.Size of zero or less means DefaultSize;
// other sizes are clamped to [MinSize, MaxSize].
const (
	DefaultSize = 1024
	MinSize     = 64
	MaxSize     = 4096
)

// Spec says what a cover depicts.
type Spec struct {
	// Title is set on the cover; empty means no text.
	Title string
	// Style is the song's catalogue entry (engine.Song.Style, resolved
	// once): its Cover picks the forms and base palette. Nil gets a
	// seed-derived look.
	Style *musicstyle.Style
	// Mood shifts the palette, e.g. "dark" (low, cool) or "happy" (bright,
	// warm). Unknown or empty moods leave it as is.
	Mood string
	// Prompt is the song's prompt; it varies the picture.
	Prompt string
	// Seed varies the picture too; the same spec gives the same picture.
	Seed uint64
	// Size is the side of the square image in pixels (default 1024).
	Size int
}

// Render paints the cover described by spec. The result is opaque and
// deterministic.
func Render(spec Spec) *image.RGBA {
	img, _ := renderContext(context.Background(), spec, true)
	return img
}

// render paints the cover, with the title only when withTitle is set.
func render(spec Spec, withTitle bool) *image.RGBA {
	img, _ := renderContext(context.Background(), spec, withTitle)
	return img
}

// renderContext is render that stops with ctx's error between its stages
// (painting, finishing, lettering).
func renderContext(ctx context.Context, spec Spec, withTitle bool) (*image.RGBA, error) {
	n := sizeOf(spec.Size)
	r := newRNG(seedOf(spec))
	st := styleFor(spec.Style, r)
	p := makePalette(st, moodFor(spec.Mood), r)
	c := newCanvas(n)
	painters[st.fam](c, p, r, st.variant)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.finish(0.35, p.grain, r.next())
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if withTitle {
		drawTitle(c.img, layoutTitle(spec.Title, n), p.ink)
	}
	return c.img, ctx.Err()
}

// sizeOf applies the default and the limits to a requested size.
func sizeOf(size int) int {
	if size <= 0 {
		return DefaultSize
	}
	return max(MinSize, min(MaxSize, size))
}

// EncodePNG renders spec and writes it to w as PNG (see [ContentType]). It
// stops with ctx's error, writing nothing, once ctx is done (it looks
// between the rendering stages).
func EncodePNG(ctx context.Context, w io.Writer, spec Spec) error {
	img, err := renderContext(ctx, spec, true)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}
