// Package mix is the mix step between the players (internal/perform) and
// the synthesizer (internal/synth): the one place that decides each
// track's place in the mix (its level offset, seat, reverb and delay
// sends, drive, chorus, brightness and sidechain: a mixplan.Channel), the
// room's size, and which family's mix plan the song takes. It reads the
// style's catalogue entry (style.Mix, the drone's level, the family's
// plan) and the musical facts the composer wrote on the score (each
// track's part, role and instrument; whether the song is a ballad) and
// nothing else. The composer writes notes, not gains, and the score has
// no field for one: the synthesizer receives the channels beside the
// score (synth.Options.Channels) and renders what it is handed.
package mix

import (
	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// BalladDrumsDB is how much softer a ballad's kit plays than the style's.
const BalladDrumsDB = 4

// GivenChartDrumsDB is how much softer the kit of a song playing a given
// chord chart (score.Score.GivenChart) plays than the style's: the chart
// is what the request asked to hear, and a brush snare's or a march
// snare's wash under a chord took its share of the chord's chroma
// (TestChartStems in internal/engine). 5 dB since beat styles play
// their drums from the intro's first bar (at 3 dB a jazz kit's snare and
// a celtic bodhran's toms left 436 of 440 corpus chords heard).
const GivenChartDrumsDB = 5

// EnergyRideDB is the least the mix rides a section's level per unit of
// energy when the request drew the energy (score.Score.EnergyDrawn; the
// synthesizer's section ride: the style families ride 0 to 7 dB).
const EnergyRideDB = 12.0

// Of is o with the song's mix: the mix plan of the style's family (with
// the style's own part levels and loudness), its reference set, the
// room's size, and a Channel for every track of s (indexed like
// s.Tracks). The synthesizer reads only these: it looks nothing up by
// name, and the score carries no gains. A nil style leaves o as it is
// (the pop family's plan, every track unplaced).
func Of(st *style.Style, s *score.Score, o synth.Options) synth.Options {
	if st == nil {
		return o
	}
	p := st.MixPlan()
	if s != nil && s.EnergyDrawn {
		p.SectionRideDB = max(p.SectionRideDB, EnergyRideDB)
		p.Leveller = false // it would lift the low sections the request drew
	}
	o.Mix, o.Calm = &p, st.Reference() == mixplan.RefCalm
	o.RoomSize = st.Mix.Reverb
	o.Channels = Channels(s, st)
	return o
}

// Channels returns the place in the mix of every track of s, from the
// style's entry st (nil for a nil score or style).
func Channels(s *score.Score, st *style.Style) []mixplan.Channel {
	if s == nil || st == nil {
		return nil
	}
	out := make([]mixplan.Channel, len(s.Tracks))
	for i := range s.Tracks {
		out[i] = Channel(&s.Tracks[i], st, s.Ballad)
		if s.GivenChart && s.Tracks[i].Role == score.RoleDrums {
			out[i].GainDB -= GivenChartDrumsDB
		}
	}
	return out
}

// Channel returns t's place in the mix from its part, its role and
// instrument, and the style's entry st; ballad sets the kit softer. A
// track without a part is not placed (the zero Channel).
func Channel(t *score.Track, st *style.Style, ballad bool) mixplan.Channel {
	if t.Part == "" {
		return mixplan.Channel{}
	}
	c := mixplan.Channel{Brightness: 0.5}
	rev := st.Mix.Reverb
	switch t.Part {
	case score.PartDrums:
		c.Reverb = 0.08 + 0.1*rev
	case score.PartBass:
		c.Reverb = 0.02
	case score.PartChords:
		c.Pan, c.Reverb = -0.4, 0.15+0.3*rev
	case score.PartPad:
		c.Pan, c.Reverb, c.GainDB = 0.2, 0.4+0.4*rev, -3
	case score.PartLead:
		c.Pan, c.Reverb, c.Delay = 0.05, 0.2+0.3*rev, 0.15
	case score.PartAnswer:
		c.Pan, c.Reverb, c.Delay, c.GainDB = -0.3, 0.25+0.3*rev, 0.1, -2
	case score.PartArp:
		c.Pan, c.Reverb, c.Delay, c.GainDB = 0.5, 0.2+0.3*rev, 0.25, -2
	case score.PartDrone:
		c.Reverb, c.GainDB = 0.1+0.2*rev, st.Band.Drone.GainDB
		if d := st.Band.Drone; d.Struck != "" && t.Instrument == d.Struck {
			// The pulse struck beside a held drone: its own level, and
			// seated beside the drone as an instrument of the band.
			c.Pan, c.Reverb, c.GainDB = -0.35, 0.15+0.3*rev, d.StruckGainDB
		}
	case score.PartChoir:
		c.Reverb = 0.45
		return c // sung as recorded: no colour
	case score.PartTexture:
		return c // a recording of the room: no colour
	case score.PartHits:
		return mixplan.Channel{GainDB: -4} // under the band, at the kit's own tone
	}
	colour(&c, t, st.Mix)
	if ballad && t.Role == score.RoleDrums {
		c.GainDB -= BalladDrumsDB
	}
	return c
}

// colour sets c's colour from t's instrument (the one it was cast with,
// when an edit swapped it) and role, and the style's mix notes: drive,
// chorus, brightness, sidechain, and the kit's level.
func colour(c *mixplan.Channel, t *score.Track, mix style.Mix) {
	inst := t.Instrument
	if t.Cast != "" {
		inst = t.Cast
	}
	switch inst {
	case score.DistGuitar:
		c.Drive = 0.7
		if mix.GuitarDrive > 0 {
			c.Drive = mix.GuitarDrive
		}
	case score.EPiano:
		c.Chorus = 0.35
	case score.Reese:
		c.Drive = 0.4
	case score.SawLead, score.Pad, score.Strings:
		c.Chorus = 0.25
	}
	if mix.Brightness > 0 {
		c.Brightness = mix.Brightness
	}
	c.Drive = max(c.Drive, mix.Drive)
	if t.Role == score.RoleDrums {
		c.Drive = max(c.Drive, mix.DrumDrive)
		c.GainDB += mix.DrumsDB
		return
	}
	if c.Chorus > 0 || inst == score.Pad || inst == score.SawLead {
		c.Chorus = max(c.Chorus, mix.Chorus)
	}
	if t.Role != score.RoleLead {
		c.Sidechain = mix.Sidechain
	}
}
