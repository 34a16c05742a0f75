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

var genreWords = []synonym[Genre]{
	{"lo fi", LoFi}, {"lofi", LoFi}, {"chillhop", LoFi}, {"study beats", LoFi}, {"lo fi hip hop", LoFi}, {"lofi hip hop", LoFi},
	{"hip hop", HipHop}, {"hiphop", HipHop}, {"rap", HipHop}, {"boom bap", HipHop}, {"boombap", HipHop}, {"r & b", HipHop}, {"rnb", HipHop},
	{"trap", Trap}, {"drill", Trap},
	{"house", House}, {"deep house", House}, {"edm", House}, {"dance", House}, {"garage", House},
	{"techno", Techno}, {"minimal techno", Techno}, {"industrial", Techno},
	{"trance", Trance}, {"psytrance", Trance}, {"psy trance", Trance},
	{"drum and bass", DrumAndBass}, {"drum n bass", DrumAndBass}, {"drum & bass", DrumAndBass}, {"drumandbass", DrumAndBass},
	{"dnb", DrumAndBass}, {"d & b", DrumAndBass}, {"d n b", DrumAndBass}, {"jungle", DrumAndBass}, {"liquid", DrumAndBass},
	{"dubstep", Dubstep}, {"brostep", Dubstep}, {"riddim", Dubstep},
	{"synthwave", Synthwave}, {"synth wave", Synthwave}, {"retrowave", Synthwave}, {"outrun", Synthwave}, {"vaporwave", Synthwave}, {"synthpop", Synthwave}, {"synth pop", Synthwave},
	{"pop", Pop}, {"dance pop", Pop}, {"kpop", Pop}, {"k pop", Pop}, {"indie pop", Pop},
	{"rock", Rock}, {"punk", Rock}, {"grunge", Rock}, {"alternative", Rock}, {"indie", Rock},
	{"metal", Metal}, {"heavy metal", Metal}, {"metalcore", Metal}, {"thrash", Metal}, {"djent", Metal},
	{"funk", Funk}, {"funky", Funk},
	{"disco", Disco}, {"nu disco", Disco},
	{"reggae", Reggae}, {"dub", Reggae}, {"ska", Reggae}, {"dancehall", Reggae},
	{"jazz", Jazz}, {"jazzy", Jazz}, {"bebop", Jazz}, {"swing", Jazz}, {"bossa nova", Jazz}, {"bossa", Jazz},
	{"ambient", Ambient}, {"drone", Ambient}, {"soundscape", Ambient}, {"new age", Ambient}, {"atmospheric", Ambient},
	{"classical", Classical}, {"orchestral", Classical}, {"orchestra", Classical}, {"cinematic", Classical},
	{"symphonic", Classical}, {"symphony", Classical}, {"film score", Classical}, {"baroque", Classical},
	{"folk", Folk}, {"acoustic", Folk}, {"singer songwriter", Folk}, {"celtic", Folk},
	{"blues", Blues}, {"bluesy", Blues},
	{"country", Country}, {"bluegrass", Country}, {"americana", Country}, {"western", Country},
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
	{"cello", score.Strings}, {"cellos", score.Strings}, {"viola", score.Strings},
	{"synth", score.SawLead}, {"synths", score.SawLead}, {"synthesizer", score.SawLead}, {"synth lead", score.SawLead},
	{"supersaw", score.SawLead}, {"chiptune", score.SquareLead}, {"square lead", score.SquareLead}, {"8 bit", score.SquareLead},
	{"pad", score.Pad}, {"pads", score.Pad}, {"synth pad", score.Pad},
	{"bass", score.Bass}, {"bass guitar", score.Bass}, {"bassline", score.Bass}, {"upright bass", score.Bass},
	{"synth bass", score.SynthBass}, {"acid", score.SynthBass}, {"303", score.SynthBass},
	{"808", score.SubBass}, {"808s", score.SubBass}, {"sub bass", score.SubBass}, {"reese", score.Reese}, {"wobble", score.Reese},
	{"drums", score.Drums}, {"drum", score.Drums}, {"percussion", score.Drums}, {"beat", score.Drums}, {"beats", score.Drums},
	{"sax", score.Sax}, {"saxophone", score.Sax}, {"saxophones", score.Sax},
	{"flute", score.Flute}, {"flutes", score.Flute}, {"pan flute", score.Flute}, {"whistle", score.Flute},
	{"bells", score.Bells}, {"bell", score.Bells}, {"glockenspiel", score.Bells}, {"chimes", score.Bells},
	{"music box", score.Bells}, {"celesta", score.Bells}, {"vibraphone", score.Bells},
	{"choir", score.ChoirPad}, {"choral", score.ChoirPad}, {"voices", score.ChoirPad}, {"vocals", score.ChoirPad}, {"vocal", score.ChoirPad},
	{"brass", score.Brass}, {"horns", score.Brass}, {"horn", score.Brass}, {"trumpet", score.Brass}, {"trumpets", score.Brass}, {"trombone", score.Brass},
	{"pluck", score.Pluck}, {"plucks", score.Pluck}, {"harp", score.Pluck}, {"pizzicato", score.Pluck},
	{"arp", score.Arp}, {"arps", score.Arp}, {"arpeggio", score.Arp}, {"arpeggios", score.Arp}, {"arpeggiated", score.Arp}, {"arpeggiator", score.Arp},
}

var tempoWords = []synonym[string]{
	{"slow", TempoSlow}, {"slower", TempoSlow}, {"very slow", TempoSlow}, {"downtempo", TempoSlow}, {"down tempo", TempoSlow}, {"ballad", TempoSlow},
	{"half time", TempoHalfTime}, {"halftime", TempoHalfTime},
	{"fast", TempoFast}, {"faster", TempoFast}, {"quick", TempoFast}, {"uptempo", TempoFast}, {"up tempo", TempoFast},
	{"rapid", TempoFast}, {"speedy", TempoFast}, {"double time", TempoFast},
	{"mid tempo", TempoMid}, {"midtempo", TempoMid}, {"moderate", TempoMid}, {"medium tempo", TempoMid},
}

var negations = map[string]bool{"no": true, "without": true, "not": true, "minus": true, "sans": true, "zero": true, "nor": true, "excluding": true}

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

	toks := tokenRE.FindAllString(strings.NewReplacer("'", "", "’", "").Replace(lower), -1)
	norm := " " + strings.Join(toks, " ") + " "
	used := make([]bool, len(toks))
	if g, ok := earliest(norm, genreWords, used, toks); ok {
		p.Genre = g
	}
	if m, ok := earliest(norm, moodWords, used, toks); ok {
		p.Mood = m
	}
	if t, ok := earliest(norm, tempoWords, used, toks); ok {
		p.Tempo = t
	}
	parseInstruments(&p, norm, toks, used)
	if strings.Contains(norm, " drumless ") || strings.Contains(norm, " no percussion ") {
		p.NoDrums = true
	}
	for i, t := range toks {
		if !used[i] && len(t) >= 3 && !stopWords[t] && !strings.ContainsAny(t, "0123456789") && !decadeRE.MatchString(t) {
			p.Words = append(p.Words, t)
		}
	}
	return p
}

// earliest returns the value of the synonym found first in norm (the longer
// phrase wins at equal positions) and marks the tokens of every match as used.
func earliest[T any](norm string, words []synonym[T], used []bool, toks []string) (T, bool) {
	var best T
	bestPos, bestLen := -1, 0
	for _, w := range words {
		i := strings.Index(norm, " "+w.phrase+" ")
		for j := i; j >= 0; {
			markUsed(norm, j, w.phrase, used)
			k := strings.Index(norm[j+1:], " "+w.phrase+" ")
			if k < 0 {
				break
			}
			j += k + 1
		}
		if i < 0 {
			continue
		}
		if bestPos < 0 || i < bestPos || (i == bestPos && len(w.phrase) > bestLen) {
			best, bestPos, bestLen = w.value, i, len(w.phrase)
		}
	}
	return best, bestPos >= 0
}

// markUsed marks the tokens of phrase found at byte offset pos of norm.
func markUsed(norm string, pos int, phrase string, used []bool) {
	first := strings.Count(norm[:pos+1], " ") - 1
	n := strings.Count(phrase, " ") + 1
	for k := first; k < first+n && k < len(used); k++ {
		if k >= 0 {
			used[k] = true
		}
	}
}

func parseInstruments(p *Plan, norm string, toks []string, used []bool) {
	type hit struct {
		pos, length int
		inst        score.Instrument
		neg         bool
	}
	var hits []hit
	for _, w := range instrumentWords {
		for off := 0; ; {
			i := strings.Index(norm[off:], " "+w.phrase+" ")
			if i < 0 {
				break
			}
			i += off
			markUsed(norm, i, w.phrase, used)
			first := strings.Count(norm[:i+1], " ") - 1
			neg := first > 0 && negations[toks[first-1]] || first > 1 && negations[toks[first-2]] && toks[first-1] == "any"
			hits = append(hits, hit{i, len(w.phrase), w.value, neg})
			off = i + 1
		}
	}
	// Keep the longest phrase at each position, in prompt order.
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && (hits[j].pos < hits[j-1].pos || hits[j].pos == hits[j-1].pos && hits[j].length > hits[j-1].length); j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	end := -1
	for _, h := range hits {
		if h.pos < end {
			continue // inside a longer phrase ("synth bass" covers "synth" and "bass")
		}
		end = h.pos + h.length + 1
		if h.neg {
			if h.inst == score.Drums {
				p.NoDrums = true
			}
			p.Without = appendUnique(p.Without, h.inst)
			continue
		}
		if h.inst == score.Drums && p.NoDrums {
			continue
		}
		p.Instruments = appendUnique(p.Instruments, h.inst)
	}
	if p.NoDrums {
		p.Instruments = removeInst(p.Instruments, score.Drums)
	}
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
