package synth

import (
	"math"

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
	score.NylonGuitar: {program: 24, db: 8.6},
	score.DistGuitar:  {program: 30, db: -0.7},
	score.Bass:        {program: 33, db: 10.6},
	score.UprightBass: {program: 32, db: 6.2},
	score.Strings:     {program: 48, db: 2.9},
	score.ChoirPad:    {program: 52, db: 3.0},
	score.Brass:       {program: 61, db: 1.2},
	score.Sax:         {program: 65, db: 14.7},
	score.Flute:       {program: 73, db: 13.1},
	score.Harp:        {program: 46, db: 14.6},
	score.Marimba:     {program: 12, db: 17.0},
	score.Vibraphone:  {program: 11, db: 17.6},
	score.MusicBox:    {program: 10, db: 11.0},
	score.Bells:       {program: 9, db: 9.8},
	score.Kalimba:     {program: 108, db: 16.5},
	score.SteelDrums:  {program: 114, db: 17.5},
	score.Sitar:       {program: 104, db: 8.7},
	score.Banjo:       {program: 105, db: 2.7},
	score.Fiddle:      {program: 110, db: 13.9},
	score.Accordion:   {program: 21, db: 14.1},
	score.Harpsichord: {program: 6, db: -1.2},
	score.Ukulele:     {program: 24, db: 7.0, release: 0.6},
	score.Mandolin:    {program: 25, db: 2.7, release: 0.8},
}

// gmKits maps the kits that have a General MIDI counterpart to the drum
// preset (bank 128) that plays them. Electronic kits (808, 909,
// electronic, chip) stay synthesized.
var gmKits = map[score.Kit]gmKit{
	"":                  {0, 27.4, nil, nil},
	score.KitAcoustic:   {0, 27.4, nil, nil},
	score.KitVintage:    {8, 27.4, nil, nil},
	score.KitLatin:      {0, 27.4, map[score.Drum]float64{score.Snare: -13.1, score.Rim: -15.0}, []score.Drum{score.Kick}},
	score.KitMarching:   {0, 27.4, map[score.Drum]float64{score.Kick: -2.1, score.Clap: -28.6, score.Rim: -22.4, score.HandClap: -29.8, score.Crash: -17.7, score.TomLow: -10.6, score.TomHigh: -10.0, score.Shaker: -30.9, score.Cowbell: -10.3, score.Clave: -16.4, score.CongaHigh: -10.9, score.Timbale: -16.5, score.Tambourine: -26.1}, nil},
	score.KitBrush:      {40, 26.9, map[score.Drum]float64{score.Kick: -9.9, score.Snare: -12.0, score.Clap: -22.2, score.HandClap: -24.0, score.ClosedHat: -31.5, score.OpenHat: -25.9, score.Ride: -28.8, score.Crash: -26.5, score.Shaker: -33.5, score.Tambourine: -28.5}, nil},
	score.KitOrchestral: {48, 25.5, map[score.Drum]float64{score.Kick: -4.1, score.Snare: -9.3, score.Clap: -24.6, score.HandClap: -26.4, score.Rim: -18.0, score.ClosedHat: -39.7, score.OpenHat: -26.8, score.Ride: -16.9, score.Crash: -8.2, score.TomLow: -3.8, score.TomMid: -0.5, score.TomHigh: -1.5, score.Shaker: -25.7, score.Cowbell: -5.7, score.Clave: -11.8, score.CongaHigh: -6.8, score.CongaLow: -6.8, score.Bongo: -7.0, score.Timbale: -10.3, score.Guiro: -22.4, score.Tambourine: -21.6, score.Timpani: 3.6}, nil},
}

// gmKit is a GM drum kit: its program in bank 128, the level trim that
// matches the synthesized kit's, the drums whose trim differs from
// gmDrumKeys' in this kit, and the drums the kit keeps synthesized. The
// latin kit keeps its synthesized kick: salsa's tumbao kick (the "and" of
// 2 and beat 4) from FluidR3's bass drum pulled bpm-tools to 2/3 of the
// tempo at any level, while the synthesized one leaves the bongo's
// martillo and the cowbell the pulse.
type gmKit struct {
	program int
	db      float64
	trims   map[score.Drum]float64
	synth   []score.Drum
}

// gmDrum is a drum sound's General MIDI percussion key and its level trim
// against the kit's: with the trims alone, each recorded hit has the RMS
// of the synthesized hit (TestRecordedDrumBalance), so a recorded kit
// keeps the synthesized kit's balance instead of the bank's (FluidR3's
// hats and shaker are 20-23 dB hotter against its kick than ours).
type gmDrum struct {
	key int
	db  float64
}

// gmDrumKeys maps drum sounds to General MIDI percussion keys. Drums
// missing here (808 kick, snap, tabla, taiko, surdo, log kick, sleigh
// bells) are synthesized on a recorded drum track.
var gmDrumKeys = map[score.Drum]gmDrum{
	score.Kick: {36, -0.5}, score.Snare: {38, -14.5}, score.Clap: {39, -26.9}, score.HandClap: {39, -28.8}, score.Rim: {37, -21.0},
	score.ClosedHat: {42, -26.5}, score.OpenHat: {46, -21.2}, score.Ride: {51, -22.3}, score.Crash: {49, -19.6},
	score.TomLow: {41, -9.3}, score.TomMid: {45, -7.4}, score.TomHigh: {48, -8.7}, score.Shaker: {70, -29.2},
	score.Cowbell: {56, -9.1}, score.Clave: {75, -15.2}, score.CongaHigh: {63, -9.7}, score.CongaLow: {64, -9.7},
	score.Bongo: {60, -10.0}, score.Timbale: {65, -13.7}, score.Guiro: {74, -24.9}, score.Tambourine: {54, -24.4},
}

// On top of the matched levels, a recorded kit sits recKitLift dB up and
// its kick and snare recKickLift and recSnareLift dB above the other
// drums: the recorded melodic parts are fuller in the mids than the
// synthesized ones at equal RMS, and at matched levels the beat got lost
// under them (bpm-tools misheard the tempo of pop, country and the country
// and jazz waltzes in the engine's outside-tool checks).
const (
	recKitLift   = 2.0
	recKickLift  = 6.0
	recSnareLift = 3.0
)

// drumLift is the lift of drum d above the other drums of a recorded kit.
func drumLift(d score.Drum) float64 {
	switch d {
	case score.Kick:
		return recKickLift
	case score.Snare:
		return recSnareLift
	}
	return 0
}

// drumVelocity is the velocity that plays a hit of velocity vel db
// quieter (db <= 0): a SoundFont note's gain goes with velocity squared,
// so a softer hit also picks the bank's softer layer.
func drumVelocity(vel, db float64) float64 { return vel * math.Pow(10, db/40) }

// timpaniProgram is the GM program a recorded kit plays score.Timpani on,
// tuned to the song's key root, timpaniDB its trim like gmDrum's.
const (
	timpaniProgram = 47
	timpaniDB      = 1.2
)

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
