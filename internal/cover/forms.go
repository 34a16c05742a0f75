package cover

import "math"

// painter draws one family's forms onto c with p's colours.
type painter func(c *canvas, p palette, r *rng, variant int)

// painters maps each family to its painter.
var painters = [numFamilies]painter{
	famSunGrid:   paintSunGrid,
	famGeometric: paintGeometric,
	famRays:      paintRays,
	famOrbs:      paintOrbs,
	famShards:    paintShards,
	famGrain:     paintGrain,
	famBold:      paintBold,
	famWaves:     paintWaves,
}

// paintSunGrid draws a striped sun setting behind mountains over a glowing
// perspective grid (synthwave).
func paintSunGrid(c *canvas, p palette, r *rng, _ int) {
	s := c.s
	c.gradient([]rgb{p.bg[2], p.bg[1], p.acc[1].scale(0.85)}, math.Pi/2)
	horizon := s * r.between(0.56, 0.66)
	for range r.rangeInt(40, 90) {
		c.circle(r.between(0, s), r.between(0, horizon*0.8), s*r.between(0.001, 0.003), p.ink, r.between(0.3, 0.9))
	}
	sunR := s * r.between(0.17, 0.26)
	sunX := s * r.between(0.32, 0.68)
	sunY := horizon - sunR*r.between(0.2, 0.5)
	c.orb(sunX, sunY, sunR*2.3, p.acc[1], 0.45)
	drawStripedSun(c, sunX, sunY, sunR, horizon, p.glow, p.acc[1], r.rangeInt(5, 9))
	if r.chance(0.7) {
		pts := c.buf[:0]
		pts = append(pts, pt{-1, horizon + 1})
		for x := -1.0; x < s+s/12; x += s * r.between(0.04, 0.1) {
			pts = append(pts, pt{x, horizon - s*r.between(0.02, 0.13)})
		}
		pts = append(pts, pt{s + 1, horizon + 1})
		c.buf = pts
		c.fill(pts, p.bg[2].scale(0.6), 0.95)
	}
	c.rect(0, horizon, s, s, p.bg[2].scale(0.45), 1)
	c.orb(s/2, horizon, s*0.7, p.acc[1], 0.25)
	grid, w := p.acc[3], s*0.0025
	vx := s/2 + s*r.between(-0.1, 0.1)
	cols := r.rangeInt(7, 12)
	for k := -cols; k <= cols; k++ {
		c.line(pt{vx, horizon}, pt{vx + float64(k)*s*1.6/float64(cols), s * 1.3}, w, grid, 0.8)
	}
	rows := r.rangeInt(8, 14)
	for i := 1; i <= rows; i++ {
		y := horizon + (s-horizon)*math.Pow(float64(i)/float64(rows), 2)
		c.line(pt{0, y}, pt{s, y}, w*(0.6+1.4*float64(i)/float64(rows)), grid, 0.85)
	}
	c.line(pt{0, horizon}, pt{s, horizon}, w*2, p.glow, 0.9)
}

// drawStripedSun paints a disc shaded from top to bottom whose lower half is
// cut by horizontal gaps that widen downwards, clipped at the horizon.
func drawStripedSun(c *canvas, cx, cy, rad, horizon float64, top, bottom rgb, stripes int) {
	x0, y0, x1, y1 := c.clip(cx-rad, cy-rad, cx+rad, math.Min(cy+rad, horizon))
	for y := y0; y < y1; y++ {
		fy := float64(y) + 0.5
		rel := (fy - cy + 0.4*rad) / (1.4 * rad)
		if rel > 0 {
			f := rel * float64(stripes)
			if f-math.Floor(f) < rel*0.6 {
				continue
			}
		}
		col := top.lerp(bottom, (fy-(cy-rad))/(2*rad))
		cr, cg, cb := col.r*255, col.g*255, col.b*255
		row := c.img.Pix[y*c.img.Stride:]
		for x := x0; x < x1; x++ {
			dx, dy := float64(x)+0.5-cx, fy-cy
			a := math.Min(1, rad-math.Sqrt(dx*dx+dy*dy))
			if a <= 0 {
				continue
			}
			i := 4 * x
			row[i] = uint8(float64(row[i]) + (cr-float64(row[i]))*a)
			row[i+1] = uint8(float64(row[i+1]) + (cg-float64(row[i+1]))*a)
			row[i+2] = uint8(float64(row[i+2]) + (cb-float64(row[i+2]))*a)
		}
	}
}

// paintGeometric draws a grid of cells (variant 0, techno) or bold diagonal
// stripes and discs (variant 1, house).
func paintGeometric(c *canvas, p palette, r *rng, variant int) {
	s := c.s
	c.gradient([]rgb{p.bg[0], p.bg[1], p.bg[2]}, r.angle())
	if variant == 1 {
		theta := []float64{30, 45, 60, 120, 135, 150}[r.intn(6)] * math.Pi / 180
		dx, dy := math.Cos(theta), math.Sin(theta)
		nx, ny := -dy, dx
		band := s * r.between(0.04, 0.1)
		for off, i := -s*0.75, 0; off < s*0.75; off, i = off+band, i+1 {
			if !r.chance(0.55) {
				continue
			}
			w := band * r.between(0.4, 1)
			ax, ay := s/2+nx*off, s/2+ny*off
			c.fill(c.path(
				pt{ax - dx*s, ay - dy*s}, pt{ax + dx*s, ay + dy*s},
				pt{ax + dx*s + nx*w, ay + dy*s + ny*w}, pt{ax - dx*s + nx*w, ay - dy*s + ny*w},
			), p.acc[i%4], r.between(0.55, 0.9))
		}
		for range r.rangeInt(2, 4) {
			cx, cy, rad := s*r.float(), s*r.float(), s*r.between(0.08, 0.22)
			if r.chance(0.5) {
				c.circle(cx, cy, rad, p.acc[r.intn(4)], 0.9)
			} else {
				c.ring(cx, cy, rad, s*r.between(0.01, 0.03), p.glow, 0.9)
			}
		}
		return
	}
	cells := r.rangeInt(6, 12)
	cell := s / float64(cells)
	for i := 1; i < cells; i++ {
		v := float64(i) * cell
		c.line(pt{v, 0}, pt{v, s}, s*0.002, p.ink, 0.15)
		c.line(pt{0, v}, pt{s, v}, s*0.002, p.ink, 0.15)
	}
	for gy := range cells {
		for gx := range cells {
			if !r.chance(0.25) {
				continue
			}
			x, y := float64(gx)*cell, float64(gy)*cell
			in := cell * r.between(0.06, 0.3)
			col := p.acc[r.intn(4)]
			switch r.intn(3) {
			case 0:
				c.rect(x+in, y+in, x+cell-in, y+cell-in, col, r.between(0.5, 0.95))
			case 1:
				c.circle(x+cell/2, y+cell/2, cell/2-in, col, r.between(0.5, 0.95))
			default:
				c.ring(x+cell/2, y+cell/2, cell/2-in, cell*0.08, p.glow, 0.8)
			}
		}
	}
	cx, cy := s*r.between(0.3, 0.7), s*r.between(0.25, 0.6)
	c.ring(cx, cy, s*r.between(0.2, 0.35), s*0.006, p.glow, 0.85)
}

// paintRays draws light rays fanning out of a glowing centre, with sparkles
// for disco (variant 1) and halo rings for trance (variant 0).
func paintRays(c *canvas, p palette, r *rng, variant int) {
	s := c.s
	c.gradient([]rgb{p.bg[0], p.bg[1], p.bg[2]}, r.angle())
	cx, cy := s*r.between(0.3, 0.7), s*r.between(0.25, 0.55)
	k := r.rangeInt(12, 28)
	step := 2 * math.Pi / float64(k)
	a0 := r.angle()
	for i := range k {
		a := a0 + float64(i)*step
		w := step * r.between(0.25, 0.55)
		far := s * 1.6
		c.fill(c.path(pt{cx, cy}, pt{cx + far*math.Cos(a), cy + far*math.Sin(a)},
			pt{cx + far*math.Cos(a+w), cy + far*math.Sin(a+w)}), p.acc[i%3], r.between(0.15, 0.4))
	}
	c.orb(cx, cy, s*r.between(0.3, 0.45), p.glow, 0.85)
	c.orb(cx, cy, s*r.between(0.08, 0.14), p.ink, 0.7)
	if variant == 1 {
		for range r.rangeInt(60, 120) {
			x, y, h := s*r.float(), s*r.float(), s*r.between(0.003, 0.012)
			c.rect(x-h, y-h, x+h, y+h, []rgb{p.ink, p.glow, p.acc[1]}[r.intn(3)], r.between(0.4, 0.9))
		}
		return
	}
	for i := range r.rangeInt(3, 6) {
		c.ring(cx, cy, s*(0.12+0.09*float64(i))*r.between(0.9, 1.1), s*0.003, p.ink, 0.3)
	}
}

// paintOrbs draws a soft gradient under large blurred orbs, with thin rings
// for classical (variant 1).
func paintOrbs(c *canvas, p palette, r *rng, variant int) {
	s := c.s
	c.gradient([]rgb{p.bg[0], p.bg[1], p.bg[2]}, r.angle())
	for i := range r.rangeInt(5, 8) {
		col := p.acc[i%4]
		if i%2 == 1 {
			col = col.lerp(p.glow, 0.5)
		}
		c.orb(s*r.between(-0.1, 1.1), s*r.between(-0.1, 1.1), s*r.between(0.25, 0.55), col, r.between(0.7, 0.95))
	}
	for range r.rangeInt(2, 4) {
		c.orb(s*r.float(), s*r.float(), s*r.between(0.05, 0.15), p.glow, r.between(0.5, 0.8))
	}
	if variant == 1 {
		cx, cy := s*r.between(0.3, 0.7), s*r.between(0.3, 0.6)
		for i := range r.rangeInt(3, 6) {
			c.ring(cx, cy, s*(0.1+0.07*float64(i)), s*0.0025, p.glow.lerp(p.acc[0], 0.3), 0.45)
		}
	}
}

// paintShards draws a burst of jagged, high-contrast shards around a focal
// point with cracks running out of it.
func paintShards(c *canvas, p palette, r *rng, variant int) {
	s := c.s
	c.gradient([]rgb{p.bg[1], p.bg[2], p.bg[2].scale(0.5)}, r.angle())
	fx, fy := s*r.between(0.3, 0.7), s*r.between(0.25, 0.6)
	k := r.rangeInt(9, 16)
	angles := make([]float64, k+1)
	a := r.angle()
	for i := range angles {
		angles[i] = a
		a += 2 * math.Pi / float64(k) * r.between(0.5, 1.5)
	}
	dark := p.bg[2].scale(0.3)
	for i := range k {
		a0, a1 := angles[i], angles[i+1]
		mid := (a0 + a1) / 2
		rm := s * r.between(0.25, 0.8)
		col := dark
		switch i % 3 {
		case 1:
			col = p.acc[i%4]
		case 2:
			if variant == 1 {
				col = p.glow
			} else {
				col = p.acc[(i+2)%4]
			}
		}
		far := s * 1.6
		c.fill(c.path(
			pt{fx + s*0.01*math.Cos(mid), fy + s*0.01*math.Sin(mid)},
			pt{fx + rm*0.6*math.Cos(a0), fy + rm*0.6*math.Sin(a0)},
			pt{fx + far*math.Cos(a0), fy + far*math.Sin(a0)},
			pt{fx + far*math.Cos(a1), fy + far*math.Sin(a1)},
			pt{fx + rm*math.Cos(mid+0.05), fy + rm*math.Sin(mid+0.05)},
		), col, r.between(0.6, 0.95))
	}
	for range r.rangeInt(6, 12) {
		x, y := s*r.float(), s*r.float()
		ang, l, w := r.angle(), s*r.between(0.1, 0.35), s*r.between(0.01, 0.04)
		tip := pt{x + l*math.Cos(ang), y + l*math.Sin(ang)}
		c.fill(c.path(pt{x - w*math.Sin(ang), y + w*math.Cos(ang)}, tip, pt{x + w*math.Sin(ang), y - w*math.Cos(ang)}),
			p.acc[r.intn(4)], r.between(0.7, 1))
	}
	for i := range r.rangeInt(4, 8) {
		ang := angles[i%k] + r.between(-0.2, 0.2)
		pts := []pt{{fx, fy}}
		d := 0.0
		for range 5 {
			d += s * r.between(0.08, 0.2)
			ang += r.between(-0.35, 0.35)
			pts = append(pts, pt{fx + d*math.Cos(ang), fy + d*math.Sin(ang)})
		}
		c.polyline(pts, s*0.004, p.glow, 0.85)
	}
	c.orb(fx, fy, s*0.12, p.glow, 0.6)
}

// paintGrain draws warm, soft lo-fi shapes: a hazy sun, rolling hills and
// dust, finished later with heavy film grain.
func paintGrain(c *canvas, p palette, r *rng, _ int) {
	s := c.s
	c.gradient([]rgb{p.bg[0], p.bg[1], p.bg[2]}, math.Pi/2+r.between(-0.3, 0.3))
	sx, sy, sr := s*r.between(0.25, 0.75), s*r.between(0.15, 0.4), s*r.between(0.1, 0.2)
	c.orb(sx, sy, sr*2.5, p.glow, 0.5)
	c.circle(sx, sy, sr, p.acc[3].lerp(p.glow, 0.4), 0.9)
	layers := r.rangeInt(2, 4)
	for i := range layers {
		base := s * (0.5 + 0.15*float64(i) + r.between(-0.04, 0.04))
		col := p.acc[i%3].lerp(p.bg[2], 0.25*float64(i))
		c.fill(wave(c, base, s*r.between(0.02, 0.06), r.between(1, 2.5), r.angle()), col, 0.9)
	}
	for range r.rangeInt(20, 50) {
		c.circle(s*r.float(), s*r.float(), s*r.between(0.002, 0.006), p.ink, r.between(0.15, 0.4))
	}
}

// paintBold draws large flat abstract shapes: discs, half discs, blocks,
// triangles and thick curves, with a halftone patch for variant 1.
func paintBold(c *canvas, p palette, r *rng, variant int) {
	s := c.s
	c.gradient([]rgb{p.bg[0], p.bg[1]}, r.angle())
	for i := range r.rangeInt(5, 9) {
		col := p.acc[i%4]
		if i == 0 {
			col = p.glow
		}
		x, y, sz := s*r.float(), s*r.float(), s*r.between(0.12, 0.35)
		alpha := r.between(0.85, 1)
		switch r.intn(5) {
		case 0:
			c.circle(x, y, sz, col, alpha)
		case 1:
			a := r.angle()
			c.fill(c.arc(c.buf[:0], x, y, sz, a, a+math.Pi), col, alpha)
		case 2:
			a := r.angle()
			w, h := sz, sz*r.between(0.3, 1)
			ca, sa := math.Cos(a), math.Sin(a)
			c.fill(c.path(pt{x - w*ca + h*sa, y - w*sa - h*ca}, pt{x + w*ca + h*sa, y + w*sa - h*ca},
				pt{x + w*ca - h*sa, y + w*sa + h*ca}, pt{x - w*ca - h*sa, y - w*sa + h*ca}), col, alpha)
		case 3:
			a := r.angle()
			c.fill(c.path(pt{x + sz*math.Cos(a), y + sz*math.Sin(a)}, pt{x + sz*math.Cos(a+2.1), y + sz*math.Sin(a+2.1)},
				pt{x + sz*math.Cos(a+4.2), y + sz*math.Sin(a+4.2)}), col, alpha)
		default:
			pts := make([]pt, 0, 40)
			ph, amp, freq := r.angle(), sz*0.4, r.between(1.5, 3.5)
			for j := range 40 {
				t := float64(j) / 39
				pts = append(pts, pt{x - sz + 2*sz*t, y + amp*math.Sin(ph+t*freq*math.Pi)})
			}
			c.polyline(pts, s*r.between(0.015, 0.03), col, alpha)
		}
	}
	if variant == 1 {
		x0, y0 := s*r.between(0, 0.6), s*r.between(0, 0.6)
		step := s * 0.025
		for gy := range 12 {
			for gx := range 12 {
				rad := step * 0.4 * float64(gx+gy) / 22
				c.circle(x0+float64(gx)*step, y0+float64(gy)*step, rad, p.ink, 0.8)
			}
		}
	}
}

// paintWaves draws layered organic waves under a sun, like hills or swells;
// variant 1 softens them into earthier, flatter layers.
func paintWaves(c *canvas, p palette, r *rng, variant int) {
	s := c.s
	c.gradient([]rgb{p.bg[0], p.bg[1]}, math.Pi/2)
	sx, sy := s*r.between(0.2, 0.8), s*r.between(0.12, 0.35)
	c.orb(sx, sy, s*r.between(0.25, 0.4), p.glow, 0.55)
	c.circle(sx, sy, s*r.between(0.06, 0.12), p.glow.lerp(p.ink, 0.3), 0.95)
	layers := r.rangeInt(4, 7)
	top := s * r.between(0.38, 0.52)
	amp := 0.06
	if variant == 1 {
		amp = 0.035
	}
	for i := range layers {
		t := float64(i) / float64(layers-1)
		base := top + (s*0.95-top)*t
		col := p.acc[i%4].lerp(p.bg[2], 0.5*t).lerp(p.bg[0], 0.3*(1-t))
		c.fill(wave(c, base, s*amp*r.between(0.6, 1.4), r.between(1, 3), r.angle()), col, 1)
	}
}

// wave returns a closed polygon whose top edge undulates around y = base and
// which reaches below the bottom of the image.
func wave(c *canvas, base, amp, freq, phase float64) []pt {
	s := c.s
	const steps = 64
	pts := c.buf[:0]
	for i := range steps + 1 {
		t := float64(i) / steps
		y := base + amp*math.Sin(phase+t*freq*2*math.Pi) + amp*0.4*math.Sin(phase*1.7+t*freq*5.3)
		pts = append(pts, pt{t * s, y})
	}
	pts = append(pts, pt{s, s + 1}, pt{0, s + 1})
	c.buf = pts
	return pts
}
