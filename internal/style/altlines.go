package style

import "github.com/songsmith/songsmith/internal/score"

// The drum lines some grooves play in place of their own: a Slow groove's
// at a tempo range (Groove.Slow, SlowBPM), a Break groove's outside its
// drops and choruses (Groove.Break, BreakBPM).

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

// SlowCinematic reports whether a song of style name at bpm is a slow
// cinematic piece (under 95 bpm), whose eighths aubio takes for the beat
// as readily as its beats: its off-beats play light and its intro rolls a
// note a beat (music), its choir vibrates lightly (perform).
func SlowCinematic(name string, bpm float64) bool {
	return name == "cinematic" && bpm < 95
}
