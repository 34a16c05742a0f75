package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/httpapi"
)

// recipeFlag is generate's --recipe: a recipe to render again (issue 20
// item 5). Its value is a file (the recipe itself, or a result or job
// JSON that holds one, such as the JSON generate writes beside the song)
// or the recipe's JSON inline.
//
// The recipe is sent without the extra outputs its options name (stems,
// MIDI, timeline): a re-render makes only the files its own flags ask
// for. Everything else of the recipe is sent as it is.
type recipeFlag struct {
	json  string
	title string
}

func (r *recipeFlag) String() string { return r.json }

// Type names the flag's value in help.
func (r *recipeFlag) Type() string { return "FILE|JSON" }

// Set reads the recipe from the value.
func (r *recipeFlag) Set(v string) error {
	data := []byte(v)
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		b, err := os.ReadFile(v)
		if err != nil {
			return fmt.Errorf("cannot read the recipe: %w", err)
		}
		data = b
	}
	rec, err := findRecipe(data)
	if err != nil {
		return err
	}
	if rec, err = withoutOutputs(rec); err != nil {
		return err
	}
	var t struct {
		Title string `json:"title"`
	}
	_ = json.Unmarshal(rec, &t)
	r.json, r.title = string(rec), t.Title
	return nil
}

// prompt is the prompt of a job that renders the recipe without one: its
// song's title.
func (r *recipeFlag) prompt() string {
	if strings.TrimSpace(r.title) == "" {
		return "a recipe"
	}
	return r.title
}

// withoutOutputs is rec without the "outputs" member of its options.
func withoutOutputs(rec json.RawMessage) (json.RawMessage, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(rec, &doc); err != nil {
		return nil, fmt.Errorf("the recipe is not a JSON object: %w", err)
	}
	var opts map[string]json.RawMessage
	if json.Unmarshal(doc["options"], &opts) != nil || opts["outputs"] == nil {
		return rec, nil
	}
	// Only the options change; the other members keep their values.
	delete(opts, "outputs")
	b, err := json.Marshal(opts)
	if err != nil {
		return nil, err
	}
	doc["options"] = b
	return json.Marshal(doc)
}

// findRecipe returns the recipe in data: data itself when it is one (it
// has an engine_version), else its "recipe" or "result"."recipe" member.
func findRecipe(data []byte) (json.RawMessage, error) {
	var doc struct {
		EngineVersion json.RawMessage `json:"engine_version"`
		Recipe        json.RawMessage `json:"recipe"`
		Result        *struct {
			Recipe json.RawMessage `json:"recipe"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("the recipe is not a JSON object: %w", err)
	}
	switch {
	case len(doc.Recipe) > 0:
		return doc.Recipe, nil
	case doc.Result != nil && len(doc.Result.Recipe) > 0:
		return doc.Result.Recipe, nil
	case len(doc.EngineVersion) > 0:
		return bytes.TrimSpace(data), nil
	}
	return nil, fmt.Errorf("no recipe found: give a result's \"recipe\" object, or a JSON file that holds one")
}

// provenanceJSON copies a result's engine version, recipe and licence
// into the JSON generate writes beside the song (issue 20 item 7).
func provenanceJSON(out *httpapi.ResultBody, r *client.Result) {
	out.EngineVersion = r.EngineVersion
	if r.Recipe != "" {
		out.Recipe = json.RawMessage(r.Recipe)
	}
	if l := r.License; l != nil {
		out.License = &httpapi.LicenseBody{ID: l.ID, URL: l.URL, Attribution: l.Attribution, Warranty: l.Warranty}
	}
}
