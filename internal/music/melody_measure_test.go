package music

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// Melody measures of issue 19, read from the composed score (no render).

// leadTrack returns the melody track ("lead (...)"), or nil.
func leadTrack(s *score.Score) *score.Track {
	for i := range s.Tracks {
		if strings.HasPrefix(s.Tracks[i].Name, "lead (") {
			return &s.Tracks[i]
		}
	}
	return nil
}

// barNotes returns the notes of t starting in each bar.
func barNotes(s *score.Score, t *score.Track) [][]score.Note {
	beats := float64(s.BeatsPerBar)
	out := make([][]score.Note, int(math.Round(s.TotalBeats/beats))+1)
	for _, n := range t.Notes {
		b := int(math.Floor(n.Start/beats + 1e-9))
		if b >= 0 && b < len(out) {
			out[b] = append(out[b], n)
		}
	}
	return out
}

// figure is a bar's notes as rhythm (onset and length in the bar, in
// sixteenths) and pitches.
type figure struct {
	rhythm  string
	pitches []int
}

func figureOf(notes []score.Note, start float64) figure {
	var b strings.Builder
	var ps []int
	for _, n := range notes {
		fmt.Fprintf(&b, "%d/%d;", int(math.Round((n.Start-start)*4)), int(math.Round(n.Length*4)))
		ps = append(ps, n.Pitch)
	}
	return figure{b.String(), ps}
}

// restates reports whether g restates f at another pitch: the same rhythm,
// the same contour and every interval within a semitone; exact when every
// interval is equal.
func restates(f, g figure) (ok, exact bool) {
	if len(f.pitches) < 3 || f.rhythm != g.rhythm || f.pitches[0] == g.pitches[0] {
		return false, false
	}
	exact = true
	for i := 1; i < len(f.pitches); i++ {
		a, b := f.pitches[i]-f.pitches[i-1], g.pitches[i]-g.pitches[i-1]
		if sign(a) != sign(b) || harmony.Abs(a-b) > 1 {
			return false, false
		}
		exact = exact && a == b
	}
	return true, exact
}

// sequences counts the bars of the lead that restate an earlier bar's
// figure at another pitch (diatonic within a semitone, and exactly).
func sequences(s *score.Score) (diatonic, exact int) {
	t := leadTrack(s)
	if t == nil {
		return 0, 0
	}
	bars := barNotes(s, t)
	beats := float64(s.BeatsPerBar)
	var figs []figure
	for b, ns := range bars {
		g := figureOf(ns, float64(b)*beats)
		found, ex := false, false
		for _, f := range figs {
			if ok, e := restates(f, g); ok {
				found, ex = true, ex || e
			}
		}
		if found {
			diatonic++
		}
		if ex {
			exact++
		}
		figs = append(figs, g)
	}
	return diatonic, exact
}

// hookReturns returns how often the most frequent two-bar lead phrase
// (rhythm and intervals, so a modulated chorus still counts; at least four
// notes) starts on the bar grid, and the span in bars between its first and
// last start.
func hookReturns(s *score.Score) (times, span int) {
	t := leadTrack(s)
	if t == nil {
		return 0, 0
	}
	bars := barNotes(s, t)
	beats := float64(s.BeatsPerBar)
	where := map[string][]int{}
	for b := 0; b+1 < len(bars); b++ {
		ns := append(append([]score.Note(nil), bars[b]...), bars[b+1]...)
		if len(ns) < 4 {
			continue
		}
		f := figureOf(ns, float64(b)*beats)
		var k strings.Builder
		k.WriteString(f.rhythm)
		for i := 1; i < len(f.pitches); i++ {
			fmt.Fprintf(&k, ",%d", f.pitches[i]-f.pitches[0])
		}
		where[k.String()] = append(where[k.String()], b)
	}
	for _, bs := range where {
		// Overlapping windows of one long repeat are one return.
		var starts []int
		for _, b := range bs {
			if len(starts) == 0 || b-starts[len(starts)-1] >= 2 {
				starts = append(starts, b)
			}
		}
		if len(starts) > times || len(starts) == times && starts[len(starts)-1]-starts[0] > span {
			times, span = len(starts), starts[len(starts)-1]-starts[0]
		}
	}
	return times, span
}

// stepwise returns the share of the lead's intervals (between notes less
// than a beat apart) of at most two semitones.
func stepwise(s *score.Score) (steps, all int) {
	t := leadTrack(s)
	if t == nil {
		return 0, 0
	}
	for i := 1; i < len(t.Notes); i++ {
		a, b := t.Notes[i-1], t.Notes[i]
		if b.Start-(a.Start+a.Length) >= 1 {
			continue
		}
		all++
		if harmony.Abs(b.Pitch-a.Pitch) <= 2 {
			steps++
		}
	}
	return steps, all
}

// hookFamilies are the style families of the 3-minute pop, rock and dance
// songs the hook and sequence goals are about.
var hookFamilies = map[string]bool{"pop": true, "rock": true, "electronic": true, "dance": true}

// meterPrompts are the prompt endings that ask for each meter, and the
// styles that play it (those whose catalogue entry lists it).
var meterPrompts = []struct {
	name, ask string
	meter     style.Meter
}{{"4/4", "", style.FourFour}, {"3/4", " waltz", style.ThreeFour}, {"6/8", " in 6/8", style.SixEight}}

// melodyFam sums the melody measures of one style family.
type melodyFam struct{ songs, hooks, seqSongs, exactSongs, steps, all, climax, chorusSongs, ends, endsOn int }

// measureMelodies composes every style that plays meter m (its default
// meter for 4/4's empty ask) at seeds 1-3 (3 minutes) and sums the melody
// measures per family; fails lists the pop, rock and dance songs short of
// the hook and sequence goals.
func measureMelodies(t *testing.T, ask string, m style.Meter) (fams map[string]*melodyFam, fails []string) {
	fams = map[string]*melodyFam{}
	for _, st := range style.All() {
		if ask != "" && !slices.Contains(st.Meters, m) {
			continue
		}
		for seed := uint64(1); seed <= 3; seed++ {
			p := reader.Parse(st.Name + ask + " music, 3 minutes")
			p.Genre = plan.Genre(st.Name)
			s, secs, k := compose(p, seed)
			if ask != "" && s.BeatsPerBar != m.Beats {
				t.Fatalf("%s%s: %d beats a bar, want %d", st.Name, ask, s.BeatsPerBar, m.Beats)
			}
			if leadTrack(s) == nil {
				continue
			}
			f := fams[st.Family]
			if f == nil {
				f = &melodyFam{}
				fams[st.Family] = f
			}
			f.songs++
			times, span := hookReturns(s)
			bars := int(s.TotalBeats) / s.BeatsPerBar
			if times >= 3 && 10*span >= 4*bars {
				f.hooks++
			}
			d, e := sequences(s)
			if d > 0 {
				f.seqSongs++
			}
			if e > 0 {
				f.exactSongs++
			}
			e, on := phraseEnds(s, secs, k)
			f.ends += e
			f.endsOn += on
			if leadInChorus(s) {
				f.chorusSongs++
				if climaxInChorus(s) {
					f.climax++
				}
			}
			st1, a1 := stepwise(s)
			f.steps += st1
			f.all += a1
			if hookFamilies[st.Family] && (times < 3 || 10*span < 4*bars || d == 0) {
				fails = append(fails, fmt.Sprintf("%s/%d (hook %dx over %d of %d bars, %d restated bars)", st.Name, seed, times, span, bars, d))
			}
		}
	}
	var names []string
	for n := range fams {
		names = append(names, n)
	}
	slices.Sort(names)
	var all melodyFam
	for _, n := range names {
		f := fams[n]
		t.Logf("%-11s songs %2d: hook >=3x spread %2d, restated figure %2d (exactly %2d), stepwise %.0f %%, climax in a chorus %2d of %2d, phrase ends on a chord tone %.0f %%",
			n, f.songs, f.hooks, f.seqSongs, f.exactSongs, 100*float64(f.steps)/float64(max(1, f.all)), f.climax, f.chorusSongs, 100*float64(f.endsOn)/float64(max(1, f.ends)))
		all.songs += f.songs
		all.hooks += f.hooks
		all.seqSongs += f.seqSongs
		all.exactSongs += f.exactSongs
		all.steps += f.steps
		all.all += f.all
		all.climax += f.climax
		all.chorusSongs += f.chorusSongs
		all.ends += f.ends
		all.endsOn += f.endsOn
	}
	fams["all"] = &all
	t.Logf("all         songs %2d: hook >=3x spread %2d, restated figure %2d (exactly %2d), stepwise %.0f %%, climax in a chorus %2d of %2d, phrase ends on a chord tone %d of %d",
		all.songs, all.hooks, all.seqSongs, all.exactSongs, 100*float64(all.steps)/float64(max(1, all.all)), all.climax, all.chorusSongs, all.endsOn, all.ends)
	return fams, fails
}

// TestMelodyMeasures composes every style at seeds 1-3 (3 minutes) in its
// default meter and reports hook recurrence, sequences and the stepwise
// share; see the assertions at its end for what it requires.
func TestMelodyMeasures(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: melody of every style")
	}
	fams, fails := measureMelodies(t, "", style.FourFour)
	t.Logf("pop, rock and dance songs short of the goal: %d %v", len(fails), fails)
	// One song may miss (a chromatic ii–V, as in amapiano's drops, can
	// bend a figure's restatement by a semitone too many).
	if len(fails) > 1 {
		t.Errorf("pop, rock and dance songs without a hook returning 3 times over 40 %% of the song or a restated figure: %s", strings.Join(fails, ", "))
	}
	all := fams["all"]
	if 10*all.endsOn < 9*all.ends {
		t.Errorf("only %d of %d phrase endings are chord tones", all.endsOn, all.ends)
	}
	if all.climax < all.chorusSongs {
		t.Errorf("the melody's highest note is in a chorus in only %d of %d songs whose lead plays a chorus", all.climax, all.chorusSongs)
	}
	for _, n := range []string{"pop", "folk"} {
		if f := fams[n]; 100*f.steps < 63*f.all {
			t.Errorf("%s: %d of %d melodic intervals are steps, want about two thirds", n, f.steps, f.all)
		}
	}
}

// TestMelodyMeasuresMeters composes every style that plays 3/4 or 6/8 in
// that meter (a waltz, a jig, a 6/8 ballad) at seeds 1-3 and checks that
// their melody develops as in 4/4: a figure restated at another pitch in
// most songs, the hook returning, phrase endings on chord tones, a
// stepwise folk melody and the climax in a chorus.
func TestMelodyMeasuresMeters(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: melodies measured in every meter")
	}
	for _, mp := range meterPrompts[1:] {
		t.Run(mp.name, func(t *testing.T) {
			fams, _ := measureMelodies(t, mp.ask, mp.meter)
			all := fams["all"]
			if 4*all.seqSongs < 3*all.songs {
				t.Errorf("a figure restated at another pitch in %d of %d songs, want three quarters", all.seqSongs, all.songs)
			}
			if 2*all.exactSongs < all.songs {
				t.Errorf("a figure restated exactly at another pitch in %d of %d songs, want half", all.exactSongs, all.songs)
			}
			if 4*all.hooks < 3*all.songs {
				t.Errorf("a hook returning 3 times over 40 %% of the song in %d of %d songs, want three quarters", all.hooks, all.songs)
			}
			if 10*all.endsOn < 9*all.ends {
				t.Errorf("only %d of %d phrase endings are chord tones", all.endsOn, all.ends)
			}
			if all.climax < all.chorusSongs {
				t.Errorf("the melody's highest note is in a chorus in only %d of %d songs whose lead plays a chorus", all.climax, all.chorusSongs)
			}
			if f := fams["folk"]; f != nil && 100*f.steps < 60*f.all {
				t.Errorf("folk: %d of %d melodic intervals are steps, want about two thirds", f.steps, f.all)
			}
		})
	}
}

// TestChorusHookLiteral checks that the lead opens every chorus (and drop)
// where it plays with the same two bars, rhythm and intervals (a modulated
// chorus plays them transposed).
func TestChorusHookLiteral(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every style's chorus hook measured")
	}
	checked := 0
	for _, g := range plan.Genres {
		for _, mp := range meterPrompts {
			if mp.ask != "" && !slices.Contains(genre.Of(g).Style.Meters, mp.meter) {
				continue
			}
			for seed := uint64(1); seed <= 2; seed++ {
				s, secs, _ := compose(reader.Parse(string(g)+mp.ask+", 3 minutes"), seed)
				lt := leadTrack(s)
				if lt == nil || genre.Of(g).Form == genre.FormBlues {
					continue // the blues runs its 12-bar form on through its sections
				}
				bars := barNotes(s, lt)
				var first string
				for _, sec := range secs {
					if sec.Name != "chorus" && sec.Name != "drop" || sec.Bars < 2 || !sec.On[form.LayerLead] {
						continue // (the arrangement may leave the lead out of a chorus)
					}
					b := int(sec.StartBeat) / s.BeatsPerBar
					ns := append(append([]score.Note(nil), bars[b]...), bars[b+1]...)
					f := figureOf(ns, sec.StartBeat)
					var k strings.Builder
					k.WriteString(f.rhythm)
					for i := 1; i < len(f.pitches); i++ {
						fmt.Fprintf(&k, ",%d", f.pitches[i]-f.pitches[i-1])
					}
					switch {
					case len(ns) == 0:
						t.Errorf("%s seed %d: the lead does not play the hook of the %s at bar %d", g, seed, sec.Name, b)
					case first == "":
						first = k.String()
					case k.String() != first:
						t.Errorf("%s seed %d: the %s at bar %d opens with %s, the first with %s", g, seed, sec.Name, b, k.String(), first)
					default:
						checked++
					}
				}
			}
		}
	}
	t.Logf("%d choruses and drops return with the first one's hook", checked)
}

// leadInChorus reports whether the lead plays a note in a chorus or drop.
func leadInChorus(s *score.Score) bool {
	t := leadTrack(s)
	for _, n := range t.Notes {
		if inChorusAt(s, n.Start) {
			return true
		}
	}
	return false
}

// inChorusAt reports whether beat p of the score lies in a chorus or drop.
func inChorusAt(s *score.Score, p float64) bool {
	for _, sec := range s.Sections {
		end := sec.StartBeat + float64(sec.Bars*s.BeatsPerBar)
		if (sec.Name == "chorus" || sec.Name == "drop") && p >= sec.StartBeat-1e-6 && p < end-1e-6 {
			return true
		}
	}
	return false
}

// climaxInChorus reports whether the lead's highest note sounds in a
// chorus or drop (and no higher one elsewhere).
func climaxInChorus(s *score.Score) bool {
	t := leadTrack(s)
	if t == nil {
		return false
	}
	in, out := -1, -1
	for _, n := range t.Notes {
		if inChorusAt(s, n.Start) {
			in = max(in, n.Pitch)
		} else {
			out = max(out, n.Pitch)
		}
	}
	return in > out
}

// phraseEnds counts the lead's phrase endings (a note followed by a rest
// of a beat or more, or the last) and those on a tone of the chord
// sounding when the note starts.
func phraseEnds(s *score.Score, secs []form.Section, k harmony.Key) (ends, on int) {
	t := leadTrack(s)
	for i, n := range t.Notes {
		if i+1 < len(t.Notes) && t.Notes[i+1].Start-(n.Start+n.Length) < 1 {
			continue
		}
		for j := range secs {
			sec := &secs[j]
			rel := n.Start - sec.StartBeat
			if rel < -1e-6 || rel >= float64(sec.Bars*sec.Beats)-1e-6 {
				continue
			}
			b := int(math.Floor(rel/float64(sec.Beats) + 1e-9))
			ends++
			if sec.BarAt(b).At(rel-float64(b*sec.Beats)).Has(k, n.Pitch) {
				on++
			}
		}
	}
	return ends, on
}
