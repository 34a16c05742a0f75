package music_test

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/style"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// compose parses prompt and composes it with seed.
func compose(prompt string, seed uint64) *score.Score {
	return music.Compose(reader.Parse(prompt), seed)
}

// composeResolved parses prompt, resolves it as the engine does (the
// style, tempo and band the seed picks) and composes it with seed.
func composeResolved(prompt string, seed uint64) *score.Score {
	return music.Compose(music.Resolve(reader.Parse(prompt), seed), seed)
}

func TestComposeLength(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, g := range plan.Genres {
		t.Run(strings.ReplaceAll(string(g), " ", "_"), func(t *testing.T) {
			t.Parallel()
			for i, secs := range []float64{10, 30, 95, 300} {
				s := compose(fmt.Sprintf("%s, %v seconds", g, secs), uint64(i))
				bar := float64(s.BeatsPerBar) * s.SecondsPerBeat()
				if d := math.Abs(s.Seconds() - secs); d > bar {
					t.Errorf("%v s requested: got %.2f s (bar %.2f s)", secs, s.Seconds(), bar)
				}
				st, _ := style.Lookup(string(g))
				if s.Genre != string(g) || s.BeatsPerBar != st.Meters[0].Beats || s.TailSeconds <= 0 {
					t.Errorf("score genre %q beats/bar %d tail %v", s.Genre, s.BeatsPerBar, s.TailSeconds)
				}
				end := 0.0
				for _, sec := range s.Sections {
					if sec.StartBeat != end || sec.Bars < 1 {
						t.Fatalf("section %s starts at %v, want %v (bars %d)", sec.Name, sec.StartBeat, end, sec.Bars)
					}
					end += float64(sec.Bars * s.BeatsPerBar)
				}
				if end != s.TotalBeats {
					t.Errorf("sections cover %v beats, score has %v", end, s.TotalBeats)
				}
			}
		})
	}
}

func TestComposeExplicitBPM(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, c := range []struct {
		prompt string
		bpm    float64
	}{{"techno 133 bpm", 133}, {"ambient at 61bpm", 61}, {"dnb tempo 172", 172}, {"jazz 97.5 bpm", 97.5}} {
		t.Run(c.prompt, func(t *testing.T) {
			for seed := uint64(0); seed < 3; seed++ {
				if got := compose(c.prompt, seed).BPM; got != c.bpm {
					t.Fatalf("seed %d: BPM = %v, want exactly %v", seed, got, c.bpm)
				}
			}
		})
	}
}

func TestComposeKeyAndMode(t *testing.T) {
	s := compose("sad piano ballad in F# minor", 4)
	if s.KeyRoot != 6 || s.Mode != "minor" || s.Mood != "sad" {
		t.Fatalf("key %d %s mood %s, want 6 minor sad", s.KeyRoot, s.Mode, s.Mood)
	}
}

// chromaticAllowed reports whether a track may leave the scale on purpose:
// blues dominant sevenths, jazz walking-bass approach notes, secondary
// dominants and tritone substitutes of jazz harmony. (Melodies may
// also leave it for blue notes that resolve by step, see resolvedBlue.)
func chromaticAllowed(s *score.Score, tr score.Track) bool {
	if s.Genre == "blues" || s.Genre == "jazz" && tr.Role == score.RoleBass {
		return true
	}
	st, _ := style.Lookup(s.Genre)
	// Jazz and Latin-jazz harmony: secondary dominants and tritone
	// substitutes (colourJazz) leave the scale on purpose.
	if (st.Harmony.Family == "jazz" || st.Harmony.Family == "latin") && st.Harmony.Ext >= 4 {
		return true
	}
	// A style whose bass lines use chromatic approaches ('C').
	return tr.Role == score.RoleBass && slices.ContainsFunc(st.Bass, func(l style.Line) bool { return strings.Contains(l.Steps, "C") })
}

func TestComposeInScale(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, g := range plan.Genres {
		t.Run(strings.ReplaceAll(string(g), " ", "_"), func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= 3; seed++ {
				s := compose(string(g)+", 60 seconds", seed)
				for _, tr := range s.Tracks {
					out := 0
					for i, n := range tr.Notes {
						if !inPlace(s, n) && !(tr.Role == score.RoleLead && resolvedBlue(s, tr.Notes, i)) {
							out++
						}
					}
					limit := 0
					if chromaticAllowed(s, tr) {
						limit = len(tr.Notes) / 4
					}
					if out > limit {
						t.Errorf("seed %d %s: %d of %d notes out of %s %d", seed, tr.Name, out, len(tr.Notes), s.Mode, s.KeyRoot)
					}
				}
			}
		})
	}
}

func TestComposeRanges(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, g := range plan.Genres {
		s := compose(string(g)+", 40 seconds", 9)
		for _, tr := range s.Tracks {
			for _, n := range tr.Notes {
				if n.Pitch < 21 || n.Pitch > 108 || n.Velocity <= 0 || n.Velocity > 1 || n.Length <= 0 || n.Start < 0 || n.Start >= s.TotalBeats {
					t.Fatalf("%s %s: bad note %+v (total %v beats)", g, tr.Name, n, s.TotalBeats)
				}
				if tr.Role == score.RoleLead && (n.Pitch < 55 || n.Pitch > 91) {
					t.Fatalf("%s lead note %d outside a singable range", g, n.Pitch)
				}
			}
			for _, h := range tr.Hits {
				if h.Velocity <= 0 || h.Velocity > 1 || h.Start < 0 || h.Start >= s.TotalBeats {
					t.Fatalf("%s: bad hit %+v", g, h)
				}
			}
		}
	}
}

// activeTracks returns, per section, the names of the tracks that play in
// it: a note sounding after its first beat and before its last (pickups,
// pushes and buttons at the edges do not count), a hit before its last
// beat.
func activeTracks(s *score.Score) [][]string {
	out := make([][]string, len(s.Sections))
	for i, sec := range s.Sections {
		end := sec.StartBeat + float64(sec.Bars*s.BeatsPerBar)
		for _, tr := range s.Tracks {
			n := 0
			for _, x := range tr.Notes {
				if x.Start < end-1-1e-9 && x.Start+x.Length > sec.StartBeat+1+1e-9 {
					n++
				}
			}
			for _, x := range tr.Hits {
				if x.Start >= sec.StartBeat && x.Start < end-1-1e-9 {
					n++
				}
			}
			if n > 0 {
				out[i] = append(out[i], tr.Name)
			}
		}
	}
	return out
}

func TestComposeArrangementChanges(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every genre composed")
	}
	for _, g := range plan.Genres {
		for _, secs := range []string{"30 seconds", "2 minutes"} {
			s := compose(string(g)+", "+secs, 11)
			act := activeTracks(s)
			for i := range act {
				if len(act[i]) == 0 {
					t.Errorf("%s %s: section %d (%s) is silent", g, secs, i, s.Sections[i].Name)
				}
				if i > 0 && slices.Equal(act[i], act[i-1]) {
					t.Errorf("%s %s: sections %s and %s have the same arrangement %v", g, secs, s.Sections[i-1].Name, s.Sections[i].Name, act[i])
				}
			}
		}
	}
}

func TestComposeDrumsEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every genre composed")
	}
	for _, g := range plan.Genres {
		s := compose(string(g), 2)
		var drums *score.Track
		for i := range s.Tracks {
			if s.Tracks[i].Role == score.RoleDrums {
				drums = &s.Tracks[i]
			}
		}
		if st, _ := style.Lookup(string(g)); st.Drums.None {
			// A drumless style (chant, meditation, lullaby, classical)
			// plays without a kit, and with one when asked.
			if drums != nil {
				t.Errorf("%s: drums in a drumless style", g)
			}
			s = compose(string(g)+" with drums", 2)
			drums = nil
			for i := range s.Tracks {
				if s.Tracks[i].Role == score.RoleDrums {
					drums = &s.Tracks[i]
				}
			}
		}
		if drums == nil || len(drums.Hits) < int(s.TotalBeats)/2 {
			t.Errorf("%s: no steady pulse for a tempo detector", g)
		}
	}
}

func TestComposeInstruments(t *testing.T) {
	t.Run("Named", func(t *testing.T) {
		s := compose("house with saxophone, organ and choir", 3)
		for _, want := range []score.Instrument{score.Sax, score.Organ, score.ChoirPad} {
			if !slices.ContainsFunc(s.Tracks, func(tr score.Track) bool { return tr.Instrument == want && len(tr.Notes) > 0 }) {
				t.Errorf("no %s track playing", want)
			}
		}
	})
	t.Run("NoDrums", func(t *testing.T) {
		s := compose("rock without drums", 3)
		for _, tr := range s.Tracks {
			if tr.Instrument == score.Drums {
				t.Fatal("drums track despite 'without drums'")
			}
		}
		if len(s.Tracks) == 0 {
			t.Fatal("no tracks")
		}
	})
	t.Run("Trap808", func(t *testing.T) {
		s := compose("trap with 808s", 3)
		glide := false
		for _, tr := range s.Tracks {
			for _, n := range tr.Notes {
				glide = glide || n.Glide && tr.Instrument == score.SubBass
			}
		}
		if !glide {
			t.Fatal("no 808 glides in trap")
		}
	})
}

func TestComposeDeterministic(t *testing.T) {
	p := reader.Parse("dreamy synthwave with arps, 40 seconds")
	a, b := music.Compose(p, 42), music.Compose(p, 42)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same plan and seed gave different scores")
	}
	c := music.Compose(p, 43)
	if reflect.DeepEqual(a.Tracks, c.Tracks) {
		t.Fatal("different seeds gave the same music")
	}
}

func TestComposeGenresDiffer(t *testing.T) {
	density := func(g plan.Genre) float64 {
		s := compose(string(g)+", 60 seconds", 1)
		n := 0
		for _, tr := range s.Tracks {
			n += len(tr.Notes) + len(tr.Hits)
		}
		return float64(n) / s.Seconds()
	}
	if a, m := density(plan.Ambient), density(plan.Metal); a*2 > m {
		t.Fatalf("ambient (%.1f events/s) should be far sparser than metal (%.1f events/s)", a, m)
	}
}
