package genre

import "github.com/songsmith/songsmith/internal/plan"

// Mood says how a mood bends the music.
type Mood struct {
	Bright  int     // +1 major-ish, -1 minor-ish, 0 let the genre decide
	Tempo   float64 // -1 slow end of the genre range .. +1 fast end
	Energy  float64 // added to section energy (-0.2 .. +0.2)
	Special string  // a characteristic mode, tried first: "lydian", "dorian", "phrygian", "mixolydian"
}

var moodProfiles = map[plan.Mood]Mood{
	plan.Happy:       {Bright: 1, Tempo: 0.4, Energy: 0.1},
	plan.Sad:         {Bright: -1, Tempo: -0.6, Energy: -0.15},
	plan.Dark:        {Bright: -1, Tempo: 0, Energy: 0.05, Special: "phrygian"},
	plan.Dreamy:      {Bright: 1, Tempo: -0.3, Energy: -0.1, Special: "lydian"},
	plan.Epic:        {Bright: -1, Tempo: 0.2, Energy: 0.15},
	plan.Calm:        {Bright: 1, Tempo: -0.6, Energy: -0.2},
	plan.Energetic:   {Bright: 0, Tempo: 0.7, Energy: 0.2},
	plan.Romantic:    {Bright: 1, Tempo: -0.3, Energy: -0.05},
	plan.Mysterious:  {Bright: -1, Tempo: -0.2, Energy: -0.05, Special: "dorian"},
	plan.Melancholic: {Bright: -1, Tempo: -0.4, Energy: -0.1},
	plan.Chill:       {Bright: 0, Tempo: -0.4, Energy: -0.1, Special: "dorian"},
	plan.Aggressive:  {Bright: -1, Tempo: 0.8, Energy: 0.2, Special: "phrygian"},
	plan.Uplifting:   {Bright: 1, Tempo: 0.3, Energy: 0.15},
	plan.Nostalgic:   {Bright: 0, Tempo: -0.1, Energy: 0, Special: "mixolydian"},
}

// MoodOf returns the profile of m (neutral when unknown).
func MoodOf(m plan.Mood) Mood { return moodProfiles[m] }
