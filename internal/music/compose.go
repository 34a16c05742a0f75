package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/overlay"

	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/develop"

	"github.com/songsmith/songsmith/internal/music/form"

	"github.com/songsmith/songsmith/internal/music/harmony"

	"github.com/songsmith/songsmith/internal/music/genre"

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
// and the key, for tests that check parts against the chords.
func compose(p plan.Plan, seed uint64) (*score.Score, []form.Section, harmony.Key) {
	p = Resolve(p, seed)
	prof := genre.Of(p.Genre)
	if p.Colour != "" && p.Colour != p.Genre {
		prof = genre.Blend(prof, genre.Of(p.Colour))
	}
	mood := genre.MoodOf(p.Mood)
	k := harmony.NewKey(p.KeyRoot, p.Mode)
	m := meterFor(p, prof)
	bpb := m.Beats
	barSec := float64(bpb) * 60 / p.BPM
	bars := max(1, int(math.Round((p.Seconds-prof.Tail)/barSec)))
	tail := prof.Tail
	if p.ExactSeconds && p.Seconds > 0 && !p.Loop {
		bars, p.BPM, tail = form.FitLength(p.Seconds, p.BPM, bpb, prof.Tail, p.ExplicitBPM)
		barSec = float64(bpb) * 60 / p.BPM
	}
	loopBeats := 0 // a loop is the first half of a song twice its length (cutLoop)
	if p.Loop {
		bars, tail = 2*form.LoopBars(p.Seconds, barSec), 0
		loopBeats = bars / 2 * bpb
	}
	secs := form.LayoutWith(prof.Form, bars, bpb, !p.Loop)
	for i := range secs {
		secs[i].BPM = p.BPM
	}
	h := harmony.ChooseHarmony(k, prof, bpb, harmony.NewRNG(seed, "harmony"))
	if !p.Loop {
		h = harmony.Floating(h, prof)
	}
	band := cast.Choose(p, prof, seed)
	band.Inst[form.LayerBass] = waltzBassInstrument(band, m)
	have, forced := [form.NumLayers]bool{}, [form.NumLayers]bool{}
	for l := range band.Inst {
		have[l] = band.Inst[l] != ""
		forced[l] = band.Named[l]
	}
	form.Arrange(secs, h, have, forced, mood, prof.Form)
	// A ballad lets its drums in late and soft; a rock (power) ballad
	// keeps its style's drive.
	ballad := p.Tempo == plan.TempoBallad && prof.Style.Family != "rock"
	if ballad {
		form.BalladArrangement(secs, p.WantsDrums(), band.Named[form.LayerBass])
		// A ballad's tune moves in quarters and halves, a verse's
		// phrases sparse, so the pulse heard is the beat, not eighths.
		prof.LeadDense = min(prof.LeadDense, 0.3)
	}
	mod := form.Modulation{Index: -1}
	if !p.Loop {
		form.EndSong(secs, k, prof, bpb)
		form.TurnIntro(secs, k, prof, bpb)
		mod = form.PlanModulation(secs, k, prof, bpb)
		form.CadenceSections(secs, k, prof, bpb)
	}
	form.PlanEdges(secs, prof, seed)

	swing := prof.Swing
	if m.Subdivision == 3 {
		swing = 0 // compound meter already divides the beat in three
	}
	halfTime := p.Tempo == plan.TempoHalfTime
	s := &score.Score{
		BPM:         p.BPM,
		BeatsPerBar: bpb,
		Subdivision: m.Subdivision,
		Swing:       swing,
		KeyRoot:     k.Root,
		Mode:        k.Mode,
		Genre:       string(p.Genre),
		Mood:        string(p.Mood),
		TotalBeats:  float64(bpb * bars),
		TailSeconds: tail,
		ReverbSize:  prof.Reverb,
		Seed:        seed,
	}
	for _, sec := range secs {
		s.Sections = append(s.Sections, sec.Section)
	}
	s.Chords = form.Chart(secs, k, bpb)
	s.FadeIn, s.FadeOut = fades(secs, prof.Style.Mix.FadeIn, barSec, prof.Tail)
	if p.Loop {
		s.FadeIn, s.FadeOut, s.Loop = 0, 0, true
	}
	groove := pickGroove(prof, m, seed)
	bassLines, compLines := linesFor(prof.Style.Bass, fallbackBass, m), linesFor(prof.Style.Comp, fallbackComp, m)
	bassKind, compKind := band.Bass, prof.Comp
	if bassKind == genre.BassPattern {
		bassKind = genre.BassRootFifth // used only where no line fits
	}
	if compKind == genre.CompPattern {
		compKind = genre.CompBlock
	}
	answerInst := answerInstrument(p, prof, band, seed)
	var answerTrack *score.Track
	for l := form.Layer(0); l < form.NumLayers; l++ {
		inst := band.Inst[l]
		if inst == "" {
			continue
		}
		t := score.Track{Name: form.TrackName(l, inst), Instrument: inst, Role: cast.Roles[l], Brightness: 0.5}
		switch l {
		case form.LayerDrums:
			t.Hits = writeDrums(secs, groove, swing, halfTime, seed)
			t.Reverb = 0.08 + 0.1*prof.Reverb
			t.Kit = prof.Style.Drums.Kit
		case form.LayerBass:
			t.Notes = writeBass(secs, k, bassKind, bassLines, m, inst, swing, seed)
			t.Reverb = 0.02
		case form.LayerChords:
			t.Notes = writeChords(secs, k, form.LayerChords, compKind, compLines, m, inst, swing, seed, "chords")
			t.Pan, t.Reverb = -0.4, 0.15+0.3*prof.Reverb
		case form.LayerPad:
			t.Notes = writeChords(secs, k, form.LayerPad, genre.CompBlock, padLines(m), m, inst, 0, seed, "pad")
			t.Pan, t.Reverb, t.GainDB = 0.2, 0.4+0.4*prof.Reverb, -3
		case form.LayerLead:
			var answered []score.Note
			t.Notes, answered = writeLead(secs, k, prof, inst, answerInst, swing, seed)
			t.Pan, t.Reverb, t.Delay = 0.05, 0.2+0.3*prof.Reverb, 0.15
			if len(answered) > 0 {
				answerTrack = &score.Track{Name: "answer (" + string(answerInst) + ")", Instrument: answerInst, Role: score.RoleLead,
					Notes: answered, Brightness: 0.5, Pan: -0.3, Reverb: 0.25 + 0.3*prof.Reverb, Delay: 0.1, GainDB: -2}
				answerTrack.Recorded = cast.Recorded(prof.Style, form.LayerLead, answerInst, false)
				cast.MixColour(answerTrack, prof.Style.Mix)
			}
		case form.LayerArp:
			rate := prof.ArpRate
			if m.Subdivision == 3 {
				rate = 1.0 / 3
			} else if ballad {
				rate = max(rate, 1) // a ballad's arpeggio walks in quarter notes
			}
			if m == style.ThreeFour && band.Inst[form.LayerDrums] == "" {
				rate = 1 // a waltz without drums: the arpeggio counts the beats
			}
			t.Notes = writeArp(secs, k, rate, inst, swing, seed)
			t.Pan, t.Reverb, t.Delay, t.GainDB = 0.5, 0.2+0.3*prof.Reverb, 0.25, -2
		}
		t.Recorded = cast.Recorded(prof.Style, l, inst, band.Named[l])
		t.Featured = band.Named[l] && cast.Featured(p, inst)
		cast.MixColour(&t, prof.Style.Mix)
		if ballad && l == form.LayerDrums {
			t.GainDB -= form.BalladDrumsDB
		}
		if len(t.Notes) == 0 && len(t.Hits) == 0 {
			continue
		}
		s.Tracks = append(s.Tracks, t)
	}
	if answerTrack != nil {
		s.Tracks = append(s.Tracks, *answerTrack)
	}
	form.Modulate(s, secs, mod, k)
	develop.Vary(s, k, seed, style.FeelOf(prof.Style).Programmed)
	if d := overlay.Drone(p, prof, secs, k, mod); d != nil {
		// Written after develop: a pedal holds, it is not varied.
		s.Tracks = append(s.Tracks, *d)
	}
	overlay.ChoirChorus(s, p)
	edgeLimit := s.TotalBeats
	if p.Loop {
		edgeLimit = float64(loopBeats)
	}
	form.Edges(s, secs, k, edgeLimit, prof.Style.Family, style.FeelOf(prof.Style).Programmed)
	if p.Loop {
		form.CutLoop(s, float64(loopBeats))
	} else {
		form.EndFor(s, prof.Style.Family)
		form.RingOut(s, tail-prof.Tail)
	}
	overlay.Texture(s, p, prof.Style.Band.Texture)
	return s, secs, k
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
