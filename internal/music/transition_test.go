package music

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// edgeStats are the transition measures of a set of composed songs.
type edgeStats struct {
	songs, changes    int
	entries, onDown   int // parts entering at a section change; of them, first sound exactly on its downbeat
	pickups           int // entries that start within the beat before the downbeat
	exits, onLine     int // parts leaving at a section change; of them, last sound ending exactly on the bar line
	drumChanges       int // section changes with drums in the new section
	crashes           int // of them, a crash on the new section's downbeat
	fills             int // of them, a fill, roll or cymbal swell in the beat(s) before
	anticipations     int // bass or chord notes pushed an eighth ahead of a section's downbeat
	risers            int // cymbal swells (a crescendo of crash hits) into a downbeat
	blockChanges      int // section changes where every entry and exit sits on the bar line
	introGaps, intros int // intros with a silent beat; intros measured
}

// onsets returns the starts of a track's notes and hits.
func onsets(t score.Track) []float64 {
	var o []float64
	for _, n := range t.Notes {
		o = append(o, n.Start)
	}
	for _, h := range t.Hits {
		o = append(o, h.Start)
	}
	sort.Float64s(o)
	return o
}

// anyIn reports whether some onset lies in [from, to).
func anyIn(o []float64, from, to float64) bool {
	i := sort.SearchFloat64s(o, from-1e-9)
	return i < len(o) && o[i] < to-1e-9
}

// measureEdges adds the transition measures of one song.
func (st *edgeStats) measureEdges(s *score.Score) {
	st.songs++
	bpb := float64(s.BeatsPerBar)
	for i := 1; i < len(s.Sections); i++ {
		prev, sec := s.Sections[i-1], s.Sections[i]
		at := sec.StartBeat
		end := at + float64(sec.Bars)*bpb
		st.changes++
		block := true
		for _, t := range s.Tracks {
			if t.Role == score.RoleFX || t.Name == "choir (chorus)" {
				continue
			}
			o := onsets(t)
			before := anyIn(o, prev.StartBeat, at-1)
			after := anyIn(o, at, end)
			switch {
			case !before && after:
				st.entries++
				j := sort.SearchFloat64s(o, at-1-1e-9)
				first := o[j]
				if math.Abs(first-at) < 1e-6 {
					st.onDown++
				} else {
					block = false
				}
				if first < at-1e-6 {
					st.pickups++
				}
			case anyIn(o, at-bpb, at) && !anyIn(o, at+0.5, end-1):
				st.exits++
				last := 0.0
				for _, n := range t.Notes {
					if n.Start < at+0.5 {
						last = max(last, n.Start+n.Length)
					}
				}
				if len(t.Hits) > 0 && !anyIn(o, at, at+0.5) {
					last = at // drums stop with their last hit
				}
				if last <= at+1e-6 {
					st.onLine++
				} else {
					block = false
				}
			}
			if t.Role == score.RoleBass || t.Role == score.RoleChords {
				for _, n := range t.Notes {
					if math.Abs(n.Start-(at-0.5)) < 0.02 && n.Start+n.Length > at+1e-6 {
						st.anticipations++
						block = false
						break
					}
				}
			}
			if t.Role == score.RoleDrums && anyIn(o, at, at+bpb) {
				st.drumChanges++
				fill, crash, swell := 0, 0, 0
				for _, h := range t.Hits {
					if h.Drum == score.Crash && h.Start >= at-2-1e-9 && h.Start < at-1e-9 {
						swell++
					}
					if h.Start >= at-2-1e-9 && h.Start < at-1e-9 {
						switch h.Drum {
						case score.TomLow, score.TomMid, score.TomHigh, score.Snare, score.Crash, score.Ride, score.Timpani, score.Timbale:
							fill++
						}
					}
					if h.Drum == score.Crash && math.Abs(h.Start-at) < 1e-6 {
						crash = 1
					}
				}
				st.crashes += crash
				if swell >= 4 {
					st.risers++
				}
				if fill >= 4 {
					st.fills++
				}
			}
		}
		if block {
			st.blockChanges++
		}
	}
	if len(s.Sections) > 1 && s.Sections[0].Name == "intro" {
		st.intros++
		if introGap(s) >= 0 {
			st.introGaps++
		}
	}
}

// ringBeats is how long a note of t is heard, in beats: its written
// length, at most the instrument's ring (see ringSeconds).
func ringBeats(s *score.Score, t score.Track, n score.Note) float64 {
	return min(n.Length, ringSeconds(t.Instrument)*s.BPM/60)
}

// introGap returns the first beat of the intro in which nothing sounds
// (each note counted for its written length, at most as long as its
// instrument rings; a drum hit for the beat it falls in), or -1.
func introGap(s *score.Score) float64 {
	intro := s.Sections[0]
	beats := intro.Bars * s.BeatsPerBar
	heard := make([]bool, beats)
	for _, t := range s.Tracks {
		if t.Role == score.RoleFX {
			continue
		}
		for _, n := range t.Notes {
			end := n.Start + ringBeats(s, t, n)
			for b := max(0, int(math.Floor(n.Start))); b < beats && float64(b) < end-1e-6; b++ {
				if float64(b+1) > n.Start+1e-6 {
					heard[b] = true
				}
			}
		}
		for _, h := range t.Hits {
			if b := int(math.Floor(h.Start)); b >= 0 && b < beats {
				heard[b] = true
			}
		}
	}
	if i := slices.Index(heard, false); i >= 0 {
		return float64(i)
	}
	return -1
}

func (st *edgeStats) String() string {
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	return fmt.Sprintf("songs %d, changes %d: entries on the downbeat %.0f %% (%d/%d), pickups %d, exits on the bar line %.0f %% (%d/%d), "+
		"block changes %.0f %%, crash on the downbeat %.0f %%, fills %.0f %% (%d/%d), anticipations %d, risers %d, intros with a gap %d/%d",
		st.songs, st.changes, pct(st.onDown, st.entries), st.onDown, st.entries, st.pickups, pct(st.onLine, st.exits), st.onLine, st.exits,
		pct(st.blockChanges, st.changes), pct(st.crashes, st.drumChanges), pct(st.fills, st.drumChanges), st.fills, st.drumChanges,
		st.anticipations, st.risers, st.introGaps, st.intros)
}

// familyOf returns the catalogue family of a genre.
func familyOf(g plan.Genre) string {
	st, _ := style.Lookup(string(g))
	return st.Family
}

// TestTransitions composes every style at seeds 1-2 (two-minute songs)
// and measures its section changes per family: how many entering parts
// start exactly on the new section's downbeat, pickups, exits on the bar
// line, crashes and fills at changes with drums, anticipations, and
// intros with a silent beat. It asserts the transitions the composer
// writes (see transition.go).
func TestTransitions(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every style's transitions measured")
	}
	fam := map[string]*edgeStats{}
	all := &edgeStats{}
	for _, g := range plan.Genres {
		f := familyOf(g)
		if fam[f] == nil {
			fam[f] = &edgeStats{}
		}
		for seed := uint64(1); seed <= 2; seed++ {
			s := Compose(reader.Parse(string(g)+", 2 minutes"), seed)
			fam[f].measureEdges(s)
			all.measureEdges(s)
		}
	}
	names := make([]string, 0, len(fam))
	for f := range fam {
		names = append(names, f)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, f := range names {
		fmt.Fprintf(&b, "%-11s %s\n", f, fam[f])
	}
	t.Logf("per family:\n%sall: %s", b.String(), all)
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	// Parts no longer all start and stop on the bar line together.
	if p := pct(all.onDown, all.entries); p > 50 {
		t.Errorf("%.0f %% of entering parts start exactly on the downbeat, want at most 50 %%", p)
	}
	if p := pct(all.onLine, all.exits); p > 60 {
		t.Errorf("%.0f %% of leaving parts stop exactly on the bar line, want at most 60 %%", p)
	}
	if p := pct(all.blockChanges, all.changes); p > 40 {
		t.Errorf("%.0f %% of section changes switch block-wise on the bar line, want at most 40 %%", p)
	}
	for _, f := range names {
		st := fam[f]
		if st.pickups == 0 {
			t.Errorf("%s: no part enters with a pickup", f)
		}
		if st.drumChanges > 0 {
			if p := pct(st.crashes, st.drumChanges); p < 95 {
				t.Errorf("%s: a crash on %.0f %% of the downbeats of sections with drums, want 95 %%", f, p)
			}
			if p := pct(st.fills, st.drumChanges); p < 75 {
				t.Errorf("%s: fills into %.0f %% of the sections with drums, want 75 %%", f, p)
			}
		}
		if _, ok := form.PushFamilies[f]; ok && f != "jazz" && f != "urban" && st.anticipations == 0 {
			t.Errorf("%s: no anticipated downbeat", f)
		}
		if f == "electronic" && st.risers < st.songs {
			t.Errorf("%s: %d cymbal swells into a section in %d songs, want one a song", f, st.risers, st.songs)
		}
		if st.introGaps > 0 {
			t.Errorf("%s: %d intros with a silent beat", f, st.introGaps)
		}
	}
}

// TestIntroKeepsSounding checks every style's intro at seeds 1-3 and three
// lengths: every beat of it has a sounding note (each note counted for its
// written length, at most as long as its instrument rings: a plucked
// ukulele or guitar chord held for a bar dies away, see ringSeconds). The
// samba intro's held ukulele chords used to stop dead twice.
func TestIntroKeepsSounding(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's intro measured")
	}
	intros := 0
	for _, g := range plan.Genres {
		for _, length := range []string{"45 seconds", "2 minutes", "60 bpm, 3 minutes"} {
			for seed := uint64(1); seed <= 3; seed++ {
				s := Compose(reader.Parse(string(g)+", "+length), seed)
				if len(s.Sections) < 2 || s.Sections[0].Name != "intro" {
					continue
				}
				intros++
				if b := introGap(s); b >= 0 {
					t.Errorf("%s, %s, seed %d: nothing sounds in beat %v of the intro", g, length, seed, b)
				}
			}
		}
	}
	if intros < len(plan.Genres)*6 {
		t.Errorf("only %d intros measured", intros)
	}
}
