package client

import "encoding/json"

// Energy you can draw (a Songsmith extension): the arrangement follows an
// energy of 0 (sparse and soft) to 1 (full and loud) per section or along
// a curve. Parts come in and out, density, register, drums, fills and
// dynamics follow it, and a fill with a crash leads into every rise; the
// timeline's sections report the energy each played.

// EnergyPoint is one point of a drawn energy curve: at Bar (from 1) or,
// with Bar 0, at At seconds, the energy Value (0..1).
type EnergyPoint struct {
	Bar   float64
	At    float64
	Value float64
}

// WithSectionEnergy sets the energy of sections by label: "verse" sets
// every verse, "verse 2" only the second (labels as in the timeline's
// sections); values 0..1.
func WithSectionEnergy(levels map[string]float64) GenerateOption {
	return func(o *generateOptions) {
		b, _ := json.Marshal(levels)
		o.ext.Energy = b
	}
}

// WithEnergyCurve draws the energy as points in order of time, all by bar
// or all by seconds, joined by straight lines: a section plays the
// curve's value at its middle.
func WithEnergyCurve(points ...EnergyPoint) GenerateOption {
	return func(o *generateOptions) {
		out := make([]map[string]float64, len(points))
		for i, p := range points {
			out[i] = map[string]float64{"value": p.Value}
			if p.Bar > 0 {
				out[i]["bar"] = p.Bar
			} else {
				out[i]["at"] = p.At
			}
		}
		b, _ := json.Marshal(out)
		o.ext.Energy = b
	}
}

// The kinds of hit point [WithHit] takes.
const (
	HitDrop   = "drop"   // the loudest entry: the energy jumps there
	HitStop   = "stop"   // a bar of silence from there
	HitAccent = "accent" // a crash and kick on the downbeat
	HitEnd    = "end"    // the music finishes there
)

// hit is one hit point as the request carries it.
type hit struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
}

// WithHit asks for a downbeat at seconds from the start, playing kind
// ([HitDrop], [HitStop], [HitAccent], [HitEnd]); repeatable. The tempo
// moves up to 8 % to land it; the timeline's Hits say where it landed and
// how far it moved.
func WithHit(seconds float64, kind string) GenerateOption {
	return func(o *generateOptions) {
		var hits []hit
		_ = json.Unmarshal(o.ext.Hits, &hits)
		hits = append(hits, hit{At: seconds, Kind: kind})
		o.ext.Hits, _ = json.Marshal(hits)
	}
}
