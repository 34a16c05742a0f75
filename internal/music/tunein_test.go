package music_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/tune"
)

// tuneStyles are the styles every tune of the corpus is arranged in.
var tuneStyles = []string{"pop", "jazz trio", "folk", "house", "cinematic orchestral"}

// tuneCorpus reads testdata/tunes: 20 public-domain melodies in ABC.
func tuneCorpus(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("testdata/tunes/*.abc")
	if err != nil || len(files) < 20 {
		t.Fatalf("testdata/tunes: %d tunes (%v), want 20", len(files), err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".abc")] = string(b)
	}
	return out
}

// Every tune of the corpus arranged in five styles keeps every note: the
// lead plays each note of the tune at its written onset and pitch in
// every statement (verse, chorus and bridge sections), and nothing else; the
// chords under the strong-beat notes hold them in nine of ten; the song
// is the tune once with an intro and an outro when no duration is asked.
func TestTunesKeepEveryNote(t *testing.T) {
	corpus := tuneCorpus(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range corpus {
			if !yield(k) {
				return
			}
		}
	})
	styles := tuneStyles
	if testing.Short() {
		names, styles = names[:4], styles[:2]
	}
	var covered, strong int
	for _, name := range names {
		for _, st := range styles {
			t.Run(name+"/"+st, func(t *testing.T) {
				p := reader.Parse(st)
				p.Melody = tune.Source{ABC: corpus[name]}
				s := music.Compose(p, 3)
				tn, err := tune.ParseABC(corpus[name])
				if err != nil {
					t.Fatal(err)
				}
				c, n := checkTuneInLead(t, s, tn, 1)
				covered, strong = covered+c, strong+n
			})
		}
	}
	t.Logf("strong-beat melody notes in the chord under them: %d of %d", covered, strong)
	if 10*covered < 9*strong {
		t.Errorf("the harmony holds only %d of %d strong-beat melody notes", covered, strong)
	}
}

// A duration asked plays the tune as often as fits, transposed when asked;
// four statements or more have a bridge before the last chorus.
func TestTuneFillsTheDuration(t *testing.T) {
	corpus := tuneCorpus(t)
	p := reader.Parse("folk")
	p.Seconds = 100
	p.Melody = tune.Source{ABC: corpus["amazing-grace"], Transpose: -2}
	s := music.Compose(p, 1)
	tn, _ := tune.ParseABC(corpus["amazing-grace"])
	tn, _ = tn.Transposed(-2)
	checkTuneInLead(t, s, tn, 2)
	if s.KeyRoot != 5 || s.Mode != "major" || s.BeatsPerBar != 3 || s.BPM != 80 {
		t.Errorf("key %d %s, %d beats a bar at %g bpm; want F major, 3/4 at 80", s.KeyRoot, s.Mode, s.BeatsPerBar, s.BPM)
	}
	if sec := s.TotalBeats*60/s.BPM + s.TailSeconds; math.Abs(sec-100) > 6 {
		t.Errorf("lasts %.1f s, want about 100", sec)
	}
	p.Seconds, p.Melody = 60, tune.Source{ABC: corpus["yankee-doodle"]}
	var names []string
	for _, sec := range music.Compose(p, 1).Sections {
		names = append(names, sec.Name)
	}
	if !slices.Equal(names[len(names)-3:], []string{"bridge", "chorus", "outro"}) || len(names) < 6 {
		t.Errorf("sections %v, want verse, chorus ... bridge, chorus, outro", names)
	}
}

// checkTuneInLead checks the lead plays tn at every statement (at least
// times of them) and nothing else; it returns how many strong-beat tune
// notes (downbeats and a 4/4 bar's third beat) sound in the chord the
// score's chart has there, of how many.
func checkTuneInLead(t *testing.T, s *score.Score, tn tune.Tune, times int) (covered, strong int) {
	t.Helper()
	perQ := 1.0
	if tn.Den == 8 {
		perQ = 1 / 1.5
	}
	var lead *score.Track
	for i := range s.Tracks {
		if s.Tracks[i].Role == score.RoleLead && lead == nil {
			lead = &s.Tracks[i]
		}
	}
	if lead == nil {
		t.Fatal("no lead track")
	}
	at := map[[2]int64]bool{}
	for _, n := range lead.Notes {
		at[[2]int64{int64(math.Round(n.Start * 960)), int64(n.Pitch)}] = true
	}
	stmts := 0
	bpb := float64(s.BeatsPerBar)
	for _, sec := range s.Sections {
		if sec.Name != "verse" && sec.Name != "chorus" && sec.Name != "bridge" {
			continue
		}
		stmts++
		for _, n := range tn.Notes {
			beat := sec.StartBeat + n.At*perQ
			if !at[[2]int64{int64(math.Round(beat * 960)), int64(n.Pitch)}] {
				t.Fatalf("%s at beat %g: the tune's note %d at beat %g is not in the lead", sec.Name, sec.StartBeat, n.Pitch, beat)
			}
			pos := math.Mod(n.At*perQ+16*bpb, bpb)
			if pos > 1e-6 && !(bpb == 4 && math.Abs(pos-2) < 1e-6) {
				continue
			}
			strong++
			if chordHolds(s, beat, n.Pitch) {
				covered++
			}
		}
	}
	if stmts < times {
		t.Fatalf("the tune is played %d times, want %d at least", stmts, times)
	}
	if len(lead.Notes) != stmts*len(tn.Notes) {
		t.Errorf("the lead plays %d notes, want the tune's %d times %d", len(lead.Notes), len(tn.Notes), stmts)
	}
	if s.Sections[0].Name != "intro" || s.Sections[len(s.Sections)-1].Name != "outro" {
		t.Errorf("sections %v, want an intro first and an outro last", s.Sections)
	}
	return covered, strong
}

// chordHolds reports whether the chord of s's chart at beat holds pitch.
func chordHolds(s *score.Score, beat float64, pitch int) bool {
	for _, c := range s.Chords {
		if beat >= c.StartBeat-1e-6 && beat < c.StartBeat+c.Beats-1e-6 {
			ch, err := chordchart.ParseChart(c.Symbol)
			if err != nil {
				return false
			}
			for _, tone := range ch[0][0].Tones {
				if (ch[0][0].Root+tone)%12 == pitch%12 {
					return true
				}
			}
			return false
		}
	}
	return false
}

// A tune without a tempo that would last longer than a song may at the
// style's tempo is played faster, so that the song lasts 5 minutes at most.
func TestLongTuneFits(t *testing.T) {
	p := reader.Parse("ambient")
	p.Melody = tune.Source{ABC: "L:1/4\nK:C\n" + strings.Repeat("C D E F | G A B c | ", 75)}
	s := music.Compose(p, 1)
	if sec := s.TotalBeats * 60 / s.BPM; sec > 300 {
		t.Errorf("the song's bars last %.0f s at %g bpm, over 300", sec, s.BPM)
	}
	tn, _ := tune.ParseABC(p.Melody.ABC)
	checkTuneInLead(t, s, tn, 1)
}

// The chord symbols an ABC tune writes are the chords played (moved with
// the tune when transposed), a bar's second chord where it changes inside.
func TestTuneChordSymbols(t *testing.T) {
	abc := "X:1\nM:3/4\nL:1/4\nK:G\n\"G\"D | G2 B/G/ | \"C\"B2 A | \"G\"G2 E | \"D\"D2 \"D7\"D | \"G\"G2 B/G/ | B2 \"Em\"A | \"D\"d3 | \"G\"d2 |]"
	p := reader.Parse("folk")
	p.Melody = tune.Source{ABC: abc, Transpose: 2}
	// the symbols as written, a tone up: G C G D D7 G (Em) D G
	want := []string{"A", "D", "A", "E", "E7", "A", "F#m", "E", "A"}
	if got := verseChords(music.Compose(p, 1)); !slices.Equal(got, want) {
		t.Errorf("chords %v, want the tune's %v", got, want)
	}
	p.Melody.ABC = strings.Replace(abc, "\"Em\"", "\"Hx\"", 1) // one that does not read: chords found instead
	if got := verseChords(music.Compose(p, 1)); slices.Equal(got, want) || len(got) == 0 {
		t.Errorf("with a symbol that does not read the verse plays %v", got)
	}
}

// verseChords are the chart's symbols in the verses.
func verseChords(s *score.Score) []string {
	var got []string
	for _, sec := range s.Sections {
		if sec.Name != "verse" {
			continue
		}
		for _, c := range s.Chords {
			if c.StartBeat >= sec.StartBeat-1e-9 && c.StartBeat < sec.StartBeat+float64(sec.Bars*s.BeatsPerBar)-1e-9 {
				got = append(got, c.Symbol)
			}
		}
	}
	return got
}

// An exact duration is kept with a melody: the tune played as often as
// fits, the song (bars and tail) exactly as long as asked, unless the
// tune alone is longer (then it is played whole).
func TestTunesExactDuration(t *testing.T) {
	corpus := tuneCorpus(t)
	for name, abc := range corpus {
		p := reader.Parse("pop")
		p.Seconds, p.ExactSeconds = 45, true
		p.Melody = tune.Source{ABC: abc}
		s := music.Compose(p, 2)
		tn, _ := tune.ParseABC(abc)
		checkTuneInLead(t, s, tn, 1)
		sec := s.TotalBeats*60/s.BPM + s.TailSeconds
		var once float64
		for _, sec := range s.Sections {
			if sec.Name == "verse" {
				once = float64(sec.Bars*s.BeatsPerBar) * 60 / s.BPM
				break
			}
		}
		if math.Abs(sec-45) > 1e-6 && once < 40 {
			t.Errorf("%s: lasts %.3f s, want 45 exactly (the tune once: %.1f s)", name, sec, once)
		}
	}
}
