package style

import "github.com/songsmith/songsmith/internal/score"

// world holds: afrobeats, amapiano, dancehall, soca, bollywood, celtic, sea shanty.
var world = []Style{
	{
		Name: "afrobeats", Family: "world",
		Seat:    MixSeat{MixUrban, RefBeat},
		Feel:    programmed,
		Aliases: []string{"afrobeat", "afro beats", "afro beat", "afropop", "afro pop", "afrofusion", "afro fusion", "naija", "naija pop", "highlife", "afro swing", "afroswing", "アフロビート", "非洲节拍", "非洲流行", "아프로비트"},
		Colour:  []string{"afro", "african"},
		Tempo:   [2]float64{100, 116}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0.2,
		Moods: []string{"happy", "energetic", "romantic", "chill"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			{Name: "afrobeats", Lines: []DrumLine{
				// Kick on 1, the "and" of 2 and 3; rim in the 3-3-4 clave.
				{Drum: score.Kick, Steps: "x.....x.x......."},
				{Drum: score.Rim, Steps: "...o..o...o..o.."},
				{Drum: score.Clap, Steps: "....x.......x..."},
				{Drum: score.Shaker, Steps: "x-ox x-ox x-ox x-ox", Level: 2},
				{Drum: score.CongaHigh, Steps: "......o.-.....oo", Level: 3},
				{Drum: score.CongaLow, Steps: ".......o.......o", Level: 3},
			}, Fill: score.CongaHigh},
			{Name: "afro swing", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x..x...."},
				{Drum: score.Snap, Steps: "....x.......x..."},
				{Drum: score.Shaker, Steps: "o-o- o-o- o-o- o-oo"},
				// Highlife bell.
				{Drum: score.Cowbell, Steps: "x.x.xx.x.x.x.xx.", Level: 2},
				{Drum: score.Bongo, Steps: "..o...o-..o..-o.", Level: 3},
			}, Fill: score.Bongo},
		}},
		Bass: []Line{
			{Steps: "R.......5.......", Level: 1},
			{Steps: "R...R.5.R...5.A.", Level: 2},
		},
		Comp: []Line{
			{Steps: "x..x..x.........", Level: 1},
			// Highlife guitar: interlocking single tones.
			{Steps: "3.2.4.2.3.2.1.2.", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.Guitar, Pad: score.Pad, Lead: score.Flute,
			LeadAlt: []score.Instrument{score.Sax, score.Marimba, score.Kalimba}, ChordsAlt: []score.Instrument{score.EPiano, score.Marimba},
			Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "pop", Ext: 4, Modes: []string{"major", "dorian"},
			Major: [][]int{{0, 3, 4, 3}, {5, 3, 0, 4}, {0, 3, 5, 4}, {1, 4, 0, 0}},
			Minor: [][]int{{0, 3, 6, 3}, {0, 6, 2, 3}, {0, 3, 0, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "bold", Variant: 1, Hues: [4]float64{30, 140, 50, 350}, Sat: 0.85, BgL: 0.4, AccL: 0.55, Grain: 0.02},
		Titles: []string{"Lagos", "Owambe", "Sunset", "Gidi", "Jollof", "Highlife", "Palm Wine", "Balcony"},
	},
	{
		Name: "amapiano", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"ama piano", "yanos", "3 step", "three step", "private school amapiano", "log drum music", "アマピアノ", "阿马皮亚诺", "아마피아노"},
		Tempo:   [2]float64{110, 115}, Seconds: 130, Meters: []Meter{FourFour}, Swing: 0.1,
		Moods: []string{"chill", "energetic", "dreamy", "happy"}, Bright: false,
		Drums: Drums{Kit: score.Kit909, Grooves: []Groove{
			{Name: "amapiano", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				// Shakers in sixteenths, woodblock syncopation, clap on 2 and 4.
				{Drum: score.Shaker, Steps: "-o-x-o-x-o-x-o-x"},
				{Drum: score.Clave, Steps: "...o..o...o..o..", Level: 2},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 2},
				{Drum: score.OpenHat, Steps: "..o...o...o...o.", Level: 3},
				{Drum: score.LogKick, Steps: "...........o..o.", Every: 2, On: 1, Level: 3},
			}},
			{Name: "3 step", Lines: []DrumLine{
				// Three kicks a bar, grouped in dotted quarters.
				{Drum: score.Kick, Steps: "x.....o.....o..."},
				{Drum: score.Rim, Steps: "x...x...x...x...", Level: 1},
				{Drum: score.Shaker, Steps: "-o-x-o-x-o-x-o-x"},
				{Drum: score.Rim, Steps: "..o..o..o..o..o.", Level: 2},
				// The clap keeps the beat the kicks step across.
				{Drum: score.Clap, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "..o...o...o...o.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R.....R.....5...", Level: 1},
			// Bouncy log drum: syncopated sixteenths and octave jumps.
			{Steps: "R..R..5...R..8.5", Level: 2},
		},
		Comp: []Line{
			{Steps: "x-----------x---", Level: 1},
			// Jazzy piano stabs.
			{Steps: "x-..x-..x-....x-", Level: 2},
		},
		Band: Band{Bass: score.LogDrum, Chords: score.Piano, Pad: score.Pad, Lead: score.Sax,
			LeadAlt: []score.Instrument{score.Flute, score.Pluck, score.Kalimba}, ChordsAlt: []score.Instrument{score.EPiano, score.Organ},
			Recorded: []string{"chords", "lead"}},
		Harmony: Harmony{Family: "jazz", Ext: 5, Modes: []string{"dorian", "minor", "major"},
			Major: [][]int{{1, 4, 0, 5}, {0, 5, 1, 4}, {3, 2, 1, 0}},
			Minor: [][]int{{0, 3, 0, 3}, {0, 3, 6, 2}, {0, 6, 2, 3}}},
		Form:   "dance",
		Lead:   Lead{Density: 0.35},
		Mix:    Mix{Reverb: 0.45, Tail: 2, Brightness: 0.45, Sidechain: 0.25},
		Cover:  Cover{Look: "grain", Variant: 1, Hues: [4]float64{275, 30, 45, 180}, Sat: 0.55, BgL: 0.2, AccL: 0.6, Grain: 0.05},
		Titles: []string{"Soweto", "Log Drum", "Joburg", "Township", "Yanos", "Kasi", "Sunday Lunch", "Groove Cartel"},
	},
	{
		Name: "dancehall", Family: "world",
		Seat:    MixSeat{MixUrban, RefBeat},
		Feel:    programmed,
		Aliases: []string{"dance hall", "dancehall riddim", "ragga", "raggamuffin", "bashment", "jamaican dancehall", "ダンスホール", "舞厅雷鬼", "댄스홀"},
		Colour:  []string{"jamaican", "caribbean"},
		Tempo:   [2]float64{90, 106}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "happy", "romantic", "aggressive"}, Bright: false,
		Drums: Drums{Kit: score.Kit808, Grooves: []Groove{
			{Name: "riddim", Lines: []DrumLine{
				// Paired kicks under a backbeat snare.
				{Drum: score.Kick, Steps: "x..x....x..x...."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "x-o-x-o-x-o-x-o-"},
				{Drum: score.OpenHat, Steps: "......o.......o.", Level: 3},
			}},
			{Name: "clap riddim", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.Clap, Steps: "....x..x....x..."},
				{Drum: score.Rim, Steps: "..o..o....o..o..", Level: 2},
				{Drum: score.ClosedHat, Steps: "x.o.x.o.x.o.x.o."},
				{Drum: score.Tambourine, Steps: "..o...o...o...o.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R.......R.....R.", Level: 1},
			{Steps: "R..R....R..R..A.", Level: 2},
		},
		Comp: []Line{
			{Steps: "..x.......x.....", Level: 1},
			// Offbeat digital stabs.
			{Steps: "..x...x...x..x.x", Level: 2},
		},
		Band: Band{Bass: score.SubBass, Chords: score.Pluck, Pad: score.Pad, Lead: score.SquareLead,
			LeadAlt: []score.Instrument{score.Brass, score.SawLead}, ChordsAlt: []score.Instrument{score.Organ, score.SteelDrums},
			Recorded: []string{}},
		Harmony: Harmony{Family: "reggae", Ext: 3, Modes: []string{"minor", "dorian"},
			Major: [][]int{{0, 3, 4, 3}, {0, 4, 5, 3}, {0, 0, 3, 4}},
			Minor: [][]int{{0, 0, 3, 3}, {0, 2, 6, 0}, {0, 6, 3, 6}}},
		Form:   "beat",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.55, Sidechain: 0.1},
		Cover:  Cover{Look: "geometric", Variant: 0, Hues: [4]float64{55, 130, 0, 45}, Sat: 0.9, BgL: 0.14, AccL: 0.55, Grain: 0.02},
		Titles: []string{"Kingston", "Sound System", "Yard", "Bashment", "Riddim", "Block Party", "Heatwave", "Selector"},
	},
	{
		Name: "soca", Family: "world",
		Seat:    MixSeat{MixLatin, RefBeat},
		Feel:    func(f *Feel) { f.Push = Push{Hats: -3, Perc: -3, Bass: -2, Chords: -3, Lead: 2} },
		Aliases: []string{"power soca", "groovy soca", "soca music", "steel band", "steelband", "trinidad", "ソカ", "索卡", "소카"},
		Colour:  []string{"trinidadian", "soca style"},
		Tempo:   [2]float64{116, 160}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"happy", "energetic", "uplifting", "chill"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			{Name: "soca", Lines: []DrumLine{
				// Four on the floor, snare on the offbeats, the iron in sixteenths.
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "..o...o...o..-o."},
				{Drum: score.Cowbell, Steps: "x.ox x.ox x.ox x.ox", Level: 2},
				{Drum: score.ClosedHat, Steps: "-o-o-o-o-o-o-o-o", Level: 3},
				{Drum: score.CongaHigh, Steps: "......oo......oo", Level: 3},
			}, Fill: score.TomHigh},
			{Name: "calypso", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.....x.x......."},
				{Drum: score.Rim, Steps: "...x..x....x..x."},
				{Drum: score.Shaker, Steps: "o-o-o-o-o-o-o-o-", Level: 2},
				{Drum: score.Cowbell, Steps: "x...x...x...x...", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R...5...R...5...", Level: 1},
			// Pushing syncopated soca bass.
			{Steps: "R..RR..RR..RR..A", Level: 2},
		},
		Comp: []Line{
			{Steps: "s...s.u.s...s.u.", Level: 1},
			{Steps: "s.su.usus.su.usu", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.Guitar, Pad: score.Brass, Lead: score.SteelDrums,
			LeadAlt: []score.Instrument{score.Brass, score.Sax}, ChordsAlt: []score.Instrument{score.Piano, score.SteelDrums},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "pop", Ext: 3, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 3, 4, 0}, {0, 4, 4, 0}, {0, 0, 3, 4}, {0, 3, 0, 4}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 6, 5, 4}, {0, 5, 3, 4}}},
		Form:   "dance",
		Lead:   Lead{Density: 0.55},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.65},
		Cover:  Cover{Look: "rays", Variant: 0, Hues: [4]float64{350, 45, 175, 300}, Sat: 0.9, BgL: 0.5, AccL: 0.55, Grain: 0.02},
		Titles: []string{"Carnival", "J'ouvert", "Road March", "Wine", "Mas", "Panyard", "Port of Spain", "Jump Up"},
	},
	{
		// Calypso is soca's parent: a lilting acoustic band at a walking
		// pace, guitar strum and steel pan, not soca's carnival drive.
		Name: "calypso", Family: "world",
		Seat:    MixSeat{MixLatin, RefBeat},
		Aliases: []string{"calypso music", "calipso", "kaiso", "カリプソ", "卡利普索", "칼립소"},
		Colour:  []string{"calypso style"},
		Tempo:   [2]float64{100, 124}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0.1,
		Moods: []string{"happy", "chill", "uplifting", "nostalgic"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			{Name: "kaiso", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.....x.x......."},
				{Drum: score.Rim, Steps: "....x......x..x."},
				{Drum: score.Shaker, Steps: "o-o-o-o-o-o-o-o-", Level: 2},
				{Drum: score.Cowbell, Steps: "x.......x.......", Level: 3},
			}},
			{Name: "lilt", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x..x...."},
				{Drum: score.CongaHigh, Steps: "....o..o....o.oo"},
				{Drum: score.CongaLow, Steps: "..o.......o....."},
				{Drum: score.Shaker, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
			}},
		}},
		Bass: []Line{
			{Steps: "R.....5.R.......", Level: 1},
			{Steps: "R..R..5.R..5..RA", Level: 2},
		},
		Comp: []Line{
			{Steps: "s...s.u.s...s.u.", Level: 1},
			{Steps: "s..us.u.s..us.u.", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.Guitar, Lead: score.SteelDrums,
			LeadAlt: []score.Instrument{score.Brass, score.Flute}, ChordsAlt: []score.Instrument{score.Banjo, score.Piano},
			Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "pop", Ext: 3, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 3, 4, 0}, {0, 0, 4, 4, 4, 4, 0, 0}, {0, 3, 0, 4}, {0, 4, 0, 3, 0, 4, 0, 0}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 5, 3, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "waves", Variant: 0, Hues: [4]float64{190, 45, 15, 160}, Sat: 0.75, BgL: 0.55, AccL: 0.6, Grain: 0.02},
		Titles: []string{"Trade Winds", "Harbour", "Coconut", "Breeze", "Island Time", "Sea Grape", "Lime"},
	},
	{
		Name: "bollywood", Family: "world",
		Seat:    MixSeat{MixPop, RefBeat},
		Aliases: []string{"indian", "indian music", "bollywood music", "filmi", "bhangra", "hindi song", "hindi music", "desi", "raga", "hindustani", "indian classical", "hindustani classical", "carnatic", "música india", "musica india", "musique indienne", "indische musik", "musica indiana", "ボリウッド", "インド音楽", "宝莱坞", "印度音乐", "볼리우드", "인도 음악"},
		Colour:  []string{"indian", "bollywood style"},
		Tempo:   [2]float64{90, 130}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0.1,
		Moods: []string{"romantic", "happy", "energetic", "epic", "melancholic"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			// Keherwa theka in eighths: Dha Ge Na Ti | Na Ka Dhi Na.
			{Name: "keherwa", Lines: []DrumLine{
				{Drum: score.TablaGe, Steps: "xo....o."},
				{Drum: score.TablaNa, Steps: "x.o-o-oo"},
				{Drum: score.Shaker, Steps: "-o-o-o-o-o-o-o-o", Level: 2},
				{Drum: score.Kick, Steps: "x...x...x...x...", Level: 3},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 3},
			}, Fill: score.TablaNa},
			{Name: "bhangra", Lines: []DrumLine{
				// Dhol chaal: the bass side on the "and"s, the stick side in between.
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.TomLow, Steps: "x..o..o.x..o..o."},
				{Drum: score.TablaNa, Steps: "..o..o.o..o..o.o"},
				{Drum: score.Tambourine, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
				{Drum: score.HandClap, Steps: "....x.......x...", Level: 3},
			}, Fill: score.TomLow},
		}},
		Bass: []Line{
			{Steps: "R.......5.......", Level: 1},
			{Steps: "R...5...R...5.A.", Level: 2},
		},
		Comp: []Line{
			{Steps: "x-------x-------", Level: 1},
			{Steps: "x...x.x.x...x...", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.Strings, Pad: score.Strings, Lead: score.Sitar, Arp: score.Tabla, ArpRate: 0.25,
			LeadAlt: []score.Instrument{score.Flute, score.Fiddle}, ChordsAlt: []score.Instrument{score.Accordion, score.Piano},
			Recorded: []string{"bass", "chords", "pad", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "minor", Ext: 3, Modes: []string{"minor", "harmonic minor", "major"},
			Major: [][]int{{0, 3, 4, 0}, {0, 5, 3, 4}, {0, 4, 5, 3}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 5, 3, 4}, {0, 0, 3, 4}, {0, 3, 5, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.6},
		Mix:    Mix{Reverb: 0.45, Tail: 2, Brightness: 0.55},
		Cover:  Cover{Look: "rays", Variant: 1, Hues: [4]float64{330, 40, 285, 20}, Sat: 0.85, BgL: 0.4, AccL: 0.6, Grain: 0.03},
		Titles: []string{"Monsoon", "Marigold", "Mehndi", "Saffron", "Baraat", "Chandni", "Dil", "Rangoli"},
	},
	{
		Name: "celtic", Family: "folk",
		Seat: MixSeat{MixAcoustic, RefBeat},
		Feel: func(f *Feel) {
			f.Rubato, f.PhraseTempo, f.Push = 0, 0, Push{Perc: -2, Bass: 1, Chords: -2, Lead: -2, Arp: -3}
		},
		Aliases: []string{"irish", "irish music", "irish folk", "irish jig", "jig", "reel", "irish reel", "scottish music", "scottish folk", "celtic folk", "gaelic", "irish pub", "musique celtique", "musica celta", "música celta", "keltische musik", "irische musik", "ケルト", "ケルト音楽", "アイルランド音楽", "凯尔特", "凯尔特音乐", "爱尔兰音乐", "켈트", "켈트 음악"},
		Colour:  []string{"celtic", "irish", "scottish", "gaelic"},
		Tempo:   [2]float64{100, 124}, Seconds: 120, Meters: []Meter{SixEight, FourFour}, Swing: 0,
		Moods: []string{"happy", "energetic", "nostalgic", "melancholic"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			// Bodhrán jig: down-up-down, up-down-up, accents on the dotted quarters.
			{Name: "bodhran jig", Meter: SixEight, Lines: []DrumLine{
				{Drum: score.TomLow, Steps: "x--o--"},
				{Drum: score.TomHigh, Steps: "..o..o", Level: 2},
				{Drum: score.Tambourine, Steps: "o.oo.o", Level: 3},
			}, Fill: score.TomLow},
			// Bodhrán slide: the low stroke on both dotted quarters, the
			// tipper rolling the eighths between.
			{Name: "bodhran slide", Meter: SixEight, Lines: []DrumLine{
				{Drum: score.TomLow, Steps: "x..x.."},
				{Drum: score.TomHigh, Steps: ".oo.oo", Level: 2},
				{Drum: score.HandClap, Steps: "...o..", Level: 3},
			}, Fill: score.TomLow},
			// Bodhrán reel, written as sixteenths in 4/4.
			{Name: "bodhran reel", Lines: []DrumLine{
				{Drum: score.TomLow, Steps: "x-o-o-o-x-o-o-o-"},
				{Drum: score.TomHigh, Steps: "....o.......o...", Level: 2},
				{Drum: score.Tambourine, Steps: "..o...o...o...o.", Level: 3},
			}, Fill: score.TomLow},
		}},
		Bass: []Line{
			// The tonic held like a pipe drone under I, bVII and IV
			// (on the chord roots the block heard the modes' parent key).
			{Steps: "T--T--", Meter: SixEight, Level: 1},
			// Jig long-short: quarter and eighth.
			{Steps: "T-TT-5", Meter: SixEight, Level: 2},
			{Steps: "T-------T-------", Level: 1},
			{Steps: "T---T---T---5---", Level: 2},
		},
		Comp: []Line{
			{Steps: "x--x--", Meter: SixEight, Level: 1},
			{Steps: "s.us.u", Meter: SixEight, Level: 2},
			{Steps: "x.......x.......", Level: 1},
			{Steps: "s.u.s.u.s.u.s.u.", Level: 2},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Guitar, Pad: score.Accordion, Lead: score.Fiddle, Arp: score.Harp, ArpRate: 0.5,
			LeadAlt: []score.Instrument{score.Flute, score.Accordion, score.Mandolin}, ChordsAlt: []score.Instrument{score.Mandolin, score.Harp},
			Recorded: []string{"bass", "chords", "pad", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "folk", Ext: 3, Cadence: "modal", Modes: []string{"mixolydian", "dorian"},
			Major: [][]int{{0, 6, 0, 6}, {0, 3, 0, 4}, {0, 0, 6, 6, 0, 3, 4, 0}, {0, 3, 6, 0}},
			Minor: [][]int{{0, 6, 0, 6}, {0, 3, 0, 6}, {0, 6, 2, 6, 0, 3, 6, 0}, {0, 2, 6, 0}}},
		Form:   "song",
		Lead:   Lead{Density: 0.75},
		Mix:    Mix{Reverb: 0.4, Tail: 2, Brightness: 0.55},
		Cover:  Cover{Look: "waves", Variant: 1, Hues: [4]float64{130, 95, 40, 160}, Sat: 0.5, BgL: 0.4, AccL: 0.55, Grain: 0.04},
		Titles: []string{"Highlands", "Shamrock", "Emerald", "Cliffs", "Heather", "Glen", "Peat Fire", "Standing Stones"},
	},
	{
		Name: "sea shanty", Family: "folk",
		Seat:    MixSeat{MixAcoustic, RefBeat},
		Aliases: []string{"shanty", "shanties", "sea shanties", "sea chanty", "sea chantey", "chantey", "sailor song", "sailors song", "pirate song", "pirate music", "pirate shanty", "work song", "wellerman", "chant de marin", "chanson de marin", "canción de marineros", "cancion de marineros", "canción marinera", "seemannslied", "shantys", "canzone marinaresca", "シーシャンティ", "船乗りの歌", "海盗歌", "水手歌", "뱃노래"},
		Colour:  []string{"nautical", "piratey", "pirate"},
		Tempo:   [2]float64{90, 116}, Seconds: 110, Meters: []Meter{FourFour, SixEight}, Swing: 0,
		Moods: []string{"energetic", "happy", "epic", "nostalgic"}, Bright: false,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			// The crew: a stomp on 1 and 3, hand claps on 2 and 4.
			{Name: "stomp clap", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.HandClap, Steps: "....x.......x..."},
				{Drum: score.TomLow, Steps: "x.......x...o...", Level: 2},
				{Drum: score.Tambourine, Steps: "o.o.o.o.o.o.o.o.", Level: 3},
			}, Fill: score.TomLow},
			// The capstan: a stomp on every beat, a low tom heave on 1.
			{Name: "capstan", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.TomLow, Steps: "x...............", Level: 2},
				{Drum: score.Tambourine, Steps: "....o.......o...", Level: 2},
				{Drum: score.Shaker, Steps: "..o...o...o...o.", Level: 3},
			}, Fill: score.TomLow},
			{Name: "stomp clap 6/8", Meter: SixEight, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x....."},
				{Drum: score.HandClap, Steps: "...x.."},
				{Drum: score.TomLow, Steps: "x..o..", Level: 2},
				{Drum: score.Tambourine, Steps: "o.oo.o", Level: 3},
			}, Fill: score.TomLow},
		}},
		// The bass heaves on the tonic: a pedal under the crew's chords
		// (a dorian shanty's IV chord over its tonic).
		Bass: []Line{
			{Steps: "T-------5-------", Level: 1},
			{Steps: "T---5---T---5---", Level: 2},
			{Steps: "T-----", Meter: SixEight, Level: 1},
			{Steps: "T--5--", Meter: SixEight, Level: 2},
		},
		Comp: []Line{
			// Accordion oom-pah.
			{Steps: "b...x...b...x...", Level: 1},
			{Steps: "b.x.b.x.b.x.b.x.", Level: 2},
			{Steps: "b..x..", Meter: SixEight, Level: 1},
			{Steps: "b.xb.x", Meter: SixEight, Level: 2},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Accordion, Pad: score.ChoirPad, Lead: score.Fiddle,
			LeadAlt: []score.Instrument{score.Accordion, score.Flute, score.Banjo}, ChordsAlt: []score.Instrument{score.Guitar, score.Banjo},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "folk", Ext: 3, Modes: []string{"dorian", "minor", "mixolydian"},
			Major: [][]int{{0, 3, 0, 4}, {0, 0, 3, 4}, {0, 6, 0, 4}, {0, 4, 0, 4}},
			Minor: [][]int{{0, 3, 0, 4}, {0, 6, 0, 4}, {0, 2, 6, 0}, {0, 6, 0, 6, 0, 2, 4, 0}}},
		Form:   "song",
		Lead:   Lead{Density: 0.6},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5, Brightness: 0.5},
		Cover:  Cover{Look: "waves", Variant: 0, Hues: [4]float64{210, 195, 35, 0}, Sat: 0.5, BgL: 0.25, AccL: 0.55, Grain: 0.06},
		Titles: []string{"Harpoon", "Rigging", "Galleon", "Tide", "Lantern", "Mainsail", "Rum", "Capstan"},
	},
}
