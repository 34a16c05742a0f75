package synth

import "math"

// initPluck fills the Karplus-Strong delay line with a filtered noise burst
// whose brightness follows velocity and the track's channel Brightness.
func (v *voice) initPluck(f float64, r rng) {
	p := v.p
	period := sr / f
	n := int(period) + 4
	if cap(v.ks) < n {
		v.ks = make([]float32, n)
	}
	v.ks = v.ks[:n]
	v.ksS = p.stretch
	v.ksD = period - v.ksS
	t60 := p.t60 * math.Min(2, math.Max(0.35, math.Sqrt(220/f)))
	v.ksRho = math.Pow(0.001, 1/(t60*f))
	// Excitation: one-pole low-passed noise; pick position comb.
	var lp onePole
	lp.set(math.Min(16000, 1500+p.ksBright*v.bright*9000*(0.3+0.7*v.ev.vel)))
	mean := 0.0
	for i := range v.ks {
		x := lp.tick(r.bipolar())
		v.ks[i] = float32(x)
		mean += x
	}
	mean /= float64(n)
	pp := 0.13
	if p.pickPos > 0 {
		pp = p.pickPos
	}
	pick := int(period * pp)
	peak := 0.0
	for i := n - 1; i >= 0; i-- {
		x := float64(v.ks[i]) - mean
		if i >= pick {
			x -= 0.6 * (float64(v.ks[i-pick]) - mean)
		}
		v.ks[i] = float32(x)
		peak = math.Max(peak, math.Abs(x))
	}
	if peak > 0 {
		for i := range v.ks {
			v.ks[i] /= float32(peak)
		}
	}
	v.ksW = 0
}

// renderPluck runs the string loop: read the line d samples back, average
// with its neighbour (loop low-pass), scale by the decay factor, write back.
func (v *voice) renderPluck(out []float32, env []float32) {
	ks := v.ks
	n := len(ks)
	w := v.ksW
	d, s, rho := v.ksD, v.ksS, v.ksRho
	if v.releasing {
		rho *= 0.9985
	}
	di := int(d)
	fr := d - float64(di)
	gain := float32(v.gain)
	dcX, dcY := v.dcX, v.dcY
	for i := range out {
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
		// Sample at w-d (between r0 and r1) and at w-d-1 (between r1 and r2).
		a := float64(ks[r0]) + fr*float64(ks[r1]-ks[r0])
		b := float64(ks[r1]) + fr*float64(ks[r2]-ks[r1])
		y := rho * ((1-s)*a + s*b)
		ks[w] = float32(y)
		w++
		if w == n {
			w = 0
		}
		// DC blocker.
		o := y - dcX + 0.995*dcY
		dcX, dcY = y, o
		out[i] += float32(o) * env[i] * gain
	}
	v.ksW, v.dcX, v.dcY = w, dcX, dcY
	v.pos += len(out)
	if float64(v.pos) > sr*(v.p.t60*4+1) {
		v.done = true
	}
}
