package style

import "github.com/songsmith/songsmith/internal/score"

// core holds the styles the engine started with (with coreAcoustic).
var core = []Style{
	{
		Name: "lo-fi", Family: "urban",
		Seat: MixSeat{MixUrban, RefBeat},
		// Hip hop: the drunk MPC snare far behind, the bass with it.
		Feel:    func(f *Feel) { f.Push.Snare, f.Push.Bass, f.Spread = 18, 12, 7 },
		Aliases: []string{"lo fi", "lofi", "chillhop", "study beats", "lo fi hip hop", "lofi hip hop"},
		Tempo:   [2]float64{70, 90}, Seconds: 90, Meters: []Meter{FourFour, ThreeFour}, Swing: 0.55, SwingSixteenths: true,
		Moods: []string{"chill", "nostalgic", "melancholic", "calm"}, Bright: false,
		Drums: Drums{Kit: score.KitVintage, Grooves: []Groove{
			{Name: "boombap", Builtin: "boombap"},
			{Name: "lazy rim", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x.x....."},
				{Drum: score.Rim, Steps: "....x.......x..."},
				{Drum: score.Shaker, Steps: "o.-.o.-.o.-.o.-.", Level: 2},
				{Drum: score.Snap, Steps: "............x...", Level: 3},
			}},
			{Name: "lo-fi waltz", Meter: ThreeFour, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...o...o..."},
				{Drum: score.Rim, Steps: "....x...x..."},
				{Drum: score.ClosedHat, Steps: "x...x...x..."},
			}},
		}},
		Bass: []Line{{Builtin: "boombap"}},
		Comp: []Line{{Builtin: "charleston"}},
		// Mellow vibes or a flute sing the hook: the glockenspiel lead it
		// had carried 99 % of a lo-fi beat's 4 kHz octave, 7 dB over the
		// beat references' (docs/engine-mix.md).
		Band: Band{Bass: score.Bass, Chords: score.EPiano, Pad: score.Pad, Lead: score.Vibraphone, LeadAlt: []score.Instrument{score.Flute}, Recorded: []string{"bass", "chords", "lead"}},
		// Jazz loops that start on the tonic, or land on it (IV–iii–ii–I):
		// a beat repeats its four bars for two minutes, and the jazz
		// pool's loops from ii or iii (ii–V–I–I, iii–vi–ii–V), whose
		// last bar the turnaround takes (see rhythmize), were heard in
		// the key a fourth or fifth away.
		Harmony: Harmony{Family: "jazz", Ext: 5, Modes: []string{"dorian"},
			Major: [][]int{{0, 5, 1, 4}, {3, 2, 1, 0}, {0, 3, 2, 5}, {0, 2, 3, 4}},
			Minor: [][]int{{0, 3, 6, 2}, {0, 5, 1, 4}, {0, 3, 0, 4}, {0, 6, 5, 4}}},
		Form: "beat",
		Lead: Lead{Density: 0.35},
		Mix: Mix{Reverb: 0.5, Tail: 2, Brightness: 0.35, Drive: 0.15, LoudnessLUFS: -15.5,
			// Dusty drums, not a club kit: the keys keep their 1-4 kHz presence.
			Parts: map[score.Role]float64{score.RoleDrums: 1}},
		Cover:  Cover{Look: "grain", Variant: 0, Hues: [4]float64{25, 345, 175, 40}, Sat: 0.45, BgL: 0.55, AccL: 0.62, Grain: 0.09},
		Titles: []string{"Tapes", "Window", "Notebook", "Coffee", "Afternoon", "Rooftop"},
	},
	{
		Name: "hip hop", Family: "urban",
		Seat:    MixSeat{MixUrban, RefBeat},
		Feel:    func(f *Feel) { f.Push.Snare, f.Push.Bass = 16, 11 },
		Aliases: []string{"hiphop", "rap", "boom bap", "boombap"},
		Tempo:   [2]float64{85, 98}, Seconds: 100, Meters: []Meter{FourFour}, Swing: 0.2,
		Moods: []string{"chill", "dark", "energetic", "nostalgic"}, Bright: false,
		Drums: Drums{Kit: score.KitVintage, Grooves: []Groove{
			{Name: "boombap", Builtin: "boombap"},
			{Name: "dusty ride", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x.x....."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.Ride, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
				{Drum: score.Tambourine, Steps: "....o.......o...", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "boombap"}},
		Comp:    []Line{{Builtin: "charleston"}},
		Band:    Band{Bass: score.Bass, Chords: score.Piano, Pad: score.Strings, Lead: score.Flute, Recorded: []string{"bass", "chords", "pad", "lead"}},
		Harmony: Harmony{Family: "minor", Ext: 4}, Form: "beat",
		Lead:   Lead{Density: 0.4, Blue: 0.25},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5, DrumsDB: 2},
		Cover:  Cover{Look: "bold", Variant: 1, Hues: [4]float64{45, 275, 10, 200}, Sat: 0.7, BgL: 0.22, AccL: 0.55, Grain: 0.03},
		Titles: []string{"Block", "Streets", "Corner", "Cipher", "Skyline", "Hustle"},
	},
	{
		Name: "trap", Family: "urban",
		Seat: MixSeat{MixUrban, RefBeat},
		// Sequenced styles of live families.
		Feel:    programmed,
		Aliases: []string{"drill"},
		Tempo:   [2]float64{130, 150}, Seconds: 100, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"dark", "aggressive", "mysterious", "energetic"}, Bright: false,
		Drums: Drums{Kit: score.Kit808, Grooves: []Groove{
			{Name: "trap", Builtin: "trap"},
			// Rim clicks on 2 and 4 under the half-time kick and clap:
			// without them aubio took the half for a few bars after a
			// fill (trap 2 and 4: 136.8 and 127.1 for 142 and 141).
			{Name: "triplet hats", Lines: []DrumLine{
				{Drum: score.Kick808, Steps: "x.......x......."},
				{Drum: score.Snare, Steps: "........x.......", Level: 2},
				{Drum: score.Clap, Steps: "........x......."},
				{Drum: score.ClosedHat, Steps: "xoo xoo xoo xoo"},
				{Drum: score.Rim, Steps: "....x.......x...", Level: 2},
			}},
		}},
		Bass:    []Line{{Builtin: "808"}},
		Comp:    []Line{{Builtin: "block"}},
		Band:    Band{Bass: score.SubBass, Chords: score.Pluck, Pad: score.Pad, Lead: score.Bells, Recorded: []string{"lead"}},
		Harmony: Harmony{Family: "minor", Ext: 3}, Form: "beat",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.4, Tail: 1.5},
		Cover:  Cover{Look: "shards", Variant: 1, Hues: [4]float64{310, 330, 290, 180}, Sat: 0.8, BgL: 0.12, AccL: 0.52, Grain: 0.03},
		Titles: []string{"Smoke", "Chains", "Night Drive", "Crown", "Ice", "Shadows"},
	},
	{
		Name: "house", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"deep house", "garage"},
		Tempo:   [2]float64{120, 126}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"happy", "uplifting", "energetic", "romantic"}, Bright: true,
		Drums: Drums{Kit: score.Kit909, Grooves: []Groove{
			{Name: "fourfloor", Builtin: "fourfloor"},
			{Name: "deep shuffle", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 2},
				{Drum: score.Shaker, Steps: "o-o-o-o-o-o-o-o-"},
				{Drum: score.Rim, Steps: "...o.......o..o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "offbeat"}},
		Comp:    []Line{{Builtin: "stab"}},
		Band:    Band{Bass: score.SynthBass, Chords: score.Piano, Pad: score.Pad, Lead: score.Pluck, Arp: score.Arp, ArpRate: 0.5, Recorded: []string{"chords"}},
		Harmony: Harmony{Family: "dance", Ext: 4}, Form: "dance",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5, Sidechain: 0.5},
		Cover:  Cover{Look: "geometric", Variant: 1, Hues: [4]float64{320, 25, 200, 50}, Sat: 0.75, BgL: 0.35, AccL: 0.6, Grain: 0.02},
		Titles: []string{"Groove", "Floor", "Lights", "Weekend", "Club", "Heat"},
	},
	{
		Name: "techno", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"minimal techno", "industrial"},
		Tempo:   [2]float64{126, 134}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"dark", "energetic", "mysterious", "aggressive"}, Bright: false,
		Drums: Drums{Kit: score.Kit909, Grooves: []Groove{
			{Name: "techno", Builtin: "techno"},
			{Name: "warehouse", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Ride, Steps: "..x...x...x...x."},
				{Drum: score.Rim, Steps: "...o...o...o...o", Level: 2},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "offbeat"}},
		Comp:    []Line{{Builtin: "stab"}},
		Band:    Band{Bass: score.SynthBass, Chords: score.Pluck, Pad: score.Pad, Lead: score.SquareLead, Arp: score.Arp, ArpRate: 0.25, Recorded: []string{}},
		Harmony: Harmony{Family: "one", Ext: 3}, Form: "dance",
		Lead:   Lead{Density: 0.4},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Sidechain: 0.5},
		Cover:  Cover{Look: "geometric", Variant: 0, Hues: [4]float64{195, 215, 175, 0}, Sat: 0.3, BgL: 0.15, AccL: 0.55, Grain: 0.02},
		Titles: []string{"Machine", "Warehouse", "Circuit", "Signal", "Pulse", "Engine"},
	},
	{
		Name: "trance", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"psytrance", "psy trance"},
		Tempo:   [2]float64{134, 140}, Seconds: 150, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"uplifting", "epic", "energetic", "dreamy"}, Bright: false,
		Drums: Drums{Kit: score.Kit909, Grooves: []Groove{
			{Name: "trance drive", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.ClosedHat, Steps: "--x---x---x---x-"},
				{Drum: score.Snare, Steps: "....o.......o...", Level: 2},
				{Drum: score.Ride, Steps: "x...x...x...x...", Level: 3},
			}},
			{Name: "rolling", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Tambourine, Steps: "-.o.-.o.-.o.-.o."},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 3},
				{Drum: score.Crash, Steps: "x...............", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "offbeat"}},
		Comp:    []Line{{Builtin: "block"}},
		Band:    Band{Bass: score.SynthBass, Chords: score.SawLead, Pad: score.Pad, Lead: score.SawLead, Arp: score.Arp, ArpRate: 0.25, Recorded: []string{}},
		Harmony: Harmony{Family: "epic", Ext: 3}, Form: "dance",
		Lead:   Lead{Density: 0.6},
		Mix:    Mix{Reverb: 0.6, Tail: 2.5, Sidechain: 0.5, Chorus: 0.3},
		Cover:  Cover{Look: "rays", Variant: 0, Hues: [4]float64{230, 265, 190, 300}, Sat: 0.75, BgL: 0.22, AccL: 0.6, Grain: 0.02},
		Titles: []string{"Horizon", "Skies", "Lightyear", "Aurora", "Daybreak", "Orbit"},
	},
	{
		Name: "drum and bass", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"drum n bass", "drum & bass", "drumandbass", "dnb", "d & b", "d n b", "jungle", "liquid"},
		Tempo:   [2]float64{170, 176}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "dark", "uplifting", "dreamy"}, Bright: false,
		// From 178 bpm the break plays in half time outside the drops
		// (dnbHalfTime, style.Groove.Break).
		Drums: Drums{Kit: score.KitElectronic, Grooves: []Groove{
			{Name: "breakbeat", Builtin: "breakbeat", Break: dnbHalfTime, BreakBPM: 178},
			{Name: "two-step", Break: dnbHalfTime, BreakBPM: 178, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......o.-....."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.Ride, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
				{Drum: score.Shaker, Steps: "-o-o-o-o-o-o-o-o", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "reese"}},
		Comp:    []Line{{Builtin: "block"}},
		Band:    Band{Bass: score.Reese, Chords: score.Pad, Pad: score.Strings, Lead: score.Pluck, Arp: score.Arp, ArpRate: 0.5, Recorded: []string{"pad"}},
		Harmony: Harmony{Family: "minor", Ext: 4}, Form: "dance",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.45, Tail: 1.5, Sidechain: 0.5},
		Cover:  Cover{Look: "shards", Variant: 0, Hues: [4]float64{140, 165, 90, 200}, Sat: 0.75, BgL: 0.12, AccL: 0.5, Grain: 0.03},
		Titles: []string{"Velocity", "Rush", "Underground", "Currents", "Tunnel", "Voltage"},
	},
	{
		Name: "dubstep", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"brostep", "wobble bass", "dub step"},
		Tempo:   [2]float64{138, 142}, Seconds: 100, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"aggressive", "dark", "energetic", "epic"}, Bright: false,
		Drums: Drums{Kit: score.KitElectronic, Grooves: []Groove{
			{Name: "halftime", Builtin: "halftime"},
			{Name: "halftime ride", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.........x....."},
				{Drum: score.Snare, Steps: "........x......."},
				{Drum: score.Clap, Steps: "........x.......", Level: 2},
				{Drum: score.Ride, Steps: "x...x...x...x..."},
				{Drum: score.Shaker, Steps: "..o...o...o...o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "reese"}},
		Comp:    []Line{{Builtin: "block"}},
		Band:    Band{Bass: score.Reese, Chords: score.Pad, Pad: score.ChoirPad, Lead: score.SquareLead, Recorded: []string{"pad"}},
		Harmony: Harmony{Family: "minor", Ext: 3}, Form: "dance",
		Lead:   Lead{Density: 0.4},
		Mix:    Mix{Reverb: 0.4, Tail: 1.5, Sidechain: 0.5},
		Cover:  Cover{Look: "shards", Variant: 1, Hues: [4]float64{270, 90, 250, 100}, Sat: 0.85, BgL: 0.1, AccL: 0.5, Grain: 0.03},
		Titles: []string{"Quake", "Wobble", "Titan", "Fracture", "Riot", "Storm"},
	},
	{
		Name: "synthwave", Family: "electronic",
		Seat:    MixSeat{MixPop, RefBeat},
		Aliases: []string{"synth wave", "retrowave", "outrun", "vaporwave", "synthpop", "synth pop"},
		Tempo:   [2]float64{84, 110}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"nostalgic", "dreamy", "romantic", "energetic"}, Bright: false,
		Drums: Drums{Kit: score.KitElectronic, Grooves: []Groove{
			{Name: "gated", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 2},
				{Drum: score.Shaker, Steps: "o-o-o-o-o-o-o-o-"},
			}},
			{Name: "outrun", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.OpenHat, Steps: "..o...o...o...o.", Level: 2},
				{Drum: score.TomLow, Steps: "..............o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "eighths"}},
		Comp:    []Line{{Builtin: "block"}},
		Band:    Band{Bass: score.SynthBass, Chords: score.Pad, Pad: score.Strings, Lead: score.SawLead, Arp: score.Arp, ArpRate: 0.25, Recorded: []string{"pad"}},
		Harmony: Harmony{Family: "epic", Ext: 4}, Form: "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.6, Tail: 2, Sidechain: 0.5, Chorus: 0.3},
		Cover:  Cover{Look: "sungrid", Variant: 0, Hues: [4]float64{285, 320, 45, 185}, Sat: 0.85, BgL: 0.18, AccL: 0.6, Grain: 0.02},
		Titles: []string{"Highway", "Sunset", "Arcade", "Neon City", "Miami", "Drive"},
	},
	{
		Name: "pop", Family: "pop",
		Seat:    MixSeat{MixPop, RefBeat},
		Aliases: []string{"dance pop", "indie pop", "electropop", "electro pop", "bubblegum pop"},
		Tempo:   [2]float64{96, 124}, Seconds: 120, Meters: []Meter{FourFour, ThreeFour}, Swing: 0,
		Moods: []string{"happy", "uplifting", "romantic", "sad"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "backbeat", Builtin: "backbeat"},
			{Name: "clap pop", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...o...x...o..."},
				{Drum: score.Clap, Steps: "....x.......x..."},
				{Drum: score.Shaker, Steps: "x.o.x.o.x.o.x.o.", Level: 2},
				{Drum: score.Tambourine, Steps: "....x.......x...", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "rootfifth"}},
		Comp:    []Line{{Builtin: "pop"}},
		Band:    Band{Bass: score.Bass, Chords: score.Piano, Pad: score.Pad, Lead: score.SquareLead, Arp: score.Pluck, ArpRate: 0.5, Recorded: []string{"bass", "chords", "drums"}},
		Harmony: Harmony{Family: "pop", Ext: 3}, Form: "song",
		Lead:   Lead{Density: 0.55},
		Mix:    Mix{Reverb: 0.4, Tail: 1.5},
		Cover:  Cover{Look: "bold", Variant: 0, Hues: [4]float64{330, 190, 55, 280}, Sat: 0.75, BgL: 0.75, AccL: 0.6, Grain: 0.02},
		Titles: []string{"Heartbeat", "Summer", "Postcard", "Dance", "Starlight", "Mirror"},
	},
	{
		Name: "rock", Family: "rock",
		Seat:    MixSeat{MixRock, RefBeat},
		Aliases: []string{"alternative", "alt rock", "hard rock", "classic rock", "rock n roll", "rock and roll", "rocknroll", "rock & roll"},
		Colour:  []string{"rocky"},
		Tempo:   [2]float64{100, 140}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "aggressive", "uplifting", "nostalgic"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "drive", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x.x....."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.OpenHat, Steps: "o.o.o.o.o.o.o.o."},
				{Drum: score.Crash, Steps: "x...............", Level: 3},
			}},
			{Name: "ride rock", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.x.....x.x....."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.Ride, Steps: "x...x...x...x..."},
				{Drum: score.TomLow, Steps: "..............o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "eighths"}},
		Comp:    []Line{{Builtin: "power"}},
		Band:    Band{Bass: score.Bass, Chords: score.DistGuitar, Pad: score.Organ, Lead: score.Guitar, Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "rock", Ext: 3}, Form: "song",
		Lead:   Lead{Density: 0.5, Blue: 0.12},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, DrumDrive: 0.2},
		Cover:  Cover{Look: "shards", Variant: 0, Hues: [4]float64{5, 25, 0, 45}, Sat: 0.8, BgL: 0.1, AccL: 0.5, Grain: 0.04},
		Titles: []string{"Highway", "Fire", "Engine", "Thunder", "Road", "Rebel"},
	},
	{
		Name: "metal", Family: "rock",
		Seat:    MixSeat{MixRock, RefBeat},
		Feel:    func(f *Feel) { f.Spread, f.Drift, f.Rush, f.Push = 9, 5, 6, Push{Hats: -2, Snare: 2, Lead: 2} },
		Aliases: []string{"heavy metal", "metalcore", "thrash", "djent"},
		Colour:  []string{"metallic"},
		Tempo:   [2]float64{140, 180}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"aggressive", "dark", "epic", "energetic"}, Bright: false,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "metal", Builtin: "metal"},
			// The gallop's kick accents the beat (its "and a" ghosted: in
			// equal sixteenths aubio took three eighths for the beat),
			// closed hats and a ride on every beat mark it from the verse
			// on, the chorus crashes on every beat (crashes loud on 1 and
			// 3 let aubio take the half).
			{Name: "gallop", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.--x.--x.--x.--"},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "x...x...x...x..."},
				{Drum: score.Ride, Steps: "x...x...x...x...", Level: 2},
				{Drum: score.Crash, Steps: "x...x...x...x...", Level: 3},
			}},
		}},
		// The chug: the low tonic between the chord's root on 1 and 3
		// (eighths on the roots alone let Essentia hear a phrygian
		// song a fifth below its tonic, in the key of the same notes),
		// in legato eighths under the kick's beats. Galloping (an eighth
		// and two sixteenths a beat) it led aubio to three eighths in
		// full songs (metal 4, 10 and 12: 163.8-168.1 for 169-174); in
		// quarters bpm-tools heard a 15 s song at 4/3 (229.9 for 172);
		// staccato, its gaps deepened the quiet moments by 0.8-1 dB.
		Bass:    []Line{{Steps: "R-T-T-T-R-T-T-T-"}},
		Comp:    []Line{{Builtin: "power"}},
		Band:    Band{Bass: score.Bass, Chords: score.DistGuitar, Pad: score.ChoirPad, Lead: score.DistGuitar, Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "metal", Ext: 3, Modes: []string{"minor", "phrygian"}}, Form: "song",
		Lead:   Lead{Density: 0.55},
		Mix:    Mix{Reverb: 0.25, Tail: 1.5, DrumDrive: 0.2, GuitarDrive: 0.9},
		Cover:  Cover{Look: "shards", Variant: 1, Hues: [4]float64{0, 220, 210, 0}, Sat: 0.2, BgL: 0.07, AccL: 0.62, Grain: 0.04},
		Titles: []string{"Forge", "Inferno", "Throne", "Blade", "Hammer", "Abyss"},
	},
	{
		Name: "funk", Family: "soul",
		Seat: MixSeat{MixPop, RefBeat},
		// Funk and disco sit tight on the one.
		Feel: func(f *Feel) {
			f.Spread, f.Drift, f.Push = 6, 5, Push{Snare: 5, Hats: -3, Bass: -2, Chords: -3, Lead: 6}
		},
		Aliases: []string{"funk music", "p funk", "jazz funk"},
		Colour:  []string{"funky"},
		Tempo:   [2]float64{98, 112}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0.15,
		Moods: []string{"happy", "energetic", "chill", "romantic"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "funk", Builtin: "funk"},
			{Name: "pocket", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x.x....."},
				{Drum: score.Snare, Steps: "....x..-.-..x..."},
				{Drum: score.ClosedHat, Steps: "x.o.x.o.x.o.x.o."},
				{Drum: score.Tambourine, Steps: "....o.......o...", Level: 2},
				{Drum: score.OpenHat, Steps: "..............o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "funk"}},
		Comp:    []Line{{Builtin: "funk"}},
		Band:    Band{Bass: score.Bass, Chords: score.Guitar, Pad: score.Organ, Lead: score.Brass, Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "funk", Ext: 5, Modes: []string{"dorian"}}, Form: "song",
		Lead:   Lead{Density: 0.5, Blue: 0.18},
		Mix:    Mix{Reverb: 0.25, Tail: 1.5},
		Cover:  Cover{Look: "bold", Variant: 1, Hues: [4]float64{30, 280, 50, 320}, Sat: 0.8, BgL: 0.4, AccL: 0.6, Grain: 0.03},
		Titles: []string{"Strut", "Groove", "Boogie", "Swagger", "Shuffle", "Moves"},
	},
	{
		Name: "disco", Family: "soul",
		Seat: MixSeat{MixPop, RefBeat},
		Feel: func(f *Feel) {
			f.Spread, f.Drift, f.Push = 6, 5, Push{Snare: 3, Hats: -2, Bass: -1, Chords: -2, Lead: 4}
		},
		Aliases: []string{"nu disco"},
		Colour:  []string{"discoish"},
		Tempo:   [2]float64{115, 125}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"happy", "energetic", "romantic", "uplifting"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "disco", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.OpenHat, Steps: "..x...x...x...x."},
				{Drum: score.Tambourine, Steps: "-o-o-o-o-o-o-o-o", Level: 2},
			}},
			{Name: "philly", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.HandClap, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "o-x-o-x-o-x-o-x-"},
				{Drum: score.CongaHigh, Steps: "..o...o...o...o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "octave"}},
		Comp:    []Line{{Builtin: "funk"}},
		Band:    Band{Bass: score.Bass, Chords: score.Guitar, Pad: score.Strings, Lead: score.Brass, Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "disco", Ext: 4}, Form: "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5},
		Cover:  Cover{Look: "rays", Variant: 1, Hues: [4]float64{45, 320, 280, 30}, Sat: 0.8, BgL: 0.25, AccL: 0.65, Grain: 0.02},
		Titles: []string{"Mirrorball", "Boogie", "Nights", "Glitter", "Roller Rink", "Fever"},
	},
	{
		Name: "reggae", Family: "world",
		Seat: MixSeat{MixPop, RefBeat},
		// Reggae: everything lays back behind a steady kick, the skank most;
		// the riddim holds its tempo (Steady) in a calm song too.
		Feel: func(f *Feel) {
			f.Clave, f.Push, f.Steady = 0, Push{Snare: 16, Hats: 4, Bass: 12, Chords: 9, Lead: 8, Arp: 6}, true
		},
		Aliases: []string{"dub", "ska"},
		Colour:  []string{"reggaeish"},
		Tempo:   [2]float64{70, 84}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0.3, SwingSixteenths: true,
		Moods: []string{"chill", "happy", "calm", "romantic"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			// The one drop's riddim (hats in eighths, the double skank)
			// is heard at its eighths (144 for 72 bpm); a tune in
			// quarters and halves took aubio onto the beat for a verse
			// (136.0 for 72), one as dense as a pop lead's keeps it on
			// the eighths (144.5). Its notes start on eighths: a dotted
			// eighth and a sixteenth on every beat took aubio onto the
			// beat for a 15 s song's last two bars (147.2 for 78).
			{Name: "onedrop", Builtin: "onedrop", LeadDensity: 0.7, LeadEighths: true},
			// Steppers: the kick on every beat, and the guitar's arpeggio
			// picks a note a beat over it. In eighths, with the full
			// groove's shaker, it took aubio onto the eighths for a chorus
			// (reggae at 75 bpm heard at 106); over the one drop, whose
			// kick marks only 3, the eighths are the pulse aubio hears
			// throughout (140.7 for 72).
			// Over the steppers the tune moves in quarters and halves:
			// the chorus's eighths took aubio onto them (109.0 for 77).
			// Its off-beat hats are ghosts: played at 'o' (audible since
			// the recorded kit's soft hits sound) they made even eighths
			// with the kick, and aubio took the intro's first beats on
			// them (78.7 for 75; 75.0 with ghosts).
			{Name: "steppers", ArpRate: 1, LeadDensity: 0.3, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Rim, Steps: "........x......."},
				{Drum: score.ClosedHat, Steps: "..-...-...-...-."},
				{Drum: score.Shaker, Steps: "o.o.o.o.o.o.o.o.", Level: 3},
			}},
		}},
		Bass:    []Line{{Builtin: "onedrop"}},
		Comp:    []Line{{Builtin: "skank"}},
		Band:    Band{Bass: score.Bass, Chords: score.Organ, Lead: score.Brass, Arp: score.Guitar, ArpRate: 0.5, Recorded: []string{"bass", "chords", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "reggae", Ext: 3}, Form: "song",
		Lead:   Lead{Density: 0.4},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5},
		Cover:  Cover{Look: "waves", Variant: 0, Hues: [4]float64{130, 50, 0, 110}, Sat: 0.75, BgL: 0.35, AccL: 0.5, Grain: 0.02},
		Titles: []string{"Island", "Sunshine", "Roots", "Harbour", "Breeze", "Yard"},
	},
}

// dnbHalfTime is drum and bass's break outside the drops (style.Groove.Break):
// half time, kick on 1 and a ghost on the and of 2, snare on 3, hats on 1
// and 3 with ghosts on 2 and 4. (A kick on the and of 2 as loud as the
// hats' 2 and 4 let aubio count three eighths, 1.5 beats apart, in an
// outro: drum and bass 3, 95.0 for 92; 92.1 now.)
var dnbHalfTime = []DrumLine{
	{Drum: score.Kick, Steps: "x.....-........."},
	{Drum: score.Snare, Steps: "........x......."},
	{Drum: score.ClosedHat, Steps: "x...-...x...-..."},
	{Drum: score.ClosedHat, Steps: "..............-.", Level: 2},
}
