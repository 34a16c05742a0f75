package music

import (
	"github.com/songsmith/songsmith/internal/music/describe"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

// Describe names and tags a composed song: describe.Title and
// describe.Tags of the plan resolved with seed.
func Describe(p plan.Plan, s *score.Score, seed uint64) (title string, tags []string) {
	p = Resolve(p, seed)
	return describe.Title(p, seed), describe.Tags(p, s)
}

// Title names a song before it is composed: describe.Title of the plan
// resolved with seed. It reads the plan and the job's seed only (the
// engine's resolver names the song once).
func Title(p plan.Plan, seed uint64) string {
	return describe.Title(Resolve(p, seed), seed)
}
