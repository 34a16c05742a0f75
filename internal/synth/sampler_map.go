package synth

import "github.com/songsmith/songsmith/internal/score"

// gmVoice is how a score instrument plays from a General MIDI bank.
type gmVoice struct {
	program int     // GM program, 0-based, bank 0
	db      float64 // level trim against the synthesized patch
	release float64 // >0: force note-offs this long after the note's start at most (seconds)
	legato  bool    // pedal-like: a note rings on to the next onset (piano)
}

// gmVoices maps the instruments that have a good General MIDI preset.
// Instruments missing here (synth leads, pads, 808 and reese basses,
// chip voices, textures) stay synthesized even on a Recorded track.
var gmVoices = map[score.Instrument]gmVoice{
	score.Piano:       {program: 0, legato: true},
	score.EPiano:      {program: 4},
	score.Organ:       {program: 16},
	score.Guitar:      {program: 25},
	score.NylonGuitar: {program: 24},
	score.DistGuitar:  {program: 30},
	score.Bass:        {program: 33},
	score.UprightBass: {program: 32},
	score.Strings:     {program: 48},
	score.ChoirPad:    {program: 52},
	score.Brass:       {program: 61},
	score.Sax:         {program: 65},
	score.Flute:       {program: 73},
	score.Harp:        {program: 46},
	score.Marimba:     {program: 12},
	score.Vibraphone:  {program: 11},
	score.MusicBox:    {program: 10},
	score.Bells:       {program: 9},
	score.Kalimba:     {program: 108},
	score.SteelDrums:  {program: 114},
	score.Sitar:       {program: 104},
	score.Banjo:       {program: 105},
	score.Fiddle:      {program: 110},
	score.Accordion:   {program: 21},
	score.Harpsichord: {program: 6},
	score.Ukulele:     {program: 24, release: 0.6},
	score.Mandolin:    {program: 25, release: 0.8},
}

// gmKits maps the kits that have a General MIDI counterpart to the drum
// preset (bank 128) that plays them. Electronic kits (808, 909,
// electronic, chip) stay synthesized.
var gmKits = map[score.Kit]int{
	"":                  0,
	score.KitAcoustic:   0,
	score.KitVintage:    8,
	score.KitLatin:      0,
	score.KitMarching:   0,
	score.KitBrush:      40,
	score.KitOrchestral: 48,
}

// gmDrumKeys maps drum sounds to General MIDI percussion keys. Drums
// missing here (808 kick, snap, tabla, taiko, surdo, log kick, sleigh
// bells) are synthesized on a recorded drum track.
var gmDrumKeys = map[score.Drum]int{
	score.Kick: 36, score.Snare: 38, score.Clap: 39, score.HandClap: 39, score.Rim: 37,
	score.ClosedHat: 42, score.OpenHat: 46, score.Ride: 51, score.Crash: 49,
	score.TomLow: 41, score.TomMid: 45, score.TomHigh: 48, score.Shaker: 70,
	score.Cowbell: 56, score.Clave: 75, score.CongaHigh: 63, score.CongaLow: 64,
	score.Bongo: 60, score.Timbale: 65, score.Guiro: 74, score.Tambourine: 54,
}

// timpaniProgram is the GM program a recorded kit plays score.Timpani on,
// tuned to the song's key root.
const timpaniProgram = 47
