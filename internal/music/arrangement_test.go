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
)

// barsPlayed marks the bars in which the tracks whose name starts with
// prefix sound (a held note marks every bar it sounds in).
func barsPlayed(s *score.Score, prefix string) []bool {
	beats := float64(s.BeatsPerBar)
	on := make([]bool, int(math.Round(s.TotalBeats/beats)))
	for _, t := range s.Tracks {
		if !strings.HasPrefix(t.Name, prefix) {
			continue
		}
		for _, x := range t.Notes {
			for b := int(x.Start / beats); b <= int((x.Start+x.Length-1e-6)/beats) && b < len(on); b++ {
				on[b] = true
			}
		}
	}
	return on
}

func count(on []bool) int {
	n := 0
	for _, o := range on {
		if o {
			n++
		}
	}
	return n
}

// TestLeadBreathes checks that the lead rests between phrases and hands
// over to another instrument: over every style and three seeds it plays in
// at most 70 % of a song's bars (55 % on average), never through a whole
// section of eight bars or more, and most songs have answer phrases on a
// second instrument in bars where the lead rests.
func TestLeadBreathes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's lead measured")
	}
	lead, total, songs, answered := 0, 0, 0, 0
	var report []string
	for _, g := range plan.Genres {
		for seed := uint64(1); seed <= 3; seed++ {
			s, secs, _ := compose(reader.Parse(string(g)+", 3 minutes"), seed)
			on := barsPlayed(s, "lead (")
			n := count(on)
			if n == 0 {
				continue
			}
			songs++
			lead += n
			total += len(on)
			if r := float64(n) / float64(len(on)); r > 0.7 {
				t.Errorf("%s seed %d: the lead plays in %d of %d bars (%.0f %%)", g, seed, n, len(on), 100*r)
			}
			for _, sec := range secs {
				first := int(sec.StartBeat) / s.BeatsPerBar
				if sec.Bars >= 8 && !slices.Contains(on[first:first+sec.Bars], false) {
					t.Errorf("%s seed %d: the lead plays through the whole %s (%d bars)", g, seed, sec.Name, sec.Bars)
				}
			}
			ans := barsPlayed(s, "answer (")
			both := 0
			for b := range ans {
				if ans[b] && !on[b] {
					both++
				}
			}
			if both > 0 {
				answered++
			}
			if seed == 1 {
				report = append(report, fmt.Sprintf("%s %d/%d", g, n, len(on)))
			}
		}
	}
	mean := float64(lead) / float64(total)
	t.Logf("lead plays in %.1f %% of bars over %d songs; %d songs have answer phrases; seed 1: %s", 100*mean, songs, answered, strings.Join(report, ", "))
	if mean > 0.55 {
		t.Errorf("the lead plays in %.1f %% of all bars, want at most 55 %%", 100*mean)
	}
	if answered*4 < songs*3 {
		t.Errorf("only %d of %d songs hand phrases over to a second instrument", answered, songs)
	}
}

// sectionTracks returns the names of the tracks that play in a section:
// a note sounding after its first beat and before its last (the edges'
// pickups, pushes and buttons do not count), or a hit before its last
// beat.
func sectionTracks(s *score.Score, sec form.Section) []string {
	from, to := sec.StartBeat, sec.StartBeat+float64(sec.Bars*s.BeatsPerBar)
	var out []string
	for _, t := range s.Tracks {
		for _, n := range t.Notes {
			if n.Start < to-1-1e-9 && n.Start+n.Length > from+1+1e-9 {
				out = append(out, t.Name)
				break
			}
		}
		for _, h := range t.Hits {
			if h.Start >= from-1e-9 && h.Start < to-1-1e-9 {
				out = append(out, t.Name)
				break
			}
		}
	}
	return out
}

func degreesOf(p []harmony.BarChord) string {
	var b strings.Builder
	for _, h := range p {
		fmt.Fprintf(&b, "%d/%d/%v ", h.C.Degree, h.C2.Degree, h.Split)
	}
	return b.String()
}

// TestSectionsDiffer checks, over every style at two seeds, that the
// sections of a song are written for their place in it: a bridge or
// breakdown brings harmony that neither verse nor chorus plays; the
// intro's chords are not any bar of the body; the final chord is held to
// the end; verses have fewer parts than choruses and breakdowns fewer
// than drops, while a breakdown keeps at least two harmony parts.
func TestSectionsDiffer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's sections measured")
	}
	var verse, chorus, drop, breakdown, build [2]int // parts summed, sections
	bridges, intros, held, songs := 0, 0, 0, 0
	for _, g := range plan.Genres {
		for seed := uint64(1); seed <= 2; seed++ {
			s, secs, _ := compose(reader.Parse(string(g)+", 3 minutes"), seed)
			name := fmt.Sprintf("%s seed %d", g, seed)
			songs++
			var body []form.Section
			for _, sec := range secs {
				n := len(sectionTracks(s, sec))
				switch sec.Name {
				case "verse":
					verse[0], verse[1] = verse[0]+n, verse[1]+1
				case "chorus":
					chorus[0], chorus[1] = chorus[0]+n, chorus[1]+1
				case "drop":
					drop[0], drop[1] = drop[0]+n, drop[1]+1
				case "build":
					build[0], build[1] = build[0]+n, build[1]+1
				case "breakdown":
					breakdown[0], breakdown[1] = breakdown[0]+n, breakdown[1]+1
					harm := 0
					for _, tr := range sectionTracks(s, sec) {
						if strings.HasPrefix(tr, "pad (") || strings.HasPrefix(tr, "chords (") || strings.HasPrefix(tr, "arp (") {
							harm++
						}
					}
					if harm < 2 {
						t.Errorf("%s: the breakdown keeps %d harmony parts, want at least 2", name, harm)
					}
				}
				if sec.Name != "intro" && sec.Name != "outro" {
					body = append(body, sec)
				}
			}
			// New material in the bridge or breakdown.
			if genre.Of(g).Harmony != "blues" {
				for _, sec := range secs {
					if sec.Name != "bridge" && sec.Name != "breakdown" {
						continue
					}
					bridges++
					for _, other := range secs {
						if (other.Name == "verse" || other.Name == "chorus" || other.Name == "drop") && degreesOf(other.Prog) == degreesOf(sec.Prog) {
							t.Errorf("%s: the %s plays the %s's chords %s", name, sec.Name, other.Name, degreesOf(sec.Prog))
						}
					}
					break
				}
			}
			// The intro's chords are its own.
			if secs[0].Name == "intro" {
				for _, tr := range s.Tracks {
					if !strings.HasPrefix(tr.Name, "chords (") && !strings.HasPrefix(tr.Name, "pad (") {
						continue
					}
					bodyBars := map[string]bool{}
					for _, sec := range body {
						for b := 0; b < sec.Bars; b++ {
							at := sec.StartBeat + float64(b*s.BeatsPerBar)
							bodyBars[barKey(tr, at, at+float64(s.BeatsPerBar))] = true
						}
					}
					for b := 0; b < secs[0].Bars; b++ {
						at := float64(b * s.BeatsPerBar)
						if k := barKey(tr, at, at+float64(s.BeatsPerBar)); k != "" && bodyBars[k] {
							t.Errorf("%s: intro bar %d of %s is a bar of the body", name, b, tr.Name)
						}
					}
				}
				intros++
			}
			// The final chord is held to the end of the last bar.
			end, last := s.TotalBeats, s.TotalBeats-float64(s.BeatsPerBar)
			for _, tr := range s.Tracks {
				if !strings.HasPrefix(tr.Name, "chords (") && !strings.HasPrefix(tr.Name, "pad (") {
					continue
				}
				for _, n := range tr.Notes {
					if n.Start >= last-1e-9 && n.Start+n.Length >= end-0.1 {
						held++
						goto next
					}
				}
			}
			t.Errorf("%s: no chord is held to the end of the song", name)
		next:
		}
	}
	mean := func(x [2]int) float64 { return float64(x[0]) / float64(max(x[1], 1)) }
	t.Logf("%d songs: %d bridges/breakdowns with new chords, %d intros of their own, %d final chords held; parts per section: verse %.1f, chorus %.1f, build %.1f, drop %.1f, breakdown %.1f",
		songs, bridges, intros, held, mean(verse), mean(chorus), mean(build), mean(drop), mean(breakdown))
	if mean(verse) >= mean(chorus) || mean(breakdown) >= mean(drop) || mean(build) >= mean(drop) {
		t.Errorf("sections do not build: parts per verse %.1f, chorus %.1f, build %.1f, drop %.1f, breakdown %.1f", mean(verse), mean(chorus), mean(build), mean(drop), mean(breakdown))
	}
}

// TestBuildsRise checks that dance builds rise into the drop: the
// arpeggio of a build's second half sits higher and plays louder than its
// first half.
func TestBuildsRise(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's builds measured")
	}
	builds := 0
	for _, g := range plan.Genres {
		s, secs, _ := compose(reader.Parse(string(g)+", 3 minutes"), 1)
		for _, sec := range secs {
			if !sec.Build || sec.Bars < 4 {
				continue
			}
			mid := sec.StartBeat + float64(sec.Bars/2*s.BeatsPerBar)
			end := sec.StartBeat + float64(sec.Bars*s.BeatsPerBar)
			for _, tr := range s.Tracks {
				if tr.Role != score.RoleArp {
					continue
				}
				var p, v [2]float64
				var n [2]int
				for _, x := range tr.Notes {
					if x.Start < sec.StartBeat || x.Start >= end {
						continue
					}
					h := 0
					if x.Start >= mid {
						h = 1
					}
					p[h] += float64(x.Pitch)
					v[h] += x.Velocity
					n[h]++
				}
				if n[0] == 0 || n[1] == 0 {
					continue
				}
				builds++
				if p[1]/float64(n[1]) <= p[0]/float64(n[0])+6 || v[1]/float64(n[1]) <= v[0]/float64(n[0]) {
					t.Errorf("%s: build at beat %v: arpeggio pitch %.1f -> %.1f, velocity %.2f -> %.2f", g, sec.StartBeat,
						p[0]/float64(n[0]), p[1]/float64(n[1]), v[0]/float64(n[0]), v[1]/float64(n[1]))
				}
			}
		}
	}
	t.Logf("%d builds with an arpeggio", builds)
	if builds < 10 {
		t.Errorf("only %d builds with an arpeggio", builds)
	}
}
