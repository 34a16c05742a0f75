package notation

// value is one written note value: its length in divisions, its type
// (quarter, eighth ...), dots, and whether it is a triplet value (three in
// the time of two).
type value struct {
	dur     int
	typ     string
	dots    int
	triplet bool
}

// plainValues are the values a multiple of a sixteenth is written with,
// longest first; tripletValues the triplet ones for the rest.
var (
	plainValues = []value{
		{72, "whole", 1, false}, {48, "whole", 0, false}, {36, "half", 1, false}, {24, "half", 0, false},
		{18, "quarter", 1, false}, {12, "quarter", 0, false}, {9, "eighth", 1, false}, {6, "eighth", 0, false},
		{3, "16th", 0, false},
	}
	tripletValues = []value{
		{8, "quarter", 0, true}, {4, "eighth", 0, true}, {2, "16th", 0, true}, {1, "32nd", 0, true},
	}
)

// split returns the values that write a note (or rest) from a to b, both
// in divisions from the start of its bar, tied together: the part up to
// the next beat first when the note starts off the beat and crosses it, so
// beats stay readable, then the longest values that fit.
func split(a, b, beat int) []value {
	var out []value
	if a%beat != 0 && b > (a/beat+1)*beat {
		next := (a/beat + 1) * beat
		out = append(out, fill(next-a)...)
		a = next
	}
	return append(out, fill(b-a)...)
}

// fill writes a length d in divisions with as few values as it can:
// plain values for the largest multiple of a sixteenth that leaves a
// remainder triplet values can write.
func fill(d int) []value {
	best := []value(nil)
	for p := d - d%3; p >= 0; p -= 3 {
		vs := greedy(p, plainValues)
		rest := greedy(d-p, tripletValues)
		if best == nil || len(vs)+len(rest) < len(best) {
			best = append(vs, rest...)
		}
		if d%3 == 0 {
			break
		}
	}
	return best
}

// greedy writes d with the longest values of vs first.
func greedy(d int, vs []value) []value {
	out := []value{}
	for _, v := range vs {
		for d >= v.dur {
			out = append(out, v)
			d -= v.dur
		}
	}
	return out
}
