package request

import (
	"encoding/json"
	"slices"
)

// Recipes and provenance (issue 20 items 5 and 7): a completed result
// carries the engine version, the recipe that renders the same song again
// and the licence of the output. The recipe's shape is internal/recipe's;
// this file only moves options between a request and a recipe, generically
// over OptionSpecs, so a new option row lands in recipes without code here.

// notInRecipe are the options a recipe's options leave out: where to
// report a job is not part of the song, a recipe holds no recipe, and a
// collection piece's recipe renders that piece alone.
var notInRecipe = []string{"webhook_url", "recipe", "count"}

// Members returns o's options as POST /generate members (a JSON object,
// keys in OptionSpecs order), leaving out webhook_url and recipe: the
// options part of a recipe. Nil o gives {}.
func (o *Options) Members() (json.RawMessage, error) {
	var b []byte
	b = append(b, '{')
	if o != nil {
		for i := range OptionSpecs {
			s := &OptionSpecs[i]
			if slices.Contains(notInRecipe, s.Name) || !s.set(o) {
				continue
			}
			v, err := json.Marshal(s.Field(o))
			if err != nil {
				return nil, err
			}
			if len(b) > 1 {
				b = append(b, ',')
			}
			k, _ := json.Marshal(s.Name)
			b = append(append(append(b, k...), ':'), v...)
		}
	}
	return append(b, '}'), nil
}

// FromRecipe fills the options o leaves out with those of o.Recipe's
// "options" member, read through OptionSpecs like a request's members:
// the request's own options change the recipe's song, the rest stays as
// it was. A recipe without options changes nothing; options that do not
// read are an *Error (jobs.EInvalid) naming the recipe.
func (o *Options) FromRecipe() error {
	if o == nil || len(o.Recipe) == 0 {
		return nil
	}
	var r struct {
		Options map[string]json.RawMessage `json:"options"`
	}
	if err := json.Unmarshal(o.Recipe, &r); err != nil {
		return errorf("'recipe' is malformed: its 'options' must be an object of request options.")
	}
	for i := range OptionSpecs {
		s := &OptionSpecs[i]
		raw, ok := r.Options[s.Name]
		if !ok || slices.Contains(notInRecipe, s.Name) || s.set(o) || string(raw) == "null" {
			continue
		}
		if err := s.ReadJSON(o, raw); err != nil {
			return errorf("'recipe' is malformed: its options: %s", message(err))
		}
	}
	return nil
}

// RecipeOptions returns the options of o.Recipe's "options" member alone
// (what the recipe's song was asked with), read as FromRecipe reads them.
func (o *Options) RecipeOptions() (Options, error) {
	r := Options{Recipe: o.Recipe}
	if err := r.FromRecipe(); err != nil {
		return Options{}, err
	}
	r.Recipe = nil
	return r, nil
}
