package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
)

// Recipes (issue 20 item 5): what the composer sees of a prompt is the
// resolved plan and the mixed seed (see ComposeWritten). A recipe keeps
// both, so the song comes back without the prompt's text; RenderPlan
// renders it with exactly the steps of Render after the reading.

// ResolvePlan is what ComposeWritten composes from: the prompt's plan with
// o's overrides, resolved by the seed mixed with the prompt, and that
// mixed seed. It takes milliseconds.
func ResolvePlan(prompt string, seed uint64, o Options) (plan plan.Plan, songSeed uint64) {
	songSeed = ResolveSeed(prompt, seed)
	return music.Resolve(o.apply(reader.Parse(prompt)), songSeed), songSeed
}

// ResolveSeed is the seed the composer sees for a prompt and job seed.
func ResolveSeed(prompt string, seed uint64) uint64 { return songSeed(prompt, seed) }

// RenderPlan renders a resolved plan (a recipe's) as Render renders a
// prompt: o's overrides are applied to the plan again (a recipe's own
// options change nothing; others edit it), composed with songSeed,
// edited (o.Edits), performed, synthesized and mastered. Titles number by seed; title, when
// not "", replaces the described one (the prompt's words that titles
// also draw on are not in a recipe).
func RenderPlan(ctx context.Context, plan plan.Plan, songSeed, seed uint64, title string, o Options) (*Song, error) {
	s, described, tags, err := performPlan(ApplyPlan(plan, songSeed, o), songSeed, seed, o)
	if err != nil {
		return nil, err
	}
	if title == "" {
		title = described
	}
	return synthesize(ctx, s, title, tags, o)
}

// MarshalPlan is a resolved plan as a recipe holds it: JSON of every
// field of plan.Plan (a field added to Plan lands in recipes by itself)
// but the prompt's text.
func MarshalPlan(p plan.Plan) (json.RawMessage, error) {
	p.Prompt = ""
	return json.Marshal(p)
}

// UnmarshalPlan reads a recipe's plan. Members that are not fields of
// plan.Plan, or of the wrong type, are an error: the plan was not made
// by this engine.
func UnmarshalPlan(raw json.RawMessage) (plan.Plan, error) {
	var p plan.Plan
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return plan.Plan{}, fmt.Errorf("engine: recipe plan: %w", err)
	}
	p.Prompt = ""
	return p, nil
}

// ApplyPlan is the plan RenderPlan composes: o's overrides on plan,
// resolved by songSeed (a recipe of an edited recipe).
func ApplyPlan(plan plan.Plan, songSeed uint64, o Options) plan.Plan {
	return music.Resolve(o.apply(plan), songSeed)
}
