package reader

import (
	"strings"

	"github.com/songsmith/songsmith/internal/plan"
)

// misspelt finds a style name or alias written with one typo (a letter
// missing, added, changed or two swapped: "tecno", "dupstep", "bosanova"):
// single words of five letters or more, and two words written as one.
func misspelt(toks []string, known []bool) (plan.Genre, bool) {
	for i, tok := range toks {
		if known[i] {
			continue // a word the reader knows is no typo
		}
		cands := []string{tok}
		if i+1 < len(toks) && !known[i+1] {
			cands = append(cands, tok+toks[i+1])
		}
		for _, c := range cands {
			if len(c) < 5 || !isASCII(c) {
				continue
			}
			for _, t := range vocabulary() {
				if t.kind != termStyle || t.cjk || t.hangul {
					continue
				}
				if p := strings.ReplaceAll(t.phrase, " ", ""); len(p) >= 5 && editDistance1(c, p) {
					return t.style, true
				}
			}
		}
	}
	return "", false
}

// editDistance1 reports whether a and b differ by exactly one edit
// (insertion, deletion, substitution or adjacent transposition).
func editDistance1(a, b string) bool {
	if a == b || len(a)-len(b) > 1 || len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b):
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case len(a) > len(b):
		return a[i+1:] == b[i:]
	default:
		return a[i:] == b[i+1:]
	}
}

// misspeltInstrument returns the one-word instrument name (of five letters
// or more) that tok misspells by one letter.
func misspeltInstrument(tok string) (string, bool) {
	for _, iw := range instrumentWords {
		if len(iw.phrase) >= 5 && !strings.Contains(iw.phrase, " ") && editDistance1(tok, iw.phrase) {
			return iw.phrase, true
		}
	}
	return "", false
}
