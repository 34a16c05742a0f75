package music_test

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestDescribe(t *testing.T) {
	testutil.SkipRaceShort(t)
	prompts := []string{"lofi hip hop beat, rainy night", "epic orchestral battle in D minor", "", "Golden Groove",
		"techno", "sad piano", "a road trip through the desert", "asdf"}
	for _, prompt := range prompts {
		t.Run(prompt, func(t *testing.T) {
			titles := map[string]bool{}
			for seed := uint64(0); seed < 6; seed++ {
				p := reader.Parse(prompt)
				s := music.Compose(p, seed)
				title, tags := music.Describe(p, s, seed)
				words := strings.Fields(title)
				if len(words) < 2 || len(words) > 5 {
					t.Fatalf("title %q has %d words", title, len(words))
				}
				if strings.EqualFold(strings.TrimSpace(title), strings.TrimSpace(prompt)) {
					t.Fatalf("title %q repeats the prompt", title)
				}
				for i, w := range words {
					if r := []rune(w)[0]; !unicode.IsUpper(r) && (i == 0 || w != "of") {
						t.Fatalf("title %q is not Title Case", title)
					}
				}
				if !slices.Contains(tags, s.Genre) || !slices.Contains(tags, s.Mood) {
					t.Fatalf("tags %v miss genre %q or mood %q", tags, s.Genre, s.Mood)
				}
				if !slices.ContainsFunc(tags, func(x string) bool { return x == "slow" || x == "mid-tempo" || x == "uptempo" }) {
					t.Fatalf("tags %v miss a tempo feel", tags)
				}
				titles[title] = true
			}
			if len(titles) < 2 {
				t.Fatalf("six seeds gave one title: %v", titles)
			}
		})
	}
	t.Run("ThemeWord", func(t *testing.T) {
		hits := 0
		for seed := uint64(0); seed < 10; seed++ {
			p := reader.Parse("jazz for a rainy night in the city")
			title, _ := music.Describe(p, music.Compose(p, seed), seed)
			if strings.Contains(title, "Night") || strings.Contains(title, "City") || strings.Contains(title, "Rain") {
				hits++
			}
		}
		if hits < 4 {
			t.Fatalf("only %d of 10 titles use the prompt's theme", hits)
		}
	})
}

// TestSubBassTag: the sub bass is tagged "808" where that is the genre's
// word for it (hip hop, trap) and "sub bass" elsewhere.
func TestSubBassTag(t *testing.T) {
	for prompt, want := range map[string]string{"trap with 808s": "808", "ambient with sub bass": "sub bass", "techno with 808": "sub bass"} {
		p := reader.Parse(prompt)
		_, tags := music.Describe(p, music.Compose(p, 1), 1)
		other := map[string]string{"808": "sub bass", "sub bass": "808"}[want]
		if !slices.Contains(tags, want) || slices.Contains(tags, other) {
			t.Errorf("%q: tags %v, want %q and not %q", prompt, tags, want, other)
		}
	}
}

// TestTitlesVary checks issue 9's title rules over 100 seeds of several
// prompts: no title repeats, and no word ends more than 10 % of them.
func TestTitlesVary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's titles composed")
	}
	for _, prompt := range []string{"happy pop song", "dark techno", "jazz for a rainy night in the city", "lullaby", "epic trailer music", "asdf"} {
		seen := map[string]uint64{}
		ends := map[string]int{}
		for seed := uint64(0); seed < 100; seed++ {
			p := music.Resolve(reader.Parse(prompt), seed)
			title, _ := music.Describe(p, music.Compose(p, seed), seed)
			if prev, dup := seen[title]; dup {
				t.Errorf("%q: seeds %d and %d share the title %q", prompt, prev, seed, title)
			}
			seen[title] = seed
			words := strings.Fields(title)
			ends[words[len(words)-1]]++
		}
		for w, n := range ends {
			if n > 10 {
				t.Errorf("%q: %d of 100 titles end in %q", prompt, n, w)
			}
		}
	}
}
