package style

import "github.com/songsmith/songsmith/internal/score"

// latin holds the Latin American styles: bossa nova, samba, salsa,
// reggaeton, latin pop, tango.
var latin = []Style{
	{
		Name: "bossa nova", Family: "latin",
		Seat: MixSeat{MixJazz, RefBeat},
		Feel: func(f *Feel) {
			f.Clave, f.Spread, f.Push = 8, 8, Push{Perc: -1, Bass: -2, Chords: -1, Pad: 6, Lead: 10}
		},
		Aliases: []string{"bossa", "bossanova", "bosanova", "bosa nova", "bossa jazz", "jazz bossa", "joao gilberto", "ボサノバ", "ボサノヴァ", "波萨诺瓦", "巴萨诺瓦", "보사노바"},
		Colour:  []string{"bossa"},
		Tempo:   [2]float64{118, 140}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"romantic", "chill", "calm", "nostalgic", "melancholic"}, Bright: true,
		Drums: Drums{Kit: score.KitBrush, Grooves: []Groove{
			{Name: "bossa clave", Lines: []DrumLine{
				// Soft kick on 1, the "and" of 2, 3 and the "and" of 4.
				{Drum: score.Kick, Steps: "o.....-.o.....-."},
				// Cross-stick on the two-bar 3-2 bossa clave.
				{Drum: score.Rim, Steps: "x.....x.....x...", Every: 2, On: 0},
				{Drum: score.Rim, Steps: "....x.....x.....", Every: 2, On: 1},
				// Brushed sixteenths with the quarter pulse on top.
				{Drum: score.Shaker, Steps: "o--- o--- o--- o---", Level: 2},
				{Drum: score.ClosedHat, Steps: "..-...-...-...-.", Level: 3},
			}},
			{Name: "bossa ride", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "o.....-.o.....-."},
				{Drum: score.Rim, Steps: "x..x..x...x..x..", Every: 2, On: 0},
				{Drum: score.Rim, Steps: "..x..x....x..x..", Every: 2, On: 1},
				{Drum: score.Ride, Steps: "o.-.o.-.o.-.o.-.", Level: 2},
				{Drum: score.Shaker, Steps: "-.-.-.-.-.-.-.-.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R-------5-------", Level: 1},
			// Root and fifth with the anticipations on the "and" of 2 and 4.
			{Steps: "R-----R-5-----A-", Level: 2},
		},
		Comp: []Line{
			{Steps: "b...x.....x.....", Level: 1},
			// Nylon guitar: thumb on the bass, fingers on the syncopated chord.
			{Steps: "b.x..x.xb.x.x...", Level: 2},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.NylonGuitar, Pad: score.Strings, Lead: score.Flute,
			LeadAlt: []score.Instrument{score.Sax, score.Vibraphone, score.Piano}, ChordsAlt: []score.Instrument{score.Piano, score.EPiano},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "latin", Ext: 5, Modes: []string{"major", "minor"},
			Major: [][]int{{0, 0, 1, 4}, {0, 5, 1, 4}, {1, 4, 0, 0}, {0, 0, 1, 1, 2, 5, 1, 4}},
			Minor: [][]int{{0, 0, 3, 3}, {0, 3, 1, 4}, {0, 5, 1, 4}, {0, 0, 3, 3, 1, 4, 0, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.35, Tail: 2, Brightness: 0.45},
		Cover:  Cover{Look: "orbs", Variant: 1, Hues: [4]float64{38, 185, 12, 165}, Sat: 0.45, BgL: 0.7, AccL: 0.5, Grain: 0.04},
		Titles: []string{"Saudade", "Veranda", "Lagoon", "Hammock", "Seaside", "Afterglow", "Promenade", "Linen"},
	},
	{
		Name: "samba", Family: "latin",
		Seat:    MixSeat{MixLatin, RefBeat},
		Feel:    func(f *Feel) { f.Push = Push{Perc: -4, Hats: -4, Bass: -2, Chords: -3, Lead: 4} },
		Aliases: []string{"batucada", "samba enredo", "samba de enredo", "pagode", "samba reggae", "carnaval", "escola de samba", "サンバ", "桑巴", "삼바"},
		Colour:  []string{"brazilian"},
		Tempo:   [2]float64{96, 120}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0.1,
		Moods: []string{"happy", "energetic", "uplifting", "romantic"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			{Name: "batucada", Lines: []DrumLine{
				// Surdos: the low primeira answers on 2 and 4, segunda on 1 and 3.
				{Drum: score.Surdo, Steps: "-...x...-...x..."},
				// Tamborim teleco-teco, ganza sixteenths accenting the "a".
				{Drum: score.Rim, Steps: "x.x..x.x.x.x..x.", Level: 2},
				{Drum: score.Shaker, Steps: "-o-x-o-x-o-x-o-x"},
				{Drum: score.Cowbell, Steps: "o.o..o.o.o.o..o.", Level: 2},
				// Caixa rolls only when the whole bateria plays.
				{Drum: score.Snare, Steps: "-.-x-.-x-.-x-.-x", Level: 3},
				{Drum: score.Tambourine, Steps: "..o...o...o...o.", Level: 3},
			}, Fill: score.Surdo},
			{Name: "pagode", Lines: []DrumLine{
				{Drum: score.Surdo, Steps: "....x.......x..."},
				// Pandeiro sixteenths and a partido alto on the tantan's rim.
				{Drum: score.Tambourine, Steps: "x-o-x-o-x-o-x-o-"},
				{Drum: score.Rim, Steps: "..x..x.x..x..x..", Level: 2},
				{Drum: score.CongaLow, Steps: "x..o....x..o....", Level: 2},
				{Drum: score.Cowbell, Steps: "o.o..o.o.o.o..o.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R...L...R...L...", Level: 1},
			// Root on 1, the low fifth pushed in a sixteenth before 2 with the surdo.
			{Steps: "R..LL...R..LL..A", Level: 2},
		},
		Comp: []Line{
			{Steps: "b...x.x.b...x.x.", Level: 1},
			// Cavaquinho-style syncopated chops.
			{Steps: "x.xt.t.xt.tx.t.t", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.NylonGuitar, Lead: score.Flute,
			LeadAlt: []score.Instrument{score.Mandolin, score.Brass, score.Sax}, ChordsAlt: []score.Instrument{score.Ukulele, score.Piano},
			Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "latin", Ext: 4, Modes: []string{"major", "minor"},
			Major: [][]int{{0, 5, 1, 4}, {0, 0, 1, 4}, {0, 2, 5, 1, 4, 4, 0, 0}, {0, 3, 1, 4}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 0, 3, 4}, {0, 5, 3, 4}, {0, 3, 6, 2, 5, 1, 4, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.55},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "rays", Variant: 1, Hues: [4]float64{50, 130, 5, 300}, Sat: 0.85, BgL: 0.45, AccL: 0.55, Grain: 0.02},
		Titles: []string{"Carnival", "Favela", "Parade", "Sambódromo", "Feathers", "Tamborim", "Avenida", "Sunday"},
	},
	{
		Name: "salsa", Family: "latin",
		Seat: MixSeat{MixLatin, RefBeat},
		// Salsa: the tumbao and the montuno anticipate, the bongo drives.
		Feel: func(f *Feel) {
			f.Clave, f.Push = 12, Push{Perc: -4, Hats: -2, Bass: -5, Chords: -4, Lead: 3}
		},
		Aliases: []string{"salsa dura", "salsa romantica", "salsa romántica", "mambo", "son cubano", "son montuno", "timba", "cha cha", "cha cha cha", "サルサ", "萨尔萨", "萨尔萨舞曲", "살사"},
		Colour:  []string{"cuban", "afro cuban"},
		Tempo:   [2]float64{160, 200}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "happy", "romantic", "uplifting"}, Bright: false,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			// Lines of eight steps are eighth notes; two-bar figures use Every 2.
			{Name: "son clave 2-3", Lines: []DrumLine{
				{Drum: score.Clave, Steps: "..o.o...", Every: 2, On: 0},
				{Drum: score.Clave, Steps: "o..o..o.", Every: 2, On: 1},
				// Conga tumbao: heel-toe, slap on 2, open tones on 4 and its "and".
				{Drum: score.CongaHigh, Steps: "--x---o."},
				{Drum: score.CongaLow, Steps: ".......o"},
				// Cascara on the timbale shell in the verse.
				{Drum: score.Timbale, Steps: "x.x.xx.x", Every: 2, On: 0, Level: 2},
				{Drum: score.Timbale, Steps: "x.xx.x.x", Every: 2, On: 1, Level: 2},
				{Drum: score.Guiro, Steps: "x.oox.oo", Level: 2},
				// Martillo on the bongos: the beat under the clave.
				{Drum: score.Bongo, Steps: "x-o-x-o-"},
				// Mambo: the bongo bell on every beat.
				{Drum: score.Cowbell, Steps: "x.o.x.o.", Level: 3},
				{Drum: score.Kick, Steps: "x...x..."},
				{Drum: score.Kick, Steps: "...o..o.", Level: 3},
			}, Fill: score.Timbale},
			// The montuno: the bongo player on the campana (the bongo bell)
			// on every beat instead of the martillo, the cascara only in
			// the loudest sections.
			{Name: "son clave 3-2, campana", Lines: []DrumLine{
				{Drum: score.Clave, Steps: "o..o..o.", Every: 2, On: 0},
				{Drum: score.Clave, Steps: "..o.o...", Every: 2, On: 1},
				{Drum: score.CongaHigh, Steps: "--x---o."},
				{Drum: score.CongaLow, Steps: ".......o"},
				{Drum: score.Cowbell, Steps: "x-o-x-o-"},
				{Drum: score.Timbale, Steps: "x.xx.x.x", Every: 2, On: 0, Level: 3},
				{Drum: score.Timbale, Steps: "x.x.xx.x", Every: 2, On: 1, Level: 3},
				{Drum: score.Kick, Steps: "x...x..."},
				{Drum: score.Kick, Steps: "...o..o.", Level: 3},
			}, Fill: score.Timbale},
		}},
		Bass: []Line{
			{Steps: "R---5---", Level: 1},
			// Tumbao: nothing on 1, the "and" of 2, then beat 4 leaning into the next chord.
			{Steps: "...R--A-", Level: 2},
		},
		Comp: []Line{
			{Steps: "x..x..x.", Level: 1},
			// Piano montuno: single voicing tones against the chord.
			{Steps: "1t.2t.1t2.t1.t3t", Level: 2},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Piano, Lead: score.Brass,
			LeadAlt: []score.Instrument{score.Flute, score.Sax, score.Vibraphone}, ChordsAlt: []score.Instrument{score.NylonGuitar},
			Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "latin", Ext: 4, Cadence: "authentic", Modes: []string{"minor", "harmonic minor", "major"},
			Major: [][]int{{0, 3, 4, 3}, {1, 4, 0, 0}, {0, 4, 4, 0}, {0, 3, 1, 4}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 3, 4, 3}, {0, 5, 1, 4}, {1, 4, 0, 0}}},
		Form:   "song",
		Lead:   Lead{Density: 0.4},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.55},
		Cover:  Cover{Look: "bold", Variant: 1, Hues: [4]float64{355, 40, 320, 55}, Sat: 0.85, BgL: 0.3, AccL: 0.58, Grain: 0.03},
		Titles: []string{"Havana", "Barrio", "Clave", "Malecón", "Rumba", "Montuno", "Descarga", "Fuego"},
	},
	{
		Name: "reggaeton", Family: "latin",
		Seat:    MixSeat{MixUrban, RefBeat},
		Feel:    programmed,
		Aliases: []string{"reggaetón", "regueton", "reguetón", "reggeaton", "raggaeton", "reggaton", "regaeton", "dembow", "perreo", "urbano latino", "latin urban", "neoperreo", "レゲトン", "雷鬼动", "雷击顿", "레게톤"},
		Tempo:   [2]float64{88, 100}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "romantic", "dark", "happy"}, Bright: false,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			{Name: "dembow", Lines: []DrumLine{
				// Kick on every beat, snare on the "a" of 1 and the "and" of 2.
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "...x..x....x..x."},
				{Drum: score.ClosedHat, Steps: "o.-.o.-.o.-.o.-.", Level: 2},
				{Drum: score.Timbale, Steps: "..............oo", Every: 4, On: 3, Level: 2},
				{Drum: score.Shaker, Steps: "-o-o-o-o-o-o-o-o", Level: 3},
				{Drum: score.OpenHat, Steps: "..o...o...o...o.", Level: 3},
			}, Fill: score.Timbale},
			{Name: "perreo", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Clap, Steps: "...x..x....x..x."},
				{Drum: score.Rim, Steps: "...o..o....o..o.", Level: 2},
				{Drum: score.ClosedHat, Steps: "o-o-o-o-o-o-o-oo", Level: 2},
				{Drum: score.CongaHigh, Steps: "......o.......o.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R-------R-------", Level: 1},
			// 808 bass locked to the dembow's 3+3+2.
			{Steps: "R--R--R-R--R--5-", Level: 2},
		},
		Comp: []Line{
			{Steps: "x-------x-------", Level: 1},
			{Steps: "x..x..x.x..x..x.", Level: 2},
		},
		Band: Band{Bass: score.SubBass, Chords: score.Pluck, Pad: score.Pad, Lead: score.Pluck,
			LeadAlt: []score.Instrument{score.SawLead, score.NylonGuitar, score.Marimba}, ChordsAlt: []score.Instrument{score.NylonGuitar, score.Piano},
			Recorded: []string{}},
		Harmony: Harmony{Family: "latin", Ext: 3, Modes: []string{"minor"},
			Major: [][]int{{0, 4, 5, 3}, {5, 3, 0, 4}, {0, 5, 3, 4}},
			Minor: [][]int{{0, 5, 2, 6}, {0, 3, 6, 2}, {0, 5, 3, 4}, {0, 6, 5, 6}}},
		Form:   "beat",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.55, Sidechain: 0.2},
		Cover:  Cover{Look: "geometric", Variant: 1, Hues: [4]float64{300, 20, 55, 190}, Sat: 0.85, BgL: 0.16, AccL: 0.58, Grain: 0.02},
		Titles: []string{"Calle", "Noche", "Perreo", "Caliente", "Neón", "Discoteca", "Barrio Fino", "Gasolina"},
	},
	{
		Name: "latin pop", Family: "latin",
		Seat:    MixSeat{MixLatin, RefBeat},
		Aliases: []string{"latin music", "pop latino", "latino pop", "música latina", "musica latina", "musique latine", "lateinamerikanische musik", "tropical pop", "vallenato", "cumbia", "ラテンポップ", "ラテン音楽", "拉丁流行", "拉丁音乐", "라틴 팝", "라틴 음악"},
		Colour:  []string{"latin", "latino", "tropical"},
		Tempo:   [2]float64{96, 124}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"happy", "romantic", "energetic", "uplifting"}, Bright: true,
		Drums: Drums{Kit: score.KitLatin, Grooves: []Groove{
			{Name: "latin pop", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
				// Conga tumbao: slap on 2, open tones on 4 and its "and".
				{Drum: score.CongaHigh, Steps: "-.-.x.-.-.-.o...", Level: 2},
				{Drum: score.CongaLow, Steps: "..............o.", Level: 2},
				{Drum: score.Shaker, Steps: "-o-o-o-o-o-o-o-o", Level: 3},
			}, Fill: score.Timbale},
			{Name: "tresillo", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.Rim, Steps: "x..x..x.x..x..x."},
				{Drum: score.Clap, Steps: "....x.......x..."},
				{Drum: score.Guiro, Steps: "x.oox.oox.oox.oo", Level: 2},
				{Drum: score.Timbale, Steps: "..o...o...o..oo.", Level: 3},
			}, Fill: score.Timbale},
		}},
		Bass: []Line{
			{Steps: "R-------5-------", Level: 1},
			{Steps: "R--R--5-R---5-A-", Level: 2},
		},
		Comp: []Line{
			{Steps: "x..x..x.x.......", Level: 1},
			// Nylon strums on the tresillo.
			{Steps: "s..s..s.s.u.s.u.", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.NylonGuitar, Pad: score.Strings, Lead: score.Brass, Arp: score.Marimba, ArpRate: 0.5,
			LeadAlt: []score.Instrument{score.Accordion, score.NylonGuitar, score.Sax}, ChordsAlt: []score.Instrument{score.Piano, score.Guitar},
			Recorded: []string{"bass", "chords", "pad", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "latin", Ext: 3,
			Major: [][]int{{0, 4, 5, 3}, {5, 3, 0, 4}, {0, 3, 4, 4}, {0, 5, 3, 4}},
			Minor: [][]int{{0, 5, 2, 6}, {0, 3, 6, 5}, {0, 3, 4, 0}}},
		Form:   "song",
		Lead:   Lead{Density: 0.55},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "bold", Variant: 0, Hues: [4]float64{25, 330, 170, 50}, Sat: 0.8, BgL: 0.62, AccL: 0.55, Grain: 0.02},
		Titles: []string{"Corazón", "Playa", "Verano", "Fiesta", "Mango", "Sol", "Cariño", "Bailando"},
	},
	{
		Name: "tango", Family: "latin",
		Seat:    MixSeat{MixAcoustic, RefCalm},
		Feel:    func(f *Feel) { f.Rubato, f.Accent, f.Clave = 18, 0.6, 4 },
		Aliases: []string{"argentine tango", "tango argentino", "nuevo tango", "tango nuevo", "milonga", "electrotango", "electro tango", "タンゴ", "探戈", "탱고"},
		Tempo:   [2]float64{108, 128}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"romantic", "dark", "melancholic", "epic"}, Bright: false,
		Drums: Drums{Kit: score.KitLatin, None: true, Grooves: []Groove{
			{Name: "marcato", Lines: []DrumLine{
				// Four heavy beats, the first and third leaning.
				{Drum: score.Kick, Steps: "x...o...x...o..."},
				{Drum: score.Rim, Steps: "....o.......o...", Level: 2},
				{Drum: score.Shaker, Steps: "-.-.-.-.-.-.-.-.", Level: 3},
			}},
			{Name: "sincopa", Lines: []DrumLine{
				// 3-3-2 accents of the orquesta's sincopa.
				{Drum: score.Kick, Steps: "x..x..x.x..x..x."},
				{Drum: score.Snare, Steps: "x..-..x.-...x...", Level: 2},
				{Drum: score.Guiro, Steps: "....x.......x...", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R..5..A.", Level: 1},
			// Marcato: short notes on every beat.
			{Steps: "R.5.R.5.", Level: 3},
		},
		Comp: []Line{
			{Steps: "x..x..x.", Level: 1},
			// Bandoneon marcato, staccato chords on the beats.
			{Steps: "x.x.x.xx", Level: 3},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Accordion, Pad: score.Strings, Lead: score.Fiddle,
			LeadAlt: []score.Instrument{score.Accordion, score.Piano}, ChordsAlt: []score.Instrument{score.Piano},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}, HoldPhraseEnds: true},
		Harmony: Harmony{Family: "minor", Ext: 3, Cadence: "authentic", Modes: []string{"harmonic minor", "minor"},
			Major: [][]int{{0, 3, 4, 0}, {0, 5, 1, 4}, {0, 4, 4, 0}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 5, 4, 4}, {0, 3, 4, 0, 5, 3, 4, 4}, {0, 0, 3, 4}, {0, 5, 1, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.4, Tail: 2, Brightness: 0.45},
		Cover:  Cover{Look: "shards", Variant: 0, Hues: [4]float64{350, 0, 40, 340}, Sat: 0.7, BgL: 0.1, AccL: 0.45, Grain: 0.05},
		Titles: []string{"Buenos Aires", "Bandoneón", "Abrazo", "Milonga", "Arrabal", "Embrace", "Farol", "Corrientes"},
	},
}
