package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Tone per instrument: besides the high-pass under its register
// (hpCorner), a part may get two bells at the head of its insert chain,
// set by its instrument and role. Measured against the human-made
// references (docs/engine-mix.md), the calm songs lacked body at 125 Hz
// and had too much box at 500 Hz, and the beat songs' 125 Hz band sat
// 1 dB under the references' quartiles: the low strings, upright and
// electric basses and a choir's basses carry that band, and the
// mid-register chords and pads (strings, choir, organ, piano, accordion)
// the box. The balance pass measures each part after its bells, so they
// change its tone, not its loudness.

// bodyHz, warmHz, mudHz and boxHz are the centres of the body, warmth, mud
// and box bells.
const (
	bodyHz = 125.0
	warmHz = 250.0
	mudHz  = 300.0
	boxHz  = 500.0
	biteHz = 4000.0
	// presenceHz is the centre of the calm presence bell (calmPresenceDB).
	presenceHz = 2000.0
)

// bodyDB is the body bell's gain by instrument, for parts in the bass
// role (and the drum kit: its kick's and toms' body): the instruments whose
// fundamentals and second harmonics fill the 88-177 Hz octave. A sine sub
// bass has nothing there to lift. A low harp string (dark ambient's struck
// drone, 92-175 Hz) gave the 250 Hz octave its second harmonic more than
// the 125 Hz octave its fundamental (the song read -6.40 dB re total at
// 250 Hz, -9.62 at 125); with its body and mud bells -8.19 and -6.63.
var bodyDB = map[score.Instrument]float64{
	score.Drums:       3,
	score.Bass:        6,
	score.UprightBass: 5,
	score.Strings:     8.5,
	score.ChoirPad:    8,
	score.Piano:       4,
	score.SynthBass:   3,
	score.Reese:       3,
	score.Guitar:      3,
	score.Organ:       3,
	score.Harp:        4,
}

// calmBodyDB is the body bell's extra gain on a bass part in styles
// measured against the calm references (Options.Calm): their low strings,
// upright bass, a chant's hummed ison and the low harp carry the 125 Hz
// octave where the references keep their body. Since the calm pulses of
// engine 2026.11.29.3 (a harp, a marimba, a sitar striking the drones on
// the eighths, an octave up in the 250 Hz octave for the harp and the
// marimba) the calm median there fell to -7.91 dB against the
// references' -7.59..-5.53 (TestFamilyMedians); with it, -6.70.
const calmBodyDB = 2.0

// mudDB is the mud bell's gain for bass parts of bowed strings and a
// choir, whose second and third harmonics crowd the 250 Hz octave: with it
// the body bell adds low end rather than loudness, which the balance pass
// would level away; and for a low harp string's second harmonic.
var mudDB = map[score.Instrument]float64{score.Strings: -4, score.ChoirPad: -5, score.Harp: -3}

// humDB is the box bell's gain for bass parts of a choir: an ison hummed
// or sung on a closed vowel, whose fundamental carries it rather than the
// open vowel's formants around 500 Hz and 2 kHz (the box bell and a
// second at nasalHz).
var humDB = map[score.Instrument]float64{score.ChoirPad: -5}

// humLP is a hummed ison's low-pass corner over its fundamental.
const humLP = 2.5

// nasalHz is the centre of an ison's second formant cut.
const nasalHz = 2200.0

// boxDB is the box bell's gain by instrument, for parts in the chords and
// pad roles; a lead or arp of these instruments gets leadBox of it (a
// melody keeps most of its body), a bass part none. Each bell costs about
// 1 % of a song's render (docs/engine-mix.md).
var boxDB = map[score.Instrument]float64{
	score.Strings:   -3.5,
	score.ChoirPad:  -4,
	score.Pad:       -3,
	score.Organ:     -3,
	score.Piano:     -5.5,
	score.EPiano:    -2,
	score.Accordion: -3,
	score.Guitar:    -2,
	score.Harp:      -2,
}

// warmDB is the warmth bell's gain by instrument, for chords and pads in
// styles measured against the calm references (orchestral, choral, folk
// without a kit): their accompaniment carries the 250 Hz octave (the
// references' median -8.4 dB re total; the songs' sat at -9.7, the
// bluegrass guitar and the tango piano lowest), where a kit-driven mix
// leaves room for the kick, the bass and the snare's body. Kit-driven
// styles get no warmth bell. The orchestral sources' warmth (4 dB, the
// pads' 3.5; 3 and none before engine 2026.11.29.3) also weighs the calm
// spectrum down: with the presence bell at 2 kHz it took the calm prompts'
// centroid from 547 to 527 Hz (the references' 288-541;
// docs/engine-mix.md). At 4.5 the calm styles' 250 Hz octave left the
// references' range (-6.45 dB against at most -6.50, TestFamilyMedians);
// a guitar's stays at 3 (more reached its box cut at 500 Hz,
// TestWarmthBell). The calm pulses on the eighths (the same engine) took
// it to -6.40 at 4; at 3.5 (pads 3), with the calm body (calmBodyDB) and
// the low harp's bells, it reads -6.80.
var warmDB = map[score.Instrument]float64{
	score.Guitar:   3,
	score.Piano:    3.5,
	score.Strings:  3.5,
	score.ChoirPad: 3.5,
	score.Pad:      3,
}

// biteDB is the bite bell's gain by instrument, for pitched parts other
// than the bass: the bright sources that supplied most of the 4 kHz
// octave of everyday beat songs (a folk song's fiddle and strummed
// guitar, 64 and 31 %; a ballad's piano, 84 %), which measured 2-6 dB
// brighter there than the beat references (docs/engine-mix.md); the
// kit's hats and shakers supplied under 20 %. The balance pass levels a
// part after its bells, so the cut moves its tone, not its loudness.
// The piano's is mild: its attacks carry a waltz's pulse (at -3.5 dB
// bpm-tools heard TestRenderWaltz's classical waltz at 181 bpm for 87).
var biteDB = map[score.Instrument]float64{
	score.Bells:  -6,
	score.Fiddle: -5,
	score.Guitar: -4,
	score.Piano:  -2.5,
}

// calmPresenceDB is the presence bell's gain by instrument, for pitched
// parts other than the bass in styles measured against the calm
// references: the orchestral sources that made the calm styles' spectral
// centroid 567 Hz against the references' 288-541 (a classical song's 2
// kHz octave -10.4 dB re total, a cinematic one's -11.8, the references'
// -14.6 [-18.1, -12.4]; its strings pad, flute and piano leads carried
// it). A hall softens what a close microphone hears at 2-3 kHz; the air
// shelf above it keeps the 16 kHz octave (issue 32 item 5). The choir
// keeps its presence: with the bell a dark ambient song (seed 4) needed
// more gain to its loudness and its limiter flattened peaks (sox's flat
// factor 2.92, TestStyles). Since engine 2026.11.29.3 the bell sits at
// 2 kHz, broader (Q 0.75), and deeper on strings and brass (-6), on the
// piano and pads (-4) and the flute (-3): at -3 dB, 2.5 kHz the calm
// prompts of the study read 547 Hz (the styles' own prompts 529). With
// the bell at 2.5 kHz on the flute, bpm-tools heard the classical waltz
// at 179.7 for 87 (TestRenderWaltz; aubio 139.7); at 2 kHz, -3 dB it
// hears it.
var calmPresenceDB = map[score.Instrument]float64{
	score.Strings: -6,
	score.Brass:   -6,
	score.Piano:   -4,
	score.Pad:     -4,
	score.Flute:   -3,
}

// airHz is the corner of the air shelf.
const airHz = 10000.0

// airDB is the air shelf's gain by instrument (slope 1 at airHz), for
// pitched parts other than the bass: the sources whose SoundFont samples
// (FluidR3's piano, strings, choir, brass, organ and sax are sampled at
// 32 kHz and filtered further) or synthesized voices carry little over
// 10 kHz. Measured part by part (docs/engine-mix.md "Air"), a string
// section's chords fell 20 dB from the 4 to the 8 kHz octave and a
// choir's 22, where bowed strings' rosin and a choir's breath and
// sibilants keep a recording's air; calm songs lacked the 16 kHz octave
// by 11-16 dB against the references. A producer lifts such a dull
// source's top; the shelf sits over the 4 kHz octave (which the bite
// bells hold), so it moves the air, not the presence, and the balance
// pass levels the part after it as after every bell.
var airDB = map[score.Instrument]float64{
	score.Strings:     13,
	score.ChoirPad:    13,
	score.Piano:       11,
	score.Brass:       8,
	score.Organ:       6,
	score.Sax:         6,
	score.Harp:        6,
	score.NylonGuitar: 6,
	score.Accordion:   6,
	score.EPiano:      4,
	score.Guitar:      4,
	score.Pad:         6,
	score.Bells:       -8,
}

// kitAirDB is the air shelf's gain on an acoustic drum kit (one with a
// General MIDI counterpart, gmKits, played from the bank or
// synthesized): its cymbals, hats, shakers and tambourines are the only
// hits with energy over 10 kHz, so the shelf gives them their top end
// (the synthesized hats are low-passed at 13-14 kHz, and FluidR3's are
// trimmed 20 dB under its own balance to the synthesized kit's level)
// without moving the kick, the snare or the kit's loudness. In a pop
// song the kit gave under 1 % of the 16 kHz octave; its lead synth
// carried it. The electronic kits (808, 909, chip) are bright already:
// with the shelf drum and bass measured 16 kHz -13 dB re total.
const kitAirDB = 10.0

// brushAirDB is kitAirDB for the brush kit: its swish is a wash of noise,
// and with 10 dB of air a jazz trio's steps between neighbouring samples
// grew so large that a click at the music's own level no longer stood out
// (TestLoop's control, internal/studio).
const brushAirDB = 5.0

// leadBox is the share of boxDB a melodic part (lead, arp, fx) gets.
const leadBox = 0.6

// toneBands returns the bells of a part's insert chain (none to six):
// calm is whether the song's style is measured against the calm references
// (Options.Calm), which adds the warmth and presence bells.
func toneBands(tr *score.Track, calm bool) []monoBand {
	out := lowBells(tr, calm)
	if db, ok := boxDB[tr.Instrument]; ok && tr.Role != score.RoleBass && tr.Role != score.RoleDrums {
		if tr.Role != score.RoleChords && tr.Role != score.RolePad {
			db *= leadBox
		}
		out = append(out, monoBand{eqBand: peaking(boxHz, db, 1)})
	}
	if db, ok := warmDB[tr.Instrument]; ok && calm && (tr.Role == score.RoleChords || tr.Role == score.RolePad) {
		out = append(out, monoBand{eqBand: peaking(warmHz, db, 1.2)})
	}
	if db, ok := biteDB[tr.Instrument]; ok && tr.Role != score.RoleBass && tr.Role != score.RoleDrums {
		out = append(out, monoBand{eqBand: peaking(biteHz, db, 0.8)})
	}
	if db, ok := calmPresenceDB[tr.Instrument]; ok && calm && tr.Role != score.RoleBass && tr.Role != score.RoleDrums {
		out = append(out, monoBand{eqBand: peaking(presenceHz, db, 0.75)})
	}
	if db, ok := airGain(tr); ok {
		out = append(out, monoBand{eqBand: shelfHigh(airHz, db)})
	}
	return out
}

// lowBells returns the body, mud and hum bells of a bass part or a kit
// (none for other parts); calm adds calmBodyDB to a bass part's body.
func lowBells(tr *score.Track, calm bool) []monoBand {
	if tr.Role != score.RoleBass && tr.Role != score.RoleDrums {
		return nil
	}
	var out []monoBand
	body, mud := bodyHz, mudHz
	_, hum := humDB[tr.Instrument]
	hum = hum && tr.Role == score.RoleBass
	if hum {
		body, mud = isonBells(tr)
	}
	if db, ok := bodyDB[tr.Instrument]; ok {
		if calm && tr.Role == score.RoleBass {
			db += calmBodyDB
		}
		out = append(out, monoBand{eqBand: peaking(body, db, 0.8)})
	}
	if db, ok := mudDB[tr.Instrument]; ok && tr.Role == score.RoleBass {
		out = append(out, monoBand{eqBand: peaking(mud, db, 1.2)})
	}
	if hum {
		db := humDB[tr.Instrument]
		out = append(out, monoBand{eqBand: peaking(boxHz, db, 0.9)}, monoBand{eqBand: peaking(nasalHz, db, 0.9)})
		if len(tr.Notes) > 0 {
			// Closed lips: the hum's upper harmonics fall away.
			out = append(out, monoBand{eqBand: lowPass(humLP*body, 0.7)})
		}
	}
	return out
}

// airGain returns the gain of a part's air shelf: airDB for a pitched
// part other than the bass, kitAirDB (brushAirDB) for an acoustic kit;
// false for none.
func airGain(tr *score.Track) (float64, bool) {
	switch tr.Role {
	case score.RoleBass:
		return 0, false
	case score.RoleDrums:
		if _, acoustic := gmKits[tr.Kit]; !acoustic {
			return 0, false
		}
		if tr.Kit == score.KitBrush {
			return brushAirDB, true
		}
		return kitAirDB, true
	}
	db, ok := airDB[tr.Instrument]
	return db, ok
}

// isonBells returns the body and mud bells' centres for a hummed bass
// part (an ison): the body on its lowest pitch's fundamental, kept in the
// 88-177 Hz octave, and the mud on its second harmonic. A low ison (a G2
// at 98 Hz) otherwise kept most of its energy in the second harmonic, in
// the 250 Hz band: a chant in G measured 8 dB under the calm references'
// 125 Hz quartiles. A part without notes gets bodyHz and mudHz.
func isonBells(tr *score.Track) (body, mud float64) {
	if len(tr.Notes) == 0 {
		return bodyHz, mudHz
	}
	low := tr.Notes[0].Pitch
	for _, n := range tr.Notes {
		low = min(low, n.Pitch)
	}
	f := min(177, max(88, mtof(float64(low))))
	return f, 2 * f
}

// processBells runs a part's bells over buf in place, ahead of
// trackState.insert's loop (inside that loop their state crowded its
// registers: 7 % more CPU for the whole render). Two bells run in one
// loop, so that their recursions overlap.
func processBells(bells []monoBand, buf []float32) {
	switch len(bells) {
	case 0:
	case 1:
		bells[0].process(buf)
	default:
		processPair(&bells[0], &bells[1], buf)
		for i := 2; i < len(bells); i++ {
			bells[i].process(buf)
		}
	}
}

// processPair is f.process(buf) then g.process(buf), in one loop: the
// same samples (the first bell's output is rounded to float32 as it would
// be in buf).
func processPair(f, g *monoBand, buf []float32) {
	fb0, fb1, fb2, fa1, fa2 := f.b0, f.b1, f.b2, f.a1, f.a2
	fx1, fx2, fy1, fy2 := f.x1, f.x2, f.y1, f.y2
	gb0, gb1, gb2, ga1, ga2 := g.b0, g.b1, g.b2, g.a1, g.a2
	gx1, gx2, gy1, gy2 := g.x1, g.x2, g.y1, g.y2
	for i, v := range buf {
		x := float64(v)
		y := fb0*x + fb1*fx1 + fb2*fx2 - fa2*fy2 - fa1*fy1
		fx2, fx1, fy2, fy1 = fx1, x, fy1, y
		u := float64(float32(y))
		w := gb0*u + gb1*gx1 + gb2*gx2 - ga2*gy2 - ga1*gy1
		gx2, gx1, gy2, gy1 = gx1, u, gy1, w
		buf[i] = float32(w)
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, flush(fy1), flush(fy2)
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, flush(gy1), flush(gy2)
}

// flush returns 0 for a recursion's state too small to matter, so a
// part that fell silent does not compute denormals.
func flush(x float64) float64 {
	if math.Abs(x) < 1e-20 {
		return 0
	}
	return x
}

// monoBand runs an eqBand's biquad over a mono signal.
type monoBand struct {
	eqBand
	x1, x2, y1, y2 float64
}

func (f *monoBand) process(buf []float32) {
	b0, b1, b2, a1, a2 := f.b0, f.b1, f.b2, f.a1, f.a2
	x1, x2, y1, y2 := f.x1, f.x2, f.y1, f.y2
	for i, v := range buf {
		x := float64(v)
		// The feedback terms last: the recursion is one multiply and one
		// add long.
		y := b0*x + b1*x1 + b2*x2 - a2*y2 - a1*y1
		x2, x1, y2, y1 = x1, x, y1, y
		buf[i] = float32(y)
	}
	f.x1, f.x2, f.y1, f.y2 = x1, x2, flush(y1), flush(y2)
}
