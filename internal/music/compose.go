package music

import (
	"fmt"
	"hash/fnv"
	"math"

	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/develop"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/music/overlay"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// Compose writes the song a plan asks for. The plan is resolved with seed
// first (see Resolve), so a bare reader.Parse result is fine. The result is
// deterministic for the plan and seed. Its length, TotalBeats in whole bars
// plus TailSeconds, is within half a bar of the requested length.
func Compose(p plan.Plan, seed uint64) *score.Score {
	s, _, _ := compose(p, seed)
	return s
}

// compose is Compose that also returns the sections (with their harmony)
// and the key, for tests that check parts against the chords. It is the
// composer's stages in order: the plan read (newSong), the length, the
// form with its harmony and band, the score's frame, the band's parts,
// then the passes over the whole song.
func compose(p plan.Plan, seed uint64) (*score.Score, []form.Section, harmony.Key) {
	g := newSong(p, seed)
	g.measure()
	g.layout()
	g.frame()
	g.writeParts()
	g.finish()
	return g.s, g.secs, g.k
}

// song is a composition in progress: what its stages hand each other.
type song struct {
	p         plan.Plan
	seed      uint64
	prof      genre.Profile
	mood      genre.Mood
	k         harmony.Key
	m         style.Meter
	bars      int
	barSec    float64
	tail      float64
	loopBeats int // a loop is the first half of a song twice its length (cutLoop)
	secs      []form.Section
	band      cast.Band
	ballad    bool
	mod       form.Modulation
	swing     form.Swing
	s         *score.Score
	tune      *tuneIn       // the request's melody; nil: the composer writes one
	grv       *style.Groove // the groove, picked once (groove)
}

// groove is the song's groove (pickGroove), picked on first use.
func (g *song) groove() *style.Groove {
	if g.grv == nil {
		g.grv = pickGroove(g.prof, g.m, g.seed)
	}
	return g.grv
}

// newSong resolves the plan and reads its style, mood, key and meter.
func newSong(p plan.Plan, seed uint64) *song {
	p = Resolve(p, seed)
	t := readTune(p)
	prof := genre.Of(p.Genre)
	if p.Colour != "" && p.Colour != p.Genre {
		prof = genre.Blend(prof, genre.Of(p.Colour))
	}
	g := &song{p: p, seed: seed, prof: prof, mood: genre.MoodOf(p.Mood), k: harmony.NewKey(p.KeyRoot, p.Mode), m: meterFor(p, prof)}
	if t != nil {
		g.tune = newTuneIn(t, g.m.Beats)
		g.tune.chords = tuneChords(t, p.Melody.Transpose, g.tune.bars, g.m.Beats, g.k)
	}
	return g
}

// measure sets the song's length in bars and its tail: the plan's seconds
// in whole bars, fitted exactly when asked, doubled for a loop.
func (g *song) measure() {
	if g.tune != nil {
		g.measureTune()
		return
	}
	p, bpb := &g.p, g.m.Beats
	g.barSec = float64(bpb) * 60 / p.BPM
	g.bars = max(1, int(math.Round((p.Seconds-g.prof.Tail)/g.barSec)))
	g.tail = g.prof.Tail
	if p.ExactSeconds && p.Seconds > 0 && !p.Loop {
		g.bars, p.BPM, g.tail = form.FitLength(p.Seconds, p.BPM, bpb, g.prof.Tail, p.ExplicitBPM)
		g.barSec = float64(bpb) * 60 / p.BPM
	}
	if p.Loop {
		g.bars, g.tail = 2*form.LoopBars(p.Seconds, g.barSec), 0
		g.loopBeats = g.bars / 2 * bpb
	}
}

// layout writes the form: the sections, their harmony, the band and who
// plays where, the cadences, the modulation and the sections' edges.
func (g *song) layout() {
	if g.tune != nil {
		g.layoutTune()
		return
	}
	p, prof, k, bpb := g.p, &g.prof, g.k, g.m.Beats
	given := givenCharts(p, k, bpb)
	switch {
	case p.Loop:
		g.secs = form.LayoutWith(prof.Form, g.bars, bpb, false)
	case given != nil || calmDance(prof.Style):
		// A given chart plays whole in each section, as its writer laid
		// it out: the style's even layout, not the varied one, whose
		// 6-bar sections would cut a chart short before its cadence.
		g.secs = form.LayoutWith(prof.Form, g.bars, bpb, true)
	default:
		g.secs = form.Layout(*prof, g.bars, bpb, formSeed(p))
	}
	for i := range g.secs {
		g.secs[i].BPM = p.BPM
	}
	h := harmony.ChooseHarmony(k, *prof, bpb, harmony.NewRNG(g.seed, "harmony"))
	if !p.Loop && given == nil {
		h = harmony.Floating(h, *prof)
	}
	g.band = cast.Choose(p, *prof, g.seed)
	g.band.Inst[form.LayerBass] = waltzBassInstrument(g.band, g.m, concertPulse(prof.Style.Name, p.BPM, g.band.Inst[form.LayerDrums] == ""))
	have, forced := [form.NumLayers]bool{}, [form.NumLayers]bool{}
	for l := range g.band.Inst {
		have[l] = g.band.Inst[l] != ""
		forced[l] = g.band.Named[l]
	}
	form.Arrange(g.secs, h, have, forced, g.mood, prof.Form)
	form.GiveHarmony(g.secs, given, plan.ChordsSong)
	breatheTrailer(prof.Style.Name, g.secs)
	// A ballad lets its drums in late and soft; a rock (power) ballad
	// keeps its style's drive.
	g.ballad = p.Tempo == plan.TempoBallad && prof.Style.Family != "rock"
	if g.ballad {
		form.BalladArrangement(g.secs, p.WantsDrums(), g.band.Named[form.LayerBass])
		// A ballad's tune moves in quarters and halves, a verse's
		// phrases sparse, so the pulse heard is the beat, not eighths.
		prof.LeadDense = min(prof.LeadDense, 0.3)
	} else {
		gr := g.groove()
		if gr.LeadDensity > 0 {
			prof.LeadDense = gr.LeadDensity
		}
		prof.LeadEighths = gr.LeadEighths
	}
	// A calm piece grows over its sections; a calm dance form (cinematic's
	// builds and drops) has its own shape, and the arc on top of it took
	// its loudness range past the calm references' (17 LU).
	if !p.Loop && prof.Style.Reference() == style.RefCalm && !calmDance(prof.Style) {
		form.Grow(g.secs, have, g.mood.Energy)
	}
	g.countIn(have)
	g.countInBar()
	g.mod = form.Modulation{Index: -1}
	if !p.Loop && given == nil {
		form.EndSong(g.secs, k, *prof, bpb)
		form.TurnIntro(g.secs, k, *prof, bpb)
		g.mod = form.PlanModulation(g.secs, k, *prof, bpb)
		form.CadenceSections(g.secs, k, *prof, bpb)
	}
	form.PlanEdges(g.secs, *prof, g.seed)
	g.fillEdges()
}

// calmDance is whether st is a calm style with a dance form (cinematic's
// builds and drops): its form has its own shape, and the varied layout and
// the calm arc on top of it took its loudness range past the calm
// references' (16-18 LU against TestStyles' 15).
func calmDance(st style.Style) bool {
	return st.Reference() == style.RefCalm && st.Form == "dance"
}

// formSeed is the seed of a song's form (form.Layout): its resolved
// plan's style, mood and tempo, not the song seed, so that the material
// an edit regenerates for a section (the same plan at another seed) or
// composes with other chords (whose key may be read again from them) has
// the song's form and can be spliced in. Songs of other prompts and
// seeds mostly differ in one of them, and so in their form.
func formSeed(p plan.Plan) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%g", p.Genre, p.Colour, p.Mood, p.BPM)
	return h.Sum64()
}

// frame starts the score: tempo, meter, key, length, sections, the chord
// chart and the fades.
func (g *song) frame() {
	p, k, bpb := g.p, g.k, g.m.Beats
	g.swing = form.Swing{Amount: g.prof.Swing, Sixteenths: g.prof.Style.SwingSixteenths}
	if g.m.Subdivision == 3 {
		g.swing = form.Swing{} // compound meter already divides the beat in three
	}
	s := &score.Score{
		BPM:             p.BPM,
		BeatsPerBar:     bpb,
		Subdivision:     g.m.Subdivision,
		Swing:           g.swing.Amount,
		SwingSixteenths: g.swing.Sixteenths,
		KeyRoot:         k.Root,
		Mode:            k.Mode,
		Genre:           string(p.Genre),
		Mood:            string(p.Mood),
		TotalBeats:      float64(bpb * g.bars),
		TailSeconds:     g.tail,
		Seed:            g.seed,
		Ballad:          g.ballad,
	}
	for _, sec := range g.secs {
		s.Sections = append(s.Sections, sec.Section)
	}
	s.Chords = form.Chart(g.secs, k, bpb)
	s.FadeIn, s.FadeOut = fades(g.secs, g.prof.Style.Mix.FadeIn, g.barSec, g.prof.Tail)
	if fullEdges(g.prof.Style) {
		// The final chord holds to the written end: only its ring-out fades.
		s.FadeOut = min(s.FadeOut, g.prof.Tail)
	}
	if p.Loop {
		s.FadeIn, s.FadeOut, s.Loop = 0, 0, true
	}
	g.s = s
}

// writeParts writes the band's parts, one track a layer (and the lead's
// answering voice when it has one).
func (g *song) writeParts() {
	w := g.partWriters()
	var answerTrack *score.Track
	for l := form.Layer(0); l < form.NumLayers; l++ {
		inst := g.band.Inst[l]
		if inst == "" {
			continue
		}
		t := score.Track{Name: form.TrackName(l, inst), Instrument: inst, Role: cast.Roles[l], Part: cast.Parts[l]}
		if a := w.write(l, &t); a != nil {
			answerTrack = a
		}
		t.Recorded = cast.Recorded(g.prof.Style, l, inst, g.band.Named[l])
		t.Featured = g.band.Named[l] && cast.Featured(g.p, inst)
		if len(t.Notes) == 0 && len(t.Hits) == 0 {
			continue
		}
		g.s.Tracks = append(g.s.Tracks, t)
	}
	if answerTrack != nil {
		g.s.Tracks = append(g.s.Tracks, *answerTrack)
	}
}

// partWriters is what the part writers read besides the song: the groove,
// the bass and comping lines and kinds, the lead's answering instrument.
type partWriters struct {
	*song
	groove               *style.Groove
	bassLines, compLines []style.Line
	bassKind             genre.BassStyle
	compKind             genre.CompStyle
	answerInst           score.Instrument
}

func (g *song) partWriters() partWriters {
	prof, m := g.prof, g.m
	w := partWriters{song: g, groove: g.groove(),
		bassLines: linesFor(prof.Style.Bass, fallbackBass, m), compLines: linesFor(prof.Style.Comp, fallbackComp, m),
		bassKind: g.band.Bass, compKind: prof.Comp}
	if w.bassKind == genre.BassPattern {
		w.bassKind = genre.BassRootFifth // used only where no line fits
	}
	if w.compKind == genre.CompPattern {
		w.compKind = genre.CompBlock
	}
	if g.ballad && m.Beats == 4 && (w.compKind == genre.CompPop || g.keysBallad()) {
		// The left hand keeps the beat (balladBar), in place of pop's
		// syncopated comping or a soul groove's.
		w.compKind, w.compLines = genre.CompBallad, nil
	}
	w.answerInst = cast.AnswerInstrument(g.p, prof, g.band, g.seed)
	return w
}

// keysBallad reports whether a soul or urban ballad's chords are played
// on a piano or an electric piano, whose player states a slow song's
// beat: the style's syncopated comping (1, the and of 2, the and of 3, the
// e of 4) under a sparse verse made a 60 bpm soul ballad heard at 115 and
// 135 bpm.
func (g *song) keysBallad() bool {
	f := g.prof.Style.Family
	inst := g.band.Inst[form.LayerChords]
	return (f == "soul" || f == "urban") && (inst == score.Piano || inst == score.EPiano)
}

// write writes layer l's part into t; it returns the lead's answering
// track, if the lead has one. The mix step (internal/mix) seats them.
func (w partWriters) write(l form.Layer, t *score.Track) *score.Track {
	secs, k, m, inst, swing, seed := w.secs, w.k, w.m, t.Instrument, w.swing, w.seed
	switch l {
	case form.LayerDrums:
		t.Hits = writeDrums(secs, w.groove, swing, w.p.Tempo == plan.TempoHalfTime, seed)
		t.Kit = w.prof.Style.Drums.Kit
	case form.LayerBass:
		t.Notes = writeBass(secs, k, w.bassKind, w.bassLines, m, inst, swing, seed, concertPulse(w.prof.Style.Name, w.p.BPM, drumless(secs)))
		if w.prof.Style.Band.HoldPhraseEnds {
			t.Notes = holdPhraseEnds(t.Notes, secs)
		}
		if fullEdges(w.prof.Style) {
			holdFinal(t.Notes, secs)
		}
	case form.LayerChords:
		t.Notes = writeChords(secs, k, form.LayerChords, w.compKind, w.compLines, m, inst, swing, w.beatRoll(), seed, "chords", w.prof.Style.Name)
		if style.SlowCinematic(w.prof.Style.Name, w.p.BPM) {
			lightOffBeats(t.Notes, 0.55)
		}
		if w.prof.Style.Band.HoldPhraseEnds {
			t.Notes = holdPhraseEnds(t.Notes, secs)
		}
		if fullEdges(w.prof.Style) {
			holdFinal(t.Notes, secs)
		}
	case form.LayerPad:
		t.Notes = writeChords(secs, k, form.LayerPad, genre.CompBlock, padLines(m), m, inst, form.Swing{}, w.beatRoll(), seed, "pad", w.prof.Style.Name)
	case form.LayerLead:
		if w.tune != nil {
			t.Notes = w.tuneLead()
			return nil
		}
		var answered []score.Note
		t.Notes, answered = writeLead(secs, k, w.prof, inst, w.answerInst, swing, seed)
		if concertPulse(w.prof.Style.Name, w.p.BPM, drumless(secs)) {
			answered = answerOnBeats(secs, answered)
		}
		if len(answered) > 0 {
			a := &score.Track{Name: "answer (" + string(w.answerInst) + ")", Instrument: w.answerInst, Role: score.RoleLead,
				Part: score.PartAnswer, Notes: answered}
			a.Recorded = cast.Recorded(w.prof.Style, form.LayerLead, w.answerInst, false)
			return a
		}
	case form.LayerArp:
		t.Notes = writeArp(secs, k, w.arpRate(), inst, swing, seed)
		if style.SlowCinematic(w.prof.Style.Name, w.p.BPM) {
			lightOffBeats(t.Notes, 0.55)
		}
	}
	return nil
}

// arpRate is the arpeggio's note length in beats: the groove's or the
// style's, in thirds in compound meter, at least quarters in a ballad,
// quarters in a waltz without drums (the arpeggio counts the beats).
func (w partWriters) arpRate() float64 {
	g, rate := w.song, w.prof.ArpRate
	if w.groove != nil && w.groove.ArpRate > 0 {
		rate = w.groove.ArpRate
	}
	if g.m.Subdivision == 3 {
		rate = 1.0 / 3
	} else if g.ballad {
		rate = max(rate, 1) // a ballad's arpeggio walks in quarter notes
	}
	if g.m == style.ThreeFour && g.band.Inst[form.LayerDrums] == "" {
		rate = 1 // a waltz without drums: the arpeggio counts the beats
	}
	return rate
}

// finish runs the passes over the whole song: the modulation, the varied
// repeats, the drone and choir laid over the band, the sections' edges,
// the ending (or the loop's cut) and the style's texture.
func (g *song) finish() {
	p, prof, s, secs, k := g.p, g.prof, g.s, g.secs, g.k
	form.Modulate(s, secs, g.mod, k)
	develop.Vary(s, k, g.seed, style.FeelOf(prof.Style).Programmed)
	if d := overlay.Drone(p, prof, secs, k, g.mod); d != nil {
		// Written after develop: a pedal holds, it is not varied.
		st := overlay.Strike(p, prof, d, secs, g.m.Beats)
		s.Tracks = append(s.Tracks, *d)
		if st != nil {
			s.Tracks = append(s.Tracks, *st)
		}
	}
	overlay.ChoirChorus(s, p)
	edgeLimit := s.TotalBeats
	if p.Loop {
		edgeLimit = float64(g.loopBeats)
	}
	form.Edges(s, secs, k, edgeLimit, prof.Style.Family, style.FeelOf(prof.Style).Programmed)
	form.Shape(s, secs)
	if p.Loop {
		form.CutLoop(s, float64(g.loopBeats))
	} else {
		form.EndFor(s, prof.Style.Family)
		form.RingOut(s, g.tail-prof.Tail)
	}
	g.stateGivenChords() // a given chart stated clearly, the ending's notes too (state.go)
	overlay.Texture(s, p, prof.Style.Band.Texture)
	if g.tune != nil {
		g.keepTune()
	}
}

// meterFor returns the meter a plan is composed in: the one the prompt
// asks for (any style can play it; see fallbackGroove), else the style's
// default.
func meterFor(p plan.Plan, prof genre.Profile) style.Meter {
	switch {
	case p.Meter == 3:
		return style.ThreeFour
	case p.Meter == 6:
		return style.SixEight
	case p.Meter == 4:
		return style.FourFour
	}
	if len(prof.Style.Meters) > 0 {
		return prof.Style.Meters[0]
	}
	return style.FourFour
}

// pickGroove chooses the song's groove among the style's grooves for meter
// m (a builtin drummer plays any simple meter), per seed: seed n plays
// groove n modulo their number.
func pickGroove(prof genre.Profile, m style.Meter, seed uint64) *style.Groove {
	var fit, written []style.Groove
	for _, g := range prof.Style.Drums.Grooves {
		if g.Builtin != "" && m.Subdivision != 3 || g.Builtin == "" && meterOf(g.Meter) == m {
			fit = append(fit, g)
		}
		if g.Builtin == "" && meterOf(g.Meter) == m {
			written = append(written, g)
		}
	}
	// Outside 4/4 a groove written in the meter beats a built-in one
	// stretched to it: a waltz's "oom-pah-pah" is in the written one.
	if m != style.FourFour && len(written) > 0 {
		fit = written
	}
	if len(fit) == 0 {
		if g, ok := fallbackGroove[m]; ok {
			return &g
		}
		return &style.Groove{Name: "backbeat", Builtin: "backbeat"}
	}
	// Consecutive seeds take turns through the grooves, so that two songs
	// of one style asked for one after the other never share a groove.
	g := fit[int(seed%uint64(len(fit)))]
	return &g
}

// linesFor returns a style's lines, or the fallback lines of meter m when
// the style has none written in it.
func linesFor(lines []style.Line, fallback map[style.Meter][]style.Line, m style.Meter) []style.Line {
	if hasLines(lines, m) {
		return lines
	}
	return fallback[m]
}

// fades returns fade-in and fade-out lengths that stay inside the intro and
// the outro (plus the tail); fadeIn is the style's longest fade-in.
func fades(secs []form.Section, fadeIn, barSec, tail float64) (in, out float64) {
	first, last := secs[0], secs[len(secs)-1]
	if first.Name == "intro" && fadeIn > 0 {
		in = math.Min(fadeIn, 0.5*float64(first.Bars)*barSec)
	}
	out = math.Min(tail, 1)
	if last.Name == "outro" {
		out = math.Min(4, 0.5*float64(last.Bars)*barSec) + tail*0.5
	}
	return in, out
}

// padLines is how a pad holds its chords in a meter the builtin block
// comping does not fit (6/8): one chord a bar.
func padLines(m style.Meter) []style.Line {
	if m.Subdivision != 3 {
		return nil
	}
	return []style.Line{{Steps: "x-----", Meter: m}}
}
