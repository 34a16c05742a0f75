package synth

// renderSubPair renders two subtractive voices (algoSub, same patch) that
// both sound from the start of the block, in one loop: their filters are
// two independent dependency chains, so the CPU overlaps them. Each sample
// is added to out as a's contribution then b's, exactly as rendering a
// then b would. relA and relB are the block indexes of the note offs
// (negative when not in this block); envA and envB are scratch space.
func renderSubPair(a, b *voice, out []float32, relA, relB int, envA, envB []float32) {
	envA, envB = envA[:len(out)], envB[:len(out)]
	a.amp.fill(envA, relA)
	a.releasing = a.releasing || relA >= 0
	b.amp.fill(envB, relB)
	b.releasing = b.releasing || relB >= 0
	p := a.p
	if p.trem > 0 || p.swell > 0 {
		a.modulate(envA)
		b.modulate(envB)
	}

	ga, gb := float32(a.gain), float32(b.gain)
	norm := 1 / float64(a.unison())
	sine := sineTable()
	sub, noise := p.sub, p.noise
	var oscA, oscB [ctrl]float32
	for c0 := 0; c0 < len(out); c0 += ctrl {
		c1 := min(c0+ctrl, len(out))
		xa, xb := oscA[:c1-c0], oscB[:c1-c0]
		incA := a.subControl(xa)
		incB := b.subControl(xb)
		o := out[c0:c1]
		o = o[:len(xa)]
		ea, eb := envA[c0:c1], envB[c0:c1]
		ea, eb, xb = ea[:len(xa)], eb[:len(xa)], xb[:len(xa)]
		A, B := a.flt, b.flt
		a1, a2, b1, b2 := A.ic1, A.ic2, B.ic1, B.ic2
		phA, phB, nzA, nzB := a.subPh, b.subPh, a.nz, b.nz
		for i := range o {
			sa := float64(xa[i]) * norm
			sb := float64(xb[i]) * norm
			if sub > 0 {
				sa += sub * float64(lookup(sine, phA))
				sb += sub * float64(lookup(sine, phB))
				phA += incA
				phB += incB
			}
			if noise > 0 {
				sa += noise * float64(nzA.next())
				sb += noise * float64(nzB.next())
			}
			na1 := A.b1*sa + A.c11*a1 + A.c12*a2
			na2 := A.b2*sa + A.c21*a1 + A.c22*a2
			nb1 := B.b1*sb + B.c11*b1 + B.c12*b2
			nb2 := B.b2*sb + B.c21*b1 + B.c22*b2
			ya := 0.5 * (na2 + a2)
			yb := 0.5 * (nb2 + b2)
			a1, a2, b1, b2 = na1, na2, nb1, nb2
			s := o[i] + float32(ya)*ea[i]*ga
			o[i] = s + float32(yb)*eb[i]*gb
		}
		a.flt.ic1, a.flt.ic2, b.flt.ic1, b.flt.ic2 = a1, a2, b1, b2
		a.subPh, b.subPh, a.nz, b.nz = phA, phB, nzA, nzB
		a.pos += c1 - c0
		b.pos += c1 - c0
	}
	a.done = a.done || a.amp.stage == stDone
	b.done = b.done || b.amp.stage == stDone
}
