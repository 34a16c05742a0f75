package music

import "github.com/songsmith/songsmith/internal/plan"

// moodProfile says how a mood bends the music.
type moodProfile struct {
	bright  int     // +1 major-ish, -1 minor-ish, 0 let the genre decide
	tempo   float64 // -1 slow end of the genre range .. +1 fast end
	energy  float64 // added to section energy (-0.2 .. +0.2)
	special string  // a characteristic mode, tried first: "lydian", "dorian", "phrygian", "mixolydian"
}

var moodProfiles = map[plan.Mood]moodProfile{
	plan.Happy:       {bright: 1, tempo: 0.4, energy: 0.1},
	plan.Sad:         {bright: -1, tempo: -0.6, energy: -0.15},
	plan.Dark:        {bright: -1, tempo: 0, energy: 0.05, special: "phrygian"},
	plan.Dreamy:      {bright: 1, tempo: -0.3, energy: -0.1, special: "lydian"},
	plan.Epic:        {bright: -1, tempo: 0.2, energy: 0.15},
	plan.Calm:        {bright: 1, tempo: -0.6, energy: -0.2},
	plan.Energetic:   {bright: 0, tempo: 0.7, energy: 0.2},
	plan.Romantic:    {bright: 1, tempo: -0.3, energy: -0.05},
	plan.Mysterious:  {bright: -1, tempo: -0.2, energy: -0.05, special: "dorian"},
	plan.Melancholic: {bright: -1, tempo: -0.4, energy: -0.1},
	plan.Chill:       {bright: 0, tempo: -0.4, energy: -0.1, special: "dorian"},
	plan.Aggressive:  {bright: -1, tempo: 0.8, energy: 0.2, special: "phrygian"},
	plan.Uplifting:   {bright: 1, tempo: 0.3, energy: 0.15},
	plan.Nostalgic:   {bright: 0, tempo: -0.1, energy: 0, special: "mixolydian"},
}

// moodOf returns the profile of m (neutral when unknown).
func moodOf(m plan.Mood) moodProfile { return moodProfiles[m] }
