package style

import "github.com/songsmith/songsmith/internal/score"

// scenes holds: punk, grunge, indie, bluegrass, edm, future bass, meditation, dark ambient.
var scenes = []Style{
	{
		Name: "punk", Family: "rock",
		Seat: MixSeat{MixRock, RefBeat},
		Feel: func(f *Feel) {
			f.Rush, f.Push = 14, Push{Kick: -2, Snare: -3, Hats: -4, Bass: -3, Chords: -5, Lead: -2}
		},
		Aliases: []string{"punk rock", "pop punk", "skate punk", "hardcore punk", "garage punk", "street punk", "パンク", "パンクロック", "朋克", "朋克摇滚", "펑크 록"},
		Colour:  []string{"punky"},
		Tempo:   [2]float64{160, 200}, Seconds: 100, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"aggressive", "energetic", "happy", "uplifting"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			// Lines of eight steps are eighth notes.
			{Name: "punk backbeat", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...xx.."},
				{Drum: score.Snare, Steps: "..x...x."},
				{Drum: score.ClosedHat, Steps: "oooooooo", Level: 1},
				{Drum: score.Crash, Steps: "x.......", Every: 4, On: 0, Level: 3},
				{Drum: score.Ride, Steps: "x.o.x.o.", Level: 3},
			}},
			// The skate-punk beat: kick on the beat, snare on every "and".
			{Name: "skate", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.x.x.x."},
				{Drum: score.Snare, Steps: ".x.x.x.x"},
				{Drum: score.Crash, Steps: "x.o.x.o.", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "R.R.R.R.", Level: 1},
			// Downpicked root eighths.
			{Steps: "RRRRRRRA", Level: 2},
		},
		Comp: []Line{
			{Steps: "x-------x---x---", Level: 1},
			// Downstroked power chords.
			{Steps: "xxxxxxxx", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.DistGuitar, Lead: score.DistGuitar,
			LeadAlt: []score.Instrument{score.Guitar}, Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "rock", Ext: 3, Modes: []string{"major", "minor"},
			Major: [][]int{{0, 3, 4, 3}, {0, 4, 5, 3}, {0, 3, 0, 4}, {5, 3, 0, 4}},
			Minor: [][]int{{0, 5, 6, 0}, {0, 3, 6, 6}, {0, 6, 5, 4}}},
		Form:   "song",
		Lead:   Lead{Density: 0.5},
		Mix:    Mix{Reverb: 0.15, Tail: 1, Brightness: 0.6, Drive: 0.2},
		Cover:  Cover{Look: "bold", Variant: 1, Hues: [4]float64{330, 55, 0, 120}, Sat: 0.95, BgL: 0.15, AccL: 0.55, Grain: 0.08},
		Titles: []string{"Riot", "Safety Pin", "Basement", "Skate Park", "Anthem", "Static", "Suburbia", "Zine"},
	},
	{
		Name: "grunge", Family: "rock",
		Seat:    MixSeat{MixRock, RefBeat},
		Aliases: []string{"seattle sound", "90s grunge", "post grunge", "grunge rock", "グランジ", "垃圾摇滚", "그런지"},
		Colour:  []string{"grungy"},
		Tempo:   [2]float64{90, 128}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"dark", "melancholic", "aggressive", "sad"}, Bright: false,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "grunge", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x.x....."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "x.-.x.-.x.-.x.-.", Level: 1},
				// Loud choruses wash on open hats and crash.
				{Drum: score.OpenHat, Steps: "o...o...o...o...", Level: 3},
				{Drum: score.Crash, Steps: "x...............", Every: 2, On: 0, Level: 3},
			}, Fill: score.TomLow},
			{Name: "sludge", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x..x...."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.TomLow, Steps: "..........o.o...", Level: 2},
				{Drum: score.Ride, Steps: "o...o...o...o...", Level: 2},
			}, Fill: score.TomLow},
		}},
		Bass: []Line{
			{Steps: "R-------R---5---", Level: 1},
			{Steps: "R--.R--.R--.5-A.", Level: 2},
		},
		Comp: []Line{
			// Quiet verses: a clean arpeggio of the voicing.
			{Steps: "1.2.3.2.1.2.3.4.", Level: 1},
			// Loud: muted chugs between power chords.
			{Steps: "x-x-x-x-x-x-x-x-", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.DistGuitar, Lead: score.Guitar,
			LeadAlt: []score.Instrument{score.DistGuitar}, ChordsAlt: []score.Instrument{score.Guitar},
			Recorded: []string{"bass", "chords", "lead", "drums"}},
		Harmony: Harmony{Family: "rock", Ext: 3, Modes: []string{"minor", "dorian"},
			Major: [][]int{{0, 3, 4, 5}, {0, 5, 3, 4}, {0, 3, 0, 3}},
			Minor: [][]int{{0, 2, 3, 0}, {0, 3, 2, 6}, {0, 6, 2, 3}, {0, 0, 2, 3}}},
		Form:   "song",
		Lead:   Lead{Density: 0.4, Blue: 0.15},
		Mix:    Mix{Reverb: 0.25, Tail: 1.5, Brightness: 0.4, Drive: 0.3},
		Cover:  Cover{Look: "grain", Variant: 0, Hues: [4]float64{80, 35, 200, 10}, Sat: 0.3, BgL: 0.22, AccL: 0.45, Grain: 0.1},
		Titles: []string{"Flannel", "Overcast", "Teen Spirit", "Rust", "Sludge", "Drizzle", "Feedback", "Garage Door"},
	},
	{
		Name: "indie", Family: "rock",
		Seat:    MixSeat{MixRock, RefBeat},
		Aliases: []string{"indie rock", "indie folk", "indie alternative", "bedroom pop", "dream pop", "shoegaze", "jangle pop", "indie music", "インディー", "インディーズ", "インディーロック", "独立音乐", "独立摇滚", "인디", "인디 음악", "인디 록"},
		Colour:  []string{"indie"},
		Tempo:   [2]float64{96, 130}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"nostalgic", "dreamy", "melancholic", "happy"}, Bright: true,
		Drums: Drums{Kit: score.KitAcoustic, Grooves: []Groove{
			{Name: "indie rock", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......o"},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "x.-.x.-.x.-.x.-.", Level: 2},
				{Drum: score.Tambourine, Steps: "..o...o...o...o.", Level: 3},
			}},
			// Indie folk: a floor-tom stomp on every beat, hand claps, tambourine.
			{Name: "indie folk", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.TomLow, Steps: "x...x...x...x...", Level: 2},
				{Drum: score.HandClap, Steps: "....x.......x...", Level: 2},
				{Drum: score.Tambourine, Steps: "o.o.o.o.o.o.o.o.", Level: 3},
			}, Fill: score.TomLow},
			// Motorik: steady kick and driving eighths.
			{Name: "motorik", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.ClosedHat, Steps: "o.o.o.o.o.o.o.o.", Level: 2},
			}},
		}},
		Bass: []Line{
			{Steps: "R-------5-------", Level: 1},
			{Steps: "R.R.R.R.R.R.5.A.", Level: 2},
		},
		Comp: []Line{
			// Jangly arpeggio of the voicing.
			{Steps: "1.3.2.4.1.3.2.4.", Level: 1},
			{Steps: "s.su.usu", Level: 2},
		},
		Band: Band{Bass: score.Bass, Chords: score.Guitar, Pad: score.Organ, Lead: score.Guitar,
			LeadAlt: []score.Instrument{score.Bells, score.Fiddle, score.Flute}, ChordsAlt: []score.Instrument{score.Piano, score.Mandolin, score.Ukulele, score.Banjo},
			Recorded: []string{"bass", "chords", "pad", "lead", "drums"}},
		Harmony: Harmony{Family: "pop", Ext: 4,
			Major: [][]int{{0, 2, 3, 0}, {3, 0, 4, 5}, {0, 4, 5, 3}, {0, 3, 5, 4}},
			Minor: [][]int{{0, 5, 2, 6}, {0, 3, 5, 4}, {5, 6, 0, 0}}},
		Form:   "song",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.45, Tail: 2, Brightness: 0.5, Chorus: 0.15},
		Cover:  Cover{Look: "grain", Variant: 1, Hues: [4]float64{15, 190, 45, 330}, Sat: 0.4, BgL: 0.65, AccL: 0.5, Grain: 0.07},
		Titles: []string{"Polaroid", "Cardigan", "Bicycle", "Attic", "Postcards", "Small Town", "Fireflies", "Cassette"},
	},
	{
		Name: "bluegrass", Family: "folk",
		Seat: MixSeat{MixAcoustic, RefCalm},
		// A bluegrass band drives: the pickers ahead of the beat, the
		// tempo moving only a little over a phrase (a folk push and
		// ease, 2-3 % at its tempos) and broadening into the final tag
		// (a ritardando over the last two bars, RitardRubato).
		Feel: func(f *Feel) {
			f.Rubato, f.PhraseTempo, f.Push = 18, 0.03, Push{Snare: -2, Bass: -1, Chords: -4, Lead: -2, Arp: -4}
		},
		Aliases: []string{"newgrass", "appalachian", "appalachian folk", "hillbilly", "mountain music", "old time", "old time music", "banjo music", "ブルーグラス", "蓝草", "蓝草音乐", "블루그래스"},
		Colour:  []string{"bluegrassy"},
		Tempo:   [2]float64{110, 170}, Seconds: 110, Meters: []Meter{FourFour}, Swing: 0.05,
		Moods: []string{"happy", "energetic", "nostalgic", "melancholic"}, Bright: true,
		Drums: Drums{Kit: score.KitBrush, None: true, Grooves: []Groove{
			{Name: "train", Builtin: "train"},
			// Brushed boom-chop when drums are asked for.
			{Name: "boom chop", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.......x......."},
				{Drum: score.Snare, Steps: "....x.......x..."},
				{Drum: score.Shaker, Steps: "o-o-o-o-o-o-o-o-", Level: 2},
			}},
		}},
		Bass: []Line{
			// Upright root-fifth on 1 and 3.
			{Steps: "R...5...", Level: 1},
			{Steps: "R.5.R.5A", Level: 2},
		},
		Comp: []Line{
			// Mandolin chop on 2 and 4.
			{Steps: "..x...x.", Level: 1},
			{Steps: "b.x.b.x.", Level: 2},
		},
		Band: Band{Bass: score.UprightBass, Chords: score.Mandolin, Lead: score.Fiddle, Arp: score.Banjo, ArpRate: 0.5,
			LeadAlt: []score.Instrument{score.Banjo, score.Mandolin, score.Guitar}, ChordsAlt: []score.Instrument{score.Guitar},
			Recorded: []string{"bass", "chords", "lead", "arp", "drums"}},
		Harmony: Harmony{Family: "folk", Ext: 3, Cadence: "authentic", Modes: []string{"major"},
			Major: [][]int{{0, 0, 3, 0, 4, 4, 0, 0}, {0, 3, 0, 4}, {0, 0, 4, 4, 0, 0, 4, 0}, {0, 3, 0, 0, 4, 4, 0, 0}},
			Minor: [][]int{{0, 6, 0, 4}, {0, 6, 5, 4}, {0, 0, 6, 6}}},
		Form:   "song",
		Lead:   Lead{Density: 0.75},
		Mix:    Mix{Reverb: 0.25, Tail: 1.5, Brightness: 0.55},
		Cover:  Cover{Look: "waves", Variant: 1, Hues: [4]float64{95, 30, 45, 200}, Sat: 0.45, BgL: 0.55, AccL: 0.45, Grain: 0.05},
		Titles: []string{"Holler", "Moonshine", "Kentucky", "Hollow", "Sawmill", "Ridge", "Bluegrass Breakdown", "Smoky Mountain"},
	},
	{
		Name: "edm", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"big room", "big room house", "electro house", "festival edm", "festival house", "mainstage", "electronic dance music", "edm drop", "eurodance", "euro dance", "電子舞曲", "电子舞曲", "ビッグルーム", "일렉트로닉 댄스"},
		Tempo:   [2]float64{126, 130}, Seconds: 140, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"energetic", "uplifting", "epic", "happy"}, Bright: true,
		Drums: Drums{Kit: score.Kit909, Grooves: []Groove{
			{Name: "big room", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Clap, Steps: "....x.......x...", Level: 2},
				{Drum: score.OpenHat, Steps: "..o...o...o...o.", Level: 2},
				{Drum: score.ClosedHat, Steps: "-.-.-.-.-.-.-.-.", Level: 3},
				{Drum: score.Snare, Steps: "....x.......x...", Level: 3},
				{Drum: score.Crash, Steps: "x...............", Every: 8, On: 0, Level: 3},
			}},
			// Festival bounce: the kick with a tambourine on the off-beats
			// and a rim on the last sixteenth of each beat.
			{Name: "bounce", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x...x...x...x..."},
				{Drum: score.Snare, Steps: "....x.......x...", Level: 2},
				{Drum: score.Tambourine, Steps: "..x...x...x...x."},
				{Drum: score.Rim, Steps: "...o...o...o...o", Level: 3},
			}},
		}},
		Bass: []Line{
			{Steps: "..R...R...R...R.", Level: 1},
			// Offbeat bass pumping against the kick.
			{Steps: "..RR..RR..RR..R8", Level: 2},
		},
		Comp: []Line{
			{Steps: "x---------------", Level: 1},
			// Supersaw drop stabs.
			{Steps: "x..x..x...x.x...", Level: 2},
		},
		Band: Band{Bass: score.SynthBass, Chords: score.SawLead, Pad: score.Pad, Lead: score.SawLead, Arp: score.Arp, ArpRate: 0.25,
			LeadAlt: []score.Instrument{score.SquareLead, score.Pluck}, ChordsAlt: []score.Instrument{score.Pluck},
			Recorded: []string{}},
		Harmony: Harmony{Family: "dance", Ext: 3, Modes: []string{"minor", "major"},
			Major: [][]int{{5, 3, 0, 4}, {0, 4, 5, 3}, {3, 4, 5, 5}},
			Minor: [][]int{{0, 5, 2, 6}, {0, 3, 5, 6}, {5, 6, 0, 0}}},
		Form:   "dance",
		Lead:   Lead{Density: 0.45},
		Mix:    Mix{Reverb: 0.45, Tail: 2, Brightness: 0.65, Sidechain: 0.6, Chorus: 0.3},
		Cover:  Cover{Look: "rays", Variant: 0, Hues: [4]float64{200, 285, 320, 60}, Sat: 0.9, BgL: 0.14, AccL: 0.62, Grain: 0.01},
		Titles: []string{"Mainstage", "Laser", "Festival", "Hands Up", "Pyro", "Bassline", "Confetti", "Strobe"},
	},
	{
		Name: "future bass", Family: "electronic",
		Seat:    MixSeat{MixDance, RefBeat},
		Aliases: []string{"futurebass", "kawaii future bass", "future core", "melodic bass", "フューチャーベース", "未来贝斯", "퓨처 베이스", "퓨처베이스"},
		Tempo:   [2]float64{140, 155}, Seconds: 120, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"uplifting", "dreamy", "happy", "romantic"}, Bright: true,
		Drums: Drums{Kit: score.KitElectronic, Grooves: []Groove{
			// Half time: the snare on 3, trap-ish hats.
			{Name: "future bass", Lines: []DrumLine{
				{Drum: score.Kick, Steps: "x.....x...x....."},
				{Drum: score.Snare, Steps: "........x......."},
				{Drum: score.Clap, Steps: "........x......o", Level: 3},
				{Drum: score.ClosedHat, Steps: "o.o.o.o.o.o.o-oo", Level: 2},
				{Drum: score.OpenHat, Steps: "......o.......o.", Level: 3},
			}},
			{Name: "halftime", Builtin: "halftime"},
		}},
		Bass: []Line{
			{Steps: "R---------------", Level: 1},
			{Steps: "R-----R---R---A-", Level: 2},
		},
		Comp: []Line{
			{Steps: "x-------x-------", Level: 1},
			// Wide chopped chord stabs, ducked by the sidechain.
			{Steps: "x.xx.x.xx.x.xx.x", Level: 2},
		},
		Band: Band{Bass: score.SubBass, Chords: score.SawLead, Pad: score.Pad, Lead: score.Bells, Arp: score.Arp, ArpRate: 0.25,
			LeadAlt: []score.Instrument{score.Pluck, score.SquareLead, score.Kalimba}, ChordsAlt: []score.Instrument{score.Pad},
			Recorded: []string{}},
		// Seventh chords, not ninths: on loops that land on I as rarely
		// as the royal road IV–V–iii–vi, the ninths of IV, V and vi (the
		// dominant's root, fifth and third) made the key heard a fifth up.
		Harmony: Harmony{Family: "dance", Ext: 4,
			Major: [][]int{{3, 4, 2, 5}, {0, 4, 5, 3}, {3, 0, 4, 5}, {3, 4, 5, 5}},
			Minor: [][]int{{5, 6, 0, 0}, {0, 5, 2, 6}, {3, 4, 0, 0}}},
		Form:   "dance",
		Lead:   Lead{Density: 0.4},
		Mix:    Mix{Reverb: 0.5, Tail: 2, Brightness: 0.6, Sidechain: 0.7, Chorus: 0.4},
		Cover:  Cover{Look: "orbs", Variant: 1, Hues: [4]float64{300, 195, 45, 260}, Sat: 0.7, BgL: 0.65, AccL: 0.6, Grain: 0.01},
		Titles: []string{"Pastel", "Cloud Nine", "Sugar Rush", "Prism", "Daydream", "Bubblegum", "Skyline Glow", "Petals"},
	},
	{
		Name: "meditation", Family: "calm",
		Seat: MixSeat{MixAmbient, RefCalm},
		// A drone breathes less: a gentle phrase rubato.
		Feel: func(f *Feel) { f.PhraseTempo = 0.05 },
		Aliases: []string{"spa", "spa music", "sleep music", "sleeping music", "deep sleep", "yoga", "yoga music", "yoga flow", "relaxation music", "mindfulness", "zen", "zen music", "healing music", "sound bath", "reiki",
			"meditación", "meditacion", "música para dormir", "musica para dormir", "meditação", "meditacao", "méditation", "musique de relaxation", "meditationsmusik", "entspannungsmusik", "schlafmusik", "einschlafmusik", "musik zum einschlafen", "meditazione", "musica per dormire",
			"瞑想", "瞑想音楽", "ヒーリング", "睡眠用bgm", "冥想", "冥想音乐", "助眠音乐", "명상", "명상 음악", "수면 음악"},
		Colour: []string{"meditative", "zen like"},
		Tempo:  [2]float64{50, 66}, Seconds: 180, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"calm", "dreamy", "mysterious", "melancholic"}, Bright: true,
		Drums: Drums{Kit: score.KitBrush, None: true, Grooves: []Groove{
			// For prompts that ask for drums: a soft frame-drum heartbeat.
			{Name: "heartbeat", Lines: []DrumLine{
				{Drum: score.TomLow, Steps: "o..-........o..-"},
				{Drum: score.Shaker, Steps: "....-.......-...", Level: 2},
			}},
			{Name: "softpulse", Builtin: "softpulse"},
		}},
		Bass: []Line{
			{Steps: "R---------------"},
		},
		Comp: []Line{
			// One singing-bowl strike of the chord, left to ring.
			{Steps: "x---------------", Level: 1},
			{Steps: "x-------t-------", Level: 2},
		},
		// A tanpura: the tonic and its fifth plucked round and round on
		// every beat (Pa, Sa, Sa, Sa) and softly between, the pulse the
		// piece is heard at (issue 30: a held pad drone left no tempo to
		// hear; issue 32: on the beats alone aubio doubled it to 107 for
		// 52 bpm, its eighths filled in by nothing).
		Band: Band{Bass: score.SubBass, Chords: score.SingingBowl, Pad: score.Pad, Lead: score.Flute,
			LeadAlt: []score.Instrument{score.Harp, score.Kalimba}, ChordsAlt: []score.Instrument{score.Harp},
			Drone: Drone{Instrument: score.Sitar, Pedal: true, Fifth: true, GainDB: 4, Strike: "x.-. o.-. o.-. o.-.", Breathe: true}, Recorded: []string{"lead"}},
		Harmony: Harmony{Family: "ambient", Ext: 5, Cadence: "drone", Modes: []string{"lydian", "major", "dorian"},
			Major: [][]int{{0, 0, 3, 3}, {0, 3, 0, 3}, {0, 0, 0, 1}, {0, 4, 0, 3}},
			Minor: [][]int{{0, 0, 6, 6}, {0, 3, 0, 3}, {0, 0, 2, 2}}},
		Form:   "through",
		Lead:   Lead{Density: 0.15},
		Mix:    Mix{Reverb: 0.95, Tail: 4, Brightness: 0.4, Chorus: 0.2},
		Cover:  Cover{Look: "orbs", Variant: 0, Hues: [4]float64{160, 200, 45, 280}, Sat: 0.3, BgL: 0.7, AccL: 0.8, Grain: 0.02},
		Titles: []string{"Lotus", "Stillness", "Breath", "Incense", "Temple", "Moss", "Lantern Light", "Dew"},
	},
	{
		Name: "dark ambient", Family: "calm",
		Seat: MixSeat{MixAmbient, RefCalm},
		Aliases: []string{"horror", "horror music", "horror soundtrack", "horror ambient", "scary music", "creepy music", "haunted house", "halloween music", "dark drone", "ritual ambient",
			"música de terror", "musica de terror", "musique d'horreur", "musique horreur", "horrormusik", "musica horror", "ホラー", "ホラー音楽", "恐怖音乐", "恐怖", "호러", "공포 음악"},
		Colour: []string{"eerie", "haunted", "horror style"},
		Tempo:  [2]float64{50, 70}, Seconds: 150, Meters: []Meter{FourFour}, Swing: 0,
		Moods: []string{"dark", "mysterious", "melancholic", "sad"}, Bright: false,
		Drums: Drums{Kit: score.KitOrchestral, None: true, Grooves: []Groove{
			// For prompts that want drums: sparse taiko and timpani hits.
			{Name: "ritual hits", Lines: []DrumLine{
				{Drum: score.Taiko, Steps: "x...............", Every: 2, On: 0},
				{Drum: score.Timpani, Steps: "........o.....-.", Every: 2, On: 1},
				{Drum: score.Taiko, Steps: "x.........o.....", Every: 2, On: 1, Level: 3},
			}},
		}},
		Bass: []Line{
			// A drone under everything.
			{Steps: "R---------------"},
		},
		Comp: []Line{
			{Steps: "x---------------", Level: 1},
			{Steps: "l-------t-------", Level: 2},
		},
		// A low harp string plucks the tonic on every beat under the
		// chords' half steps: the drone, and the pulse the piece is heard
		// at (issue 30: a held pad drone left no tempo to hear).
		Band: Band{Bass: score.SubBass, Chords: score.Strings, Pad: score.Pad, Lead: score.Piano,
			LeadAlt: []score.Instrument{score.MusicBox, score.Bells, score.Fiddle}, ChordsAlt: []score.Instrument{score.ChoirPad},
			Drone:    Drone{Instrument: score.Harp, Pedal: true, GainDB: 2, Strike: "x... o... o... o..."},
			Recorded: []string{"chords", "lead", "drone"}},
		Harmony: Harmony{Family: "horror", Ext: 3, Cadence: "drone", Modes: []string{"phrygian", "locrian", "minor"},
			Major: [][]int{{0, 0, 1, 1}, {0, 5, 1, 0}},
			Minor: [][]int{{0, 1, 0, 1}, {0, 0, 1, 0}, {0, 4, 1, 0}, {0, 5, 1, 1}}},
		Form:   "through",
		Lead:   Lead{Density: 0.15},
		Mix:    Mix{Reverb: 0.95, Tail: 4, Brightness: 0.3, Drive: 0.3},
		Cover:  Cover{Look: "grain", Variant: 0, Hues: [4]float64{0, 270, 350, 120}, Sat: 0.35, BgL: 0.06, AccL: 0.35, Grain: 0.1},
		Titles: []string{"Catacombs", "Séance", "Hollow", "Crypt", "Wraith", "Cellar", "Dread", "Static"},
	},
}
