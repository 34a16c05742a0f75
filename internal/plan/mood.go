package plan

// Mood is a canonical mood name, as stored in score.Score.Mood.
type Mood string

// The moods the composer knows. The reader maps synonyms onto these (for
// example "joyful" to Happy, "wistful" to Melancholic, "laid back" to
// Chill).
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
