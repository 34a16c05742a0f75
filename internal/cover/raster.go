package cover

import (
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in pixels.
type pt struct{ x, y float64 }

// canvas is a square opaque image with the drawing primitives the forms use.
// All primitives clip to the image and allocate nothing per pixel.
type canvas struct {
	img *image.RGBA
	n   int     // side in pixels
	s   float64 // side as a float, the unit forms are measured in
	ras *vector.Rasterizer
	uni *image.Uniform
	buf []pt // scratch path
}

func newCanvas(n int) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	return &canvas{img: img, n: n, s: float64(n), ras: vector.NewRasterizer(0, 0), uni: image.NewUniform(nil)}
}

// gradient fills the whole image with a linear gradient through stops,
// running along angle (radians; 0 is left to right, π/2 top to bottom).
func (c *canvas) gradient(stops []rgb, angle float64) {
	const lutN = 1024
	var lut [lutN][3]uint8
	for i := range lut {
		t := float64(i) / (lutN - 1) * float64(len(stops)-1)
		k := min(int(t), len(stops)-2)
		col := stops[k].lerp(stops[k+1], t-float64(k))
		lut[i] = [3]uint8{to8(col.r), to8(col.g), to8(col.b)}
	}
	dx, dy := math.Cos(angle), math.Sin(angle)
	extent := (math.Abs(dx) + math.Abs(dy)) * c.s
	half := c.s / 2
	for y := range c.n {
		row := c.img.Pix[y*c.img.Stride : y*c.img.Stride+4*c.n]
		t := ((-half)*dx+(float64(y)-half)*dy)/extent + 0.5
		step := dx / extent
		for x := 0; x < len(row); x += 4 {
			i := int(t * (lutN - 1))
			i = max(0, min(lutN-1, i))
			e := &lut[i]
			row[x], row[x+1], row[x+2], row[x+3] = e[0], e[1], e[2], 255
			t += step
		}
	}
}

// orb blends a soft disc: full alpha at the centre fading smoothly to zero at
// radius r.
func (c *canvas) orb(cx, cy, r float64, col rgb, alpha float64) {
	x0, y0, x1, y1 := c.clip(cx-r, cy-r, cx+r, cy+r)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	cr, cg, cb := float32(col.r*255), float32(col.g*255), float32(col.b*255)
	inv := float32(1 / (r * r))
	a := float32(alpha)
	for y := y0; y < y1; y++ {
		dy := float32(float64(y) + 0.5 - cy)
		dy2 := dy * dy * inv
		if dy2 >= 1 {
			continue
		}
		row := c.img.Pix[y*c.img.Stride:]
		for x := x0; x < x1; x++ {
			dx := float32(float64(x) + 0.5 - cx)
			d2 := dx*dx*inv + dy2
			if d2 >= 1 {
				continue
			}
			w := (1 - d2) * (1 - d2) * a
			i := 4 * x
			row[i] = uint8(float32(row[i]) + (cr-float32(row[i]))*w)
			row[i+1] = uint8(float32(row[i+1]) + (cg-float32(row[i+1]))*w)
			row[i+2] = uint8(float32(row[i+2]) + (cb-float32(row[i+2]))*w)
		}
	}
}

// fill paints the polygon pts (non-zero winding, anti-aliased) with col at
// opacity alpha. Several closed sub-paths may be given by start indexes.
func (c *canvas) fill(pts []pt, col rgb, alpha float64, starts ...int) {
	if len(pts) < 3 || alpha <= 0 {
		return
	}
	minX, minY, maxX, maxY := pts[0].x, pts[0].y, pts[0].x, pts[0].y
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p.x), math.Max(maxX, p.x)
		minY, maxY = math.Min(minY, p.y), math.Max(maxY, p.y)
	}
	x0, y0, x1, y1 := c.clip(minX, minY, maxX+1, maxY+1)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	c.ras.Reset(x1-x0, y1-y0)
	c.ras.DrawOp = draw.Over
	ox, oy := float64(x0), float64(y0)
	next := 0
	for i, p := range pts {
		if i == 0 || (next < len(starts) && starts[next] == i) {
			if i != 0 {
				c.ras.ClosePath()
				next++
			}
			c.ras.MoveTo(float32(p.x-ox), float32(p.y-oy))
			continue
		}
		c.ras.LineTo(float32(p.x-ox), float32(p.y-oy))
	}
	c.ras.ClosePath()
	c.uni.C = col.nrgba(alpha)
	c.ras.Draw(c.img, image.Rect(x0, y0, x1, y1), c.uni, image.Point{})
}

// rect paints an axis-aligned rectangle.
func (c *canvas) rect(x0, y0, x1, y1 float64, col rgb, alpha float64) {
	c.fill(c.path(pt{x0, y0}, pt{x1, y0}, pt{x1, y1}, pt{x0, y1}), col, alpha)
}

// line paints a straight stroke of width w.
func (c *canvas) line(a, b pt, w float64, col rgb, alpha float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.fill(c.path(pt{a.x + nx, a.y + ny}, pt{b.x + nx, b.y + ny}, pt{b.x - nx, b.y - ny}, pt{a.x - nx, a.y - ny}), col, alpha)
}

// polyline paints connected strokes of width w through pts.
func (c *canvas) polyline(pts []pt, w float64, col rgb, alpha float64) {
	for i := 1; i < len(pts); i++ {
		c.line(pts[i-1], pts[i], w, col, alpha)
	}
}

// circle paints a disc.
func (c *canvas) circle(cx, cy, r float64, col rgb, alpha float64) {
	c.fill(c.arc(nil, cx, cy, r, 0, 2*math.Pi), col, alpha)
}

// ring paints an annulus of outer radius r and width w.
func (c *canvas) ring(cx, cy, r, w float64, col rgb, alpha float64) {
	outer := c.arc(nil, cx, cy, r, 0, 2*math.Pi)
	inner := len(outer)
	pts := c.arc(outer, cx, cy, math.Max(0, r-w), 2*math.Pi, 0)
	c.fill(pts, col, alpha, inner)
}

// arc appends the points of an arc from angle a0 to a1 to dst.
func (c *canvas) arc(dst []pt, cx, cy, r, a0, a1 float64) []pt {
	steps := int(math.Abs(a1-a0)/(2*math.Pi)*math.Min(160, 12+r/3)) + 2
	for i := range steps {
		a := a0 + (a1-a0)*float64(i)/float64(steps-1)
		dst = append(dst, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return dst
}

// path returns pts in the canvas's scratch buffer (valid until the next call).
func (c *canvas) path(pts ...pt) []pt {
	c.buf = append(c.buf[:0], pts...)
	return c.buf
}

// clip rounds a box outwards to pixels and clips it to the image.
func (c *canvas) clip(x0, y0, x1, y1 float64) (int, int, int, int) {
	f := func(v float64) int { return int(math.Max(0, math.Min(c.s, v))) }
	return f(math.Floor(x0)), f(math.Floor(y0)), f(math.Ceil(x1)), f(math.Ceil(y1))
}

// finish adds a vignette of strength vig and film grain of strength grain
// (fraction of full scale), in one pass over the image.
func (c *canvas) finish(vig, grain float64, seed uint64) {
	col := make([]float32, c.n)
	half := c.s / 2
	for x := range col {
		d := (float64(x) + 0.5 - half) / half
		col[x] = float32(d * d)
	}
	amp := uint32(grain*255*2) + 1
	off := int32(amp / 2)
	state := uint32(seed>>32) | 1
	v := float32(vig / 2)
	for y := range c.n {
		row := c.img.Pix[y*c.img.Stride:]
		dy := col[y]
		for x := range c.n {
			f := 1 - v*(col[x]+dy)
			state ^= state << 13
			state ^= state >> 17
			state ^= state << 5
			g := int32(state%amp) - off
			i := 4 * x
			row[i] = clampByte(int32(float32(row[i])*f) + g)
			row[i+1] = clampByte(int32(float32(row[i+1])*f) + g)
			row[i+2] = clampByte(int32(float32(row[i+2])*f) + g)
		}
	}
}

func clampByte(v int32) uint8 {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}
