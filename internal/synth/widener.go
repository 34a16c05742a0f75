package synth

import "math"

// widener spreads a part without hurting mono: it adds a delayed, high-passed
// copy of the part to the left channel and subtracts it from the right, so
// the mono sum (L+R) is exactly the unwidened part and everything under the
// high-pass corner stays centred. A room widener (newRoomWidener) reads
// three such copies at different delays and signs: early reflections that
// arrive at each ear differently, whose side signal has no comb's deep
// notches, so it can widen the low end too. Each band's side power stays
// at most its mid power (the taps' gains square-sum to the width), so no
// band is pushed into anti-phase: with L = M+S and R = M-S, L·R = M²-S².
type widener struct {
	buf   []float32
	pos   int
	delay [roomTaps]int
	gain  [roomTaps]float32
	taps  int
	hp    onePole
	// A calm room widener's air reflection (see calmAir): its delay,
	// gain (0: none) and high-pass.
	airAt   int
	airGain float32
	airHP   onePole
}

// roomTaps is the most taps a widener reads.
const roomTaps = 3

// newWidener returns a widener of the given width (0..1), delay in
// seconds and high-pass corner in Hz, or nil for a zero width.
func newWidener(width, delay, hp float64) *widener {
	if !(width > 0) {
		return nil
	}
	w := &widener{buf: make([]float32, widenerLen), taps: 1}
	w.delay[0] = min(widenerLen-1, int(delay*sr))
	w.gain[0] = float32(math.Min(1, width))
	w.hp.set(hp)
	return w
}

// roomShape are a room widener's taps: delays as multiples of its first
// and gains whose squares sum to 1.
var roomShape = [roomTaps]struct{ at, gain float64 }{{1, 0.72}, {1.41, -0.52}, {1.93, 0.46}}

// newRoomWidener returns a widener of the given width (0..1) whose side
// signal is three early reflections, the first delay seconds late, high-
// passed at hp Hz; nil for a zero width. An air width over width adds
// calmAir's reflection: the part's side then reaches air from
// calmAir.hz up (see calmAir).
func newRoomWidener(width, delay, hp, air float64) *widener {
	w := newWidener(width, delay, hp)
	if w == nil {
		return nil
	}
	w.taps = roomTaps
	for k, t := range roomShape {
		w.delay[k] = min(widenerLen-1, int(delay*t.at*sr))
		w.gain[k] = float32(math.Min(1, width) * t.gain)
	}
	if width < air && air <= 1 {
		w.airAt = min(widenerLen-1, int(delay*calmAir.at*sr))
		w.airGain = float32(-math.Sqrt(air*air - width*width))
		w.airHP.set(calmAir.hz)
	}
	return w
}

// calmAir is the air reflection of a calm part's room widener: the
// width its taps' gains square-sum to with it, the corner of its one-pole
// high-pass (which passes about 0.6 of its power at 6-16 kHz: a calm
// lead's side/mid power there goes from 0.25 to 0.53) and its delay, in
// multiples of the first reflection's. Spaced
// microphones and a hall decorrelate the top octaves most (the calm
// references' band over 4 kHz correlates 0.25 [0.12, 0.44]); the room
// widener's three reflections alone left the calm prompts' band at 0.45
// (a bells lead's 8 kHz octave at 0.8), issue 32 item 4.
var calmAir = struct{ width, hz, at float64 }{0.85, 3000, 2.37}

// side reads the mono part in and writes the side signal to out: the part
// delayed (at each tap) and high-passed, times the width.
func (w *widener) side(in, out []float32) {
	buf, pos := w.buf[:widenerLen], w.pos
	z, a := w.hp.z, w.hp.a
	b := 1 - a
	if w.taps == 1 {
		d, k := w.delay[0], w.gain[0]
		for i, x := range in {
			buf[pos] = x
			y := float64(buf[(pos-d)&(widenerLen-1)])
			z = a*y + b*z // the one-pole's recursion is one multiply and one add long
			out[i] = float32(y-z) * k
			pos = (pos + 1) & (widenerLen - 1)
		}
		w.pos, w.hp.z = pos, z
		return
	}
	if w.airGain != 0 {
		w.sideAir(in, out)
		return
	}
	d0, d1, d2 := w.delay[0], w.delay[1], w.delay[2]
	k0, k1, k2 := w.gain[0], w.gain[1], w.gain[2]
	for i, x := range in {
		buf[pos] = x
		y := float64(buf[(pos-d0)&(widenerLen-1)]*k0 + buf[(pos-d1)&(widenerLen-1)]*k1 + buf[(pos-d2)&(widenerLen-1)]*k2)
		z = a*y + b*z
		out[i] = float32(y - z)
		pos = (pos + 1) & (widenerLen - 1)
	}
	w.pos, w.hp.z = pos, z
}

// sideAir is side for a room widener with an air reflection: the three
// reflections high-passed at the widener's corner, the air reflection at
// calmAir.hz.
func (w *widener) sideAir(in, out []float32) {
	const mask = widenerLen - 1
	buf, pos := w.buf[:widenerLen], w.pos
	z, a := w.hp.z, w.hp.a
	b := 1 - a
	za, aa := w.airHP.z, w.airHP.a
	ba := 1 - aa
	d0, d1, d2, da := w.delay[0], w.delay[1], w.delay[2], w.airAt
	k0, k1, k2, ka := w.gain[0], w.gain[1], w.gain[2], w.airGain
	for i, x := range in {
		buf[pos] = x
		y := float64(buf[(pos-d0)&mask]*k0 + buf[(pos-d1)&mask]*k1 + buf[(pos-d2)&mask]*k2)
		z = a*y + b*z
		ya := float64(buf[(pos-da)&mask] * ka)
		za = aa*ya + ba*za
		out[i] = float32(y - z + ya - za)
		pos = (pos + 1) & mask
	}
	w.pos, w.hp.z, w.airHP.z = pos, z, za
}
