package reader_test

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/songsmith/songsmith/internal/style"
)

// corpusStyles are the canonical style names the prompt corpus may use:
// the catalogue's, so a style added to it needs a prompt that reads as it
// (TestCorpusCoversEveryStyle) and nothing else to change here.
var corpusStyles = style.Names()

// corpusEntry is one parsed line of testdata/prompts.tsv.
type corpusEntry struct {
	line   int
	prompt string
	styles []string
	drums  string
	tempo  string
	meter  string
}

// readCorpus parses testdata/prompts.tsv, failing the test on any format error.
func readCorpus(t *testing.T) []corpusEntry {
	t.Helper()
	f, err := os.Open("testdata/prompts.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]bool{}
	for _, s := range corpusStyles {
		known[s] = true
	}
	var entries []corpusEntry
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Errorf("line %d: %d columns, want 5: %q", n, len(cols), line)
			continue
		}
		for i, c := range cols {
			if c == "" || strings.TrimSpace(c) != c {
				t.Errorf("line %d: column %d is empty or has surrounding space: %q", n, i+1, c)
			}
		}
		e := corpusEntry{line: n, prompt: cols[0], drums: cols[2], tempo: cols[3], meter: cols[4]}
		seen := map[string]bool{}
		for _, s := range strings.Split(cols[1], "|") {
			if !known[s] {
				t.Errorf("line %d: unknown style %q", n, s)
			}
			if seen[s] {
				t.Errorf("line %d: style %q listed twice", n, s)
			}
			seen[s] = true
			e.styles = append(e.styles, s)
		}
		switch e.drums {
		case "yes", "no", "-":
		default:
			t.Errorf("line %d: drums %q, want yes, no or -", n, e.drums)
		}
		if err := checkTempo(e.tempo); err != nil {
			t.Errorf("line %d: %v", n, err)
		}
		switch e.meter {
		case "4/4", "3/4", "6/8", "-":
		default:
			t.Errorf("line %d: meter %q, want 4/4, 3/4, 6/8 or -", n, e.meter)
		}
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return entries
}

// checkTempo accepts "-" or "lo-hi" with 40 <= lo <= hi <= 240.
func checkTempo(s string) error {
	if s == "-" {
		return nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return fmt.Errorf("tempo %q, want - or lo-hi", s)
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("tempo %q is not two integers", s)
	}
	if lo < 40 || lo > hi || hi > 240 {
		return fmt.Errorf("tempo %q, want 40 <= lo <= hi <= 240", s)
	}
	return nil
}

// isEmoji reports whether r is a pictographic emoji or a regional indicator.
func isEmoji(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF: // pictographs, flags, emoticons, symbols
		return true
	case r >= 0x2600 && r <= 0x27BF: // miscellaneous symbols and dingbats
		return true
	case r >= 0x2B00 && r <= 0x2BFF, r == 0x2122, r == 0x2139, r >= 0x2190 && r <= 0x21FF:
		return true
	}
	return false
}

// emojiPrompt reports whether a prompt is made only or mostly of emoji:
// at least one emoji and at most two words of letters.
func emojiPrompt(p string) bool {
	emoji := 0
	for _, r := range p {
		if isEmoji(r) {
			emoji++
		}
	}
	if emoji == 0 {
		return false
	}
	words := 0
	for _, w := range strings.Fields(p) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			words++
		}
	}
	return words <= 2
}

// nonASCIILetters reports whether a prompt has a letter outside ASCII
// (accented Latin, kana, han, hangul...).
func nonASCIILetters(p string) bool {
	return strings.IndexFunc(p, func(r rune) bool {
		return r > unicode.MaxASCII && unicode.IsLetter(r)
	}) >= 0
}

func TestCorpusFormat(t *testing.T) {
	entries := readCorpus(t)
	const minPrompts, minNonASCII, minEmoji = 330, 40, 20
	if len(entries) < minPrompts {
		t.Errorf("%d prompts, want at least %d", len(entries), minPrompts)
	}
	seen := map[string]int{}
	nonASCII, emoji := 0, 0
	for _, e := range entries {
		key := strings.ToLower(e.prompt)
		if prev, ok := seen[key]; ok {
			t.Errorf("line %d: prompt %q duplicates line %d", e.line, e.prompt, prev)
		}
		seen[key] = e.line
		if nonASCIILetters(e.prompt) {
			nonASCII++
		}
		if emojiPrompt(e.prompt) {
			emoji++
		}
	}
	if nonASCII < minNonASCII {
		t.Errorf("%d prompts with non-ASCII letters, want at least %d", nonASCII, minNonASCII)
	}
	if emoji < minEmoji {
		t.Errorf("%d emoji prompts, want at least %d", emoji, minEmoji)
	}
	t.Logf("%d prompts, %d with non-ASCII letters, %d emoji prompts", len(entries), nonASCII, emoji)
}

func TestCorpusCoversEveryStyle(t *testing.T) {
	// Every canonical style must be the first (most fitting) reading of at least one prompt,
	// so the reader test exercises every catalogue entry.
	first := map[string]int{}
	for _, e := range readCorpus(t) {
		first[e.styles[0]]++
	}
	for _, s := range corpusStyles {
		if first[s] == 0 {
			t.Errorf("style %q is the first reading of no prompt", s)
		}
	}
}

func TestCheckTempoRejectsBadRanges(t *testing.T) {
	for _, s := range []string{"", "84", "90-80", "30-60", "200-260", "a-b", "84-84-84"} {
		if checkTempo(s) == nil {
			t.Errorf("checkTempo(%q) accepted a bad tempo", s)
		}
	}
	for _, s := range []string{"-", "84-84", "40-240", "160-180"} {
		if err := checkTempo(s); err != nil {
			t.Errorf("checkTempo(%q): %v", s, err)
		}
	}
}
