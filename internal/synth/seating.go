package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Seating: parts are placed on the stereo stage as a band or an orchestra
// sits, by instrument, not only by role. The lead melody stays where the
// composer put it (near the centre), bass and drums stay centred, pads
// spread from near the centre with their widener; an instrument whose
// seat is nearer another part than its mirror seat takes the mirror.

// seats is each instrument's place, -1 (left) .. +1 (right), seen from the
// audience: violins left, cellos and basses right, brass right of centre,
// woodwinds just left, harp far left; in a band, the rhythm guitar left,
// keys and organ right, the second plucked instrument opposite.
var seats = map[score.Instrument]float64{
	score.Strings: -0.45, score.ChoirPad: -0.15, score.Brass: 0.35, score.Flute: -0.2, score.Sax: 0.25,
	score.Harp: -0.6, score.Piano: -0.3, score.EPiano: -0.3, score.Organ: 0.4, score.Guitar: -0.45,
	score.DistGuitar: -0.55, score.NylonGuitar: -0.35, score.Banjo: 0.4, score.Mandolin: 0.35,
	score.Ukulele: -0.35, score.Fiddle: 0.3, score.Accordion: 0.3, score.SteelDrums: 0.3, score.Sitar: -0.25,
	score.MusicBox: 0.2, score.Harpsichord: -0.35, score.Marimba: 0.4, score.Vibraphone: 0.35,
	score.Kalimba: -0.25, score.Bells: 0.3, score.Pluck: -0.35, score.Arp: 0.45, score.Tabla: 0.3,
	score.SingingBowl: -0.2, score.SawLead: -0.3, score.SquareLead: 0.3,
}

// lowSeats places the low register of the orchestra and choir (a bass
// part played by strings or choir: cellos and basses sit right).
var lowSeats = map[score.Instrument]float64{score.Strings: 0.45, score.ChoirPad: 0.3, score.Brass: 0.3}

// seatPans returns each track's pan: its seat where the instrument has
// one, else the mix step's pan (o's channels).
func seatPans(s *score.Score, o Options) []float64 {
	pans := make([]float64, len(s.Tracks))
	var taken []float64
	leadSeen := false
	for i := range s.Tracks {
		tr := &s.Tracks[i]
		pan := clampPan(o.channel(i).Pan)
		seat, ok := seats[tr.Instrument]
		switch tr.Role {
		case score.RoleDrums:
			pan, ok = 0, false // the kit's image comes from its overheads
		case score.RoleFX:
			ok = false
		case score.RoleBass:
			pan = 0 // the low end sits in the middle
			seat, ok = lowSeats[tr.Instrument]
		case score.RoleLead:
			if !leadSeen { // the melody keeps its place
				ok = false
			}
			leadSeen = true
		case score.RolePad:
			seat *= 0.5 // the widener spreads it
		}
		if ok {
			// The seat or its mirror, whichever is further from the
			// seats already taken.
			pan = seat
			if gap(-seat, taken) > gap(seat, taken)+0.05 {
				pan = -seat
			}
		}
		if math.Abs(pan) > 0.1 {
			taken = append(taken, pan)
		}
		pans[i] = pan
	}
	return pans
}

// gap is the distance from pan to the nearest of taken (2 when none).
func gap(pan float64, taken []float64) float64 {
	g := 2.0
	for _, t := range taken {
		g = math.Min(g, math.Abs(t-pan))
	}
	return g
}
