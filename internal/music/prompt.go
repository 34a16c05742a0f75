package music

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

// synonym maps a normalised phrase (lower case, words separated by single
// spaces, see normalise) to a canonical value.
type synonym[T any] struct {
	phrase string
	value  T
}

var moodWords = []synonym[Mood]{
	{"happy", Happy}, {"joyful", Happy}, {"cheerful", Happy}, {"sunny", Happy}, {"fun", Happy}, {"playful", Happy},
	{"feel good", Happy}, {"bouncy", Happy}, {"summer", Happy}, {"summery", Happy}, {"bright", Happy}, {"joy", Happy},
	{"sad", Sad}, {"sorrow", Sad}, {"sorrowful", Sad}, {"heartbreak", Sad}, {"heartbroken", Sad}, {"lonely", Sad},
	{"tearful", Sad}, {"grief", Sad}, {"somber", Sad}, {"sombre", Sad}, {"crying", Sad}, {"depressing", Sad},
	{"dark", Dark}, {"sinister", Dark}, {"ominous", Dark}, {"evil", Dark}, {"menacing", Dark}, {"gloomy", Dark},
	{"haunting", Dark}, {"horror", Dark}, {"spooky", Dark}, {"creepy", Dark}, {"gritty", Dark},
	{"dreamy", Dreamy}, {"ethereal", Dreamy}, {"floating", Dreamy}, {"hazy", Dreamy}, {"dream", Dreamy}, {"airy", Dreamy},
	{"celestial", Dreamy}, {"spacey", Dreamy}, {"shimmering", Dreamy}, {"magical", Dreamy},
	{"epic", Epic}, {"heroic", Epic}, {"grand", Epic}, {"triumphant", Epic}, {"majestic", Epic}, {"anthemic", Epic},
	{"battle", Epic}, {"powerful", Epic}, {"legendary", Epic},
	{"calm", Calm}, {"peaceful", Calm}, {"relaxing", Calm}, {"relaxed", Calm}, {"serene", Calm}, {"soothing", Calm},
	{"gentle", Calm}, {"tranquil", Calm}, {"meditative", Calm}, {"meditation", Calm}, {"quiet", Calm}, {"soft", Calm}, {"sleep", Calm},
	{"energetic", Energetic}, {"energy", Energetic}, {"driving", Energetic}, {"hype", Energetic}, {"intense", Energetic},
	{"party", Energetic}, {"pumping", Energetic}, {"workout", Energetic}, {"exciting", Energetic}, {"upbeat", Energetic},
	{"romantic", Romantic}, {"love", Romantic}, {"sensual", Romantic}, {"tender", Romantic}, {"intimate", Romantic},
	{"passionate", Romantic}, {"sexy", Romantic},
	{"mysterious", Mysterious}, {"mystery", Mysterious}, {"enigmatic", Mysterious}, {"suspense", Mysterious},
	{"suspenseful", Mysterious}, {"eerie", Mysterious}, {"noir", Mysterious}, {"secret", Mysterious},
	{"melancholic", Melancholic}, {"melancholy", Melancholic}, {"wistful", Melancholic}, {"bittersweet", Melancholic},
	{"reflective", Melancholic}, {"pensive", Melancholic}, {"longing", Melancholic}, {"rainy", Melancholic}, {"rain", Melancholic},
	{"chill", Chill}, {"chilled", Chill}, {"laid back", Chill}, {"laidback", Chill}, {"mellow", Chill}, {"lazy", Chill},
	{"cozy", Chill}, {"cosy", Chill}, {"smooth", Chill}, {"study", Chill}, {"chillout", Chill}, {"easy going", Chill},
	{"aggressive", Aggressive}, {"angry", Aggressive}, {"rage", Aggressive}, {"furious", Aggressive}, {"brutal", Aggressive},
	{"fierce", Aggressive}, {"violent", Aggressive}, {"hard", Aggressive}, {"heavy", Aggressive},
	{"uplifting", Uplifting}, {"hopeful", Uplifting}, {"inspiring", Uplifting}, {"inspirational", Uplifting},
	{"euphoric", Uplifting}, {"positive", Uplifting}, {"optimistic", Uplifting}, {"motivational", Uplifting},
	{"nostalgic", Nostalgic}, {"nostalgia", Nostalgic}, {"retro", Nostalgic}, {"vintage", Nostalgic},
	{"memories", Nostalgic}, {"childhood", Nostalgic}, {"old school", Nostalgic},
}

var instrumentWords = []synonym[score.Instrument]{
	{"piano", score.Piano}, {"grand piano", score.Piano}, {"keys", score.Piano},
	{"rhodes", score.EPiano}, {"electric piano", score.EPiano}, {"e piano", score.EPiano}, {"epiano", score.EPiano},
	{"wurlitzer", score.EPiano}, {"wurli", score.EPiano},
	{"organ", score.Organ}, {"hammond", score.Organ},
	{"guitar", score.Guitar}, {"guitars", score.Guitar}, {"acoustic guitar", score.Guitar}, {"clean guitar", score.Guitar},
	{"electric guitar", score.DistGuitar}, {"distorted guitar", score.DistGuitar}, {"power chords", score.DistGuitar},
	{"strings", score.Strings}, {"string", score.Strings}, {"violin", score.Strings}, {"violins", score.Strings},
	{"cellos", score.Strings}, {"viola", score.Strings},
	{"synth", score.SawLead}, {"synths", score.SawLead}, {"synthesizer", score.SawLead}, {"synth lead", score.SawLead},
	{"supersaw", score.SawLead}, {"square lead", score.SquareLead},
	{"pad", score.Pad}, {"pads", score.Pad}, {"synth pad", score.Pad},
	{"bass", score.Bass}, {"bass guitar", score.Bass}, {"bassline", score.Bass},
	{"synth bass", score.SynthBass}, {"acid", score.SynthBass}, {"303", score.SynthBass},
	{"808", score.SubBass}, {"808s", score.SubBass}, {"sub bass", score.SubBass}, {"reese", score.Reese}, {"wobble", score.Reese},
	{"drums", score.Drums}, {"drum", score.Drums}, {"percussion", score.Drums}, {"beat", score.Drums}, {"beats", score.Drums},
	{"sax", score.Sax}, {"saxophone", score.Sax}, {"saxophones", score.Sax},
	{"flute", score.Flute}, {"flutes", score.Flute}, {"pan flute", score.Flute}, {"whistle", score.Flute},
	{"bells", score.Bells}, {"bell", score.Bells}, {"glockenspiel", score.Bells}, {"chimes", score.Bells},
	{"music box", score.MusicBox}, {"vibraphone", score.Vibraphone},
	{"choir", score.ChoirPad}, {"choral", score.ChoirPad}, {"voices", score.ChoirPad},
	{"brass", score.Brass}, {"horns", score.Brass}, {"horn", score.Brass}, {"trumpets", score.Brass}, {"trombone", score.Brass},
	{"pluck", score.Pluck}, {"plucks", score.Pluck}, {"pizzicato", score.Pluck}, {"harp", score.Harp}, {"harps", score.Harp},
	{"fiddle", score.Fiddle}, {"fiddles", score.Fiddle}, {"banjo", score.Banjo}, {"mandolin", score.Mandolin},
	{"ukulele", score.Ukulele}, {"uke", score.Ukulele}, {"accordion", score.Accordion}, {"bandoneon", score.Accordion},
	{"concertina", score.Accordion}, {"harmonica", score.Accordion}, {"melodica", score.Accordion},
	{"steel drums", score.SteelDrums}, {"steel drum", score.SteelDrums}, {"steel pan", score.SteelDrums}, {"steelpan", score.SteelDrums},
	{"sitar", score.Sitar}, {"tabla", score.Tabla}, {"tablas", score.Tabla}, {"kalimba", score.Kalimba}, {"thumb piano", score.Kalimba},
	{"mbira", score.Kalimba}, {"marimba", score.Marimba}, {"xylophone", score.Marimba}, {"vibes", score.Vibraphone},
	{"nylon guitar", score.NylonGuitar}, {"classical guitar", score.NylonGuitar}, {"spanish guitar", score.NylonGuitar},
	{"flamenco guitar", score.NylonGuitar}, {"harpsichord", score.Harpsichord}, {"upright bass", score.UprightBass},
	{"double bass", score.UprightBass}, {"contrabass", score.UprightBass}, {"acoustic bass", score.UprightBass},
	{"singing bowl", score.SingingBowl}, {"singing bowls", score.SingingBowl}, {"tibetan bowls", score.SingingBowl},
	{"log drum", score.LogDrum}, {"log drums", score.LogDrum}, {"cowbell", score.CowbellLead}, {"cowbells", score.CowbellLead},
	{"vinyl", score.VinylCrackle}, {"vinyl crackle", score.VinylCrackle}, {"crackle", score.VinylCrackle},
	{"tin whistle", score.Flute}, {"penny whistle", score.Flute}, {"recorder", score.Flute}, {"bansuri", score.Flute},
	{"hand claps", score.Drums}, {"handclaps", score.Drums}, {"claps", score.Drums}, {"clapping", score.Drums},
	{"bongos", score.Drums}, {"congas", score.Drums}, {"timpani", score.Drums}, {"taiko", score.Drums},
	{"trumpet", score.Brass}, {"trombones", score.Brass}, {"tuba", score.Brass}, {"french horn", score.Brass},
	{"clarinet", score.Sax}, {"oboe", score.Flute}, {"cello", score.Strings}, {"string quartet", score.Strings},
	{"chiptune lead", score.ChipLead}, {"celesta", score.MusicBox},
	{"arp", score.Arp}, {"arps", score.Arp}, {"arpeggio", score.Arp}, {"arpeggios", score.Arp}, {"arpeggiated", score.Arp}, {"arpeggiator", score.Arp},
}

var tempoWords = []synonym[string]{
	{"slow", TempoSlow}, {"slower", TempoSlow}, {"very slow", TempoSlow}, {"downtempo", TempoSlow}, {"down tempo", TempoSlow}, {"ballad", TempoBallad},
	{"half time", TempoHalfTime}, {"halftime", TempoHalfTime},
	{"fast", TempoFast}, {"faster", TempoFast}, {"quick", TempoFast}, {"uptempo", TempoFast}, {"up tempo", TempoFast},
	{"rapid", TempoFast}, {"speedy", TempoFast}, {"double time", TempoFast},
	{"mid tempo", TempoMid}, {"midtempo", TempoMid}, {"moderate", TempoMid}, {"medium tempo", TempoMid},
}

var (
	tokenRE    = regexp.MustCompile(`[a-z0-9]+|&`)
	bpmRE      = regexp.MustCompile(`\b(\d{2,4}(?:\.\d+)?)\s*(?:bpm|beats per minute)\b|\b(?:bpm|tempo)\s*(?:of|at|=|:)?\s*(\d{2,4}(?:\.\d+)?)\b`)
	clockRE    = regexp.MustCompile(`\b(\d{1,2}):([0-5]\d)\b`)
	minutesRE  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:minutes?|mins?|m)\b|\b(an?|one|two|three|four|five|half an?)\s+(?:minutes?|mins?)\b`)
	secondsRE  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:seconds?|secs?|s)\b`)
	decadeRE   = regexp.MustCompile(`^(?:[5-9]0|[12][09][5-9]0)s$`)
	keyRE      = regexp.MustCompile(`(?i)(\bin\s+|\bkey\s+(?:of\s+)?|^|[^a-z0-9#])([a-g])(#|♯|b|♭|\s+sharp|\s+flat)?\s*(major|minor|maj|min|dorian|phrygian|lydian|mixolydian|aeolian|ionian|locrian|m)\b`)
	bareModeRE = regexp.MustCompile(`\b(major|minor|dorian|phrygian|lydian|mixolydian)\s+(?:key|scale|mode|tonality)\b|\bin\s+(major|minor|dorian|phrygian|lydian|mixolydian)\b`)
)

var numberWords = map[string]float64{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "half a": 0.5, "half an": 0.5}

// Parse reads a free-text prompt into a Plan. It never fails: words it does
// not know are kept for the title, and anything the prompt leaves open is
// decided later by Plan.Resolve.
//
// Understood: genres and moods with common synonyms; an exact tempo ("84
// bpm", "84bpm", "tempo 84"); tempo words (slow, fast, half-time, uptempo);
// a length ("45 seconds", "45s", "2 minutes", "2 min", "2:30", "1 minute 30
// seconds"), clamped to [MinSeconds, MaxSeconds]; a key and mode ("in D
// minor", "F# major", "A dorian", "Am"); instruments, and "no"/"without"
// before an instrument to exclude it; triple meter ("waltz", "3/4", "in
// three"), which genres that suit it honour.
func Parse(prompt string) Plan {
	p := Plan{Prompt: prompt, KeyRoot: -1}
	lower := strings.ToLower(prompt)
	parseTempo(&p, lower)
	parseDuration(&p, lower)
	parseKey(&p, prompt)
	parseMeter(&p, lower)

	folded := fold(prompt)
	toks := tokens(folded)
	ms := findTerms(folded, toks)
	p.read(ms, toks)
	used := make([]bool, len(toks))
	for _, m := range ms {
		if m.kind == termScene || m.kind == termMood {
			continue // scene and mood words make good titles
		}
		for k := max(m.from, 0); k < m.to; k++ {
			used[k] = true
		}
	}
	for i, t := range toks {
		if !used[i] && len(t) >= 3 && !stopWords[t] && !strings.ContainsAny(t, "0123456789") && !decadeRE.MatchString(t) && t == strings.ToLower(t) && isASCII(t) {
			p.Words = append(p.Words, t)
		}
	}
	return p
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func parseTempo(p *Plan, lower string) {
	m := bpmRE.FindStringSubmatch(lower)
	if m == nil {
		return
	}
	s := m[1]
	if s == "" {
		s = m[2]
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		p.BPM = clamp(v, MinBPM, MaxBPM)
		p.ExplicitBPM = true
	}
}

func parseDuration(p *Plan, lower string) {
	lower = bpmRE.ReplaceAllString(lower, " ")
	if m := clockRE.FindStringSubmatch(lower); m != nil {
		mm, _ := strconv.Atoi(m[1])
		ss, _ := strconv.Atoi(m[2])
		p.Seconds = clamp(float64(mm*60+ss), MinSeconds, MaxSeconds)
		return
	}
	total, found := 0.0, false
	if m := minutesRE.FindStringSubmatch(lower); m != nil {
		v, ok := numberWords[m[2]]
		if !ok {
			v, _ = strconv.ParseFloat(m[1], 64)
		}
		total += v * 60
		found = true
	}
	for _, m := range secondsRE.FindAllStringSubmatch(lower, -1) {
		// "80s" straight after a number is a decade, not a length.
		if strings.HasSuffix(m[0], "s") && !strings.Contains(m[0], " ") && decadeRE.MatchString(m[0]) {
			continue
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		if v == 808 || v == 909 || v == 303 {
			continue // drum machines, not lengths
		}
		total += v
		found = true
		break
	}
	if found {
		p.Seconds = clamp(total, MinSeconds, MaxSeconds)
	}
}

var noteNames = map[string]int{"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}

func parseKey(p *Plan, prompt string) {
	for _, m := range keyRE.FindAllStringSubmatch(prompt, -1) {
		prefix, letter, acc, mode := strings.ToLower(strings.TrimSpace(m[1])), m[2], strings.ToLower(strings.TrimSpace(m[3])), strings.ToLower(m[4])
		explicit := strings.HasPrefix(prefix, "in") || strings.HasPrefix(prefix, "key")
		if !explicit && (letter != strings.ToUpper(letter)) {
			continue // "a minor detail": lower-case letters need "in" or "key of"
		}
		if mode == "m" && letter != strings.ToUpper(letter) {
			continue
		}
		root := noteNames[strings.ToLower(letter)]
		switch acc {
		case "#", "♯", "sharp":
			root++
		case "b", "♭", "flat":
			root--
		}
		p.KeyRoot = (root + 12) % 12
		switch mode {
		case "major", "maj", "ionian":
			p.Mode = "major"
		case "minor", "min", "m", "aeolian":
			p.Mode = "minor"
		default:
			p.Mode = mode
		}
		return
	}
	if m := bareModeRE.FindStringSubmatch(strings.ToLower(prompt)); m != nil {
		p.Mode = m[1] + m[2]
	}
}

var stopWords = map[string]bool{
	"the": true, "and": true, "for": true, "with": true, "song": true, "track": true, "music": true, "tune": true,
	"about": true, "that": true, "this": true, "some": true, "make": true, "create": true, "give": true, "want": true,
	"please": true, "like": true, "style": true, "vibe": true, "vibes": true, "feel": true, "feeling": true, "long": true,
	"seconds": true, "second": true, "minutes": true, "minute": true, "min": true, "mins": true, "sec": true, "secs": true,
	"bpm": true, "tempo": true, "key": true, "major": true, "minor": true, "dorian": true, "lydian": true, "phrygian": true,
	"mixolydian": true, "from": true, "into": true, "very": true, "more": true, "lots": true, "little": true, "any": true,
	"without": true, "beats": true, "per": true, "instrumental": true, "sound": true, "sounds": true, "genre": true, "mood": true,
	"sharp": true, "flat": true, "its": true, "are": true, "was": true, "has": true, "have": true, "just": true, "all": true,
	"lead": true, "chords": true, "melody": true, "background": true, "piece": true, "made": true, "using": true, "featuring": true,
}

func appendUnique(list []score.Instrument, in score.Instrument) []score.Instrument {
	for _, x := range list {
		if x == in {
			return list
		}
	}
	return append(list, in)
}

func removeInst(list []score.Instrument, in score.Instrument) []score.Instrument {
	out := list[:0]
	for _, x := range list {
		if x != in {
			out = append(out, x)
		}
	}
	return out
}
