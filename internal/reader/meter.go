package reader

import (
	"regexp"

	"github.com/songsmith/songsmith/internal/plan"
)

// Meter words: a prompt asking for a waltz, 3/4 or "in three" asks for
// triple meter, a jig or 6/8 for compound meter, "4/4" for common time;
// the composer honours them where the genre suits them.

var meterRE = regexp.MustCompile(`\bwaltz(?:es|ing)?\b|\bvalse\b|\bvals\b|\bwalzer\b|\bvalzer\b|\bminuet\b|\bmazurka\b|\b3\s*/\s*4\b|\bthree[ -]four time\b|\bin (?:three|3)\b(\s+(?:minutes?|mins?|seconds?|secs?|m|s)\b)?`)

var (
	compoundRE = regexp.MustCompile(`\b(?:6|12)\s*/\s*8\b|\bjigs?\b|\bcompound (?:meter|time)\b|\btarantella\b|\bsiciliana\b|\bbarcarolle\b`)
	commonRE   = regexp.MustCompile(`\b4\s*/\s*4\b|\bcommon time\b|\breels?\b`)
)

// parseMeter sets p.Meter when the prompt asks for a meter: 3 for triple
// meter, 6 for 6/8 (and jigs), 4 for "4/4".
func parseMeter(p *plan.Plan, lower string) {
	switch {
	case compoundRE.MatchString(lower):
		p.Meter = 6
		return
	case commonRE.MatchString(lower):
		p.Meter = 4
		return
	}
	for _, m := range meterRE.FindAllStringSubmatch(lower, -1) {
		if m[1] == "" { // "in three minutes" is a length, not a meter
			p.Meter = 3
			return
		}
	}
}
