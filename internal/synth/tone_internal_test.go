package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// bandGain returns the gain in dB of a part's bells for a sine at hz, in a
// kit-driven style.
func bandGain(tr *score.Track, hz float64) float64 { return bandGainIn(tr, hz, false) }

// bandGainIn is bandGain in a calm style (calm) or a kit-driven one.
func bandGainIn(tr *score.Track, hz float64, calm bool) float64 {
	bands := toneBands(tr, calm)
	x := make([]float32, int(sr))
	for i := range x {
		x[i] = float32(math.Sin(2 * math.Pi * hz * float64(i) / sr))
	}
	in := rmsOf(x[len(x)/2:])
	for i := range bands {
		bands[i].process(x)
	}
	return 20 * math.Log10(rmsOf(x[len(x)/2:])/in)
}

// bellGain returns the gain in dB of one bell for a sine at hz.
func bellGain(b eqBand, hz float64) float64 {
	x := make([]float32, int(sr))
	for i := range x {
		x[i] = float32(math.Sin(2 * math.Pi * hz * float64(i) / sr))
	}
	in := rmsOf(x[len(x)/2:])
	m := monoBand{eqBand: b}
	m.process(x)
	return 20 * math.Log10(rmsOf(x[len(x)/2:])/in)
}

func rmsOf(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return math.Sqrt(s / float64(len(x)))
}

// TestToneBands: a bass part of low strings gets body at 125 Hz, a chords
// part of piano loses box at 500 Hz, a lead of the same piano leadBox of it,
// and an instrument without a tone entry (a flute lead) is untouched;
// away from the bells (1-2 kHz) nothing moves.
func TestToneBands(t *testing.T) {
	for _, c := range []struct {
		tr       score.Track
		hz, want float64
	}{
		{score.Track{Instrument: score.Strings, Role: score.RoleBass}, 125, bodyDB[score.Strings]},
		{score.Track{Instrument: score.Bass, Role: score.RoleBass}, 125, bodyDB[score.Bass]},
		{score.Track{Instrument: score.SubBass, Role: score.RoleBass}, 125, 0},
		{score.Track{Instrument: score.Piano, Role: score.RoleChords}, 500, boxDB[score.Piano]},
		{score.Track{Instrument: score.Piano, Role: score.RoleLead}, 500, boxDB[score.Piano] * leadBox},
		{score.Track{Instrument: score.Strings, Role: score.RoleBass}, 1000, 0},
		{score.Track{Instrument: score.Flute, Role: score.RoleLead}, 500, 0},
		{score.Track{Instrument: score.ChoirPad, Role: score.RolePad}, 2000, 0},
		// A choir's bass (a chant's ison) is hummed: its vowel formants cut
		// (at 500 Hz the mud bell adds its reach to the hum's).
		{score.Track{Instrument: score.ChoirPad, Role: score.RoleBass}, nasalHz, humDB[score.ChoirPad]},
		// The bright sources' bite at 4 kHz, on a lead and chords alike; not on a bass.
		{score.Track{Instrument: score.Bells, Role: score.RoleLead}, biteHz, biteDB[score.Bells]},
		{score.Track{Instrument: score.Guitar, Role: score.RoleChords}, biteHz, biteDB[score.Guitar]},
		{score.Track{Instrument: score.Fiddle, Role: score.RoleLead}, biteHz, biteDB[score.Fiddle]},
		{score.Track{Instrument: score.Guitar, Role: score.RoleBass}, biteHz, 0},
		{score.Track{Instrument: score.Sax, Role: score.RoleLead}, biteHz, 0},
	} {
		got := bandGain(&c.tr, c.hz)
		// Within 1 dB: a neighbouring bell (the mud's) reaches a little.
		if math.Abs(got-c.want) > 1 {
			t.Errorf("%s %s at %v Hz: %.2f dB, want %.1f", c.tr.Instrument, c.tr.Role, c.hz, got, c.want)
		}
	}
}

// TestWarmthBell: in a calm style a guitar's chords and a piano pad get
// the warmth bell (+3 dB at 250 Hz over the same part in a kit-driven
// style) and keep their box cut at 500 Hz; a piano lead and a bass of low
// strings get none (the bass only its calm body's reach, calmBodyDB).
func TestWarmthBell(t *testing.T) {
	for _, c := range []struct {
		tr   score.Track
		want float64
	}{
		{score.Track{Instrument: score.Guitar, Role: score.RoleChords}, warmDB[score.Guitar]},
		{score.Track{Instrument: score.Piano, Role: score.RolePad}, warmDB[score.Piano]},
		{score.Track{Instrument: score.Piano, Role: score.RoleLead}, 0},
		{score.Track{Instrument: score.Strings, Role: score.RoleBass}, bellGain(peaking(bodyHz, calmBodyDB, 0.8), warmHz)},
	} {
		got := bandGainIn(&c.tr, warmHz, true) - bandGainIn(&c.tr, warmHz, false)
		if math.Abs(got-c.want) > 0.2 {
			t.Errorf("%s %s at %v Hz: calm adds %.2f dB, want %.1f", c.tr.Instrument, c.tr.Role, warmHz, got, c.want)
		}
		box, want := bandGainIn(&c.tr, boxHz, true), bandGain(&c.tr, boxHz)
		if c.want > 0 && c.tr.Role != score.RoleBass && (box > want+1 || want > -1) {
			t.Errorf("%s %s at %v Hz: %.2f dB in a calm style, want the box cut (%.2f)", c.tr.Instrument, c.tr.Role, boxHz, box, want)
		}
	}
}

// TestIsonBells: a hummed ison (a choir's bass part) gets its body bell on
// its own fundamental and loses its upper harmonics (humLP): a G2 ison
// gains within 2 dB of bodyDB at 98 Hz (the mud bell on its second
// harmonic reaches down), its fourth harmonic sits over 16 dB under it (11 without the low-pass),
// and a choir bass without notes keeps the fixed bells.
func TestIsonBells(t *testing.T) {
	tr := score.Track{Instrument: score.ChoirPad, Role: score.RoleBass, Notes: []score.Note{{Pitch: 43, Length: 4, Velocity: 0.6}}}
	f := mtof(43)
	if got, want := bandGain(&tr, f), bodyDB[score.ChoirPad]; math.Abs(got-want) > 2 {
		t.Errorf("G2 ison at its fundamental: %.2f dB, want %.1f", got, want)
	}
	if d := bandGain(&tr, f) - bandGain(&tr, 4*f); d < 16 {
		t.Errorf("G2 ison: fourth harmonic only %.1f dB under the fundamental", d)
	}
	bare := score.Track{Instrument: score.ChoirPad, Role: score.RoleBass}
	if got := bandGain(&bare, bodyHz); math.Abs(got-bodyDB[score.ChoirPad]) > 2 || bandGain(&bare, 4*mtof(43)) < -12 {
		t.Errorf("choir bass without notes at %v Hz: %.2f dB", bodyHz, got)
	}
}

// TestAirShelves: the dull sources (a string section's chords, a piano
// lead) get their air shelf over 10 kHz and keep their 2 kHz; a
// glockenspiel lead loses some; an acoustic kit gets kitAirDB over
// 10 kHz and an electronic kit nothing; a bass part of strings none
// (issue 32 item 5).
func TestAirShelves(t *testing.T) {
	for _, c := range []struct {
		tr       score.Track
		hz, want float64
	}{
		{score.Track{Instrument: score.Strings, Role: score.RoleChords}, 16000, airDB[score.Strings]},
		{score.Track{Instrument: score.Strings, Role: score.RoleChords}, 2000, 0},
		{score.Track{Instrument: score.Piano, Role: score.RoleLead}, 16000, airDB[score.Piano]},
		{score.Track{Instrument: score.Bells, Role: score.RoleLead}, 16000, airDB[score.Bells]},
		{score.Track{Instrument: score.Strings, Role: score.RoleBass}, 16000, 0},
		{score.Track{Instrument: score.Drums, Role: score.RoleDrums, Kit: score.KitAcoustic}, 16000, kitAirDB},
		{score.Track{Instrument: score.Drums, Role: score.RoleDrums, Kit: score.KitAcoustic}, 2000, 0},
		{score.Track{Instrument: score.Drums, Role: score.RoleDrums, Kit: score.Kit909}, 16000, 0},
	} {
		got := bandGain(&c.tr, c.hz)
		// Within 2 dB: a slope-1 shelf at 10 kHz is 1-2 dB short of its
		// gain at 16 kHz, and the box bell reaches 2 kHz a little.
		if math.Abs(got-c.want) > 2 {
			t.Errorf("%s %s (kit %q) at %v Hz: %.2f dB, want %.1f", c.tr.Instrument, c.tr.Role, c.tr.Kit, c.hz, got, c.want)
		}
	}
}

// TestPresenceBell: in a calm style the orchestral sources (a strings pad,
// a piano or flute lead) lose calmPresenceDB at presenceHz against the
// same part in a kit-driven style, and keep their 16 kHz (and a lead its
// 500 Hz) within 0.5 dB; a bass of low strings and a guitar get none.
func TestPresenceBell(t *testing.T) {
	for _, c := range []struct {
		tr   score.Track
		want float64
	}{
		{score.Track{Instrument: score.Strings, Role: score.RolePad}, calmPresenceDB[score.Strings]},
		{score.Track{Instrument: score.Piano, Role: score.RoleLead}, calmPresenceDB[score.Piano]},
		{score.Track{Instrument: score.Flute, Role: score.RoleLead}, calmPresenceDB[score.Flute]},
		{score.Track{Instrument: score.Strings, Role: score.RoleBass}, 0},
		{score.Track{Instrument: score.Guitar, Role: score.RoleChords}, 0},
	} {
		got := bandGainIn(&c.tr, presenceHz, true) - bandGainIn(&c.tr, presenceHz, false)
		if math.Abs(got-c.want) > 0.2 {
			t.Errorf("%s %s at %v Hz: calm adds %.2f dB, want %.1f", c.tr.Instrument, c.tr.Role, presenceHz, got, c.want)
		}
		for _, hz := range []float64{boxHz, 16000} {
			if hz == boxHz && c.tr.Role != score.RoleLead {
				continue // chords and pads take the warmth bell there
			}
			if d := bandGainIn(&c.tr, hz, true) - bandGainIn(&c.tr, hz, false); math.Abs(d) > 0.5 {
				t.Errorf("%s %s at %v Hz: calm moves it %.2f dB", c.tr.Instrument, c.tr.Role, hz, d)
			}
		}
	}
}

// TestCalmBody: in a calm style a bass part's body bell gains calmBodyDB
// more at 125 Hz (a low string section's, a hummed ison's), a sine sub
// bass still gets none, and chords get no body; a low harp string in the
// bass role gets its body and mud bells in every style.
func TestCalmBody(t *testing.T) {
	for _, c := range []struct {
		tr   score.Track
		want float64
	}{
		{score.Track{Instrument: score.Strings, Role: score.RoleBass}, calmBodyDB},
		{score.Track{Instrument: score.UprightBass, Role: score.RoleBass}, calmBodyDB},
		{score.Track{Instrument: score.Harp, Role: score.RoleBass}, calmBodyDB},
		{score.Track{Instrument: score.SubBass, Role: score.RoleBass}, 0},
		{score.Track{Instrument: score.Piano, Role: score.RoleLead}, 0},
		{score.Track{Instrument: score.Drums, Role: score.RoleDrums}, 0},
	} {
		got := bandGainIn(&c.tr, bodyHz, true) - bandGainIn(&c.tr, bodyHz, false)
		if math.Abs(got-c.want) > 0.3 {
			t.Errorf("%s %s at %v Hz: calm adds %.2f dB, want %.1f", c.tr.Instrument, c.tr.Role, bodyHz, got, c.want)
		}
	}
	harp := score.Track{Instrument: score.Harp, Role: score.RoleBass}
	if lo, hi := bandGain(&harp, bodyHz), bandGain(&harp, 2*bodyHz); lo < bodyDB[score.Harp]-1 || hi > 0 {
		t.Errorf("low harp string: %.2f dB at %v Hz, %.2f at %v Hz; want its body and its second harmonic cut", lo, bodyHz, hi, 2*bodyHz)
	}
}
