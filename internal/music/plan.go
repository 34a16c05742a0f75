package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
)

// Resolve returns a complete plan: genre, mood, tempo, length, key and mode
// are filled in from the prompt's words, the genre profile and seed. A plan
// that is already complete is returned unchanged. Resolving is the
// composer's first decision (it reads the genre profiles and the mood's
// bend and draws from the seed), so it lives here and not in package plan,
// which stays data only.
func Resolve(p plan.Plan, seed uint64) plan.Plan {
	r := harmony.NewRNG(seed, "plan")
	t := readTune(p)
	if t != nil {
		p = applyTune(p, t)
	}
	if p.Genre == "" {
		p.Genre = plan.DefaultStyle(p.Prompt) // never the seed alone: see reader.Parse
	}
	prof := genre.Of(p.Genre)
	if p.Mood == "" {
		p.Mood = prof.Moods[r.Intn(len(prof.Moods))]
	}
	if p.BPM <= 0 {
		p.BPM = pickBPM(prof, genre.MoodOf(p.Mood), p.Tempo, r)
	}
	if t != nil && !p.ExplicitBPM {
		p.BPM = fastEnough(t, p, prof)
	}
	if p.Seconds <= 0 && t != nil {
		p.Seconds = tuneSeconds(t, p, prof)
	}
	if p.Seconds <= 0 {
		p.Seconds = prof.Seconds
	}
	if p.Loop {
		p.Seconds = clamp(p.Seconds, plan.MinLoopSeconds, plan.MaxSeconds)
	} else {
		p.Seconds = clamp(p.Seconds, plan.MinSeconds, plan.MaxSeconds)
	}
	p = inferKey(p)
	if p.KeyRoot < 0 || p.KeyRoot > 11 {
		p.KeyRoot = r.Intn(12)
	}
	if p.Mode == "" {
		p.Mode = pickMode(p.Genre, p.Mood, r)
	}
	return p
}

// pickBPM chooses a whole-number tempo inside (or, for slow and fast, just
// beyond) the genre range, leaning the way the mood and tempo words say; a
// ballad is 60-80 bpm in a faster style, and slow in a slow one.
func pickBPM(prof genre.Profile, mood genre.Mood, feel string, r *harmony.RNG) float64 {
	lo, hi := prof.BPM[0], prof.BPM[1]
	pos := 0.5 + 0.35*mood.Tempo + r.Between(-0.15, 0.15)
	if feel == plan.TempoBallad && lo <= 80 {
		feel = plan.TempoSlow // a slow style's ballad: its slow end
	}
	switch feel {
	case plan.TempoSlow, plan.TempoHalfTime:
		lo, hi = lo*0.85, lo+(hi-lo)*0.3
		pos = r.Between(0.2, 0.8)
	case plan.TempoBallad:
		lo, hi = 60, 80
		pos = r.Between(0.2, 0.8)
	case plan.TempoFast:
		lo, hi = hi-(hi-lo)*0.3, hi*1.1
		pos = r.Between(0.2, 0.8)
	case plan.TempoMid:
		pos = r.Between(0.4, 0.6)
	}
	return math.Round(clamp(lo+(hi-lo)*clamp(pos, 0, 1), plan.MinBPM, plan.MaxBPM))
}

// pickMode chooses a mode: among the style's preferred modes, those whose
// colour (major-ish or minor-ish) fits the mood, the first most often;
// otherwise the mood's own colour.
func pickMode(g plan.Genre, m plan.Mood, r *harmony.RNG) string {
	mp, prof := genre.MoodOf(m), genre.Of(g)
	bright := mp.Bright > 0 || (mp.Bright == 0 && prof.Bright)
	var fit []string
	for _, md := range prof.Style.Harmony.Modes {
		if brightMode(md) == bright {
			fit = append(fit, md)
		}
	}
	if len(fit) == 1 || len(fit) > 1 && r.Chance(0.6) {
		return fit[0]
	} else if len(fit) > 1 {
		return fit[1+r.Intn(len(fit)-1)]
	}
	if mp.Special != "" && r.Chance(0.4) {
		return mp.Special
	}
	if bright {
		return "major"
	}
	return "minor"
}

// brightMode reports whether a mode has a major third.
func brightMode(mode string) bool {
	return mode == "major" || mode == "lydian" || mode == "mixolydian" || mode == "ionian"
}

func clamp(v, lo, hi float64) float64 { return math.Min(hi, math.Max(lo, v)) }
