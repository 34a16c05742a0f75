package mixmeter

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
)

// Reference holds the figures of the human-made reference music per
// family ("calm": Debian's wesnoth-1.16-music, "beat": supertuxkart-data's
// music), as `make reference` writes them to testdata/reference.json.
type Reference struct {
	// Method says how the figures were measured.
	Method string `json:"method"`
	// Families maps a family name to its measured set.
	Families map[string]Set `json:"families"`
}

// Set is one family's measured tracks and their statistics per measure
// (names as in Measures).
type Set struct {
	// Source names the package and folder the tracks come from.
	Source string `json:"source"`
	// Tracks are the per-file figures.
	Tracks []Features `json:"tracks"`
	// Median, Q1 and Q3 are the median and the quartiles over Tracks.
	Median map[string]float64 `json:"median"`
	Q1     map[string]float64 `json:"q1"`
	Q3     map[string]float64 `json:"q3"`
}

// NewSet returns the set of tracks with its statistics: every measure of
// Measures, GrowthNames and RhythmNames that some track has.
func NewSet(source string, tracks []Features) Set {
	s := Set{Source: source, Tracks: tracks, Median: map[string]float64{}, Q1: map[string]float64{}, Q3: map[string]float64{}}
	for _, m := range slices.Concat(Measures(), GrowthNames, RhythmNames) {
		v := Values(tracks, m)
		if len(v) == 0 {
			continue
		}
		q1, med, q3 := Quartiles(v)
		s.Q1[m], s.Median[m], s.Q3[m] = round(q1), round(med), round(q3)
	}
	return s
}

func round(x float64) float64 { return math.Round(x*1000) / 1000 }

// Values returns measure m of every feature set that has it.
func Values(fs []Features, m string) []float64 {
	var out []float64
	for _, f := range fs {
		if v, ok := f.Value(m); ok && !math.IsNaN(v) && !math.IsInf(v, 0) {
			out = append(out, v)
		}
	}
	return out
}

// Quartiles returns the first quartile, median and third quartile of x by
// linear interpolation between order statistics (numpy's default); NaN
// for an empty x.
func Quartiles(x []float64) (q1, median, q3 float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	s := slices.Clone(x)
	slices.Sort(s)
	at := func(p float64) float64 {
		h := p * float64(len(s)-1)
		i := int(h)
		if i+1 >= len(s) {
			return s[len(s)-1]
		}
		return s[i] + (h-float64(i))*(s[i+1]-s[i])
	}
	return at(0.25), at(0.5), at(0.75)
}

//go:embed testdata/reference.json
var referenceJSON []byte

// LoadReference returns the committed reference figures
// (testdata/reference.json, embedded).
func LoadReference() (Reference, error) {
	var r Reference
	if err := json.Unmarshal(referenceJSON, &r); err != nil {
		return r, fmt.Errorf("mixmeter: reference figures: %w", err)
	}
	return r, nil
}

// ReadReference reads reference figures from a file.
func ReadReference(path string) (Reference, error) {
	var r Reference
	b, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("mixmeter: %s: %w", path, err)
	}
	return r, nil
}

// Check is one measure of a family of songs against its bounds.
type Check struct {
	Measure string
	// N is how many songs have the measure.
	N int
	// Median, Q1 and Q3 are the songs' statistics.
	Median, Q1, Q3 float64
	// Lo and Hi bound the songs' median (the reference set's
	// interquartile range, or a range a rule sets).
	Lo, Hi float64
	// RefMedian is the reference set's median (NaN for a set rule).
	RefMedian float64
	// OK reports Lo <= Median <= Hi.
	OK bool
}

// CheckMedians checks, for every measure named, that the median of songs
// lies inside the set's interquartile range.
func (s Set) CheckMedians(songs []Features, measures []string) []Check {
	out := make([]Check, 0, len(measures))
	for _, m := range measures {
		c := CheckRange(songs, m, s.Q1[m], s.Q3[m])
		c.RefMedian = s.Median[m]
		if _, ok := s.Q1[m]; !ok {
			c.OK = false
		}
		out = append(out, c)
	}
	return out
}

// CheckRange checks that the median of measure m over songs lies in
// lo..hi.
func CheckRange(songs []Features, m string, lo, hi float64) Check {
	v := Values(songs, m)
	q1, med, q3 := Quartiles(v)
	return Check{Measure: m, N: len(v), Median: med, Q1: q1, Q3: q3, Lo: lo, Hi: hi, RefMedian: math.NaN(),
		OK: len(v) > 0 && med >= lo && med <= hi}
}

// Table formats checks as an aligned text table, one row per measure.
func Table(checks []Check) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s %4s %8s %18s   %18s %8s  %s\n", "measure", "n", "median", "songs IQR", "bounds", "ref med", "")
	for _, c := range checks {
		verdict := "ok"
		if !c.OK {
			verdict = "OUTSIDE"
		}
		ref := "-"
		if !math.IsNaN(c.RefMedian) {
			ref = fmt.Sprintf("%.2f", c.RefMedian)
		}
		fmt.Fprintf(&b, "%-12s %4d %8.2f [%7.2f, %7.2f]   [%7.2f, %7.2f] %8s  %s\n",
			c.Measure, c.N, c.Median, c.Q1, c.Q3, c.Lo, c.Hi, ref, verdict)
	}
	return b.String()
}
