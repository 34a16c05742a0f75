package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/tune"
)

// A given melody (issue 30 item 2): the request's tune sets the song's
// key, meter and (with a Q: or MIDI tempo) its tempo; the song is an
// intro, the tune once or more as verse and chorus (as many times as fill
// the asked duration, once when none is asked), and an outro. The lead
// plays every note of the tune as written at every statement; the
// harmony is found for it (harmonise) unless the request gives chords;
// every other part is written around it as for any song.

// tuneIn is the given melody in the song's beats.
type tuneIn struct {
	notes  []tune.Note // At and Len in song beats (quarters, or dotted quarters in 6/8)
	pickup float64     // song beats before the first downbeat
	bars   int         // bars of one statement: the tune and the next statement's pickup
	// chords are the tune's own chord symbols, one or two a bar; nil
	// when it writes none (or one does not read): the harmoniser's
	chords []harmony.BarChord
	// the layout: intro bars, statements, outro bars
	intro, times, outro int
}

// readTune reads the plan's melody; nil when it gives none (or it does
// not read: the request checked it).
func readTune(p plan.Plan) *tune.Tune {
	if !p.HasMelody() {
		return nil
	}
	t, err := tune.Read(p.Melody)
	if err != nil {
		return nil
	}
	return &t
}

// tuneMeter is the meter a tune is played in (2/4 and 2/2 in 4/4 bars,
// 12/8 in 6/8 bars) and the song beats of a quarter note.
func tuneMeter(t *tune.Tune) (meter int, perQuarter float64) {
	switch {
	case t.Num == 3 && t.Den == 4:
		return 3, 1
	case t.Den == 8:
		return 6, 1 / 1.5
	}
	return 4, 1
}

// applyTune sets what the tune fixes in the plan: key, meter, tempo
// (unless the request asked one), a lead (a melody is never "no
// melody") and no loop.
func applyTune(p plan.Plan, t *tune.Tune) plan.Plan {
	meter, perQ := tuneMeter(t)
	p.KeyRoot, p.Mode, p.Meter = t.KeyRoot, t.Mode, meter
	if !p.ExplicitBPM && t.QPM > 0 {
		p.BPM = math.Round(min(max(t.QPM*perQ, plan.MinBPM), plan.MaxBPM)*100) / 100
		p.ExplicitBPM = true
	}
	p.NoLead, p.Loop = false, false
	return p
}

// newTuneIn converts a tune to song beats.
func newTuneIn(t *tune.Tune, bpb int) *tuneIn {
	_, perQ := tuneMeter(t)
	ti := &tuneIn{pickup: t.Pickup * perQ}
	for _, n := range t.Notes {
		ti.notes = append(ti.notes, tune.Note{Pitch: n.Pitch, At: n.At * perQ, Len: n.Len * perQ})
	}
	span := ti.pickup + t.Length*perQ
	ti.bars = max(1, int(math.Ceil(span/float64(bpb)-1e-6)))
	return ti
}

// tuneSeconds is the length of a song that plays a tune once: its
// intro, the tune and its outro at the plan's tempo, and the style's tail
// (the duration of a request with a melody and no duration).
func tuneSeconds(t *tune.Tune, p plan.Plan, prof genre.Profile) float64 {
	bpb := meterFor(p, prof).Beats
	ti := newTuneIn(t, bpb)
	ti.edges(bpb)
	return float64((ti.intro+ti.bars+ti.outro)*bpb)*60/p.BPM + prof.Tail
}

// fastEnough is the plan's tempo, raised where a tune without one would
// last longer than plan.MaxSeconds at it (a tune with a tempo is bounded
// by the request).
func fastEnough(t *tune.Tune, p plan.Plan, prof genre.Profile) float64 {
	bpb := meterFor(p, prof).Beats
	ti := newTuneIn(t, bpb)
	ti.edges(bpb)
	beats := float64((ti.intro + ti.bars + ti.outro) * bpb)
	need := math.Ceil(beats * 60 / (plan.MaxSeconds - prof.Tail))
	return min(max(p.BPM, need), plan.MaxBPM)
}

// edges sets the intro's and outro's bars: two, or one for a tune of
// under eight beats.
func (ti *tuneIn) edges(bpb int) {
	ti.intro, ti.times, ti.outro = 2, 1, 2
	if ti.bars*bpb < 8 {
		ti.intro, ti.outro = 1, 1
	}
}

// measureTune sets the song's bars: an intro (at least a bar, which
// holds the tune's pickup), the tune as many times as fill the duration
// (the whole tune even when it is longer), and an outro.
func (g *song) measureTune() {
	p, bpb, ti := &g.p, g.m.Beats, g.tune
	g.barSec = float64(bpb) * 60 / p.BPM
	g.tail = g.prof.Tail
	ti.edges(bpb)
	total := max(1, int(math.Round((p.Seconds-g.tail)/g.barSec)))
	if p.ExactSeconds {
		total, p.BPM, g.tail = form.FitLength(p.Seconds, p.BPM, bpb, g.prof.Tail, p.ExplicitBPM)
		g.barSec = float64(bpb) * 60 / p.BPM
	}
	ti.times = max(1, (total-ti.intro-1)/ti.bars)
	rest := total - ti.intro - ti.times*ti.bars
	if rest < 1 {
		rest, g.tail = ti.outro, g.prof.Tail // the tune is longer than asked: played whole
	}
	extra := max(rest-2, 0)
	ti.intro += extra / 2
	ti.outro = rest - extra/2
	g.bars = ti.intro + ti.times*ti.bars + ti.outro
}

// statementNames are the sections the tune is played as: verse and
// chorus in turn, the last a chorus (one statement: a verse), and from
// four statements on a bridge before the last (the band thinner, a
// breath before the last chorus).
func statementNames(times int) []string {
	out := make([]string, times)
	for i := range out {
		out[i] = "verse"
		if i%2 == 1 || i == times-1 && times > 1 {
			out[i] = "chorus"
		}
	}
	if times >= 4 {
		out[times-2] = "bridge"
	}
	return out
}

// layoutTune writes the form of a song around its tune: the sections,
// the harmony found for the tune (or given), the band and who plays
// where, with the lead in every statement.
func (g *song) layoutTune() {
	p, prof, k, bpb, ti := g.p, &g.prof, g.k, g.m.Beats, g.tune
	names := append(append([]string{"intro"}, statementNames(ti.times)...), "outro")
	lens := []int{ti.intro}
	for range ti.times {
		lens = append(lens, ti.bars)
	}
	lens = append(lens, ti.outro)
	seen, start := map[string]int{}, 0
	g.secs = make([]form.Section, len(names))
	for i, name := range names {
		s := &g.secs[i]
		s.Name, s.Bars, s.StartBeat, s.Beats, s.BPM, s.Index = name, lens[i], float64(start*bpb), bpb, p.BPM, seen[name]
		seen[name]++
		start += lens[i]
	}
	h := harmony.ChooseHarmony(k, *prof, bpb, harmony.NewRNG(g.seed, "harmony"))
	g.band = cast.Choose(p, *prof, g.seed)
	g.band.Inst[form.LayerBass] = waltzBassInstrument(g.band, g.m, concertPulse(prof.Style.Name, p.BPM, g.band.Inst[form.LayerDrums] == ""))
	if g.band.Inst[form.LayerLead] == "" {
		g.band.Inst[form.LayerLead] = tuneLeadInstrument(g.band)
	}
	have, forced := [form.NumLayers]bool{}, [form.NumLayers]bool{}
	for l := range g.band.Inst {
		have[l] = g.band.Inst[l] != ""
		forced[l] = g.band.Named[l]
	}
	form.Arrange(g.secs, h, have, forced, g.mood, prof.Form)
	prog := ti.chords
	if prog == nil {
		prog = harmonise(ti.notes, ti.bars, bpb, k)
	}
	form.GiveHarmony(g.secs, map[string][]harmony.BarChord{
		"intro": edgeChords(ti.intro, k, true), "verse": prog, "chorus": prog, "bridge": prog, "outro": edgeChords(ti.outro, k, false),
	}, "")
	form.GiveHarmony(g.secs, givenCharts(p, k, bpb), plan.ChordsSong)
	g.ballad = p.Tempo == plan.TempoBallad && prof.Style.Family != "rock"
	if g.ballad {
		form.BalladArrangement(g.secs, p.WantsDrums(), g.band.Named[form.LayerBass])
	}
	g.mod = form.Modulation{Index: -1}
	form.PlanEdges(g.secs, *prof, g.seed)
	for i := 1; i < len(g.secs)-1; i++ {
		g.secs[i].On[form.LayerLead], g.secs[i].Enter[form.LayerLead] = true, 0
	}
}

// tuneLeadInstrument is the lead of a band that has none (a style whose
// songs have no melody): a piano, or a flute where the piano comps.
func tuneLeadInstrument(b cast.Band) score.Instrument {
	for _, in := range []score.Instrument{score.Piano, score.Flute, score.Strings} {
		used := false
		for _, have := range b.Inst {
			used = used || have == in
		}
		if !used {
			return in
		}
	}
	return score.Piano
}

// edgeChords are the intro's chords (the tonic, the last bar the
// dominant that leads into the tune) or the outro's (the tonic, with a
// plagal IV before the last bar).
func edgeChords(bars int, k harmony.Key, intro bool) []harmony.BarChord {
	out := make([]harmony.BarChord, max(bars, 1))
	for i := range out {
		out[i].C = k.Diatonic(0, 3)
	}
	switch {
	case intro && bars >= 2:
		out[bars-1].C = k.Dominant7(4)
	case !intro && bars >= 2:
		out[bars-2].C = k.Diatonic(3, 3)
	}
	return out
}

// tuneLead is the lead's part: the tune at every statement, each note
// at its written onset and pitch, as long as written (cut where the
// next note starts), louder on downbeats and in louder sections.
func (g *song) tuneLead() []score.Note {
	var out []score.Note
	bpb := float64(g.m.Beats)
	for _, s := range g.secs[1 : len(g.secs)-1] {
		for i, n := range g.tune.notes {
			at := s.StartBeat + n.At
			l := n.Len
			if i+1 < len(g.tune.notes) {
				l = min(l, g.tune.notes[i+1].At-n.At)
			}
			v := 0.6 + 0.25*s.Energy
			if pos := math.Mod(n.At+4*bpb, bpb); pos < 1e-6 || bpb-pos < 1e-6 {
				v += 0.06
			}
			out = append(out, score.Note{Start: at, Length: l, Pitch: n.Pitch, Velocity: min(v, 1)})
		}
	}
	return out
}

// keepTune puts the tune back in the lead after the passes over the
// whole song (varied repeats, the sections' edges, the ending), which
// may move or cut a lead's notes: a given melody is played as written.
func (g *song) keepTune() {
	for i := range g.s.Tracks {
		if t := &g.s.Tracks[i]; t.Part == score.PartLead {
			t.Notes = g.tuneLead()
			return
		}
	}
}

// tuneChords are an ABC tune's own chord symbols as a statement's
// progression: per bar, the chord sounding at its downbeat and, where a
// symbol changes it inside the bar, the one it changes to (two a bar at
// most); letter roots moved by transpose with the notes. Nil when the
// tune writes none, or any does not read.
func tuneChords(t *tune.Tune, transpose, bars, bpb int, k harmony.Key) []harmony.BarChord {
	if len(t.Chords) == 0 {
		return nil
	}
	_, perQ := tuneMeter(t)
	type timed struct {
		at float64
		c  harmony.Chord
	}
	var cs []timed
	for _, c := range t.Chords {
		ch, err := chordchart.ParseChart(c.Symbol)
		if err != nil || len(ch) != 1 || len(ch[0]) != 1 {
			return nil
		}
		cc := ch[0][0]
		if !cc.Roman {
			cc.Root = ((cc.Root+transpose)%12 + 12) % 12
		}
		cs = append(cs, timed{at: c.At * perQ, c: harmony.ChartChord(cc, k)})
	}
	at := func(beat float64) harmony.Chord {
		out := cs[0].c
		for _, c := range cs {
			if c.at <= beat+1e-6 {
				out = c.c
			}
		}
		return out
	}
	out := make([]harmony.BarChord, bars)
	for b := range out {
		from := float64(b * bpb)
		out[b].C = at(from)
		for _, c := range cs {
			if c.at > from+1e-6 && c.at < from+float64(bpb)-1e-6 {
				out[b].C2, out[b].Split = c.c, c.at-from
				break
			}
		}
	}
	return out
}
