package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// extendedPlucks are the instruments whose patch runs renderPluckExt.
func extendedPlucks(t testing.TB) []score.Instrument {
	var out []score.Instrument
	for _, in := range []score.Instrument{score.Guitar, score.Pluck, score.Banjo, score.Mandolin,
		score.Ukulele, score.Sitar, score.NylonGuitar, score.Harpsichord, score.Harp,
		score.UprightBass, score.Bass, score.Kalimba} {
		if p := patchFor(in); p.algo == algoPluck && p.extended() {
			out = append(out, in)
		}
	}
	if len(out) < 4 {
		t.Fatalf("only %d extended plucked patches: %v", len(out), out)
	}
	return out
}

// pluckRun renders a plucked note of in, released after a second, block
// by block with render (the voice's own or the reference loop).
func pluckRun(in score.Instrument, pitch, vel float64, render func(v *voice, out, env []float32)) []float32 {
	p := patchFor(in)
	v := new(voice)
	v.start(p, event{start: 0, off: int(sr), pitch: pitch, vel: vel, seed: 11}, 1)
	var out []float32
	for start := 0; start < int(2*sr) && !v.done; start += blockSize {
		var buf, env [blockSize]float32
		rel := -1
		if !v.releasing && v.ev.off < start+blockSize {
			rel = max(0, v.ev.off-start)
		}
		v.amp.fill(env[:], rel)
		if rel >= 0 {
			v.releasing = true
		}
		if v.p.trem > 0 || v.p.swell > 0 {
			v.modulate(env[:])
		}
		render(v, buf[:], env[:])
		out = append(out, buf[:]...)
	}
	return out
}

// TestPluckExtBits: renderPluckExt with ksRead written out gives
// the reference loop's samples to the bit, for every extended plucked
// patch at a low and a high pitch, soft and loud (jawari, second strings
// and bodies included).
func TestPluckExtBits(t *testing.T) {
	for _, in := range extendedPlucks(t) {
		for _, pitch := range []float64{40.3, 71} {
			for _, vel := range []float64{0.3, 1} {
				got := pluckRun(in, pitch, vel, (*voice).renderPluckExt)
				want := pluckRun(in, pitch, vel, (*voice).renderPluckExtRef)
				if len(got) != len(want) || len(got) < 4*blockSize {
					t.Fatalf("%s %.1f: %d samples, reference %d", in, pitch, len(got), len(want))
				}
				loud := false
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("%s pitch %.1f vel %.1f sample %d: %g, reference %g", in, pitch, vel, i, got[i], want[i])
					}
					loud = loud || math.Abs(float64(got[i])) > 1e-3
				}
				if !loud {
					t.Fatalf("%s pitch %.1f: silent", in, pitch)
				}
			}
		}
	}
}

// BenchmarkPluckExt renders a nylon guitar note of two seconds.
func BenchmarkPluckExt(b *testing.B) {
	for b.Loop() {
		pluckRun(score.NylonGuitar, 55, 0.8, (*voice).renderPluckExt)
	}
}

// BenchmarkPluckExtRef is BenchmarkPluckExt on the reference loop.
func BenchmarkPluckExtRef(b *testing.B) {
	for b.Loop() {
		pluckRun(score.NylonGuitar, 55, 0.8, (*voice).renderPluckExtRef)
	}
}

// renderPluckExtRef is renderPluckExt as it was before ksRead was written out in its loop (the reference TestPluckExtBits holds it to); it runs the extended string: main string (with bridge buzz
// when the patch has jawari), optional second string, DC blocker, body.
func (v *voice) renderPluckExtRef(out, env []float32) {
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
		y := rho * ksRead(ks, w, de, s)
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
