package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/client"
)

// energyOption is the SDK option of --energy: a JSON curve or object, or
// "label=value" pairs. What does not read is sent as a label the server
// refuses with its message (in flag words), so the CLI checks nothing twice.
func energyOption(v string) client.GenerateOption {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "[") {
		var pts []struct {
			Bar   *float64 `json:"bar"`
			At    *float64 `json:"at"`
			Value float64  `json:"value"`
		}
		if json.Unmarshal([]byte(v), &pts) == nil {
			out := make([]client.EnergyPoint, len(pts))
			for i, p := range pts {
				out[i].Value = p.Value
				if p.Bar != nil {
					out[i].Bar = *p.Bar
				}
				if p.At != nil {
					out[i].At = *p.At
				}
			}
			return client.WithEnergyCurve(out...)
		}
	}
	levels := map[string]float64{}
	if strings.HasPrefix(v, "{") && json.Unmarshal([]byte(v), &levels) == nil {
		return client.WithSectionEnergy(levels)
	}
	levels = map[string]float64{}
	for _, pair := range strings.Split(v, ",") {
		label, x, _ := strings.Cut(pair, "=")
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			f = -1 // out of range: the server names it
		}
		levels[strings.TrimSpace(label)] = f
	}
	return client.WithSectionEnergy(levels)
}

// hitOption is the SDK option of one --hit SECONDS:KIND. A time that does
// not read is sent as 0, which the server refuses with its message.
func hitOption(v string) client.GenerateOption {
	at, kind, _ := strings.Cut(v, ":")
	x, err := strconv.ParseFloat(strings.TrimSpace(at), 64)
	if err != nil {
		x = 0
	}
	return client.WithHit(x, strings.TrimSpace(kind))
}
