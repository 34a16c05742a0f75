package recipe_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
)

// TestRecipeOpenAPI checks the Recipe, RecipePlan and RecipeEdit schemas
// of openapi.json against recipe.Bounds: a property per row, closed
// objects, the row's allowed values and lengths, and an option row's
// range as the request option documents it.
func TestRecipeOpenAPI(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(httpapi.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc.Components.Schemas
	for _, name := range []string{"Recipe", "RecipePlan", "RecipeEdit"} {
		if schemas[name]["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties %v, want false", name, schemas[name]["additionalProperties"])
		}
	}
	prop := func(path string) map[string]any {
		schema := "Recipe"
		switch {
		case strings.HasPrefix(path, "plan."):
			schema, path = "RecipePlan", strings.TrimPrefix(path, "plan.")
		case strings.HasPrefix(path, "edits[]."):
			schema, path = "RecipeEdit", strings.TrimPrefix(path, "edits[].")
		}
		props, _ := schemas[schema]["properties"].(map[string]any)
		p, _ := props[path].(map[string]any)
		return p
	}
	for _, b := range recipe.Bounds {
		p := prop(b.Path)
		if p == nil {
			t.Errorf("%s: no property in openapi.json", b.Path)
			continue
		}
		if b.Option != "" {
			s, _ := jobs.OptionSpecNamed(b.Option)
			if (s.Type == jobs.TypeNumber || s.Type == jobs.TypeInteger) && (p["minimum"] != s.Min || p["maximum"] != s.Max) {
				t.Errorf("%s: range %v..%v, want the %s option's %g..%g", b.Path, p["minimum"], p["maximum"], s.Name, s.Min, s.Max)
			}
		}
		enum := p["enum"]
		if items, ok := p["items"].(map[string]any); ok && p["type"] == "array" {
			enum = items["enum"]
			if b.MaxLen > 0 && items["maxLength"] != float64(b.MaxLen) {
				t.Errorf("%s: items' maxLength %v, want %d", b.Path, items["maxLength"], b.MaxLen)
			}
		} else if b.MaxLen > 0 && p["maxLength"] != float64(b.MaxLen) {
			t.Errorf("%s: maxLength %v, want %d", b.Path, p["maxLength"], b.MaxLen)
		}
		if b.Enum != nil && fmt.Sprint(enum) != fmt.Sprint(b.Enum) {
			t.Errorf("%s: enum %v, want %v", b.Path, enum, b.Enum)
		}
		if b.MaxItems > 0 && p["maxItems"] != float64(b.MaxItems) {
			t.Errorf("%s: maxItems %v, want %d", b.Path, p["maxItems"], b.MaxItems)
		}
	}
}
