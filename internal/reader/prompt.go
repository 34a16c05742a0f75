package reader

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

// synonym maps a normalised phrase (lower case, words separated by single
// spaces, see normalise) to a canonical value.
type synonym[T any] struct {
	phrase string
	value  T
}

var moodWords = []synonym[plan.Mood]{
	{"happy", plan.Happy}, {"joyful", plan.Happy}, {"cheerful", plan.Happy}, {"sunny", plan.Happy}, {"fun", plan.Happy}, {"playful", plan.Happy},
	{"feel good", plan.Happy}, {"bouncy", plan.Happy}, {"summer", plan.Happy}, {"summery", plan.Happy}, {"bright", plan.Happy}, {"joy", plan.Happy},
	{"sad", plan.Sad}, {"sorrow", plan.Sad}, {"sorrowful", plan.Sad}, {"heartbreak", plan.Sad}, {"heartbroken", plan.Sad}, {"lonely", plan.Sad},
	{"tearful", plan.Sad}, {"grief", plan.Sad}, {"somber", plan.Sad}, {"sombre", plan.Sad}, {"crying", plan.Sad}, {"depressing", plan.Sad},
	{"dark", plan.Dark}, {"sinister", plan.Dark}, {"ominous", plan.Dark}, {"evil", plan.Dark}, {"menacing", plan.Dark}, {"gloomy", plan.Dark},
	{"haunting", plan.Dark}, {"horror", plan.Dark}, {"spooky", plan.Dark}, {"creepy", plan.Dark}, {"gritty", plan.Dark},
	{"dreamy", plan.Dreamy}, {"ethereal", plan.Dreamy}, {"floating", plan.Dreamy}, {"hazy", plan.Dreamy}, {"dream", plan.Dreamy}, {"airy", plan.Dreamy},
	{"celestial", plan.Dreamy}, {"spacey", plan.Dreamy}, {"shimmering", plan.Dreamy}, {"magical", plan.Dreamy},
	{"epic", plan.Epic}, {"heroic", plan.Epic}, {"grand", plan.Epic}, {"triumphant", plan.Epic}, {"majestic", plan.Epic}, {"anthemic", plan.Epic},
	{"battle", plan.Epic}, {"powerful", plan.Epic}, {"legendary", plan.Epic},
	{"calm", plan.Calm}, {"peaceful", plan.Calm}, {"relaxing", plan.Calm}, {"relaxed", plan.Calm}, {"serene", plan.Calm}, {"soothing", plan.Calm},
	{"gentle", plan.Calm}, {"tranquil", plan.Calm}, {"meditative", plan.Calm}, {"meditation", plan.Calm}, {"quiet", plan.Calm}, {"soft", plan.Calm}, {"sleep", plan.Calm},
	{"energetic", plan.Energetic}, {"energy", plan.Energetic}, {"driving", plan.Energetic}, {"hype", plan.Energetic}, {"intense", plan.Energetic},
	{"party", plan.Energetic}, {"pumping", plan.Energetic}, {"workout", plan.Energetic}, {"exciting", plan.Energetic}, {"upbeat", plan.Energetic},
	{"romantic", plan.Romantic}, {"love", plan.Romantic}, {"sensual", plan.Romantic}, {"tender", plan.Romantic}, {"intimate", plan.Romantic},
	{"passionate", plan.Romantic}, {"sexy", plan.Romantic},
	{"mysterious", plan.Mysterious}, {"mystery", plan.Mysterious}, {"enigmatic", plan.Mysterious}, {"suspense", plan.Mysterious},
	{"suspenseful", plan.Mysterious}, {"eerie", plan.Mysterious}, {"noir", plan.Mysterious}, {"secret", plan.Mysterious},
	{"melancholic", plan.Melancholic}, {"melancholy", plan.Melancholic}, {"wistful", plan.Melancholic}, {"bittersweet", plan.Melancholic},
	{"reflective", plan.Melancholic}, {"pensive", plan.Melancholic}, {"longing", plan.Melancholic}, {"rainy", plan.Melancholic}, {"rain", plan.Melancholic},
	{"chill", plan.Chill}, {"chilled", plan.Chill}, {"laid back", plan.Chill}, {"laidback", plan.Chill}, {"mellow", plan.Chill}, {"lazy", plan.Chill},
	{"cozy", plan.Chill}, {"cosy", plan.Chill}, {"smooth", plan.Chill}, {"study", plan.Chill}, {"chillout", plan.Chill}, {"easy going", plan.Chill},
	{"aggressive", plan.Aggressive}, {"angry", plan.Aggressive}, {"rage", plan.Aggressive}, {"furious", plan.Aggressive}, {"brutal", plan.Aggressive},
	{"fierce", plan.Aggressive}, {"violent", plan.Aggressive}, {"hard", plan.Aggressive}, {"heavy", plan.Aggressive},
	{"uplifting", plan.Uplifting}, {"hopeful", plan.Uplifting}, {"inspiring", plan.Uplifting}, {"inspirational", plan.Uplifting},
	{"euphoric", plan.Uplifting}, {"positive", plan.Uplifting}, {"optimistic", plan.Uplifting}, {"motivational", plan.Uplifting},
	{"nostalgic", plan.Nostalgic}, {"nostalgia", plan.Nostalgic}, {"retro", plan.Nostalgic}, {"vintage", plan.Nostalgic},
	{"memories", plan.Nostalgic}, {"childhood", plan.Nostalgic}, {"old school", plan.Nostalgic},
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
	{"slow", plan.TempoSlow}, {"slower", plan.TempoSlow}, {"very slow", plan.TempoSlow}, {"downtempo", plan.TempoSlow}, {"down tempo", plan.TempoSlow}, {"ballad", plan.TempoBallad},
	{"half time", plan.TempoHalfTime}, {"halftime", plan.TempoHalfTime},
	{"fast", plan.TempoFast}, {"faster", plan.TempoFast}, {"quick", plan.TempoFast}, {"uptempo", plan.TempoFast}, {"up tempo", plan.TempoFast},
	{"rapid", plan.TempoFast}, {"speedy", plan.TempoFast}, {"double time", plan.TempoFast},
	{"mid tempo", plan.TempoMid}, {"midtempo", plan.TempoMid}, {"moderate", plan.TempoMid}, {"medium tempo", plan.TempoMid},
}

var (
	bpmRE      = regexp.MustCompile(`\b(\d{2,4}(?:\.\d+)?)\s*(?:bpm|beats per minute)\b|\b(?:bpm|tempo)\s*(?:of|at|=|:)?\s*(\d{2,4}(?:\.\d+)?)\b`)
	clockRE    = regexp.MustCompile(`\b(\d{1,2}):([0-5]\d)\b`)
	minutesRE  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:minutes?|mins?|m)\b|\b(an?|one|two|three|four|five|half an?)\s+(?:minutes?|mins?)\b`)
	secondsRE  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:seconds?|secs?|s)\b`)
	decadeRE   = regexp.MustCompile(`^(?:[5-9]0|[12][09][5-9]0)s$`)
	keyRE      = regexp.MustCompile(`(?i)(\bin\s+|\bkey\s+(?:of\s+)?|^|[^a-z0-9#])([a-g])(#|♯|b|♭|\s+sharp|\s+flat)?\s*(major|minor|maj|min|dorian|phrygian|lydian|mixolydian|aeolian|ionian|locrian|m)\b`)
	bareModeRE = regexp.MustCompile(`\b(major|minor|dorian|phrygian|lydian|mixolydian)\s+(?:key|scale|mode|tonality)\b|\bin\s+(major|minor|dorian|phrygian|lydian|mixolydian)\b`)
)

var numberWords = map[string]float64{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "half a": 0.5, "half an": 0.5}

// Parse reads a free-text prompt into a plan.Plan. It never fails: words it does
// not know are kept for the title, and anything the prompt leaves open is
// decided later by the composer (music.Resolve).
//
// Understood: genres and moods with common synonyms; an exact tempo ("84
// bpm", "84bpm", "tempo 84"); tempo words (slow, fast, half-time, uptempo);
// a length ("45 seconds", "45s", "2 minutes", "2 min", "2:30", "1 minute 30
// seconds"), clamped to [MinSeconds, MaxSeconds]; a key and mode ("in D
// minor", "F# major", "A dorian", "Am"); instruments, and "no"/"without"
// before an instrument to exclude it; triple meter ("waltz", "3/4", "in
// three"), which genres that suit it honour.
func Parse(prompt string) plan.Plan {
	p := plan.Plan{Prompt: prompt, KeyRoot: -1}
	lower := strings.ToLower(prompt)
	parseTempo(&p, lower)
	parseDuration(&p, lower)
	parseKey(&p, prompt)
	parseMeter(&p, lower)

	folded := fold(prompt)
	toks := tokens(folded)
	ms := findTerms(folded, toks)
	read(&p, ms, toks)
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

// clamp limits v to [lo, hi].
func clamp(v, lo, hi float64) float64 { return math.Min(hi, math.Max(lo, v)) }

// isASCII reports whether s is plain ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func parseTempo(p *plan.Plan, lower string) {
	m := bpmRE.FindStringSubmatch(lower)
	if m == nil {
		return
	}
	s := m[1]
	if s == "" {
		s = m[2]
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		p.BPM = clamp(v, plan.MinBPM, plan.MaxBPM)
		p.ExplicitBPM = true
	}
}

func parseDuration(p *plan.Plan, lower string) {
	lower = bpmRE.ReplaceAllString(lower, " ")
	if m := clockRE.FindStringSubmatch(lower); m != nil {
		mm, _ := strconv.Atoi(m[1])
		ss, _ := strconv.Atoi(m[2])
		p.Seconds = clamp(float64(mm*60+ss), plan.MinSeconds, plan.MaxSeconds)
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
		p.Seconds = clamp(total, plan.MinSeconds, plan.MaxSeconds)
	}
}

var noteNames = map[string]int{"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}

func parseKey(p *plan.Plan, prompt string) {
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
