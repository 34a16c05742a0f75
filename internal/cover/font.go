package cover

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// ttFont wraps a parsed OpenType/TrueType font (golang.org/x/image/font/sfnt)
// with the few queries the title layout needs, all in font units with the
// y axis pointing up, as in the font file.
type ttFont struct {
	f                    *sfnt.Font
	unitsPerEm           float64
	ascent, descent, gap float64       // font units; descent is positive
	ppem                 fixed.Int26_6 // loading at 1 em per unit keeps font units

	mu  sync.Mutex // sfnt.Buffer is not safe for concurrent use
	buf sfnt.Buffer
}

func parseTTF(data []byte) (*ttFont, error) {
	f, err := opentype.Parse(data)
	if err != nil {
		return nil, err
	}
	upem := float64(f.UnitsPerEm())
	t := &ttFont{f: f, unitsPerEm: upem, ppem: fixed.Int26_6(upem * 64)}
	m, err := f.Metrics(&t.buf, t.ppem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	t.ascent, t.descent = float64(m.Ascent)/64, float64(m.Descent)/64
	t.gap = float64(m.Height)/64 - t.ascent - t.descent
	return t, nil
}

// glyphIndex returns the glyph of r (0, the missing glyph, if none).
func (t *ttFont) glyphIndex(r rune) sfnt.GlyphIndex {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, err := t.f.GlyphIndex(&t.buf, r)
	if err != nil {
		return 0
	}
	return g
}

// advance returns the horizontal advance of g in font units.
func (t *ttFont) advance(g sfnt.GlyphIndex) float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	a, err := t.f.GlyphAdvance(&t.buf, g, t.ppem, font.HintingNone)
	if err != nil {
		return 0
	}
	return float64(a) / 64
}

// glyphXBounds returns the horizontal ink extent of g in font units.
func (t *ttFont) glyphXBounds(g sfnt.GlyphIndex) (float64, float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b, _, err := t.f.GlyphBounds(&t.buf, g, t.ppem, font.HintingNone)
	if err != nil {
		return 0, 0
	}
	return float64(b.Min.X) / 64, float64(b.Max.X) / 64
}

// affine maps font units (y up) to pixels: x' = a*x + b*y + e, y' = c*x + d*y + f.
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(x, y fixed.Int26_6) (float32, float32) {
	fx, fy := float64(x)/64, -float64(y)/64 // sfnt segments have y down
	return float32(m.a*fx + m.b*fy + m.e), float32(m.c*fx + m.d*fy + m.f)
}

// outline adds glyph g's contours, mapped by m, to ras.
func (t *ttFont) outline(ras *vector.Rasterizer, g sfnt.GlyphIndex, m affine) {
	t.mu.Lock()
	defer t.mu.Unlock()
	segs, err := t.f.LoadGlyph(&t.buf, g, t.ppem, nil)
	if err != nil {
		return
	}
	for _, s := range segs {
		a := s.Args
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			ras.MoveTo(m.apply(a[0].X, a[0].Y))
		case sfnt.SegmentOpLineTo:
			ras.LineTo(m.apply(a[0].X, a[0].Y))
		case sfnt.SegmentOpQuadTo:
			x1, y1 := m.apply(a[0].X, a[0].Y)
			x2, y2 := m.apply(a[1].X, a[1].Y)
			ras.QuadTo(x1, y1, x2, y2)
		case sfnt.SegmentOpCubeTo:
			x1, y1 := m.apply(a[0].X, a[0].Y)
			x2, y2 := m.apply(a[1].X, a[1].Y)
			x3, y3 := m.apply(a[2].X, a[2].Y)
			ras.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	ras.ClosePath()
}
