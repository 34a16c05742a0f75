package recipe

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// Limits of a recipe's own fields (those without a request option).
const (
	// MaxTitleLen is the longest title, in characters.
	MaxTitleLen = 120
	// MaxBankLen is the longest bank identity.
	MaxBankLen = 200
	// MaxEdits is the most edits a recipe holds: an edit chain of
	// request.MaxEditDepth, the root's own edit and the changes of requests
	// that rendered recipes of recipes.
	MaxEdits = 2 * request.MaxEditDepth
	// MaxInstruments is the most instruments a plan's lists hold.
	MaxInstruments = 32
	// MaxWords and MaxWordLen bound a plan's content words (a prompt is at
	// most a few thousand characters).
	MaxWords, MaxWordLen = 500, 100
)

// Bound is one row of the table of a recipe's fields: the JSON path of a
// member and what bounds it. Exactly one of Option, the own bounds (Enum,
// Min/Max, MaxLen, MaxItems) or Flag says it.
type Bound struct {
	// Path is the member's path in the recipe: "plan.bpm", "edits[].key"
	// ("[]" for any item of an array).
	Path string
	// Option names the row of request.OptionSpecs whose range, allowed
	// values and canonical form apply (the same code a request's member
	// passes through: Options.Normalize).
	Option string
	// Required: the zero value ("not set" for an option) is refused.
	Required bool
	Enum     []string // allowed values of a string or of a list's items
	Min, Max float64  // range of a number
	MaxLen   int      // longest string or list item, in characters
	MaxItems int      // most items of a list
	// Flag marks a member that needs no bound: a boolean, the seed mixed
	// with the prompt (any 64-bit value), or the options object (checked
	// row by row through request.OptionSpecs).
	Flag bool
}

// Bounds is the table of a recipe's fields. A test walks the Recipe type
// and fails on a member without a row here.
var Bounds = []Bound{
	{Path: "recipe_format", Flag: true}, // checked by Parse
	{Path: "engine_version", Flag: true},
	{Path: "bank", Required: true, MaxLen: MaxBankLen},
	{Path: "seed", Option: "seed"},
	{Path: "song_seed", Flag: true},
	{Path: "title", MaxLen: MaxTitleLen},
	{Path: "loudness_lufs", Option: "loudness_lufs"},
	{Path: "options", Flag: true},
	{Path: "plan", Flag: true},
	{Path: "plan.style", Required: true, Enum: Styles},
	{Path: "plan.colour", Enum: Styles},
	{Path: "plan.only", Flag: true},
	{Path: "plan.texture", Enum: Instruments},
	{Path: "plan.mood", Required: true, Enum: Moods},
	{Path: "plan.bpm", Option: "bpm", Required: true},
	{Path: "plan.explicit_bpm", Flag: true},
	{Path: "plan.tempo", Enum: Tempos},
	{Path: "plan.duration_seconds", Option: "duration_seconds", Required: true},
	{Path: "plan.exact_duration", Option: "exact_duration"},
	{Path: "plan.loop", Option: "loop"},
	{Path: "plan.key", Option: "key", Required: true},
	{Path: "plan.instruments", Enum: Instruments, MaxItems: MaxInstruments},
	{Path: "plan.without", Enum: Instruments, MaxItems: MaxInstruments},
	{Path: "plan.no_drums", Flag: true},
	{Path: "plan.meter", Enum: Meters},
	{Path: "plan.featured", Enum: Instruments, MaxItems: MaxInstruments},
	{Path: "plan.acoustic", Flag: true},
	{Path: "plan.no_lead", Flag: true},
	{Path: "plan.vocal", Flag: true},
	{Path: "plan.words", MaxLen: MaxWordLen, MaxItems: MaxWords},
	{Path: "plan.chords", Option: "chords"},
	{Path: "plan.melody", Option: "melody"},
	{Path: "edits", MaxItems: MaxEdits},
	{Path: "edits[].bpm", Option: "bpm"},
	{Path: "edits[].key", Option: "key"},
	{Path: "edits[].duration_seconds", Option: "duration_seconds"},
	{Path: "edits[].exact_duration", Option: "exact_duration"},
	{Path: "edits[].loop", Option: "loop"},
	{Path: "edits[].intensity", Option: "intensity"},
	{Path: "edits[].instruments", Option: "instruments"},
	{Path: "edits[].regenerate", Option: "regenerate"},
	{Path: "edits[].energy", Option: "energy"},
	{Path: "edits[].hits", Option: "hits"},
	{Path: "edits[].chords", Option: "chords"},
}

// BoundFor returns the row of the member at path ("plan.bpm",
// "edits[].key").
func BoundFor(path string) (Bound, bool) {
	i := slices.IndexFunc(Bounds, func(b Bound) bool { return b.Path == path })
	if i < 0 {
		return Bound{}, false
	}
	return Bounds[i], true
}

// Validate checks every field of r against its row of Bounds: out of
// bounds is EInvalid naming the field ("'recipe.plan.bpm' must be a
// number from 40 to 240."). The members that are request options are
// checked together, as Options.Normalize checks a request (so a plan's
// loop and exact length cannot combine either).
func Validate(r *Recipe) error {
	if err := checkStruct("", reflect.ValueOf(r.Request)); err != nil {
		return err
	}
	if err := checkOptions("", reflect.ValueOf(r.Request)); err != nil {
		return err
	}
	if err := checkOptions("plan.", reflect.ValueOf(r.Plan)); err != nil {
		return err
	}
	for i := range r.Edits {
		if err := checkOptions(fmt.Sprintf("edits[%d].", i), reflect.ValueOf(r.Edits[i])); err != nil {
			return err
		}
	}
	if err := checkString("bank", r.Bank); err != nil {
		return err
	}
	if _, mode, _ := ParseKey(r.Plan.Key); mode == "" {
		return invalid("plan.key", `must name a mode too, such as "A-flat minor"`)
	}
	if len(r.Options) > 0 {
		opts := jobs.Options{Recipe: append([]byte(`{"options":`), append(r.Options, '}')...)}
		o, err := opts.RecipeOptions()
		if err == nil {
			err = o.Normalize()
		}
		if err != nil {
			return jobs.Errorf(jobs.EInvalid, "'recipe.options': %s", jobs.ErrorMessage(err))
		}
	}
	return nil
}

// field is one JSON member of a struct value.
type field struct {
	name string
	v    reflect.Value
}

// members lists v's JSON members, embedded structs flattened.
func members(v reflect.Value) []field {
	var out []field
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Anonymous {
			out = append(out, members(v.Field(i))...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		out = append(out, field{name, v.Field(i)})
	}
	return out
}

// indexRE finds the item numbers of a path.
var indexRE = regexp.MustCompile(`\[\d+\]`)

// rowOf is the row of a concrete path ("edits[3].key" -> "edits[].key").
func rowOf(path string) (Bound, error) {
	b, ok := BoundFor(indexRE.ReplaceAllString(path, "[]"))
	if !ok {
		return b, fmt.Errorf("recipe: no bound for %q", path)
	}
	return b, nil
}

// checkStruct checks the members of a struct value at prefix that have
// their own bounds, and recurses into nested ones.
func checkStruct(prefix string, v reflect.Value) error {
	for _, f := range members(v) {
		path := prefix + f.name
		b, err := rowOf(path)
		if err != nil {
			return err
		}
		if b.Option != "" || b.Flag {
			if f.v.Kind() == reflect.Struct {
				if err := checkStruct(path+".", f.v); err != nil {
					return err
				}
			}
			continue
		}
		if err := b.check(path, f.v); err != nil {
			return err
		}
	}
	return nil
}

// check checks one value against its own bounds.
func (b Bound) check(path string, v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if s == "" {
			if b.Required {
				return invalid(path, "is required")
			}
			return nil
		}
		return b.checkItem(path, s)
	case reflect.Int:
		n := v.Int()
		if n == 0 && !b.Required {
			return nil
		}
		return b.checkItem(path, fmt.Sprint(n))
	case reflect.Float64:
		x := v.Float()
		if !(x >= b.Min && x <= b.Max) {
			return invalid(path, fmt.Sprintf("must be between %g and %g", b.Min, b.Max))
		}
		return nil
	case reflect.Slice:
		if b.MaxItems > 0 && v.Len() > b.MaxItems {
			return invalid(path, fmt.Sprintf("may hold at most %d items", b.MaxItems))
		}
		for i := 0; i < v.Len(); i++ {
			item := fmt.Sprintf("%s[%d]", path, i)
			e := v.Index(i)
			if e.Kind() == reflect.Struct {
				if err := checkStruct(item+".", e); err != nil {
					return err
				}
				continue
			}
			if err := b.checkItem(item, e.String()); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("recipe: %s: no check for a %s", path, v.Kind())
}

// checkItem checks a string or a list's item against Enum and MaxLen.
func (b Bound) checkItem(path, s string) error {
	if b.Enum != nil && !slices.Contains(b.Enum, s) {
		if len(b.Enum) > 20 {
			return invalid(path, fmt.Sprintf("must be one of the %d names of the catalogue (docs/api.md, \"The recipe object\"); %q is not", len(b.Enum), clip(s)))
		}
		return invalid(path, "must be one of "+strings.Join(b.Enum, ", "))
	}
	return checkText(path, s, b.MaxLen)
}

// checkString checks a member with its own MaxLen by its path.
func checkString(path, s string) error {
	b, err := rowOf(path)
	if err != nil {
		return err
	}
	return b.check(path, reflect.ValueOf(s))
}

// checkText refuses text that is not valid UTF-8, holds control
// characters or is longer than max characters (0: no limit).
func checkText(path, s string, max int) error {
	if s == "" {
		return invalid(path, "must not be empty")
	}
	if !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
		return invalid(path, "must be text without control characters")
	}
	if n := utf8.RuneCountInString(s); max > 0 && n > max {
		return invalid(path, fmt.Sprintf("is %d characters long; the maximum is %d", n, max))
	}
	return nil
}

// checkOptions checks the members of a struct value at prefix that are
// request options, together, through jobs.Options.Normalize: an error
// names the member by its path in the recipe.
func checkOptions(prefix string, v reflect.Value) error {
	var o jobs.Options
	names := map[string]string{} // option -> path
	for _, f := range members(v) {
		path := prefix + f.name
		b, err := rowOf(path)
		if err != nil {
			return err
		}
		if b.Option == "" {
			continue
		}
		spec, ok := request.OptionSpecNamed(b.Option)
		if !ok {
			return fmt.Errorf("recipe: %s: no request option %q", path, b.Option)
		}
		names[b.Option] = path
		if b.Required && f.v.IsZero() {
			return invalid(path, "is required")
		}
		if err := setOption(spec.Field(&o), f.v); err != nil {
			return invalid(path, err.Error())
		}
	}
	if err := o.Normalize(); err != nil {
		msg := jobs.ErrorMessage(err)
		for opt, path := range names {
			msg = strings.ReplaceAll(msg, "'"+opt, "'recipe."+path)
		}
		return jobs.Errorf(jobs.EInvalid, "%s", msg)
	}
	return nil
}

// setOption sets an Options field (a pointer of the type its OptionType
// names) from a recipe's value.
func setOption(p any, v reflect.Value) error {
	switch p := p.(type) {
	case **uint64:
		n := v.Uint()
		*p = &n
	case *float64:
		x := v.Float()
		if math.IsNaN(x) {
			return fmt.Errorf("must be a number")
		}
		*p = x
	case **float64:
		if !v.IsNil() {
			x := v.Elem().Float()
			*p = &x
		}
	case *bool:
		*p = v.Bool()
	case *string:
		*p = v.String()
	case *[]string:
		*p = v.Interface().([]string)
	case *json.RawMessage:
		*p = slices.Clone(v.Bytes())
	case *map[string]string:
		if plain, ok := v.Interface().(map[string]string); ok { // chords
			*p = maps.Clone(plain)
			break
		}
		m := map[string]string{}
		for k, val := range v.Interface().(map[string]*string) {
			m[k] = ""
			if val != nil {
				m[k] = *val
			}
		}
		*p = m
	default:
		return fmt.Errorf("has no check for %T", p)
	}
	return nil
}

// invalid is the EInvalid error naming a recipe's member.
func invalid(path, says string) error {
	return jobs.Errorf(jobs.EInvalid, "'recipe.%s' %s.", path, says)
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
