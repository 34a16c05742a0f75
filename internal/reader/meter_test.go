package reader_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestParseMeter(t *testing.T) {
	testutil.SkipRaceShort(t)
	for prompt, want := range map[string]int{
		"folk waltz": 3, "a country song in 3/4": 3, "jazz in three": 3, "waltzing strings": 3, "pop in 3 / 4 time": 3,
		"folk, three minutes": 0, "jazz in three minutes": 0, "rock 4/4": 4, "techno": 0,
		"a celtic jig": 6, "shanty in 6/8": 6, "slow blues in 12/8": 6,
	} {
		if got := reader.Parse(prompt).Meter; got != want {
			t.Errorf("Parse(%q).Meter = %d, want %d", prompt, got, want)
		}
	}
}
