package synth

import (
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// gmVoice is how a score instrument plays from a General MIDI bank.
type gmVoice struct {
	program int     // GM program, 0-based, bank 0
	db      float64 // level trim against the synthesized patch
	release float64 // >0: force note-offs this long after the note's start at most (seconds)
	legato  bool    // pedal-like: a note rings on to the next onset (piano)
}

// gmVoices maps the instruments that have a good General MIDI preset. The
// level trims bring a recorded part to the RMS of the synthesized voice
// it replaces on the same four-note phrase, dry (TestRecordedCatalogueSounds
// holds them within 6 dB), so the mix balance holds with the bank on or off.
// Instruments missing here (synth leads, pads, 808 and reese basses,
// chip voices, textures) stay synthesized even on a Recorded track.
var gmVoices = map[score.Instrument]gmVoice{
	score.Piano:       {program: 0, db: 12.8, legato: true},
	score.EPiano:      {program: 4, db: 10.0},
	score.Organ:       {program: 16, db: 12.9},
	score.Guitar:      {program: 25, db: 1.9},
	score.NylonGuitar: {program: 24, db: -2.4},
	score.DistGuitar:  {program: 30, db: -0.7},
	score.Bass:        {program: 33, db: 10.6},
	score.UprightBass: {program: 32, db: -4.1},
	score.Strings:     {program: 48, db: 2.9},
	score.ChoirPad:    {program: 52, db: 3.0},
	score.Brass:       {program: 61, db: 1.2},
	score.Sax:         {program: 65, db: 14.7},
	score.Flute:       {program: 73, db: 13.1},
	score.Harp:        {program: 46, db: 1.4},
	score.Marimba:     {program: 12, db: 2.9},
	score.Vibraphone:  {program: 11, db: 4.8},
	score.MusicBox:    {program: 10, db: -2.7},
	score.Bells:       {program: 9, db: 9.8},
	score.Kalimba:     {program: 108, db: 1.5},
	score.SteelDrums:  {program: 114, db: 4.5},
	score.Sitar:       {program: 104, db: 5.0},
	score.Banjo:       {program: 105, db: -1.6},
	score.Fiddle:      {program: 110, db: 1.1},
	score.Accordion:   {program: 21, db: 4.0},
	score.Harpsichord: {program: 6, db: -1.2},
	score.Ukulele:     {program: 24, db: -2.4, release: 0.6},
	score.Mandolin:    {program: 25, db: -2.5, release: 0.8},
}

// gmKits maps the kits that have a General MIDI counterpart to the drum
// preset (bank 128) that plays them. Electronic kits (808, 909,
// electronic, chip) stay synthesized.
var gmKits = map[score.Kit]gmKit{
	"":                  {0, 22.4},
	score.KitAcoustic:   {0, 22.4},
	score.KitVintage:    {8, 22.4},
	score.KitLatin:      {0, 22.4},
	score.KitMarching:   {0, 22.4},
	score.KitBrush:      {40, 21.9},
	score.KitOrchestral: {48, 20.5},
}

// gmKit is a GM drum kit: its program in bank 128 and the level trim that
// matches the synthesized kit's RMS on the same beat.
type gmKit struct {
	program int
	db      float64
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

// RecordedPreset returns the preset (SoundFont bank and program) a track
// plays from when a sample bank is loaded, and ok false when the track is
// synthesized: it is not Recorded, or its instrument or kit has no General
// MIDI counterpart here (synth leads, pads, 808, reese, chip voices and
// electronic kits stay synthesized). A recorded drum track plays its kit
// from bank 128; its hits without a GM key are still synthesized.
func RecordedPreset(tr *score.Track) (bank, program int, ok bool) {
	if !tr.Recorded {
		return 0, 0, false
	}
	if tr.Instrument == score.Drums {
		k, ok := gmKits[tr.Kit]
		return soundfont.PercussionBank, k.program, ok
	}
	v, ok := gmVoices[tr.Instrument]
	return 0, v.program, ok
}
