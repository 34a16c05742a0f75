package style

// The catalogue's closed vocabularies. Each is a named string type, so an
// entry writes a plain literal ("jazz") and code that reads it names the
// type; the lists below are every value an entry may use, and a test of
// the composer (internal/music) proves it knows each of them: no entry
// falls back silently to another style's choice.

// HarmonyFamily names a progression pool of the composer.
type HarmonyFamily string

// HarmonyFamilies lists every harmony family an entry may name.
var HarmonyFamilies = []HarmonyFamily{"pop", "minor", "jazz", "rock", "metal", "folk", "epic", "dance", "one", "funk",
	"disco", "reggae", "ambient", "classical", "blues", "latin", "gospel", "soul", "anime", "chant", "horror", "christmas"}

// DrumBuiltin names a builtin drummer of the composer (Groove.Builtin).
type DrumBuiltin string

// DrumBuiltins lists every builtin drummer.
var DrumBuiltins = []DrumBuiltin{"backbeat", "boombap", "trap", "fourfloor", "disco", "techno", "breakbeat", "halftime",
	"onedrop", "jazz", "metal", "funk", "softpulse", "orchestral", "train"}

// LineBuiltin names a builtin bass line or comping of the composer
// (Line.Builtin).
type LineBuiltin string

// BassBuiltins lists every builtin bass line.
var BassBuiltins = []LineBuiltin{"rootfifth", "eighths", "walking", "808", "offbeat", "reese", "onedrop", "funk",
	"octave", "sustain", "boombap"}

// CompBuiltins lists every builtin comping.
var CompBuiltins = []LineBuiltin{"block", "pop", "charleston", "stab", "skank", "power", "funk", "strum", "broken"}

// Form names a song shape of the composer (Style.Form).
type Form string

// Forms lists every form.
var Forms = []Form{"song", "dance", "beat", "through", "blues"}

// Cadence names a final approach (Harmony.Cadence); "" is the family's
// default.
type Cadence string

// Cadences lists every cadence besides "".
var Cadences = []Cadence{"authentic", "plagal", "modal", "drone"}

// Parts lists the parts a band plays, the role names Band.Recorded uses
// ("drone" is Band.Drone).
var Parts = []string{"bass", "chords", "pad", "lead", "arp", "drums", "drone"}
