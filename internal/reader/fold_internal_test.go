package reader

import (
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// foldRef is fold as first written (a transform chain and a replacer made
// per call, every string through the normalisation): the reference of
// TestFold.
func foldRef(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		out = strings.ToLower(s)
	}
	out = strings.NewReplacer("\ufe0f", "", "'", "", "’", "", "-", " ", "_", " ", "/", " ").Replace(out)
	return strings.Join(strings.Fields(out), " ")
}

// TestFold: fold (ASCII skipping the normalisation, the replacer made
// once) folds every word of the foreign and emoji tables, their targets,
// and mixed prompts as the reference does.
func TestFold(t *testing.T) {
	in := []string{"Café del Mar", "K-Pop / J-Rock", "Ｌｏ-Ｆｉ", "\u212a", "rock'n'roll ❤️", "  MÉLANCOLIQUE  _ piano ", "ß", ""}
	for _, m := range []map[string]string{foreignWords, emojiWords} {
		for k, v := range m {
			in = append(in, k, v)
		}
	}
	for _, s := range in {
		if got, want := fold(s), foldRef(s); got != want {
			t.Errorf("fold(%q) = %q, want %q", s, got, want)
		}
	}
}
