package jobs

import (
	"encoding/json"
	"testing"
)

// The JSON types no row uses yet (the next rows will): a boolean, a number
// where 0 is a value, an integer from a set. Each row's field here is a
// variable of the test, shared by every Options.
func TestOptionSpecTypesAhead(t *testing.T) {
	var (
		flag     bool
		level    *float64
		rate     *uint64
		flag2    bool
		level2   *float64
		rate2    *uint64
		o, other Options
	)
	rows := []OptionSpec{
		{Name: "loop", Type: TypeBoolean, Field: func(p *Options) any { return pick(p, &o, &flag, &flag2) }},
		{Name: "intensity", Type: TypeNumber, Min: 0, Max: 1, Field: func(p *Options) any { return pick(p, &o, &level, &level2) }},
		{Name: "sample_rate", Type: TypeInteger, Min: 44100, Max: 48000, Enum: []string{"44100", "48000"},
			Field: func(p *Options) any { return pick(p, &o, &rate, &rate2) }},
	}
	read := func(s *OptionSpec, raw string) error {
		if err := s.ReadJSON(&o, json.RawMessage(raw)); err != nil {
			return err
		}
		return s.normalize(&o)
	}
	for _, c := range []struct {
		row     int
		ok, bad []string
		msg     string
	}{
		{0, []string{"true", "false"}, []string{`"yes"`, "1"}, "'loop' must be true or false."},
		{1, []string{"0", "0.5", "1"}, []string{"1.5", "-0.1"}, "'intensity' must be a number from 0 to 1."},
		{2, []string{"44100", "48000"}, []string{"44101"}, "'sample_rate' must be one of 44100, 48000."},
		{2, nil, []string{"96000", "-1", "22050", `"48000"`, "4.41e4"}, "'sample_rate' must be one of 44100, 48000."},
	} {
		s := &rows[c.row]
		for _, raw := range c.ok {
			if err := read(s, raw); err != nil {
				t.Errorf("%s = %s: %v", s.Name, raw, err)
			}
		}
		for _, raw := range c.bad {
			if err := read(s, raw); ErrorMessage(err) != c.msg {
				t.Errorf("%s = %s: %v, want %q", s.Name, raw, err, c.msg)
			}
		}
	}
	if err := read(&rows[1], "0.25"); err != nil || level == nil || *level != 0.25 {
		t.Fatalf("intensity 0.25: %v, %v", level, err)
	}
	zero := 0.0
	level, level2 = &zero, nil
	if rows[1].equal(&o, &other) {
		t.Fatal("intensity 0 equals unset")
	}
	level2 = new(float64)
	if !rows[1].equal(&o, &other) {
		t.Fatal("0 differs from 0")
	}
	flag, flag2 = true, false
	if rows[0].equal(&o, &other) {
		t.Fatal("true equals false")
	}
}

// pick returns a when p is o, else b: a field per Options for rows whose
// fields are test variables.
func pick[T any](p, o *Options, a, b *T) *T {
	if p == o {
		return a
	}
	return b
}
