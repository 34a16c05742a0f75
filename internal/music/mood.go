package music

// Mood is a canonical mood name, as stored in score.Score.Mood.
type Mood string

// The moods the composer knows. Parse maps synonyms onto these (for example
// "joyful" to Happy, "wistful" to Melancholic, "laid back" to Chill).
const (
	Happy       Mood = "happy"
	Sad         Mood = "sad"
	Dark        Mood = "dark"
	Dreamy      Mood = "dreamy"
	Epic        Mood = "epic"
	Calm        Mood = "calm"
	Energetic   Mood = "energetic"
	Romantic    Mood = "romantic"
	Mysterious  Mood = "mysterious"
	Melancholic Mood = "melancholic"
	Chill       Mood = "chill"
	Aggressive  Mood = "aggressive"
	Uplifting   Mood = "uplifting"
	Nostalgic   Mood = "nostalgic"
)

// Moods lists every mood in a fixed order.
var Moods = []Mood{Happy, Sad, Dark, Dreamy, Epic, Calm, Energetic, Romantic,
	Mysterious, Melancholic, Chill, Aggressive, Uplifting, Nostalgic}

// moodProfile says how a mood bends the music.
type moodProfile struct {
	bright  int     // +1 major-ish, -1 minor-ish, 0 let the genre decide
	tempo   float64 // -1 slow end of the genre range .. +1 fast end
	energy  float64 // added to section energy (-0.2 .. +0.2)
	special string  // a characteristic mode, tried first: "lydian", "dorian", "phrygian", "mixolydian"
}

var moodProfiles = map[Mood]moodProfile{
	Happy:       {bright: 1, tempo: 0.4, energy: 0.1},
	Sad:         {bright: -1, tempo: -0.6, energy: -0.15},
	Dark:        {bright: -1, tempo: 0, energy: 0.05, special: "phrygian"},
	Dreamy:      {bright: 1, tempo: -0.3, energy: -0.1, special: "lydian"},
	Epic:        {bright: -1, tempo: 0.2, energy: 0.15},
	Calm:        {bright: 1, tempo: -0.6, energy: -0.2},
	Energetic:   {bright: 0, tempo: 0.7, energy: 0.2},
	Romantic:    {bright: 1, tempo: -0.3, energy: -0.05},
	Mysterious:  {bright: -1, tempo: -0.2, energy: -0.05, special: "dorian"},
	Melancholic: {bright: -1, tempo: -0.4, energy: -0.1},
	Chill:       {bright: 0, tempo: -0.4, energy: -0.1, special: "dorian"},
	Aggressive:  {bright: -1, tempo: 0.8, energy: 0.2, special: "phrygian"},
	Uplifting:   {bright: 1, tempo: 0.3, energy: 0.15},
	Nostalgic:   {bright: 0, tempo: -0.1, energy: 0, special: "mixolydian"},
}

// moodOf returns the profile of m (neutral when unknown).
func moodOf(m Mood) moodProfile { return moodProfiles[m] }
