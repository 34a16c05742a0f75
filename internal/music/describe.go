package music

import (
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

var moodAdjectives = map[Mood][]string{
	Happy:       {"Golden", "Sunlit", "Bright", "Bouncing", "Lucky", "Sunny"},
	Sad:         {"Fading", "Empty", "Broken", "Grey", "Lonely", "Silent"},
	Dark:        {"Midnight", "Shadow", "Obsidian", "Hollow", "Black", "Restless"},
	Dreamy:      {"Velvet", "Floating", "Lucid", "Drifting", "Hazy", "Silver"},
	Epic:        {"Iron", "Rising", "Eternal", "Burning", "Thunder", "Crowned"},
	Calm:        {"Still", "Quiet", "Gentle", "Slow", "Soft", "Open"},
	Energetic:   {"Electric", "Racing", "Wild", "Neon", "Rapid", "Burning"},
	Romantic:    {"Tender", "Crimson", "Warm", "Secret", "Sweet", "Candlelit"},
	Mysterious:  {"Hidden", "Veiled", "Strange", "Distant", "Unknown", "Whispering"},
	Melancholic: {"Faded", "Autumn", "Rainy", "Pale", "Blue", "Wistful"},
	Chill:       {"Lazy", "Mellow", "Late", "Easy", "Cozy", "Slow"},
	Aggressive:  {"Savage", "Steel", "Raging", "Brutal", "Scorched", "Fierce"},
	Uplifting:   {"Higher", "Radiant", "Endless", "Bright", "Soaring", "New"},
	Nostalgic:   {"Vintage", "Old", "Yesterday's", "Polaroid", "Summer", "Forgotten"},
}

// themeNouns are prompt words worth putting in a title.
var themeNouns = map[string]bool{
	"night": true, "city": true, "ocean": true, "sea": true, "sun": true, "summer": true, "winter": true, "autumn": true,
	"spring": true, "heart": true, "star": true, "stars": true, "moon": true, "road": true, "forest": true, "river": true,
	"sky": true, "fire": true, "storm": true, "snow": true, "morning": true, "dawn": true, "dusk": true, "midnight": true,
	"space": true, "neon": true, "tokyo": true, "paris": true, "london": true, "desert": true, "mountain": true,
	"mountains": true, "coffee": true, "train": true, "highway": true, "beach": true, "waves": true, "garden": true,
	"cafe": true, "sunset": true, "sunrise": true, "galaxy": true, "cloud": true, "clouds": true, "dreams": true,
	"home": true, "journey": true, "battle": true, "castle": true, "kingdom": true, "robot": true, "cyberpunk": true,
	"ghost": true, "island": true, "lake": true, "memory": true, "wind": true, "light": true, "shadow": true, "drive": true,
	"rain": true, "rainy": true, "love": true, "dream": true, "childhood": true, "memories": true, "party": true,
}

// Describe names and tags a composed song. The title is evocative, two to
// five words in Title Case, built from the prompt's theme words (when it has
// some), the mood and the genre, and never equal to the prompt. Tags list the
// genre, the mood, the tempo feel ("slow", "mid-tempo", "uptempo"), the key,
// "3/4" and "waltz" for a song in triple meter, and the instruments.
func Describe(p Plan, s *score.Score, seed uint64) (title string, tags []string) {
	p = p.Resolve(seed)
	r := newRNG(seed, "title")
	adjs := moodAdjectives[p.Mood]
	if len(adjs) == 0 {
		adjs = moodAdjectives[Dreamy]
	}
	nouns := profile(p.Genre).st.Titles
	var theme []string
	for _, w := range p.Words {
		if themeNouns[w] {
			theme = append(theme, titleCase(w))
		}
	}
	for attempt := 0; attempt < 8; attempt++ {
		adj, noun := adjs[r.intn(len(adjs))], nouns[r.intn(len(nouns))]
		if len(theme) > 0 && r.chance(0.7) {
			noun = theme[r.intn(len(theme))]
		}
		patterns := []string{
			adj + " " + noun,
			"The " + adj + " " + noun,
			noun + " of " + adj + " " + nouns[r.intn(len(nouns))],
			adj + " " + noun + " " + []string{"Dreams", "Lights", "Nights", "Echoes", "Stories", "Waves"}[r.intn(6)],
		}
		title = patterns[r.intn(len(patterns))]
		if !sameWords(title, p.Prompt) && !strings.Contains(title, noun+" "+noun) {
			break
		}
	}
	if sameWords(title, p.Prompt) {
		title = "Untitled " + titleCase(string(p.Genre)) + " No. " + string(rune('1'+seed%9))
	}
	return title, songTags(p, s)
}

func songTags(p Plan, s *score.Score) []string {
	tags := []string{string(p.Genre)}
	if p.Colour != "" {
		tags = append(tags, string(p.Colour))
	}
	tags = append(tags, string(p.Mood), tempoFeel(s.BPM), noteName(s.KeyRoot)+" "+s.Mode)
	switch {
	case s.BeatsPerBar == 3:
		tags = append(tags, "3/4", "waltz")
	case s.Subdivision == 3:
		tags = append(tags, "6/8")
	}
	seen := map[string]bool{}
	for _, t := range tags {
		seen[t] = true
	}
	for _, t := range s.Tracks {
		name := instrumentTag(t.Instrument)
		if t.Instrument == score.SubBass && p.Genre != HipHop && p.Genre != Trap {
			name = "sub bass" // an "808" outside hip hop and trap reads oddly
		}
		if !seen[name] {
			seen[name] = true
			tags = append(tags, name)
		}
	}
	return tags
}

// tempoFeel names a tempo range.
func tempoFeel(bpm float64) string {
	switch {
	case bpm < 90:
		return "slow"
	case bpm <= 120:
		return "mid-tempo"
	default:
		return "uptempo"
	}
}

var instrumentTags = map[score.Instrument]string{
	score.EPiano: "electric piano", score.DistGuitar: "electric guitar", score.ChoirPad: "choir", score.SawLead: "synth lead",
	score.SquareLead: "synth lead", score.SubBass: "808", score.SynthBass: "synth bass", score.Reese: "reese bass",
	score.Pad: "synth pad", score.Sax: "saxophone", score.Pluck: "synth pluck", score.SteelDrums: "steel drums",
	score.MusicBox: "music box", score.NylonGuitar: "nylon guitar", score.UprightBass: "upright bass",
	score.SingingBowl: "singing bowl", score.LogDrum: "log drum", score.ChipLead: "chiptune lead",
	score.ChipBass: "chiptune bass", score.VinylCrackle: "vinyl crackle",
}

func instrumentTag(in score.Instrument) string {
	if t, ok := instrumentTags[in]; ok {
		return t
	}
	return string(in)
}

var sharpNames = []string{"C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

// noteName returns the name of pitch class pc ("C", "F#", "Bb").
func noteName(pc int) string { return sharpNames[((pc%12)+12)%12] }

// KeyName returns a key such as "D minor" for a score.
func KeyName(s *score.Score) string { return noteName(s.KeyRoot) + " " + s.Mode }

// titleCase capitalises the first letter of every word.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// sameWords reports whether a and b have the same words, ignoring case and punctuation.
func sameWords(a, b string) bool {
	norm := func(s string) string {
		return strings.Join(tokenRE.FindAllString(strings.ToLower(s), -1), " ")
	}
	return norm(a) == norm(b)
}
