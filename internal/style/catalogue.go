package style

import "strings"

// catalogue is every style, in a fixed order: the files of this package
// each hold one family of entries.
var catalogue = concat(core, latin, world, urban, screen, scenes)

func concat(lists ...[]Style) []Style {
	var out []Style
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// All returns every style of the catalogue in a fixed order. The slice is
// shared: do not modify it.
func All() []Style { return catalogue }

// Names returns the canonical names of every style, in catalogue order.
func Names() []string {
	out := make([]string, len(catalogue))
	for i, s := range catalogue {
		out[i] = s.Name
	}
	return out
}

var byName = func() map[string]int {
	m := make(map[string]int, len(catalogue))
	for i, s := range catalogue {
		m[s.Name] = i
	}
	return m
}()

// Lookup returns the style with canonical name (case and surrounding
// space are ignored).
func Lookup(name string) (Style, bool) {
	i, ok := byName[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Style{}, false
	}
	return catalogue[i], true
}

// Must returns the style with canonical name and panics when there is
// none: for names written in code.
func Must(name string) Style {
	s, ok := Lookup(name)
	if !ok {
		panic("style: no style " + name)
	}
	return s
}
