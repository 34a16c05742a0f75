package reader

// The reader's lexicon: the terms it knows, how prompt text is folded
// and cut into tokens, and how terms are found in it (longest first).

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// termKind says what a matched phrase of a prompt names.
type termKind uint8

const (
	termStyle  termKind = iota // a style's name or alias
	termColour                 // an adjective form of a style ("jazzy")
	termMood
	termTempo
	termInst
	termScene
)

// term is one phrase the reader knows and what it means.
type term struct {
	phrase string // normalised: folded, lower case, single spaces
	kind   termKind
	style  plan.Genre
	mood   plan.Mood
	tempo  string
	inst   score.Instrument
	scene  hint
	cjk    bool // matched as a substring (CJK scripts, emoji)
	hangul bool // matched as a word prefix (Korean particles follow words)
}

// match is a term found in a prompt, at token positions [from, to).
type match struct {
	term
	from, to int
	neg      bool
}

// vocabulary returns every term, longest phrase first. It is built on
// first use, not at package init: building allocates about 30 MB, which a
// worker Lambda's cold start (and every `songsmith` command) would pay
// before its first event (a test in internal/lambdatest bounds init).
var vocabulary = sync.OnceValue(buildVocabulary)

func buildVocabulary() []term {
	var ts []term
	add := func(t term) {
		t.phrase = fold(t.phrase)
		t.cjk, t.hangul = isCJK(t.phrase), isHangul(t.phrase)
		if t.phrase != "" {
			ts = append(ts, t)
		}
	}
	for _, st := range style.All() {
		for _, a := range append([]string{st.Name}, st.Aliases...) {
			add(term{phrase: a, kind: termStyle, style: plan.Genre(st.Name)})
		}
		for _, c := range st.Colour {
			add(term{phrase: c, kind: termColour, style: plan.Genre(st.Name)})
		}
	}
	artists := make([]string, 0, len(artistStyles))
	for a := range artistStyles {
		artists = append(artists, a)
	}
	sort.Strings(artists)
	for _, a := range artists {
		add(term{phrase: a, kind: termStyle, style: artistStyles[a]})
	}
	for _, m := range moodWords {
		add(term{phrase: m.phrase, kind: termMood, mood: m.value})
	}
	for _, m := range tempoWords {
		add(term{phrase: m.phrase, kind: termTempo, tempo: m.value})
	}
	for _, m := range instrumentWords {
		add(term{phrase: m.phrase, kind: termInst, inst: m.value})
	}
	keys := make([]string, 0, len(scenes))
	for k := range scenes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		add(term{phrase: k, kind: termScene, scene: scenes[k]})
	}
	english := make(map[string][]term, len(ts)) // phrase -> its terms, in order
	for _, t := range ts {
		english[t.phrase] = append(english[t.phrase], t)
	}
	alias := func(word, target string) {
		target = fold(target)
		neg := strings.HasPrefix(target, "no ")
		target = strings.TrimPrefix(target, "no ")
		for _, t := range english[target] {
			t.phrase = word
			if neg && t.kind == termInst {
				t.phrase = "\x00no " + word // a negated instrument ("sin bateria")
			}
			add(t)
		}
	}
	for _, m := range []map[string]string{foreignWords, emojiWords} {
		ks := make([]string, 0, len(m))
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			alias(strings.TrimSpace(k), m[k])
		}
	}
	slices.SortStableFunc(ts, func(a, b term) int { return len(b.phrase) - len(a.phrase) })
	return ts
}

// fold lower-cases s, removes accents and variation selectors, turns
// hyphens, slashes and underscores into spaces, drops apostrophes and
// collapses spaces.
func fold(s string) string {
	out := strings.ToLower(s)
	if !isASCII(out) { // ASCII has no marks to remove: NFD and NFC leave it as it is
		t := unmark.Get().(transform.Transformer)
		if o, _, err := transform.String(t, out); err == nil { // String resets t first
			out = o
		}
		unmark.Put(t)
	}
	out = foldPunct.Replace(out)
	return strings.Join(strings.Fields(out), " ")
}

// unmark holds fold's chains that take the marks off (NFD, marks removed,
// NFC): a chain is 12 KiB of buffers, not safe for concurrent use, and
// reset by transform.String, so they are reused.
var unmark = sync.Pool{New: func() any {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}}

// foldPunct is fold's punctuation: made once (a Replacer is safe for
// concurrent use), not per word of the vocabulary.
var foldPunct = strings.NewReplacer("\ufe0f", "", "'", "", "’", "", "-", " ", "_", " ", "/", " ")

func isCJK(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r > 0x2000 && !unicode.IsLetter(r) && !unicode.IsSpace(r) && !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func isHangul(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hangul) {
			return true
		}
	}
	return false
}

// tokens splits folded text into words: runs of letters and digits, and
// "&".
func tokens(s string) []string {
	return strings.FieldsFunc(strings.ReplaceAll(s, "&", " & "), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&'
	})
}

// variants are the spellings a token phrase also matches: plurals and the
// phrase written as one word.
func variants(p string) []string {
	out := []string{p}
	switch {
	case strings.HasSuffix(p, "y") && !strings.HasSuffix(p, "ey") && !strings.HasSuffix(p, "ay"):
		out = append(out, p[:len(p)-1]+"ies", p+"s")
	case !strings.HasSuffix(p, "s"):
		out = append(out, p+"s", p+"es")
	}
	if strings.Contains(p, " ") {
		out = append(out, strings.ReplaceAll(p, " ", ""))
	}
	return out
}

// negators make the word after them (or after "any", "a", "the") a
// negation: "no drums", "without any piano", "sin bateria".
var negators = map[string]bool{"no": true, "without": true, "not": true, "minus": true, "sans": true, "zero": true,
	"nor": true, "excluding": true, "sin": true, "sem": true, "ohne": true, "senza": true, "less": true, "non": true}

// findTerms returns the terms of a prompt: longest phrases first, each
// token claimed once per kind group (styles and instruments share one, so
// "drum and bass" is a style, not drums and a bass), plus substring terms.
func findTerms(folded string, toks []string) []match {
	used := map[termKind][]bool{}
	norm := " " + strings.Join(toks, " ") + " "
	var out []match
	for _, t := range vocabulary() {
		if strings.HasPrefix(t.phrase, "\x00no ") {
			p := strings.TrimPrefix(t.phrase, "\x00no ")
			if strings.Contains(folded, p) {
				out = append(out, match{term: t, from: -1, to: -1, neg: true})
			}
			continue
		}
		if t.cjk {
			if strings.Contains(folded, t.phrase) {
				out = append(out, match{term: t, from: -1, to: -1})
			}
			continue
		}
		if t.hangul {
			for i, tok := range toks {
				if strings.HasPrefix(tok, t.phrase) {
					out = append(out, match{term: t, from: i, to: i + 1})
				}
			}
			continue
		}
		group := t.kind
		if group == termInst || group == termColour {
			group = termStyle // styles, colours and instruments claim words from each other
		}
		if used[group] == nil {
			used[group] = make([]bool, len(toks))
		}
		for _, v := range variants(t.phrase) {
			for off := 0; ; {
				i := strings.Index(norm[off:], " "+v+" ")
				if i < 0 {
					break
				}
				i += off
				off = i + 1
				from := strings.Count(norm[:i+1], " ") - 1
				to := from + strings.Count(v, " ") + 1
				free := true
				for k := from; k < to; k++ {
					free = free && !used[group][k]
				}
				if !free {
					continue
				}
				for k := from; k < to; k++ {
					used[group][k] = true
				}
				out = append(out, match{term: t, from: from, to: to, neg: negated(toks, from)})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].from < out[j].from })
	return out
}

// negated reports whether the word at i follows a negation.
func negated(toks []string, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		switch w := toks[k]; {
		case negators[w]:
			return true
		case w == "any" || w == "a" || w == "the" || w == "too" || w == "much" || w == "real" || w == "heavy" || w == "loud" || w == "and" || w == "or" || w == "de" || w == "di":
			continue
		default:
			return false
		}
	}
	return false
}
