package cover

import (
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/image/vector"
)

// ttFont reads glyph outlines and metrics from a TrueType font: just enough
// of the format (cmap 4/12, hmtx, loca, simple and composite glyf) to set a
// title. It exists because golang.org/x/image/font/opentype needs
// golang.org/x/text, which this module does not require.
type ttFont struct {
	data                  []byte
	glyf, loca, hmtx      []byte
	cmap                  []byte // the chosen cmap subtable
	unitsPerEm            float64
	ascent, descent, gap  float64 // font units; descent is positive
	numGlyphs, numHMetric int
	longLoca              bool
}

var errFont = errors.New("cover: malformed font")

// parseTTF reads the tables of a TrueType font file.
func parseTTF(data []byte) (*ttFont, error) {
	if len(data) < 12 {
		return nil, errFont
	}
	tables := map[string][]byte{}
	n := int(u16(data, 4))
	for i := range n {
		rec := 12 + 16*i
		if rec+16 > len(data) {
			return nil, errFont
		}
		off, ln := int(u32(data, rec+8)), int(u32(data, rec+12))
		if off < 0 || ln < 0 || off+ln > len(data) {
			return nil, errFont
		}
		tables[string(data[rec:rec+4])] = data[off : off+ln]
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf"} {
		if len(tables[tag]) < 6 {
			return nil, fmt.Errorf("%w: no %s table", errFont, tag)
		}
	}
	head, hhea, maxp := tables["head"], tables["hhea"], tables["maxp"]
	if len(head) < 54 || len(hhea) < 36 {
		return nil, errFont
	}
	f := &ttFont{
		data: data, glyf: tables["glyf"], loca: tables["loca"], hmtx: tables["hmtx"],
		unitsPerEm: float64(u16(head, 18)),
		longLoca:   i16(head, 50) != 0,
		ascent:     float64(i16(hhea, 4)),
		descent:    -float64(i16(hhea, 6)),
		gap:        float64(i16(hhea, 8)),
		numHMetric: int(u16(hhea, 34)),
		numGlyphs:  int(u16(maxp, 4)),
	}
	f.cmap = pickCmap(tables["cmap"])
	if f.cmap == nil || f.unitsPerEm == 0 || f.numHMetric == 0 || len(f.hmtx) < 4*f.numHMetric {
		return nil, fmt.Errorf("%w: unsupported cmap or metrics", errFont)
	}
	return f, nil
}

// pickCmap returns a Unicode cmap subtable of format 12 or 4.
func pickCmap(cmap []byte) []byte {
	var best []byte
	for i := range int(u16(cmap, 2)) {
		rec := 4 + 8*i
		if rec+8 > len(cmap) {
			return best
		}
		pid, eid, off := u16(cmap, rec), u16(cmap, rec+2), int(u32(cmap, rec+4))
		if off+4 > len(cmap) || !(pid == 0 || pid == 3 && (eid == 1 || eid == 10)) {
			continue
		}
		sub := cmap[off:]
		switch u16(sub, 0) {
		case 12:
			return sub
		case 4:
			best = sub
		}
	}
	return best
}

// glyphIndex maps a rune to a glyph; 0 (the missing-glyph box) when absent.
func (f *ttFont) glyphIndex(r rune) int {
	c := uint32(r)
	t := f.cmap
	if u16(t, 0) == 12 {
		if len(t) < 16 {
			return 0
		}
		for i := range int(u32(t, 12)) {
			g := 16 + 12*i
			if g+12 > len(t) {
				return 0
			}
			if lo, hi := u32(t, g), u32(t, g+4); c >= lo && c <= hi {
				return int(u32(t, g+8) + c - lo)
			}
		}
		return 0
	}
	if c > 0xffff || len(t) < 14 {
		return 0
	}
	seg := int(u16(t, 6)) / 2
	ends, starts, deltas, ranges := 14, 16+2*seg, 16+4*seg, 16+6*seg
	if ranges+2*seg > len(t) {
		return 0
	}
	for i := range seg {
		if uint32(u16(t, ends+2*i)) < c {
			continue
		}
		start := uint32(u16(t, starts+2*i))
		if c < start {
			return 0
		}
		delta, ro := uint32(u16(t, deltas+2*i)), int(u16(t, ranges+2*i))
		if ro == 0 {
			return int((c + delta) & 0xffff)
		}
		at := ranges + 2*i + ro + 2*int(c-start)
		if at+2 > len(t) {
			return 0
		}
		if g := uint32(u16(t, at)); g != 0 {
			return int((g + delta) & 0xffff)
		}
		return 0
	}
	return 0
}

// advance is a glyph's advance width in font units.
func (f *ttFont) advance(g int) float64 {
	return float64(u16(f.hmtx, 4*min(g, f.numHMetric-1)))
}

// glyphData returns a glyph's record in the glyf table (nil when empty).
func (f *ttFont) glyphData(g int) []byte {
	if g < 0 || g >= f.numGlyphs {
		return nil
	}
	var lo, hi int
	if f.longLoca {
		if 4*g+8 > len(f.loca) {
			return nil
		}
		lo, hi = int(u32(f.loca, 4*g)), int(u32(f.loca, 4*g+4))
	} else {
		if 2*g+4 > len(f.loca) {
			return nil
		}
		lo, hi = 2*int(u16(f.loca, 2*g)), 2*int(u16(f.loca, 2*g+2))
	}
	if lo >= hi || hi > len(f.glyf) || hi-lo < 10 {
		return nil
	}
	return f.glyf[lo:hi]
}

// affine maps font units to pixels: x' = a*x + b*y + e, y' = c*x + d*y + f.
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(x, y float64) (float32, float32) {
	return float32(m.a*x + m.b*y + m.e), float32(m.c*x + m.d*y + m.f)
}

// then returns the transform doing m after n.
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.b*n.c, b: m.a*n.b + m.b*n.d,
		c: m.c*n.a + m.d*n.c, d: m.c*n.b + m.d*n.d,
		e: m.a*n.e + m.b*n.f + m.e, f: m.c*n.e + m.d*n.f + m.f,
	}
}

// outline adds glyph g's contours, mapped by m, to ras.
func (f *ttFont) outline(ras *vector.Rasterizer, g int, m affine, depth int) {
	d := f.glyphData(g)
	if d == nil || depth > 4 {
		return
	}
	if nc := int(i16(d, 0)); nc >= 0 {
		f.simple(ras, d, nc, m)
		return
	}
	for p := 10; p+4 <= len(d); {
		flags, sub := u16(d, p), int(u16(d, p+2))
		p += 4
		var dx, dy float64
		if flags&0x1 != 0 {
			if p+4 > len(d) {
				return
			}
			dx, dy = float64(i16(d, p)), float64(i16(d, p+2))
			p += 4
		} else {
			if p+2 > len(d) {
				return
			}
			dx, dy = float64(int8(d[p])), float64(int8(d[p+1]))
			p += 2
		}
		if flags&0x2 == 0 {
			dx, dy = 0, 0 // point matching: rare, ignored
		}
		t := affine{a: 1, d: 1, e: dx, f: dy}
		switch {
		case flags&0x8 != 0 && p+2 <= len(d):
			s := f2dot14(d, p)
			t.a, t.d = s, s
			p += 2
		case flags&0x40 != 0 && p+4 <= len(d):
			t.a, t.d = f2dot14(d, p), f2dot14(d, p+2)
			p += 4
		case flags&0x80 != 0 && p+8 <= len(d):
			t.a, t.c, t.b, t.d = f2dot14(d, p), f2dot14(d, p+2), f2dot14(d, p+4), f2dot14(d, p+6)
			p += 8
		}
		f.outline(ras, sub, m.then(t), depth+1)
		if flags&0x20 == 0 {
			return
		}
	}
}

// simple adds the contours of a simple glyph record d with nc contours.
func (f *ttFont) simple(ras *vector.Rasterizer, d []byte, nc int, m affine) {
	p := 10 + 2*nc
	if p+2 > len(d) || nc == 0 {
		return
	}
	np := int(u16(d, p-2)) + 1
	p += 2 + int(u16(d, p))
	type point struct {
		x, y float64
		on   bool
	}
	pts := make([]point, np)
	flags := make([]byte, np)
	for i := 0; i < np; {
		if p >= len(d) {
			return
		}
		fl := d[p]
		p++
		flags[i] = fl
		i++
		if fl&0x8 != 0 && p < len(d) {
			rep := int(d[p])
			p++
			for ; rep > 0 && i < np; rep-- {
				flags[i] = fl
				i++
			}
		}
	}
	for axis := range 2 {
		short, same := byte(0x2), byte(0x10)
		if axis == 1 {
			short, same = 0x4, 0x20
		}
		v := 0
		for i, fl := range flags {
			switch {
			case fl&short != 0:
				if p >= len(d) {
					return
				}
				if fl&same != 0 {
					v += int(d[p])
				} else {
					v -= int(d[p])
				}
				p++
			case fl&same == 0:
				if p+2 > len(d) {
					return
				}
				v += int(i16(d, p))
				p += 2
			}
			if axis == 0 {
				pts[i].x = float64(v)
			} else {
				pts[i].y = float64(v)
			}
			pts[i].on = fl&0x1 != 0
		}
	}
	start := 0
	for c := range nc {
		end := int(u16(d, 10+2*c))
		if end < start || end >= np {
			return
		}
		cont := pts[start : end+1]
		start = end + 1
		// Begin on an on-curve point, or between two off-curve points.
		first := -1
		for i, q := range cont {
			if q.on {
				first = i
				break
			}
		}
		var sx, sy float64
		if first >= 0 {
			sx, sy = cont[first].x, cont[first].y
		} else {
			first = 0
			sx, sy = (cont[0].x+cont[1%len(cont)].x)/2, (cont[0].y+cont[1%len(cont)].y)/2
		}
		ras.MoveTo(m.apply(sx, sy))
		var ctrl *point
		for k := 1; k <= len(cont); k++ {
			q := cont[(first+k)%len(cont)]
			switch {
			case q.on && ctrl == nil:
				ras.LineTo(m.apply(q.x, q.y))
			case q.on:
				bx, by := m.apply(ctrl.x, ctrl.y)
				cx, cy := m.apply(q.x, q.y)
				ras.QuadTo(bx, by, cx, cy)
				ctrl = nil
			case ctrl != nil:
				mx, my := (ctrl.x+q.x)/2, (ctrl.y+q.y)/2
				bx, by := m.apply(ctrl.x, ctrl.y)
				cx, cy := m.apply(mx, my)
				ras.QuadTo(bx, by, cx, cy)
				ctrl = &q
			default:
				ctrl = &q
			}
		}
		if ctrl != nil {
			bx, by := m.apply(ctrl.x, ctrl.y)
			cx, cy := m.apply(sx, sy)
			ras.QuadTo(bx, by, cx, cy)
		}
		ras.ClosePath()
	}
}

// glyphXBounds is a glyph's horizontal extent in font units (zeros if empty).
func (f *ttFont) glyphXBounds(g int) (float64, float64) {
	d := f.glyphData(g)
	if d == nil {
		return 0, 0
	}
	return float64(i16(d, 2)), float64(i16(d, 6))
}

func u16(b []byte, i int) uint16 {
	if i < 0 || i+2 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint16(b[i:])
}

func i16(b []byte, i int) int16 { return int16(u16(b, i)) }

func u32(b []byte, i int) uint32 {
	if i < 0 || i+4 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint32(b[i:])
}

func f2dot14(b []byte, i int) float64 { return float64(i16(b, i)) / (1 << 14) }
