package style

import "strings"

// catalogue is every style, in a fixed order: the files of this package
// each hold one family of entries.
var catalogue = concat(core, coreAcoustic, latin, world, urban, screen, scenes)

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
		for _, a := range s.Aliases {
			m[a] = i
		}
	}
	for i, s := range catalogue {
		m[s.Name] = i // a name wins over another style's alias
	}
	return m
}()

// Lookup returns the style with the given canonical name or alias (case,
// surrounding space and repeated spaces are ignored; "hip-hop" finds
// "hip hop").
func Lookup(name string) (Style, bool) {
	n := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	i, ok := byName[n]
	if !ok {
		i, ok = byName[strings.ReplaceAll(n, "-", " ")]
	}
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
