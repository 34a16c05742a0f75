package style

import "github.com/songsmith/songsmith/internal/score"

// screen holds: chiptune, cinematic, lullaby, christmas, marching band, big band, corporate, power ballad, gregorian chant.
var screen = []Style{
	{
		Name: "chiptune", Family: "electronic",
		Seat: MixSeat{MixPop, RefBeat},
		Aliases: []string{"chip tune", "chipmusic", "chip music", "8 bit", "8bit", "16 bit", "16bit", "video game",
			"video game music", "videogame", "game music", "retro game", "retro gaming", "nes", "gameboy", "game boy",
			"arcade music", "música de videojuegos", "musica de videojuegos", "videojuego", "jeu vidéo", "jeu video",
			"videospiel", "videogioco", "ゲーム音楽", "チップチューン", "ピコピコ", "游戏音乐", "芯片音乐", "8비트", "게임 음악", "칩튠"},
		Colour: []string{"chippy", "pixel"},
		Tempo:  [2]float64{120, 170}, Seconds: 90, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"happy", "energetic", "nostalgic", "epic"}, Bright: true,
		Drums: Drums{Kit: score.KitChip, Grooves: []Groove{
			{Name: "chip drive", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... .... x.x. ...."},
				{Drum: score.Snare, Steps: ".... x... .... x..."},
				{Drum: score.ClosedHat, Steps: "x.o. x.o. x.o. x.o."},
				{Drum: score.ClosedHat, Steps: ".-.- .-.- .-.- .-.-", Level: 3},
			}},
			{Name: "chip four", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... x... x... x..."},
				{Drum: score.Snare, Steps: ".... x... .... x...", Level: 2},
				{Drum: score.OpenHat, Steps: "..o. ..o. ..o. ..o.", Level: 2},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
		}},
		Bass: []Line{
			{Steps: "R.R. R.R. R.R. R.R."},
			{Steps: "R.8. R.8. R.8. 5.8.", Level: 2},
			{Steps: "R8R8 R8R8 R8R8 58A.", Level: 3},
		},
		Comp: []Line{
			{Steps: "1.2. 3.2. 1.2. 3.2."},
			{Steps: "1231 2312 3123 1231", Level: 2},
		},
		Band: Band{Bass: score.ChipBass, Chords: score.ChipLead, Lead: score.ChipLead, Recorded: []string{}},
		Harmony: Harmony{Family: "epic", Ext: 3,
			Major: [][]int{{0, 3, 4, 0}, {0, 5, 3, 4}, {3, 4, 2, 5}},
			Minor: [][]int{{0, 5, 6, 0}, {0, 6, 5, 6}, {0, 3, 6, 2}}},
		Form:   "song",
		Lead:   Lead{Density: 0.7},
		Mix:    Mix{Reverb: 0.12, Tail: 1, Brightness: 0.7},
		Cover:  Cover{Look: "geometric", Variant: 1, Hues: [4]float64{240, 120, 0, 55}, Sat: 0.9, BgL: 0.15, AccL: 0.55, Grain: 0.01},
		Titles: []string{"Level Up", "Boss Fight", "Overworld", "Dungeon", "High Score", "Power Up", "Cartridge", "Continue"},
	},
	{
		Name: "cinematic", Family: "orchestral",
		Seat: MixSeat{MixOrchestral, RefCalm},
		Feel: func(f *Feel) { f.Rubato, f.PhraseTempo = 20, 0 }, // recorded to picture, on a click: it keeps its tempo, slowing only at the end
		Aliases: []string{"cinematic music", "epic trailer", "trailer", "trailer music", "film score", "movie score",
			"film music", "movie music", "soundtrack", "movie soundtrack", "epic music", "epic orchestral", "hybrid orchestral",
			"hollywood", "blockbuster", "banda sonora", "música de película", "musica de pelicula", "música épica", "musica epica",
			"trilha sonora", "bande originale", "musique de film", "filmmusik", "colonna sonora", "musica da film",
			"映画音楽", "サウンドトラック", "サントラ", "电影配乐", "电影音乐", "영화 음악", "영화음악", "사운드트랙"},
		Colour: []string{"cinematic", "filmic"},
		Tempo:  [2]float64{80, 130}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"epic", "dark", "mysterious", "uplifting"}, Bright: false,
		Drums: Drums{Kit: score.KitOrchestral, Grooves: []Groove{
			{Name: "trailer hits", Fill: score.Taiko, Lines: []DrumLine{
				{Drum: score.Taiko, Steps: "x... .... .... ...."},
				{Drum: score.Timpani, Steps: "x... .... x... ..o.", Level: 2},
				{Drum: score.TomLow, Steps: "..o. ..o. ..o. .oo.", Level: 2},
				{Drum: score.Taiko, Steps: "...x ..x. x..x ..xx", Level: 3},
				{Drum: score.Snare, Steps: ".... x... .... x...", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
			{Name: "taiko ostinato", Fill: score.Taiko, Slow: taikoOnTheBeats, SlowBPM: [2]float64{80, 95}, Lines: []DrumLine{
				{Drum: score.Taiko, Steps: "x... ..x. x... ...."},
				{Drum: score.TomMid, Steps: "o.oo o.oo o.oo o.oo", Level: 2},
				{Drum: score.Timpani, Steps: "x... .... x... ....", Level: 3},
				{Drum: score.Snare, Steps: ".... x... .... x...", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
		}},
		Bass: []Line{
			{Steps: "R--- ---- ---- ----"},
			{Steps: "R.R. R.R. R.R. R.R.", Level: 2},
			{Steps: "R.RR R.RR R.RR R.RR", Level: 3},
		},
		Comp: []Line{
			{Steps: "x--- ---- ---- ----"},
			{Steps: "1.2. 3.2. 1.2. 3.2.", Level: 2},
			{Steps: "x.xx x.xx x.xx x.xx", Level: 3},
		},
		Band: Band{Bass: score.Strings, Chords: score.Strings, Pad: score.ChoirPad, Lead: score.Brass, Arp: score.Piano, ArpRate: 0.5,
			ChordsAlt: []score.Instrument{score.Piano}, LeadAlt: []score.Instrument{score.Strings, score.Flute},
			Recorded: []string{"bass", "chords", "pad", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "epic", Ext: 3, Modes: []string{"minor", "dorian", "harmonic minor"},
			Major: [][]int{{0, 4, 5, 3}, {5, 3, 0, 4}, {0, 2, 3, 3}},
			Minor: [][]int{{0, 5, 2, 6}, {0, 5, 6, 0}, {0, 3, 5, 6}, {0, 0, 5, 5, 3, 3, 6, 6}}},
		Form:   "dance",
		Lead:   Lead{Density: 0.4},
		Mix:    Mix{Reverb: 0.75, Tail: 3, Brightness: 0.45},
		Cover:  Cover{Look: "rays", Variant: 0, Hues: [4]float64{25, 210, 40, 0}, Sat: 0.6, BgL: 0.12, AccL: 0.6, Grain: 0.04},
		Titles: []string{"Legacy", "Ascension", "Exodus", "Citadel", "Last Stand", "Dominion", "Oath", "Vanguard"},
	},
	{
		Name: "lullaby", Family: "calm",
		Seat: MixSeat{MixAmbient, RefCalm},
		Feel: func(f *Feel) { f.Rubato = 26 },
		Aliases: []string{"lullabye", "cradle song", "bedtime song", "canción de cuna", "cancion de cuna",
			"canção de ninar", "cancao de ninar", "cantiga de ninar", "berceuse", "wiegenlied", "schlaflied",
			"ninna nanna", "ninnananna", "子守唄", "子守歌", "摇篮曲", "자장가"},
		Tempo: [2]float64{50, 80}, Seconds: 90, Meters: []Meter{ThreeFour, SixEight}, Swing: 0,
		Moods: []string{"calm", "dreamy", "romantic", "nostalgic"}, Bright: true,
		Drums: Drums{Kit: score.KitBrush, None: true, Grooves: []Groove{
			{Name: "soft waltz", Meter: ThreeFour, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "o....."},
				{Drum: score.Snare, Steps: "..-.-."},
				{Drum: score.Shaker, Steps: "-.-.-.", Level: 2},
			}},
			{Name: "rocking 6/8", Meter: SixEight, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "o.. ..."},
				{Drum: score.Snare, Steps: "... -.."},
				{Drum: score.Shaker, Steps: "-.- -.-", Level: 2},
			}},
		}},
		Bass: []Line{
			// The waltz's "oom-pah-pah" (plucked: see music's
			// waltzBassInstrument): the bass on every beat, the harp's
			// chord on 2 and 3, so the beats are heard without drums.
			{Steps: "R-5-8-", Meter: ThreeFour},
			{Steps: "R-----", Meter: SixEight},
			{Steps: "R--5--", Meter: SixEight, Level: 2},
		},
		Comp: []Line{
			{Steps: "b-t.t.", Meter: ThreeFour},
			{Steps: "x-----", Meter: SixEight},
			{Steps: "123123", Meter: SixEight, Level: 2},
		},
		Band: Band{Bass: score.Strings, Chords: score.Harp, Pad: score.Strings, Lead: score.MusicBox,
			ChordsAlt: []score.Instrument{score.Piano, score.NylonGuitar}, LeadAlt: []score.Instrument{score.Bells, score.Flute},
			Recorded: []string{"bass", "chords", "pad", "drums"}},
		Harmony: Harmony{Family: "classical", Ext: 3, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 3, 0, 4}, {0, 5, 3, 4}, {0, 4, 0, 4, 3, 0, 4, 0}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 5, 3, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.3},
		Mix:    Mix{Reverb: 0.55, Tail: 2.5, Brightness: 0.45},
		Cover:  Cover{Look: "orbs", Variant: 1, Hues: [4]float64{220, 280, 50, 330}, Sat: 0.35, BgL: 0.8, AccL: 0.75, Grain: 0.02},
		Titles: []string{"Moonbeam", "Cradle", "Little Star", "Sleepy Sheep", "Feather", "Nightlight", "Dreamland", "Teddy"},
	},
	{
		// A children's song is lively and sung along (about 100-130 bpm),
		// not a lullaby: glockenspiel and ukulele, a bouncy light kit.
		Name: "children's song", Family: "pop",
		// Mixed as a lively sing-along band with a light kit, not a lullaby.
		Seat: MixSeat{MixAcoustic, RefBeat},
		Aliases: []string{"childrens song", "children song", "kids song", "kids music", "kids songs", "song for kids",
			"nursery rhyme", "canción infantil", "cancion infantil", "comptine", "chanson pour enfants", "kinderlied",
			"kinderlieder", "canzone per bambini", "musica infantil", "música infantil", "童謡", "儿歌", "동요"},
		Colour: []string{"childlike", "playful"},
		Tempo:  [2]float64{100, 130}, Seconds: 90, Meters: []Meter{FourFour, SixEight}, Swing: 0,
		Moods: []string{"happy", "uplifting", "energetic"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "bounce", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "....o.......o...", Level: 2},
				{Drum: score.Tambourine, Steps: "..o...o...o...o.", Level: 2},
				{Drum: score.HandClap, Steps: "....x.......x...", Level: 3},
			}},
			{Name: "clap along", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x.x....."},
				{Drum: score.HandClap, Steps: "....x.......x...", Level: 2},
				{Drum: score.Shaker, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
				{Drum: score.Snare, Steps: "............o.o.", Level: 3},
			}},
			{Name: "skip 6/8", Meter: SixEight, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x..x.."},
				{Drum: score.Tambourine, Steps: "..o..o", Level: 2},
				{Drum: score.HandClap, Steps: "...x..", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R...5...R...5...", Level: 1},
			{Steps: "R.5.R.5.R.5.8.5.", Level: 2},
			{Steps: "R..5..", Meter: SixEight},
		},
		Comp: []Line{
			{Steps: "x...x...x...x...", Level: 1},
			{Steps: "s.u.s.u.s.u.s.u.", Level: 2},
			{Steps: "x..t..", Meter: SixEight},
		},
		Band: Band{Bass: score.Bass, Chords: score.Ukulele, Lead: score.Bells, Arp: score.Marimba,
			LeadAlt: []score.Instrument{score.Flute, score.Marimba}, ChordsAlt: []score.Instrument{score.Piano, score.Guitar},
			Recorded: []string{"bass", "chords", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "folk", Ext: 3, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 3, 4, 0}, {0, 0, 4, 4}, {0, 3, 0, 4}, {0, 4, 0, 4, 3, 0, 4, 0}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 5, 3, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.25, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "bold", Variant: 0, Hues: [4]float64{50, 200, 0, 120}, Sat: 0.85, BgL: 0.6, AccL: 0.55, Grain: 0.01},
		Titles: []string{"Playground", "Balloons", "Puddles", "Treehouse", "Crayons", "Sunny Day", "Jellybeans"},
	},
	{
		Name: "christmas", Family: "holiday",
		Seat: MixSeat{MixAcoustic, RefBeat},
		Aliases: []string{"christmas music", "christmas song", "xmas", "x mas", "christmas carol", "carol", "holiday music",
			"holiday song", "navidad", "navideña", "navidena", "navideño", "navideno", "villancico", "música navideña",
			"musica navidena", "natal", "canção de natal", "cancao de natal", "noël", "noel", "chant de noël", "chant de noel",
			"weihnachten", "weihnachtslied", "weihnachtsmusik", "natale", "canzone di natale", "クリスマス", "クリスマスソング",
			"圣诞", "圣诞节", "圣诞歌", "聖誕", "크리스마스", "캐롤"},
		Colour: []string{"christmassy", "festive"},
		Tempo:  [2]float64{96, 140}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"happy", "nostalgic", "uplifting", "romantic"}, Bright: true,
		Drums: Drums{Kit: score.KitBrush, Grooves: []Groove{
			{Name: "sleigh ride", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... .... x... ...."},
				{Drum: score.SleighBells, Steps: "o-o- o-o- o-o- o-o-"},
				{Drum: score.Snare, Steps: ".... x... .... x...", Level: 2},
				{Drum: score.Kick, Steps: ".... ..o. .... ..o.", Level: 3},
				{Drum: score.Tambourine, Steps: ".... x... .... x...", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
			{Name: "swing shuffle", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.. ... x.. ..."},
				{Drum: score.SleighBells, Steps: "o.o o.o o.o o.o"},
				{Drum: score.Snare, Steps: "... x.. ... x..", Level: 2},
				{Drum: score.Ride, Steps: "x.. x.o x.. x.o", Level: 2},
				{Drum: score.Crash, Steps: "x.. ... ... ...", Level: 3, Every: 4},
			}},
		}},
		// Quarter-note bass and comping fit both the straight and the
		// shuffled groove.
		Bass: []Line{
			{Steps: "R-5-"},
			{Steps: "R5RA", Level: 2},
			{Steps: "R35A", Level: 3},
		},
		Comp: []Line{
			{Steps: "x---"},
			{Steps: "bxtx", Level: 2},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Piano, Pad: score.Strings, Lead: score.Bells, Arp: score.Harp, ArpRate: 0.5,
			ChordsAlt: []score.Instrument{score.Strings, score.Harp}, LeadAlt: []score.Instrument{score.Flute, score.MusicBox, score.Brass, score.Sax},
			Recorded: []string{"bass", "chords", "pad", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "christmas", Ext: 4, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 5, 1, 4}, {0, 3, 0, 4}, {0, 0, 3, 3, 0, 5, 1, 4}},
			Minor: [][]int{{0, 5, 3, 4}, {0, 6, 5, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.45, Tail: 2, Brightness: 0.6},
		Cover:  Cover{Look: "orbs", Variant: 0, Hues: [4]float64{355, 140, 48, 0}, Sat: 0.7, BgL: 0.22, AccL: 0.6, Grain: 0.03},
		Titles: []string{"Snowfall", "Mistletoe", "Fireside", "Sleigh Ride", "Evergreen", "Tinsel", "Gingerbread", "Silver Bells"},
	},
	{
		Name: "marching band", Family: "orchestral",
		Seat: MixSeat{MixOrchestral, RefBeat},
		// Orchestral: a marching band keeps step; chant breathes with the words.
		Feel: func(f *Feel) {
			f.Spread, f.Drift, f.Rubato, f.PhraseTempo, f.Push = 7, 5, 0, 0, Push{Snare: -1, Bass: 2, Lead: 2}
		},
		Aliases: []string{"marching", "march", "military march", "marching music", "drumline", "drum line", "drum corps",
			"parade music", "sousa", "fanfare", "marcha", "marcha militar", "marche", "marche militaire", "marsch",
			"marschmusik", "marcia", "marcia militare", "行進曲", "マーチ", "マーチングバンド", "进行曲", "军乐", "행진곡", "마칭밴드"},
		Colour: []string{"martial"},
		Tempo:  [2]float64{110, 130}, Seconds: 100, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "uplifting", "happy", "epic"}, Bright: true,
		Drums: Drums{Kit: score.KitMarching, Grooves: []Groove{
			{Name: "street beat", Fill: score.Snare, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... o... x... o..."},
				{Drum: score.Snare, Steps: "x... ..o. x... o.o."},
				{Drum: score.Snare, Steps: "..-- -... ..-. ...-", Level: 2},
				{Drum: score.Crash, Steps: "o... .... o... ....", Level: 2},
				{Drum: score.TomHigh, Steps: "..o. o.o. ..o. oo..", Level: 3},
			}},
			{Name: "drumline cadence", Fill: score.Snare, Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... x... x... x.x."},
				{Drum: score.Snare, Steps: "x-o- x-o- x-o- xoxo"},
				{Drum: score.TomMid, Steps: "..o. .... ..o. ....", Level: 2},
				{Drum: score.TomHigh, Steps: "...o .o.. ...o .o.o", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
		}},
		// A 2/4 march written in 4/4: tuba on every beat, horns on the
		// after-beats.
		Bass: []Line{
			{Steps: "R-L-"},
			{Steps: "RLRL", Level: 2},
			{Steps: "R.L.R.5A", Level: 3},
		},
		Comp: []Line{
			{Steps: "x---x---"},
			{Steps: ".x.x.x.x", Level: 2},
			{Steps: "x.x.x.xt", Level: 3},
		},
		Band: Band{Bass: score.Brass, Chords: score.Brass, Lead: score.Brass,
			LeadAlt:  []score.Instrument{score.Flute},
			Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "classical", Ext: 3, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 0, 4, 4, 4, 4, 0, 0}, {0, 3, 4, 0}, {0, 4, 0, 4, 3, 0, 4, 0}},
			Minor: [][]int{{0, 3, 4, 0}, {0, 5, 4, 0}}},
		Form:   "song",
		Lead:   Lead{Density: 0.55},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "bold", Variant: 1, Hues: [4]float64{220, 0, 48, 210}, Sat: 0.75, BgL: 0.25, AccL: 0.55, Grain: 0.03},
		Titles: []string{"Parade", "Homecoming", "Victory", "Drumline", "Stadium", "Salute", "Banner", "Boulevard"},
	},
	{
		Name: "big band", Family: "jazz",
		Seat: MixSeat{MixJazz, RefBeat},
		Feel: func(f *Feel) { f.Loosen, f.Push.Ride, f.Push.Chords, f.Push.Lead = 0.5, -6, 5, 6 },
		Aliases: []string{"bigband", "swing", "swing music", "swing jazz", "big band swing", "big band jazz", "jazz orchestra",
			"swing era", "lindy hop", "jive", "jump swing", "ビッグバンド", "スウィング", "スイング", "大乐队", "摇摆乐", "빅밴드", "스윙"},
		Colour: []string{"swinging", "swingy"},
		Tempo:  [2]float64{120, 200}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0.66,
		Moods: []string{"happy", "energetic", "romantic", "nostalgic"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "swing ride", Break: bigBandTwo, BreakBPM: 170, Lines: []DrumLine{
				{Drum: score.Ride, Steps: "x.. x.o x.. x.o"},
				{Drum: score.ClosedHat, Steps: "... o.. ... o.."},
				{Drum: score.Kick, Steps: "-.. -.. -.. -.."},
				{Drum: score.Snare, Steps: "... ..- ... ..-", Level: 2},
				{Drum: score.Snare, Steps: "... x.. ... x..", Level: 3},
				{Drum: score.Crash, Steps: "x.. ... ... ...", Level: 3, Every: 4},
			}},
			{Name: "jungle toms", Break: bigBandTwo, BreakBPM: 170, Lines: []DrumLine{
				{Drum: score.TomLow, Steps: "x.. -.o x.. -.o"},
				{Drum: score.Kick, Steps: "o.. o.. o.. o.."},
				{Drum: score.ClosedHat, Steps: "... o.. ... o..", Level: 2},
				{Drum: score.Ride, Steps: "x.. x.o x.. x.o", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R-5-"},
			{Builtin: "walking", Level: 2},
		},
		Comp: []Line{
			{Steps: "x-- --- --- ---"},
			{Steps: "x.. ..x ... ...", Level: 2},
			{Steps: "x.. ..x ..x ..x", Level: 3},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Brass, Pad: score.Sax, Lead: score.Sax,
			ChordsAlt: []score.Instrument{score.Piano}, LeadAlt: []score.Instrument{score.Brass, score.Piano, score.Vibraphone},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "jazz", Ext: 4, Cadence: "authentic",
			Major: [][]int{{0, 5, 1, 4}, {0, 3, 0, 4}, {1, 4, 0, 5}, {0, 0, 3, 3, 0, 5, 1, 4}},
			Minor: [][]int{{0, 3, 1, 4}, {0, 3, 0, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.6, Blue: 0.3},
		Mix:    Mix{Reverb: 0.35, Tail: 1.5, Brightness: 0.55},
		Cover:  Cover{Look: "bold", Variant: 0, Hues: [4]float64{45, 0, 350, 220}, Sat: 0.7, BgL: 0.15, AccL: 0.6, Grain: 0.04},
		Titles: []string{"Ballroom", "Zoot Suit", "Jitterbug", "Savoy", "Speakeasy", "Swingtime", "Bandstand", "Lindy"},
	},
	{
		Name: "corporate", Family: "pop",
		Seat: MixSeat{MixPop, RefBeat},
		Feel: programmed,
		Aliases: []string{"corporate music", "background music", "stock music", "royalty free", "royalty free music",
			"commercial music", "advertising music", "explainer video", "presentation music", "uplifting corporate",
			"inspirational corporate", "música corporativa", "musica corporativa", "música de fondo", "musica de fondo",
			"musique d'entreprise", "musique de fond", "hintergrundmusik", "musica di sottofondo", "bgm", "コーポレート",
			"背景音乐", "企业宣传", "배경음악"},
		Colour: []string{"corporate"},
		Tempo:  [2]float64{100, 120}, Seconds: 90, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"uplifting", "happy", "calm", "energetic"}, Bright: true,
		Drums: Drums{Kit: score.KitElectronic, Grooves: []Groove{
			{Name: "light pulse", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... .... x... ...."},
				{Drum: score.Shaker, Steps: "o-o- o-o- o-o- o-o-"},
				{Drum: score.Clap, Steps: ".... x... .... x...", Level: 2},
				{Drum: score.Kick, Steps: ".... x... .... x...", Level: 3},
				{Drum: score.ClosedHat, Steps: "..o. ..o. ..o. ..o.", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
			{Name: "claps and stomps", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... x... x... x..."},
				{Drum: score.Snap, Steps: ".... x... .... x..."},
				{Drum: score.HandClap, Steps: ".... x... .... x...", Level: 2},
				{Drum: score.Tambourine, Steps: "..o. ..o. ..o. ..o.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R--- ---- R--- ----"},
			{Steps: "R.R. R.R. R.R. R.R.", Level: 2},
		},
		Comp: []Line{
			{Steps: "x--- x--- x--- x---"},
			{Steps: "t.t. t.t. t.t. t.t.", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.Piano, Pad: score.Pad, Lead: score.Bells, Arp: score.Pluck, ArpRate: 0.25,
			ChordsAlt: []score.Instrument{score.Guitar, score.Marimba}, LeadAlt: []score.Instrument{score.Pluck, score.Guitar},
			Recorded: []string{"bass", "chords"}},
		Harmony: Harmony{Family: "pop", Ext: 3, Modes: []string{"major"},
			Major: [][]int{{0, 4, 5, 3}, {3, 0, 4, 5}, {0, 3, 5, 4}},
			Minor: [][]int{{0, 5, 2, 6}, {0, 3, 5, 6}}},
		Form:   "song",
		Lead:   Lead{Density: 0.35},
		Mix:    Mix{Reverb: 0.3, Tail: 1.5, Brightness: 0.6},
		Cover:  Cover{Look: "geometric", Variant: 0, Hues: [4]float64{205, 175, 30, 220}, Sat: 0.55, BgL: 0.75, AccL: 0.5, Grain: 0.01},
		Titles: []string{"Momentum", "Milestone", "Growth", "Forward", "Vision", "Teamwork", "Progress", "Launch"},
	},
	{
		Name: "power ballad", Family: "rock",
		Seat: MixSeat{MixRock, RefBeat},
		Feel: func(f *Feel) { f.Rubato, f.PhraseTempo = BalladRubato, BalladPhraseTempo },
		Aliases: []string{"rock ballad", "arena ballad", "hair metal ballad", "balada rock", "balada de rock", "ballade rock",
			"rockballade", "ballata rock", "パワーバラード", "ロックバラード", "摇滚抒情", "摇滚情歌", "파워 발라드", "록 발라드"},
		Colour: []string{"anthemic"},
		Tempo:  [2]float64{60, 80}, Seconds: 150, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"romantic", "epic", "melancholic", "uplifting"}, Bright: true,
		// No level 1 lines: the intro is piano alone, then the big drums.
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "ballad backbeat", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... .... x.x. ....", Level: 2},
				{Drum: score.Snare, Steps: ".... x... .... x...", Level: 2},
				{Drum: score.ClosedHat, Steps: "o.o. o.o. o.o. o.o.", Level: 2},
				{Drum: score.Kick, Steps: ".... ..o. .... ..o.", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 2},
			}},
			{Name: "ride anthem", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x... ..x. x... ....", Level: 2},
				{Drum: score.Snare, Steps: ".... x... .... x...", Level: 2},
				{Drum: score.ClosedHat, Steps: "o... o... o... o...", Level: 2},
				{Drum: score.Ride, Steps: "x.o. x.o. x.o. x.o.", Level: 3},
				{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
			}},
		}},
		Bass: []Line{
			{Steps: "R--- ---- ---- ----"},
			{Steps: "R--- ---- R--- 5---", Level: 2},
			{Steps: "R.R. R.R. R.R. R.R.", Level: 3},
		},
		Comp: []Line{
			{Steps: "1.2. 3.2. 1.2. 3.2."},
			{Steps: "b.2. 3.4. b.2. 3.4.", Level: 2},
			{Steps: "x.x. x.x. x.x. x.x.", Level: 3},
		},
		Band: Band{Bass: score.Bass, Chords: score.Piano, Pad: score.Strings, Lead: score.DistGuitar,
			ChordsAlt: []score.Instrument{score.EPiano}, LeadAlt: []score.Instrument{score.Sax, score.Guitar},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "rock", Ext: 3, Cadence: "authentic", Modes: []string{"major", "minor"},
			Major: [][]int{{0, 4, 5, 3}, {5, 3, 0, 4}, {0, 2, 3, 4}, {3, 4, 0, 0}},
			Minor: [][]int{{0, 5, 6, 2}, {0, 5, 3, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.45, Blue: 0.1},
		Mix:    Mix{Reverb: 0.55, Tail: 2.5, Brightness: 0.5},
		Cover:  Cover{Look: "rays", Variant: 1, Hues: [4]float64{330, 20, 45, 280}, Sat: 0.7, BgL: 0.2, AccL: 0.6, Grain: 0.03},
		Titles: []string{"Heartache", "Forever", "Flame", "Arena", "Tears", "Lighters", "Hold On", "Embers"},
	},
	{
		Name: "gregorian chant", Family: "orchestral",
		Seat: MixSeat{MixOrchestral, RefCalm},
		Feel: func(f *Feel) { f.Rubato, f.Spread, f.Drift, f.PhraseTempo = 34, 12, 9, 0.11 },
		Aliases: []string{"gregorian", "chant", "chants", "plainchant", "plainsong", "monastic chant", "monk chant", "monks chanting",
			"medieval chant", "sacred chant", "liturgical chant", "canto gregoriano", "chant grégorien", "chant gregorien",
			"gregorianischer choral", "gregorianischer gesang", "gregorianik", "グレゴリオ聖歌", "聖歌", "格里高利圣咏", "圣咏",
			"그레고리오 성가", "그레고리안 성가"},
		Colour: []string{"monastic"},
		Tempo:  [2]float64{44, 60}, Seconds: 150, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"calm", "mysterious", "dark", "melancholic"}, Bright: false,
		Drums: Drums{Kit: score.KitOrchestral, None: true, Grooves: []Groove{
			{Name: "processional", Lines: []DrumLine{
				{Drum: score.TomLow, Steps: "x... .... o... ...."},
				{Drum: score.Tambourine, Steps: ".... o... .... o...", Level: 2},
			}},
		}},
		// No bass part: the choir's basses sing the ison, the drone.
		Bass: []Line{{Steps: "R--- ---- ---- ----"}},
		Comp: []Line{{Steps: "x--- ---- ---- ----"}},
		// The ison (Byzantine and Gregorian practice): the choir's basses
		// hold the final under the chant from the first bar to the last,
		// hummed (internal/synth tone.go).
		// A soft mallet (a marimba's wooden bar) sounds the final an
		// octave over the ison on every beat, and softly on every eighth
		// between: the pulse the chant is heard at (on the beats alone,
		// aubio heard the chant's eighths in some sections and triplets in
		// others: 123-125 for 47-51 bpm). A bell's major-third partial made it major; a harp's
		// upper partials took the 125 Hz body away from the ison; at the
		// ison's octave the mallet sat in the mono low end.
		Band: Band{Pad: score.ChoirPad, Lead: score.ChoirPad,
			Drone:    Drone{Instrument: score.ChoirPad, Pedal: true, GainDB: 5, Strike: "x.-. o.-. o.-. o.-.", Struck: score.Marimba, StruckGainDB: -1, StruckOctave: 1, Breathe: true},
			Recorded: []string{"pad", "lead", "drone"}},
		Harmony: Harmony{Family: "chant", Ext: 3, Cadence: "plagal", Modes: []string{"dorian", "phrygian", "mixolydian", "lydian"},
			Major: [][]int{{0, 0, 6, 0}, {0, 3, 0, 0}},
			Minor: [][]int{{0, 0, 0, 6}, {0, 6, 0, 0}, {0, 0, 3, 0}}},
		Form:   "through",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.95, Tail: 4, Brightness: 0.4},
		Cover:  Cover{Look: "rays", Variant: 0, Hues: [4]float64{40, 30, 45, 220}, Sat: 0.3, BgL: 0.12, AccL: 0.7, Grain: 0.06},
		Titles: []string{"Cloister", "Vespers", "Compline", "Kyrie", "Sanctus", "Abbey", "Matins", "Cathedral"},
	},
}

// taikoOnTheBeats is the cinematic taiko ostinato of a slow piece at
// 80-95 bpm (style.Groove.Slow): the taiko on 1 and 3, the toms on every
// beat, the timpani and snare of the full groove. At 85 bpm the
// ostinato's and of 2 (even as a soft grace) set aubio on the eighths
// from the first bar through the build, and the toms' sixteenths under the
// drop kept it there into the breakdown: slow cinematic strings heard at
// 150.6 (docs/engine.md#calm-pulse). Slower, aubio holds the ostinato's
// eighths through the song and prints their tempo, the double (74 bpm:
// 148.6; 135.0 on the beats, where it took either level).
var taikoOnTheBeats = []DrumLine{
	{Drum: score.Taiko, Steps: "x... .... x... ...."},
	{Drum: score.TomMid, Steps: "o... o... o... o...", Level: 2},
	{Drum: score.Timpani, Steps: "x... .... x... ....", Level: 3},
	{Drum: score.Snare, Steps: ".... x... .... x...", Level: 3},
	{Drum: score.Crash, Steps: "x... .... .... ....", Level: 3, Every: 4},
}

// bigBandTwo is a big band's drums in two outside its choruses from 170
// bpm (style.Groove.Break; at 174 aubio heard 111.4, at 157 the beat): the ride and a feathered kick on 1
// and 3, the hi-hat soft on 2 and 4.
var bigBandTwo = []DrumLine{
	{Drum: score.Ride, Steps: "x.. ... x.. ..."},
	{Drum: score.Kick, Steps: "o.. ... o.. ..."},
	{Drum: score.ClosedHat, Steps: "... -.. ... -.."},
}
