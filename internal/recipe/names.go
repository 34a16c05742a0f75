package recipe

import "github.com/songsmith/songsmith/internal/request"

// The names a recipe's plan may hold. The API Lambdas check recipes
// without linking the engine, so these are copies of the catalogue's
// names; TestNamesMatchTheCatalogue (recipe_test.go) fails when one
// differs from internal/style, internal/plan, internal/score or
// internal/music.

// Styles are the styles of the catalogue (plan.Genres), in its order.
var Styles = []string{"lo-fi", "hip hop", "trap", "house", "techno", "trance", "drum and bass", "dubstep",
	"synthwave", "pop", "rock", "metal", "funk", "disco", "reggae", "jazz", "ambient", "classical", "folk",
	"blues", "country", "bossa nova", "samba", "salsa", "reggaeton", "latin pop", "tango", "afrobeats",
	"amapiano", "dancehall", "soca", "calypso", "bollywood", "celtic", "sea shanty", "gospel", "soul", "r&b",
	"k-pop", "j-pop", "phonk", "chiptune", "cinematic", "lullaby", "children's song", "christmas",
	"marching band", "big band", "corporate", "power ballad", "gregorian chant", "punk", "grunge", "indie",
	"bluegrass", "edm", "future bass", "meditation", "dark ambient"}

// Moods are the moods the composer knows (plan.Moods).
var Moods = []string{"happy", "sad", "dark", "dreamy", "epic", "calm", "energetic", "romantic", "mysterious",
	"melancholic", "chill", "aggressive", "uplifting", "nostalgic"}

// Instruments are the instruments of the score (score.Instrument values).
var Instruments = []string{"piano", "epiano", "organ", "guitar", "dist_guitar", "pluck", "strings", "pad",
	"choir", "saw_lead", "square_lead", "bells", "flute", "sax", "brass", "bass", "sub_bass", "synth_bass",
	"reese", "arp", "drums", "fiddle", "banjo", "mandolin", "ukulele", "accordion", "steel_drums", "sitar",
	"music_box", "nylon_guitar", "harpsichord", "marimba", "vibraphone", "kalimba", "harp", "upright_bass",
	"singing_bowl", "log_drum", "cowbell", "chip_lead", "chip_bass", "tabla", "vinyl_crackle"}

// Tempos are the tempo feels a plan may name (plan.TempoSlow ...).
var Tempos = []string{"slow", "mid", "fast", "half-time", "ballad"}

// Modes are the modes the composer writes in (harmony.Modes): a plan's key
// names one.
var Modes = []string{"major", "minor", "dorian", "phrygian", "lydian", "mixolydian", "locrian", "harmonic minor"}

// Meters are the meters a plan may ask for: 3 (3/4), 4 (4/4), 6 (6/8).
var Meters = []string{"3", "4", "6"}

// tonics are the pitch classes' names in recipes, flats as requests
// write them ("A-flat minor").
var tonics = [12]string{"C", "D-flat", "D", "E-flat", "E", "F", "F-sharp", "G", "A-flat", "A", "B-flat", "B"}

// KeyName writes a key as recipes hold it: "A-flat minor", "D" (no mode).
// The key request option reads it back (request.ParseKey).
func KeyName(root int, mode string) string {
	n := tonics[((root%12)+12)%12]
	if mode == "" {
		return n
	}
	return n + " " + mode
}

// ParseKey reads a key as the key request option does (request.ParseKey):
// the tonic's pitch class and the mode ("" when it names none).
func ParseKey(s string) (root int, mode string, err error) {
	k, err := request.ParseKey(s)
	return k.Root, k.Mode, err
}
