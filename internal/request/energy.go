package request

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Energy and hit points (issue 31 items 1 and 2): the request checks their
// form and bounds and keeps their canonical JSON; internal/edit reads it.

// MaxEnergyPoints is the most points (or section labels) an energy curve
// may have.
const MaxEnergyPoints = 64

// MaxHits is the most hit points a request may ask for.
const MaxHits = 32

// HitKinds lists the kinds of hit point.
var HitKinds = []string{"drop", "stop", "accent", "end"}

// checkEnergy validates a request's energy (labels to 0..1, or points all
// by bar or all by at, in order) and returns its canonical JSON.
func checkEnergy(raw json.RawMessage) (json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '{' {
		var levels map[string]float64
		if json.Unmarshal(raw, &levels) != nil || len(levels) > MaxEnergyPoints {
			return nil, errorf("'energy' must map at most %d section labels to numbers from 0 to 1.", MaxEnergyPoints)
		}
		for label, v := range levels {
			if !(v >= 0 && v <= 1) || strings.TrimSpace(label) == "" {
				return nil, errorf("'energy' must map at most %d section labels to numbers from 0 to 1.", MaxEnergyPoints)
			}
		}
		return json.Marshal(levels)
	}
	var pts []map[string]float64
	if json.Unmarshal(raw, &pts) != nil || len(pts) == 0 || len(pts) > MaxEnergyPoints {
		return nil, errorf(`'energy' must be an object such as {"verse": 0.4, "chorus": 1} or an array of 1 to %d points such as {"bar": 1, "value": 0.2}.`, MaxEnergyPoints)
	}
	out := make([]json.RawMessage, len(pts))
	prev := -1.0
	for i, m := range pts {
		v, okV := m["value"]
		bar, okB := m["bar"]
		at, okA := m["at"]
		_, firstBar := pts[0]["bar"]
		switch {
		case !okV || !(v >= 0 && v <= 1):
			return nil, errorf("each 'energy' point needs a 'value' from 0 to 1.")
		case okB == okA || len(m) != 2:
			return nil, errorf("each 'energy' point needs either 'bar' (from 1) or 'at' (seconds), and 'value'.")
		case okB != firstBar:
			return nil, errorf("'energy' points must all give 'bar' or all give 'at'.")
		case okB && !(bar >= 1 && bar <= 10000), okA && !(at >= 0 && at <= 3600):
			return nil, errorf("an 'energy' point's 'bar' must be from 1 to 10000, its 'at' from 0 to 3600 seconds.")
		case bar+at < prev:
			return nil, errorf("'energy' points must be in order of time.")
		}
		prev = bar + at
		if okB {
			out[i], _ = json.Marshal(struct {
				Bar   float64 `json:"bar"`
				Value float64 `json:"value"`
			}{bar, v})
		} else {
			out[i], _ = json.Marshal(struct {
				At    float64 `json:"at"`
				Value float64 `json:"value"`
			}{at, v})
		}
	}
	return json.Marshal(out)
}

// hitPoint is one hit point in canonical form.
type hitPoint struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
}

// checkHits validates a request's hit points and returns their canonical
// JSON, in order of time.
func checkHits(raw json.RawMessage) (json.RawMessage, error) {
	var in []map[string]any
	if json.Unmarshal(raw, &in) != nil || len(in) == 0 || len(in) > MaxHits {
		return nil, errorf(`'hits' must be an array of 1 to %d hit points such as {"at": 42.3, "kind": "drop"}.`, MaxHits)
	}
	out := make([]hitPoint, 0, len(in))
	for _, m := range in {
		at, ok1 := m["at"].(float64)
		kind, ok2 := m["kind"].(string)
		if !ok1 || !ok2 || len(m) != 2 || !(at > 0 && at <= 3600) || !slices.Contains(HitKinds, kind) {
			return nil, errorf("each of 'hits' needs 'at' (seconds, above 0 up to 3600) and 'kind' (one of %s).", strings.Join(HitKinds, ", "))
		}
		out = append(out, hitPoint{At: at, Kind: kind})
	}
	slices.SortStableFunc(out, func(a, b hitPoint) int {
		switch {
		case a.At < b.At:
			return -1
		case a.At > b.At:
			return 1
		}
		return 0
	})
	for i := 1; i < len(out); i++ {
		if out[i].At == out[i-1].At {
			return nil, errorf("'hits' has two hit points at %g s.", out[i].At)
		}
		if out[i-1].Kind == "end" {
			return nil, errorf("'hits' has a hit point after its end.")
		}
	}
	return json.Marshal(out)
}
