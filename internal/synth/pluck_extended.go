package synth

import "math"

// The extended string model of the new plucked instruments: the
// Karplus-Strong loop of pluck.go plus, per patch, a second string (a
// mandolin's double course slightly detuned, a sitar's sympathetic string,
// a harpsichord's 4' choir), an amplitude-dependent delay in the loop that
// makes the bridge buzz (jawari: the string shortens while it leans on the
// curved bridge, so loud passages are sharp and buzzing, and the tone
// settles as it decays), and up to two body resonances added to the
// output (banjo head, guitar and bass bodies).

// initPluckExt prepares the second string and the body resonators and
// replaces initPluck's noise burst with a plucked string shape; it runs
// after initPluck.
func (v *voice) initPluckExt(f float64, r rng) {
	p, x := v.p, v.x
	for i, b := range p.body[:min(2, len(p.body))] {
		x.body[i].set(b.f, b.q)
		x.bodyG[i] = b.g
	}
	pp := p.pickPos
	if pp <= 0 {
		pp = 0.13
	}
	bright := math.Min(1, p.ksBright*(0.3+0.7*v.ev.vel)*math.Sqrt(v.bright))
	cut := math.Min(16000, 1500+p.ksBright*v.bright*9000*(0.3+0.7*v.ev.vel))
	pluckShape(v.ks, sr/f, pp, bright, cut, &r)
	if p.course <= 0 {
		return
	}
	rat := p.courseRat
	if rat <= 0 {
		rat = 1
	}
	f2 := math.Min(f*rat*math.Exp2(p.courseCt/1200), sr/6)
	period := sr / f2
	n := int(period) + 4
	if cap(x.ks2) < n {
		x.ks2 = make([]float32, n)
	}
	x.ks2 = x.ks2[:n]
	pluckShape(x.ks2, period, pp, bright, cut, &r)
	x.d2 = period - p.stretch
	t60 := p.t60 * math.Min(2, math.Max(0.35, math.Sqrt(220/f2)))
	if rat != 1 {
		t60 *= 1.5 // sympathetic strings ring on
	}
	x.rho2 = math.Pow(0.001, 1/(t60*f2))
}

// pluckShape fills a string's delay line with the shape of a pluck at
// position pp (a share of the string): a blend of the displaced string
// (a triangle, harmonics falling as 1/n^2, so the fundamental leads) and
// its slope (1/n, brighter) by bright, with a little noise, low-passed at
// cut Hz, without DC, peak 1.
func pluckShape(buf []float32, period, pp, bright, cut float64, r *rng) {
	var lp onePole
	lp.set(cut)
	mean := 0.0
	for i := range buf {
		u := float64(i) / period
		u -= math.Floor(u)
		tri, slope := u/pp, 1.0
		if u >= pp {
			tri, slope = (1-u)/(1-pp), -pp/(1-pp)
		}
		y := lp.tick((1-bright)*tri + bright*slope + 0.15*r.bipolar())
		buf[i] = float32(y)
		mean += y
	}
	mean /= float64(len(buf))
	peak := 0.0
	for i := range buf {
		buf[i] -= float32(mean)
		peak = math.Max(peak, math.Abs(float64(buf[i])))
	}
	if peak > 0 {
		for i := range buf {
			buf[i] /= float32(peak)
		}
	}
}

// ksRead returns the loop-filtered sample d frames back from w in the ring
// ks: the two-point average of the fractional reads at d and d+1.
func ksRead(ks []float32, w int, d, s float64) float64 {
	n := len(ks)
	di := int(d)
	fr := d - float64(di)
	r0 := w - di
	if r0 < 0 {
		r0 += n
	}
	r1 := r0 - 1
	if r1 < 0 {
		r1 += n
	}
	r2 := r1 - 1
	if r2 < 0 {
		r2 += n
	}
	a := float64(ks[r0]) + fr*float64(ks[r1]-ks[r0])
	b := float64(ks[r1]) + fr*float64(ks[r2]-ks[r1])
	return (1-s)*a + s*b
}

// renderPluckExt runs the extended string: main string (with bridge buzz
// when the patch has jawari), optional second string, DC blocker, body.
func (v *voice) renderPluckExt(out, env []float32) {
	p, x := v.p, v.x
	ks, ks2 := v.ks, x.ks2
	n, n2 := len(ks), len(ks2)
	w, w2 := v.ksW, x.w2
	d, s, rho, rho2 := v.ksD, v.ksS, v.ksRho, x.rho2
	if v.releasing {
		rho *= 0.9985
		rho2 *= 0.9985
	}
	jaw := p.jawari * d
	dMin := math.Min(d, 2+s)
	course := p.course
	gain := float32(v.gain)
	dcX, dcY, jy := v.dcX, v.dcY, x.jawY
	b0, b1 := &x.body[0], &x.body[1]
	g0, g1 := x.bodyG[0], x.bodyG[1]
	for i := range out {
		de := d
		if jaw > 0 && jy > 0 {
			de = math.Max(dMin, d-jaw*jy)
		}
		// ksRead(ks, w, de, s) written out: the compiler does not inline
		// it (cost 110), and the call spilled the loop's states.
		di := int(de)
		fr := de - float64(di)
		r0 := w - di
		if r0 < 0 {
			r0 += n
		}
		r1 := r0 - 1
		if r1 < 0 {
			r1 += n
		}
		r2 := r1 - 1
		if r2 < 0 {
			r2 += n
		}
		ka := float64(ks[r0]) + fr*float64(ks[r1]-ks[r0])
		kb := float64(ks[r1]) + fr*float64(ks[r2]-ks[r1])
		y := rho * ((1-s)*ka + s*kb)
		ks[w] = float32(y)
		w++
		if w == n {
			w = 0
		}
		jy = y
		if n2 > 0 {
			y2 := rho2 * ksRead(ks2, w2, x.d2, s)
			ks2[w2] = float32(y2)
			w2++
			if w2 == n2 {
				w2 = 0
			}
			y += course * y2
		}
		o := y - dcX + 0.995*dcY
		dcX, dcY = y, o
		if g0 != 0 {
			o += g0 * b0.bp(o) * b0.k
		}
		if g1 != 0 {
			o += g1 * b1.bp(o) * b1.k
		}
		out[i] += float32(o) * env[i] * gain
	}
	v.ksW, x.w2, v.dcX, v.dcY, x.jawY = w, w2, dcX, dcY, jy
	v.pos += len(out)
	if float64(v.pos) > sr*(p.t60*4+1) || v.amp.stage == stDone {
		v.done = true
	}
}
