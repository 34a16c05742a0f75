package request

import (
	"encoding/json"

	"github.com/songsmith/songsmith/internal/edit"
)

// MaxEnergyPoints is the most points (or section labels) an energy curve
// may have.
const MaxEnergyPoints = 64

// checkEnergy validates a request's energy (edit.ParseCurve) and returns
// its canonical JSON.
func checkEnergy(raw json.RawMessage) (json.RawMessage, error) {
	c, err := edit.ParseCurve(raw)
	if err != nil {
		return nil, errorf("%s", err.Error())
	}
	if len(c.Points) > MaxEnergyPoints || len(c.Sections) > MaxEnergyPoints {
		return nil, errorf("'energy' may have at most %d points or sections.", MaxEnergyPoints)
	}
	return c.JSON(), nil
}

// checkHits validates a request's hit points (edit.ParseHits) and returns
// their canonical JSON, in order of time.
func checkHits(raw json.RawMessage) (json.RawMessage, error) {
	h, err := edit.ParseHits(raw)
	if err != nil {
		return nil, errorf("%s", err.Error())
	}
	return edit.HitsJSON(h), nil
}
