package cast

import (
	"slices"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

// Band is who plays what: an instrument per layer ("" for none), whether the
// prompt named it (named layers play in every main section), and the
// drum and bass styles.
type Band struct {
	Inst  [form.NumLayers]score.Instrument
	Named [form.NumLayers]bool
	drums genre.DrumStyle
	Bass  genre.BassStyle
}

// PreferredLayers says where a named instrument goes, in order of preference.
var PreferredLayers = map[score.Instrument][]form.Layer{
	score.Piano:      {form.LayerChords, form.LayerArp, form.LayerLead},
	score.EPiano:     {form.LayerChords, form.LayerArp, form.LayerLead},
	score.Organ:      {form.LayerChords, form.LayerPad},
	score.Guitar:     {form.LayerChords, form.LayerArp, form.LayerLead},
	score.DistGuitar: {form.LayerChords, form.LayerLead},
	score.Pluck:      {form.LayerArp, form.LayerChords, form.LayerLead},
	score.Strings:    {form.LayerPad, form.LayerChords, form.LayerLead},
	score.Pad:        {form.LayerPad, form.LayerChords},
	score.ChoirPad:   {form.LayerPad, form.LayerChords},
	score.SawLead:    {form.LayerLead, form.LayerArp, form.LayerChords},
	score.SquareLead: {form.LayerLead, form.LayerArp},
	score.Sax:        {form.LayerLead, form.LayerPad},
	score.Flute:      {form.LayerLead, form.LayerArp},
	score.Brass:      {form.LayerLead, form.LayerPad, form.LayerChords},
	score.Bells:      {form.LayerArp, form.LayerLead},
	score.Arp:        {form.LayerArp, form.LayerLead},
	score.Bass:       {form.LayerBass},
	score.SubBass:    {form.LayerBass},
	score.SynthBass:  {form.LayerBass},
	score.Reese:      {form.LayerBass},
	score.Drums:      {form.LayerDrums},

	score.Fiddle:       {form.LayerLead, form.LayerArp},
	score.Banjo:        {form.LayerArp, form.LayerChords, form.LayerLead},
	score.Mandolin:     {form.LayerArp, form.LayerChords, form.LayerLead},
	score.Ukulele:      {form.LayerChords, form.LayerArp},
	score.Accordion:    {form.LayerLead, form.LayerChords, form.LayerPad},
	score.SteelDrums:   {form.LayerLead, form.LayerArp},
	score.Sitar:        {form.LayerLead, form.LayerArp},
	score.MusicBox:     {form.LayerLead, form.LayerArp},
	score.NylonGuitar:  {form.LayerChords, form.LayerArp, form.LayerLead},
	score.Harpsichord:  {form.LayerChords, form.LayerArp, form.LayerLead},
	score.Marimba:      {form.LayerArp, form.LayerLead, form.LayerChords},
	score.Vibraphone:   {form.LayerChords, form.LayerLead, form.LayerArp},
	score.Kalimba:      {form.LayerArp, form.LayerLead},
	score.Harp:         {form.LayerArp, form.LayerChords, form.LayerLead},
	score.UprightBass:  {form.LayerBass},
	score.SingingBowl:  {form.LayerPad, form.LayerArp},
	score.LogDrum:      {form.LayerBass},
	score.CowbellLead:  {form.LayerLead, form.LayerArp},
	score.ChipLead:     {form.LayerLead, form.LayerArp},
	score.ChipBass:     {form.LayerBass},
	score.Tabla:        {form.LayerArp, form.LayerLead},
	score.VinylCrackle: {},
}

// substitutes replace an excluded default instrument.
var substitutes = map[score.Instrument]score.Instrument{
	score.Piano: score.EPiano, score.EPiano: score.Piano, score.Organ: score.Piano, score.Guitar: score.Piano,
	score.DistGuitar: score.Organ, score.Pluck: score.Bells, score.Strings: score.Pad, score.Pad: score.Strings,
	score.ChoirPad: score.Pad, score.SawLead: score.SquareLead, score.SquareLead: score.SawLead, score.Sax: score.Flute,
	score.Flute: score.Bells, score.Brass: score.SawLead, score.Bells: score.Pluck, score.Arp: score.Pluck,
	score.Fiddle: score.Strings, score.Banjo: score.Guitar, score.Mandolin: score.Guitar, score.Ukulele: score.Guitar,
	score.Accordion: score.Organ, score.SteelDrums: score.Marimba, score.Sitar: score.Guitar, score.MusicBox: score.Bells,
	score.NylonGuitar: score.Guitar, score.Harpsichord: score.Piano, score.Marimba: score.Vibraphone,
	score.Vibraphone: score.EPiano, score.Kalimba: score.MusicBox, score.Harp: score.Pluck, score.UprightBass: score.Bass,
	score.SingingBowl: score.Pad, score.LogDrum: score.SubBass, score.CowbellLead: score.Bells, score.ChipLead: score.SquareLead,
	score.ChipBass: score.SynthBass, score.Tabla: score.Marimba,
}

// Choose starts from the genre's band and seats the instruments the
// prompt names, honouring exclusions ("no drums", "without piano").
func Choose(p plan.Plan, prof genre.Profile, seed uint64) Band {
	c := Band{drums: prof.Drums, Bass: prof.Bass}
	c.Inst = [form.NumLayers]score.Instrument{score.Drums, prof.BassInst, prof.CompInst, prof.PadInst, prof.LeadInst, prof.ArpInst}
	// The band varies per song within the style's palette.
	r := harmony.NewRNG(seed, "band")
	if alt := prof.Style.Band.LeadAlt; len(alt) > 0 && c.Inst[form.LayerLead] != "" {
		if i := r.Intn(len(alt) + 1); i > 0 {
			c.Inst[form.LayerLead] = alt[i-1]
		}
	}
	if alt := prof.Style.Band.ChordsAlt; len(alt) > 0 && c.Inst[form.LayerChords] != "" {
		if i := r.Intn(len(alt) + 1); i > 0 {
			c.Inst[form.LayerChords] = alt[i-1]
		}
	}
	if prof.Style.Drums.None && !p.WantsDrums() {
		c.Inst[form.LayerDrums] = ""
	}
	c.seatNamed(p, prof)
	c.leaveOut(p.Without)
	if p.Only {
		c.only(p.Instruments)
	}
	if in := leader(p, prof); in != "" && !c.Named[form.LayerLead] {
		// The instrument the prompt names plays the melody: the piano of a
		// piano ballad, the guitar of a guitar love song.
		c.Inst[form.LayerLead], c.Named[form.LayerLead] = in, true
	}
	if p.Acoustic {
		unplug(&c)
	}
	switch {
	case p.NoLead:
		c.Inst[form.LayerLead], c.Named[form.LayerLead] = "", false
	case p.Vocal && c.Inst[form.LayerLead] == "":
		// An instrumental: something plays the vocal line.
		c.Inst[form.LayerLead] = score.Flute
		if alt := prof.Style.Band.LeadAlt; len(alt) > 0 {
			c.Inst[form.LayerLead] = alt[0]
		}
	}
	if p.NoDrums {
		c.Inst[form.LayerDrums], c.Named[form.LayerDrums] = "", false
	}
	return c
}

// seatNamed seats every instrument the prompt names: where the band has it
// already, in its default layer, else in the first free layer it prefers.
func (c *Band) seatNamed(p plan.Plan, prof genre.Profile) {
	for _, in := range p.Instruments {
		if in == score.Guitar && prof.CompInst == score.DistGuitar {
			in = score.DistGuitar // a guitar in a power-chord style is the distorted one
		}
		if in == score.SubBass {
			c.Bass = genre.Bass808
		}
		if seated(*c, in) {
			continue
		}
		if l, ok := defaultSeat(*c, in); ok {
			c.Named[l] = true
			continue
		}
		for _, l := range PreferredLayers[in] {
			if !c.Named[l] {
				c.Inst[l], c.Named[l] = in, true
				break
			}
		}
	}
}

// leaveOut replaces every instrument the prompt leaves out (and did not
// name) by its substitute, or leaves its layer empty when the substitute
// already plays.
func (c *Band) leaveOut(without []score.Instrument) {
	for _, ex := range without {
		for l := range c.Inst {
			if c.Inst[l] != ex || c.Named[l] {
				continue
			}
			c.Inst[l] = substitutes[ex]
			if seated(*c, c.Inst[l]) && l != int(form.LayerDrums) {
				c.Inst[l] = ""
			}
		}
	}
}

// only makes the named instruments the whole band; one of them takes the
// melody when none was seated as the lead.
func (c *Band) only(named []score.Instrument) {
	for l := range c.Inst {
		if !c.Named[l] {
			c.Inst[l] = ""
		}
	}
	if c.Inst[form.LayerLead] != "" {
		return
	}
	for _, in := range named {
		if slices.Contains(PreferredLayers[in], form.LayerLead) {
			c.Inst[form.LayerLead], c.Named[form.LayerLead] = in, true
			return
		}
	}
}

// leader is the named instrument that takes the melody: the first the
// prompt names that can lead; "" for none. Section instruments (strings,
// plucks, bells, arps) colour a band rather than lead it ("rock with
// strings"); they lead when they are the whole band ("violin solo").
func leader(p plan.Plan, prof genre.Profile) score.Instrument {
	for _, in := range p.Featured {
		if in == score.Guitar && prof.CompInst == score.DistGuitar {
			in = score.DistGuitar
		}
		if slices.Contains(PreferredLayers[in], form.LayerLead) && !sectionInst[in] {
			return in
		}
	}
	return ""
}

// sectionInst are instruments that colour a band more often than they lead it.
var sectionInst = map[score.Instrument]bool{score.Strings: true, score.Pluck: true, score.Bells: true, score.Arp: true}

// SynthParts are the synthesized instruments an acoustic band replaces,
// and what replaces them ("" drops the part).
var SynthParts = map[score.Instrument]score.Instrument{
	score.SawLead: score.Flute, score.SquareLead: score.Flute, score.ChipLead: score.Flute, score.CowbellLead: score.Bells,
	score.Pad: score.Strings, score.Pluck: score.NylonGuitar, score.Arp: "",
	score.SynthBass: score.Bass, score.Reese: score.Bass, score.SubBass: score.Bass, score.ChipBass: score.Bass,
}

// unplug replaces the synthesized parts of an acoustic band.
func unplug(c *Band) {
	for l, in := range c.Inst {
		if to, ok := SynthParts[in]; ok {
			c.Inst[l] = to
			if l == int(form.LayerBass) && c.Bass == genre.Bass808 {
				c.Bass = genre.BassRootFifth
			}
		}
	}
}

// Featured reports whether inst plays an instrument the plan features.
func Featured(p plan.Plan, inst score.Instrument) bool {
	return slices.Contains(p.Featured, inst) || inst == score.DistGuitar && slices.Contains(p.Featured, score.Guitar)
}

// seated reports whether in already plays a named part.
func seated(c Band, in score.Instrument) bool {
	for l, x := range c.Inst {
		if x == in && c.Named[l] {
			return true
		}
	}
	return false
}

// defaultSeat finds a layer the genre already gives to in.
func defaultSeat(c Band, in score.Instrument) (form.Layer, bool) {
	for _, l := range PreferredLayers[in] {
		if c.Inst[l] == in && !c.Named[l] {
			return l, true
		}
	}
	for l, x := range c.Inst {
		if x == in && !c.Named[l] {
			return form.Layer(l), true
		}
	}
	return 0, false
}
