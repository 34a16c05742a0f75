package cover

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/vector"
)

// Title layout limits, as fractions of the image side.
const (
	titleMargin   = 0.08  // free space left and right of the text
	titleBottom   = 0.09  // free space below the last line
	titleMaxSize  = 0.095 // largest font size
	titleMinSize  = 0.035 // smallest font size
	titleMaxLines = 3
	titleMaxRunes = 120
)

// titleFont is the parsed Go Bold font (BSD licence, embedded).
var titleFont = sync.OnceValue(func() *ttFont {
	f, err := parseTTF(gobold.TTF)
	if err != nil {
		panic("cover: embedded font: " + err.Error())
	}
	return f
})

// face is the title font at one size.
type face struct {
	f     *ttFont
	scale float64 // pixels per font unit
}

func newFace(size float64) face {
	f := titleFont()
	return face{f: f, scale: size / f.unitsPerEm}
}

// width is the horizontal ink extent of s in pixels, from its pen origin:
// the drawn pixels span [x0, x1).
func (fc face) extent(s string) (x0, x1 float64) {
	pen := 0.0
	x0, x1 = math.Inf(1), math.Inf(-1)
	for _, r := range s {
		g := fc.f.glyphIndex(r)
		lo, hi := fc.f.glyphXBounds(g)
		if lo != hi {
			x0, x1 = math.Min(x0, pen+lo*fc.scale), math.Max(x1, pen+hi*fc.scale)
		}
		pen += fc.f.advance(g) * fc.scale
	}
	if x0 > x1 {
		return 0, 0
	}
	return x0, x1
}

func (fc face) width(s string) float64 {
	x0, x1 := fc.extent(s)
	return x1 - x0
}

// titleLayout is where a title goes on a cover.
type titleLayout struct {
	face  face
	size  float64           // font size in pixels
	lines []string          // wrapped lines
	dots  []pt              // pen origin (baseline start) of each line
	boxes []image.Rectangle // ink box of each line
	box   image.Rectangle   // union of the lines' ink boxes
}

// layoutTitle wraps title to fit a cover of side n: the largest font size at
// which it fits in titleMaxLines lines between the margins. A title too long
// even at the smallest size is cut with an ellipsis. An empty title gives no
// lines.
func layoutTitle(title string, n int) titleLayout {
	title = cleanTitle(title)
	if title == "" {
		return titleLayout{}
	}
	s := float64(n)
	maxW := s - 2*math.Ceil(s*titleMargin)
	var fc face
	var lines []string
	var size float64
	for size = s * titleMaxSize; ; size *= 0.92 {
		size = math.Max(size, s*titleMinSize)
		fc = newFace(size)
		lines = wrap(fc, title, maxW)
		if len(lines) <= titleMaxLines || size <= s*titleMinSize {
			break
		}
	}
	if len(lines) > titleMaxLines {
		lines = lines[:titleMaxLines]
		lines[titleMaxLines-1] = ellipsize(fc, lines[titleMaxLines-1], maxW)
	}
	asc, desc := fc.f.ascent*fc.scale, fc.f.descent*fc.scale
	lineH := (fc.f.ascent + fc.f.descent + fc.f.gap) * fc.scale * 1.05
	base := s - math.Round(s*titleBottom) - desc - lineH*float64(len(lines)-1)
	l := titleLayout{face: fc, size: size, lines: lines}
	for i, line := range lines {
		x0, x1 := fc.extent(line)
		dot := pt{math.Round((s-(x1-x0))/2 - x0), math.Round(base + lineH*float64(i))}
		ink := image.Rect(int(math.Floor(dot.x+x0)), int(math.Floor(dot.y-asc)), int(math.Ceil(dot.x+x1)), int(math.Ceil(dot.y+desc)))
		l.dots = append(l.dots, dot)
		l.boxes = append(l.boxes, ink)
		l.box = l.box.Union(ink)
	}
	return l
}

// cleanTitle drops control characters and characters the embedded font has
// no glyph for (they would print as boxes: Go Bold covers Latin, Greek and
// Cyrillic, not CJK), collapses white space and caps the length.
func cleanTitle(title string) string {
	f := titleFont()
	title = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			return ' '
		}
		if !unicode.IsSpace(r) && f.glyphIndex(r) == 0 {
			return ' '
		}
		return r
	}, title)
	title = strings.Join(strings.Fields(title), " ")
	if rs := []rune(title); len(rs) > titleMaxRunes {
		title = strings.TrimSpace(string(rs[:titleMaxRunes-1])) + "…"
	}
	return title
}

// wrap breaks text into lines no wider than maxW, between words where it can
// and inside a word that is too wide by itself.
func wrap(fc face, text string, maxW float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		if cur != "" && fc.width(cur+" "+word) <= maxW {
			cur += " " + word
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
		}
		cur = ""
		for fc.width(word) > maxW {
			rs := []rune(word)
			k := len(rs) - 1
			for k > 1 && fc.width(string(rs[:k])) > maxW {
				k--
			}
			lines = append(lines, string(rs[:k]))
			word = string(rs[k:])
		}
		cur = word
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// ellipsize marks line as cut, shortening it until it fits maxW.
func ellipsize(fc face, line string, maxW float64) string {
	rs := []rune(strings.TrimSuffix(line, "…"))
	for len(rs) > 0 && fc.width(strings.TrimSpace(string(rs))+"…") > maxW {
		rs = rs[:len(rs)-1]
	}
	return strings.TrimSpace(string(rs)) + "…"
}

// drawTitle sets the title on img: a darkening band for contrast, a soft
// shadow, then the text in ink.
func drawTitle(img *image.RGBA, l titleLayout, ink rgb) {
	if len(l.lines) == 0 {
		return
	}
	n := img.Bounds().Dx()
	pad := float64(n) * 0.045
	darkenBand(img, float64(l.box.Min.Y)-pad*0.6, float64(l.box.Max.Y)+pad*0.6, pad, 0.62)
	ras := vector.NewRasterizer(0, 0)
	off := float64(max(1, n/300))
	shadow := color.NRGBA{0, 0, 0, 110}
	for _, o := range []float64{2 * off, off} {
		l.drawText(img, ras, o, shadow)
	}
	l.drawText(img, ras, 0, ink.nrgba(1))
}

// drawText paints every line in col, shifted right and down by off pixels.
func (l titleLayout) drawText(img *image.RGBA, ras *vector.Rasterizer, off float64, col color.NRGBA) {
	src := image.NewUniform(col)
	for i, line := range l.lines {
		r := l.boxes[i].Add(image.Pt(int(off), int(off))).Inset(-2).Intersect(img.Bounds())
		if r.Empty() {
			continue
		}
		ras.Reset(r.Dx(), r.Dy())
		ras.DrawOp = draw.Over
		m := affine{a: l.face.scale, d: -l.face.scale, e: l.dots[i].x + off - float64(r.Min.X), f: l.dots[i].y + off - float64(r.Min.Y)}
		for _, ch := range line {
			g := l.face.f.glyphIndex(ch)
			l.face.f.outline(ras, g, m)
			m.e += l.face.f.advance(g) * l.face.scale
		}
		ras.Draw(img, r, src, image.Point{})
	}
}

// darkenBand multiplies rows between top and bottom by 1-strength, fading out
// over feather pixels above and below.
func darkenBand(img *image.RGBA, top, bottom, feather, strength float64) {
	n := img.Bounds().Dx()
	y0 := max(0, int(top-feather))
	y1 := min(img.Bounds().Dy(), int(math.Ceil(bottom+feather)))
	for y := y0; y < y1; y++ {
		fy := float64(y) + 0.5
		a := 1.0
		if fy < top {
			a = 1 - (top-fy)/feather
		} else if fy > bottom {
			a = 1 - (fy-bottom)/feather
		}
		a = a * a * (3 - 2*a) // smoothstep
		k := uint32((1 - strength*a) * 256)
		row := img.Pix[y*img.Stride : y*img.Stride+4*n]
		for i := 0; i < len(row); i += 4 {
			row[i] = uint8(uint32(row[i]) * k >> 8)
			row[i+1] = uint8(uint32(row[i+1]) * k >> 8)
			row[i+2] = uint8(uint32(row[i+2]) * k >> 8)
		}
	}
}
