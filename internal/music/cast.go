package music

import "github.com/songsmith/songsmith/internal/score"

// cast is who plays what: an instrument per layer ("" for none), whether the
// prompt named it (named layers play in every main section), and the
// drum and bass styles.
type cast struct {
	inst  [numLayers]score.Instrument
	named [numLayers]bool
	drums drumStyle
	bass  bassStyle
}

// preferredLayers says where a named instrument goes, in order of preference.
var preferredLayers = map[score.Instrument][]layer{
	score.Piano:      {layerChords, layerArp, layerLead},
	score.EPiano:     {layerChords, layerArp, layerLead},
	score.Organ:      {layerChords, layerPad},
	score.Guitar:     {layerChords, layerArp, layerLead},
	score.DistGuitar: {layerChords, layerLead},
	score.Pluck:      {layerArp, layerChords, layerLead},
	score.Strings:    {layerPad, layerChords, layerLead},
	score.Pad:        {layerPad, layerChords},
	score.ChoirPad:   {layerPad, layerChords},
	score.SawLead:    {layerLead, layerArp, layerChords},
	score.SquareLead: {layerLead, layerArp},
	score.Sax:        {layerLead, layerPad},
	score.Flute:      {layerLead, layerArp},
	score.Brass:      {layerLead, layerPad, layerChords},
	score.Bells:      {layerArp, layerLead},
	score.Arp:        {layerArp, layerLead},
	score.Bass:       {layerBass},
	score.SubBass:    {layerBass},
	score.SynthBass:  {layerBass},
	score.Reese:      {layerBass},
	score.Drums:      {layerDrums},
}

// substitutes replace an excluded default instrument.
var substitutes = map[score.Instrument]score.Instrument{
	score.Piano: score.EPiano, score.EPiano: score.Piano, score.Organ: score.Piano, score.Guitar: score.Piano,
	score.DistGuitar: score.Organ, score.Pluck: score.Bells, score.Strings: score.Pad, score.Pad: score.Strings,
	score.ChoirPad: score.Pad, score.SawLead: score.SquareLead, score.SquareLead: score.SawLead, score.Sax: score.Flute,
	score.Flute: score.Bells, score.Brass: score.SawLead, score.Bells: score.Pluck, score.Arp: score.Pluck,
}

// castInstruments starts from the genre's band and seats the instruments the
// prompt names, honouring exclusions ("no drums", "without piano").
func castInstruments(p Plan, prof genreProfile) cast {
	c := cast{drums: prof.drums, bass: prof.bass}
	c.inst = [numLayers]score.Instrument{score.Drums, prof.bassInst, prof.compInst, prof.padInst, prof.leadInst, prof.arpInst}
	for _, in := range p.Instruments {
		if in == score.DistGuitar && p.Genre != Rock && p.Genre != Metal {
			in = score.DistGuitar // asked for explicitly: keep the grit
		}
		if in == score.Guitar && (p.Genre == Rock || p.Genre == Metal) {
			in = score.DistGuitar
		}
		if in == score.SubBass {
			c.bass = bass808
		}
		if seated(c, in) {
			continue
		}
		if l, ok := defaultSeat(c, in); ok {
			c.named[l] = true
			continue
		}
		for _, l := range preferredLayers[in] {
			if !c.named[l] {
				c.inst[l], c.named[l] = in, true
				break
			}
		}
	}
	for _, ex := range p.Without {
		for l := range c.inst {
			if c.inst[l] != ex || c.named[l] {
				continue
			}
			c.inst[l] = substitutes[ex]
			if seated(c, c.inst[l]) && l != int(layerDrums) {
				c.inst[l] = ""
			}
		}
	}
	if p.NoDrums {
		c.inst[layerDrums], c.named[layerDrums] = "", false
	}
	return c
}

// seated reports whether in already plays a named part.
func seated(c cast, in score.Instrument) bool {
	for l, x := range c.inst {
		if x == in && c.named[l] {
			return true
		}
	}
	return false
}

// defaultSeat finds a layer the genre already gives to in.
func defaultSeat(c cast, in score.Instrument) (layer, bool) {
	for _, l := range preferredLayers[in] {
		if c.inst[l] == in && !c.named[l] {
			return l, true
		}
	}
	for l, x := range c.inst {
		if x == in && !c.named[l] {
			return layer(l), true
		}
	}
	return 0, false
}
