package studio

import (
	"math"

	"github.com/songsmith/songsmith/internal/analysis"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs/measured"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/synth"
)

// The rules of the measured block's matches (docs/engine.md, "What the
// measured block measures").
const (
	// tempoTol is how far a measured tempo may be from the asked one (or
	// from its double or half) and match: 3 %.
	tempoTol = 0.03
	// nearWindow is how far from the asked tempo the analysis looks for
	// the pulse of the asked metrical level: 6 %.
	nearWindow = 0.06
	// nearShare is how strong that pulse must be against the dominant
	// pulse to count as the song's tempo at the asked level.
	nearShare = 0.3
	// minPulse is the comb strength under which a song has no steady
	// pulse (pads, drones): its tempo is a guess and says so.
	minPulse = 0.03
	// loudnessTol is how far the integrated loudness may be from the
	// master's target and match, in LU.
	loudnessTol = 0.5
	// peakSlack is how far over the master's ceiling the true peak may be
	// and match, in dB (the master's own stopping rule).
	peakSlack = 0.2
	// exactTol is the duration tolerance of an exact length: a frame.
	exactTol = 0.001
	// tailAllowance is the silence at the end that still matches: the
	// audible end within this many seconds of the audio's end.
	tailAllowance = 3.0
)

// Measure analyses a rendered song's mastered audio (before resampling and
// encoding) and sets each measure next to what req asked: the written
// tempo and key, the master's loudness target and ceiling, the asked
// length. It uses the synthesizer's own BS.1770 meters for loudness and
// true peak. It returns nil for a song without audio.
func Measure(song *engine.Song, req engine.Request) *measured.Block {
	b := song.Audio
	if b == nil || len(b.Samples) == 0 {
		return nil
	}
	a := analysis.Analyze(b.Samples, b.Channels, float64(b.Rate))
	m := &measured.Block{BPM: measureTempo(a, song.BPM)}
	m.Key = measureKey(a.Key(), song)
	lufs := synth.IntegratedLoudness(b)
	m.LoudnessLUFS = measured.Value{Value: round(lufs, 2), Asked: song.TargetLUFS,
		Matches: math.Abs(lufs-song.TargetLUFS) <= loudnessTol}
	tp := synth.TruePeak(b)
	m.TruePeakDBTP = measured.Value{Value: round(tp, 2), Asked: song.CeilingDBTP,
		Matches: tp <= song.CeilingDBTP+peakSlack}
	m.Duration = measureDuration(a.Seconds, song, req)
	m.AudibleEnd = measured.Value{Value: round(a.AudibleEnd, 3), Asked: round(a.Seconds, 3),
		Matches: a.AudibleEnd > 0 && a.Seconds-a.AudibleEnd <= tailAllowance}
	return m
}

// measureTempo finds the pulse at the asked tempo's level and the pulse a
// listener counts, and says why when they differ.
func measureTempo(a *analysis.Analysis, asked float64) measured.Tempo {
	dom := a.Tempo()
	t := measured.Tempo{Asked: asked, Value: round(dom.BPM, 1)}
	near, ok := a.TempoNear(asked, nearWindow)
	if ok && near.Strength >= minPulse && near.Strength >= nearShare*dom.Strength {
		t.Value = round(near.BPM, 1)
	}
	if asked > 0 && t.Value > 0 {
		for _, level := range []float64{1, 2, 0.5} {
			if math.Abs(t.Value/(asked*level)-1) <= tempoTol {
				t.Matches = true
			}
		}
	}
	switch {
	case dom.BPM == 0 || dom.Strength < minPulse:
		t.Matches = t.Matches && dom.BPM > 0 && near.Strength >= minPulse
		t.FeltBPM = round(dom.BPM, 1)
		t.Reason = "no steady pulse: sustained sounds with few attacks (pads, drones, held chords), so a tempo tracker only guesses"
	case t.Value > 0 && math.Abs(dom.BPM/t.Value-1) > tempoTol:
		t.FeltBPM = round(dom.BPM, 1)
		t.Reason = feltReason(dom.BPM / t.Value)
	case !t.Matches && asked > 0 && t.Value > 0:
		// No pulse at the written level: the song is heard at its
		// dominant pulse, which is value; say so against the asked tempo.
		t.FeltBPM = t.Value
		t.Reason = feltReason(t.Value / asked)
	}
	return t
}

// feltReason explains a dominant pulse at ratio times the written tempo.
func feltReason(ratio float64) string {
	near := func(x float64) bool { return math.Abs(ratio/x-1) <= 2*tempoTol }
	switch {
	case near(2):
		return "heard in double time: the strongest pulse is the half beat (eighth notes, hi-hats or a busy accompaniment)"
	case near(0.5):
		return "heard in half time: the strongest pulse falls on every other beat (a half-time backbeat, long notes)"
	case near(4):
		return "heard in quadruple time: sixteenth notes carry the strongest pulse"
	case near(0.25):
		return "heard bar by bar: the strongest pulse is the downbeat"
	case near(1.5):
		return "heard at three halves of the written tempo: triplets or a swung division carry the strongest pulse"
	case near(2.0 / 3):
		return "heard at two thirds of the written tempo: beats group in threes (a dotted or compound rhythm)"
	case near(3):
		return "heard in triplets: the beat's three-way division carries the strongest pulse"
	case near(1.0 / 3):
		return "heard bar by bar in three: the strongest pulse is the downbeat of a three-beat bar"
	}
	return "heard at another tempo: the rhythm's strongest periodicity is not a simple multiple of the beat"
}

// measureKey compares the estimated key with the written one.
func measureKey(k analysis.Key, song *engine.Song) measured.Key {
	mk := measured.Key{Value: k.Name(), Asked: song.Key}
	s := song.Score
	if s == nil || k.Correlation <= 0 {
		mk.Relation = "other"
		return mk
	}
	root, mode := s.KeyRoot, s.Mode
	minorish := harmony.InScale(root+3, root, mode) && !harmony.InScale(root+4, root, mode)
	sameNotes := true
	for pc := range 12 {
		if inMajorMinor(pc, k) != harmony.InScale(pc, root, mode) {
			sameNotes = false
		}
	}
	switch {
	case k.Root == root%12 && k.Minor == minorish:
		mk.Relation = "same"
	case sameNotes:
		mk.Relation = "same notes"
	case k.Root == root%12:
		mk.Relation = "parallel"
	case k.Minor == minorish && ((k.Root-root+12)%12 == 7 || (k.Root-root+12)%12 == 5):
		mk.Relation = "fifth"
	default:
		mk.Relation = "other"
	}
	mk.Matches = mk.Relation == "same" || mk.Relation == "same notes"
	return mk
}

// inMajorMinor reports whether pitch class pc is in k's major or natural
// minor scale.
func inMajorMinor(pc int, k analysis.Key) bool {
	mode := "major"
	if k.Minor {
		mode = "minor"
	}
	return harmony.InScale(pc, k.Root, mode)
}

// measureDuration compares the audio's length with the asked one: an
// exact length to a frame; otherwise the composer ends on a whole bar plus
// a tail, so within two bars (four for a loop's whole phrases) plus
// tailAllowance.
func measureDuration(secs float64, song *engine.Song, req engine.Request) measured.Value {
	asked := req.Plan.Seconds
	for _, e := range req.Edits {
		if e.Seconds > 0 {
			asked = e.Seconds
		}
	}
	d := measured.Value{Value: round(secs, 3), Asked: asked}
	if exact := req.ExactLength(); exact > 0 {
		d.Asked = exact
		d.Matches = math.Abs(secs-exact) <= exactTol
		return d
	}
	bars := 2.0
	if req.Plan.Loop {
		bars = 4
	}
	beats := 4
	if s := song.Score; s != nil && s.BeatsPerBar > 0 {
		beats = s.BeatsPerBar
	}
	tol := bars*float64(beats)*60/math.Max(song.BPM, 1) + tailAllowance
	d.Matches = asked > 0 && math.Abs(secs-asked) <= tol
	return d
}

// round rounds x to places decimals; -Inf (a silent song's loudness and
// peak) becomes -144, under any meter's floor, since JSON has no
// infinities.
func round(x float64, places int) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return -144 // silence: below any meter's floor
	}
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
