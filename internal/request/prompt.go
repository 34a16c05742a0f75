package request

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// DefaultMaxPromptRunes is the default maximum prompt length, in characters.
const DefaultMaxPromptRunes = 1000

// NormalizePrompt validates a prompt and returns it trimmed of surrounding
// white space. It rejects empty, whitespace-only, invalid UTF-8, control
// characters other than tab and newline, and prompts longer than max runes.
func NormalizePrompt(p string, max int) (string, error) {
	if !utf8.ValidString(p) {
		return "", errorf("'prompt' must be valid UTF-8 text.")
	}
	p = strings.TrimSpace(p)
	if p == "" {
		return "", errorf("'prompt' is required and must be a non-empty string.")
	}
	if n := utf8.RuneCountInString(p); n > max {
		return "", errorf("'prompt' is %d characters long; the maximum is %d.", n, max)
	}
	for _, r := range p {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return "", errorf("'prompt' must not contain control characters.")
		}
	}
	return p, nil
}
