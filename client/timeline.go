package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Timeline is the composed grid of a song ([WithTimeline]): every time is
// in seconds from the first sample of the audio.
type Timeline struct {
	Version  int     `json:"version"`
	Duration float64 `json:"duration"`
	Tempo    struct {
		BPM     float64 `json:"bpm"`
		Changes []struct {
			At  float64 `json:"at"`
			BPM float64 `json:"bpm"`
		} `json:"changes"`
	} `json:"tempo"`
	Meter struct {
		Signature   string `json:"signature"`
		BeatsPerBar int    `json:"beats_per_bar"`
		// Changes are the bars of another meter a hit point needed (a
		// 2/4 or 5/4 bar in 4/4, [WithHit]) and the return after each.
		Changes []struct {
			At          float64 `json:"at"`
			Signature   string  `json:"signature"`
			BeatsPerBar int     `json:"beats_per_bar"`
		} `json:"changes"`
	} `json:"meter"`
	Key struct {
		Name        string `json:"name"`
		Modulations []struct {
			At  float64 `json:"at"`
			Key string  `json:"key"`
		} `json:"modulations"`
	} `json:"key"`
	Beats     []float64 `json:"beats"`
	Downbeats []float64 `json:"downbeats"`
	Sections  []struct {
		Label string  `json:"label"`
		Start float64 `json:"start"`
		End   float64 `json:"end"`
		// Energy is the energy the section played, 0..1: the drawn
		// energy's where the request set one ([WithSectionEnergy],
		// [WithEnergyCurve]), else the composer's.
		Energy float64 `json:"energy"`
	} `json:"sections"`
	// Hits are the hit points asked for ([WithHit]): the kind, the time
	// asked, the downbeat it landed on (At seconds, Bar from 1) and how
	// far it moved (seconds; positive: later).
	Hits []struct {
		Kind  string  `json:"kind"`
		Asked float64 `json:"asked"`
		At    float64 `json:"at"`
		Bar   int     `json:"bar"`
		Moved float64 `json:"moved"`
	} `json:"hits"`
	Chords []struct {
		Symbol string  `json:"symbol"`
		Start  float64 `json:"start"`
		End    float64 `json:"end"`
	} `json:"chords"`
	Parts []struct {
		Name       string `json:"name"`
		Instrument string `json:"instrument"`
		Role       string `json:"role"`
		Plays      []struct {
			Start float64 `json:"start"`
			End   float64 `json:"end"`
		} `json:"plays"`
	} `json:"parts"`
}

// Timeline downloads and decodes the timeline of a completed job's result
// (asked for with [WithTimeline]), as [Client.Download] does.
func (c *Client) Timeline(ctx context.Context, r *Result) (*Timeline, error) {
	if r == nil || r.TimelineURL == "" {
		return nil, errors.New("songsmith: the result has no timeline_url (generate WithTimeline)")
	}
	var buf bytes.Buffer
	if _, err := c.Download(ctx, r.TimelineURL, &buf); err != nil {
		return nil, err
	}
	var t Timeline
	if err := json.Unmarshal(buf.Bytes(), &t); err != nil {
		return nil, fmt.Errorf("songsmith: decode timeline: %w", err)
	}
	return &t, nil
}
