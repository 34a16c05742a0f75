// Package describe names and tags a composed song: its title (from the
// prompt's theme words, the mood and the genre), its tags (genre, mood,
// tempo feel, instruments) and its key name. It reads a resolved plan
// (music.Resolve) and the score; it writes no notes.
package describe

import (
	"regexp"
	"strings"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

var moodAdjectives = map[plan.Mood][]string{
	plan.Happy:       {"Golden", "Sunlit", "Bright", "Bouncing", "Lucky", "Sunny"},
	plan.Sad:         {"Fading", "Empty", "Broken", "Grey", "Lonely", "Silent"},
	plan.Dark:        {"Midnight", "Shadow", "Obsidian", "Hollow", "Black", "Restless"},
	plan.Dreamy:      {"Velvet", "Floating", "Lucid", "Drifting", "Hazy", "Silver"},
	plan.Epic:        {"Iron", "Rising", "Eternal", "Burning", "Thunder", "Crowned"},
	plan.Calm:        {"Still", "Quiet", "Gentle", "Slow", "Soft", "Open"},
	plan.Energetic:   {"Electric", "Racing", "Wild", "Neon", "Rapid", "Burning"},
	plan.Romantic:    {"Tender", "Crimson", "Warm", "Secret", "Sweet", "Candlelit"},
	plan.Mysterious:  {"Hidden", "Veiled", "Strange", "Distant", "Unknown", "Whispering"},
	plan.Melancholic: {"Faded", "Autumn", "Rainy", "Pale", "Blue", "Wistful"},
	plan.Chill:       {"Lazy", "Mellow", "Late", "Easy", "Cozy", "Slow"},
	plan.Aggressive:  {"Savage", "Steel", "Raging", "Brutal", "Scorched", "Fierce"},
	plan.Uplifting:   {"Higher", "Radiant", "Endless", "Bright", "Soaring", "New"},
	plan.Nostalgic:   {"Vintage", "Old", "Yesterday's", "Polaroid", "Summer", "Forgotten"},
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

// Title names a song before it is composed: evocative, two to five words
// in Title Case, built from the prompt's theme words (when it has some),
// the mood and the genre, and never equal to the prompt. It reads the plan,
// resolved (music.Resolve), and the job's seed only (the engine's resolver
// names the song once).
func Title(p plan.Plan, seed uint64) string {
	adjs := moodAdjectives[p.Mood]
	if len(adjs) == 0 {
		adjs = moodAdjectives[plan.Dreamy]
	}
	adjs = unique(append(append([]string(nil), adjs...), moodAdjectives[moodNeighbour[p.Mood]]...))
	nouns := unique(append(append([]string(nil), genre.Of(p.Genre).Style.Titles...), imageNouns...))
	var theme []string
	for _, w := range p.Words {
		if themeNouns[w] {
			theme = append(theme, titleCase(w))
		}
	}
	theme = unique(theme)
	title := pickTitle(adjs, nouns, theme, seed+promptHash(p.Prompt))
	if sameWords(title, p.Prompt) {
		title = "Untitled " + titleCase(string(p.Genre)) + " No. " + string(rune('1'+seed%9))
	}
	return title
}

// Tags list a composed song's genre, mood, tempo feel ("slow",
// "mid-tempo", "uptempo"), key, "3/4" and "waltz" for a song in triple
// meter, and its instruments.
func Tags(p plan.Plan, s *score.Score) []string { return songTags(p, s) }

// titleSuffixes close a three-word title.
var titleSuffixes = []string{"Dreams", "Lights", "Nights", "Echoes", "Stories", "Letters", "Hours", "Signals",
	"Reverie", "Parade", "Hymn", "Diaries", "Horizon", "Fever", "Lullaby", "Sketches"}

// imageNouns widen every style's title words with images any song may
// carry.
var imageNouns = []string{"Lanterns", "Harbor", "Orchard", "Satellite", "Compass", "Paper Boats", "Wildflowers",
	"Rooftops", "Tide", "Passage", "Embers", "Station", "Meadow", "Glasshouse", "Comet", "Balcony", "Postcards",
	"Riverbank", "Streetlights", "Driftwood", "Carousel", "Pines", "Moonrise", "Avenue", "Chapel", "Ferris Wheel",
	"Snowfall", "Citadel", "Boulevard", "Tramline", "Firefly", "Lighthouse", "Canyon", "Skylight", "Marigold",
	"Quarry", "Telegraph", "Atlas", "Kite", "Harvest Moon"}

// moodNeighbour lends each mood a kindred mood's adjectives.
var moodNeighbour = map[plan.Mood]plan.Mood{plan.Happy: plan.Uplifting, plan.Sad: plan.Melancholic, plan.Dark: plan.Mysterious, plan.Dreamy: plan.Calm, plan.Epic: plan.Energetic,
	plan.Calm: plan.Dreamy, plan.Energetic: plan.Epic, plan.Romantic: plan.Dreamy, plan.Mysterious: plan.Dark, plan.Melancholic: plan.Sad, plan.Chill: plan.Calm,
	plan.Aggressive: plan.Dark, plan.Uplifting: plan.Happy, plan.Nostalgic: plan.Melancholic}

// pickTitle returns title number n of the title space of these words:
// every pattern's combinations, numbered and scrambled by a multiplication
// that is a bijection, so that 100 consecutive n never give one title twice.
// A prompt with theme words ("rain", "city") draws seven titles in ten from
// patterns that carry them.
func pickTitle(adjs, nouns, theme []string, n uint64) string {
	A, N, S := uint64(len(adjs)), uint64(len(nouns)), uint64(len(titleSuffixes))
	plain := []titlePattern{
		{A * N, func(i uint64) string { return adjs[i%A] + " " + nouns[i/A] }},
		{A * N, func(i uint64) string { return "The " + adjs[i%A] + " " + nouns[i/A] }},
		{N * A * N, func(i uint64) string {
			return nouns[i%N] + " of " + adjs[(i/N)%A] + " " + nouns[i/(N*A)]
		}},
		{A * N * S, func(i uint64) string { return adjs[i%A] + " " + nouns[(i/A)%N] + " " + titleSuffixes[i/(A*N)] }},
	}
	if T := uint64(len(theme)); T > 0 && n%10 < 7 {
		themed := []titlePattern{
			{T * S, func(i uint64) string { return theme[i%T] + " " + titleSuffixes[i/T] }},
			{T * N, func(i uint64) string { return theme[i%T] + " of " + nouns[i/T] }},
			{A * T * S, func(i uint64) string { return adjs[i%A] + " " + theme[(i/A)%T] + " " + titleSuffixes[i/(A*T)] }},
			{T * A * N, func(i uint64) string { return adjs[(i/T)%A] + " " + theme[i%T] + " of " + nouns[i/(T*A)] }},
		}
		return short(fromSpace(themed, (n/10)*7+n%10), adjs, nouns, n)
	}
	if len(theme) > 0 {
		n = (n/10)*3 + n%10 - 7
	}
	return short(fromSpace(plain, n), adjs, nouns, n)
}

// short keeps a title to five words (two-word nouns can make six).
func short(title string, adjs, nouns []string, n uint64) string {
	if len(strings.Fields(title)) <= 5 {
		return title
	}
	return adjs[n%uint64(len(adjs))] + " " + nouns[(n/uint64(len(adjs)))%uint64(len(nouns))]
}

// titlePattern is one shape of title and how many titles it makes.
type titlePattern struct {
	size uint64
	make func(i uint64) string
}

// fromSpace returns title i (scrambled) of the patterns' joint space.
func fromSpace(ps []titlePattern, i uint64) string {
	var total uint64
	for _, p := range ps {
		total += p.size
	}
	i = scramble(i%total, total)
	for _, p := range ps {
		if i < p.size {
			return p.make(i)
		}
		i -= p.size
	}
	return ps[0].make(0)
}

// scramble maps i in [0, n) onto [0, n) one to one, so neighbouring
// numbers land far apart.
func scramble(i, n uint64) uint64 {
	a := uint64(0x9E3779B1) % n
	for a < 2 || gcd(a, n) != 1 {
		a++
	}
	return (i*a + n/3) % n
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// unique returns words without repeats, in first-seen order.
func unique(words []string) []string {
	seen := map[string]bool{}
	out := words[:0]
	for _, w := range words {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// promptHash offsets a prompt's title numbers, so two prompts at one seed
// get different titles.
func promptHash(prompt string) uint64 {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(prompt); i++ {
		h = (h ^ uint64(prompt[i])) * 1099511628211
	}
	return h % 1000003
}

func songTags(p plan.Plan, s *score.Score) []string {
	tags := []string{string(p.Genre)}
	if p.Colour != "" {
		tags = append(tags, string(p.Colour))
	}
	tags = append(tags, string(p.Mood), tempoFeel(s.BPM), harmony.NoteName(s.KeyRoot)+" "+s.Mode)
	switch {
	case s.BeatsPerBar == 3:
		tags = append(tags, "3/4", "waltz")
	case s.Subdivision == 3:
		tags = append(tags, "6/8")
	}
	if p.Vocal {
		tags = append(tags, "instrumental") // the lead plays the vocal line: songs are instrumental
	}
	seen := map[string]bool{}
	for _, t := range tags {
		seen[t] = true
	}
	for _, t := range s.Tracks {
		name := instrumentTag(t.Instrument)
		if t.Instrument == score.SubBass && p.Genre != plan.HipHop && p.Genre != plan.Trap {
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

// KeyName returns a key such as "D minor" for a score.
func KeyName(s *score.Score) string { return harmony.NoteName(s.KeyRoot) + " " + s.Mode }

// KeyNameShifted is the name of the key shift semitones above s's key (a
// section's, score.Section.KeyShift).
func KeyNameShifted(s *score.Score, shift int) string {
	return harmony.NoteName(((s.KeyRoot+shift)%12+12)%12) + " " + s.Mode
}

// titleCase capitalises the first letter of every word.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// tokenRE finds the words of a title or prompt.
var tokenRE = regexp.MustCompile(`[a-z0-9]+|&`)

// sameWords reports whether a and b have the same words, ignoring case and punctuation.
func sameWords(a, b string) bool {
	norm := func(s string) string {
		return strings.Join(tokenRE.FindAllString(strings.ToLower(s), -1), " ")
	}
	return norm(a) == norm(b)
}
