package engine

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/score"
)

// budgetSong composes a short song to tamper with.
func budgetSong(t *testing.T) *score.Score {
	t.Helper()
	c, err := Compose(Resolve("pop song with piano, 20 seconds", 1, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckBudget(c.Score); err != nil {
		t.Fatalf("a 20-second song is over the budget: %v", err)
	}
	return c.Score
}

// TestBudgetRefusesBeforeAllocating tampers a score past each bound of the
// job budget and requires synthesis to refuse it with an invalid_request
// error naming the bound, having allocated nothing but the error.
func TestBudgetRefusesBeforeAllocating(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(s *score.Score)
		want   string
	}{
		{"length in beats", func(s *score.Score) { s.TotalBeats = 1e9 }, "length"},
		{"length in tail", func(s *score.Score) { s.TailSeconds = BudgetSeconds }, "length"},
		{"tempo 1e9, 1e9 bars", func(s *score.Score) { s.BPM, s.TotalBeats = 1e9, 4e9 }, ""},
		{"tempo not a number", func(s *score.Score) { s.BPM = math.NaN() }, "tempo"},
		{"tempo infinite", func(s *score.Score) { s.BPM = math.Inf(1) }, "tempo"},
		{"negative tail", func(s *score.Score) { s.TailSeconds = -1 }, "length"},
		{"tracks", func(s *score.Score) {
			for len(s.Tracks) <= BudgetTracks {
				s.Tracks = append(s.Tracks, s.Tracks[0])
			}
		}, "parts"},
		{"a million notes", func(s *score.Score) {
			s.Tracks[0].Notes = make([]score.Note, 1_000_000)
		}, "notes and hits"},
		{"a million hits", func(s *score.Score) {
			s.Tracks[0].Hits = make([]score.Hit, 1_000_000)
		}, "notes and hits"},
		{"hits sounding", func(s *score.Score) {
			s.Tracks[0].Hits = make([]score.Hit, int(BudgetVoiceSeconds/budgetHitSeconds)+1)
		}, "sound for"},
		{"sounding time", func(s *score.Score) {
			whole := s.TotalBeats + s.TailSeconds/s.SecondsPerBeat()
			n := int(BudgetVoiceSeconds/s.Seconds()) + 1
			s.Tracks[0].Notes = make([]score.Note, n)
			for i := range s.Tracks[0].Notes {
				s.Tracks[0].Notes[i] = score.Note{Start: 0, Length: whole, Pitch: 60, Velocity: 0.5}
			}
		}, "sound for"},
		{"notes not a number", func(s *score.Score) {
			n := int(BudgetVoiceSeconds/s.Seconds()) + 1
			s.Tracks[0].Notes = make([]score.Note, n)
			for i := range s.Tracks[0].Notes {
				s.Tracks[0].Notes[i] = score.Note{Start: math.NaN(), Length: 1, Pitch: 60, Velocity: 0.5}
			}
		}, "sound for"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := budgetSong(t)
			c.tamper(s)
			if c.want == "" { // within the budget: 240 s of the song's notes
				if err := CheckBudget(s); err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var err error
			allocs := testing.AllocsPerRun(3, func() {
				_, err = synthesize(context.Background(), &Composition{Score: s, Title: "t"}, Request{})
			})
			if !jobs.IsCode(err, jobs.EInvalid) {
				t.Fatalf("err = %v, want an %s error", err, jobs.EInvalid)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "budget") && c.want != "tempo" {
				t.Errorf("message %q does not name %q", err.Error(), c.want)
			}
			if allocs > 4 {
				t.Errorf("refusing allocated %v times, want only the error's", allocs)
			}
		})
	}
}

// TestBudgetDerivesFromTheLimits ties the budget to the request limits it
// is derived from.
func TestBudgetDerivesFromTheLimits(t *testing.T) {
	if BudgetSeconds <= jobs.MaxSeconds || BudgetSeconds > 1.1*jobs.MaxSeconds {
		t.Errorf("BudgetSeconds = %g, want just over jobs.MaxSeconds (%g)", BudgetSeconds, jobs.MaxSeconds)
	}
	if BudgetTracks != 2*len(jobs.EditRoles) {
		t.Errorf("BudgetTracks = %d, want two per role (%d roles)", BudgetTracks, len(jobs.EditRoles))
	}
	if r := maxRate(); r != 48000 {
		t.Errorf("maxRate = %d, want the largest of jobs.SampleRates %v", r, jobs.SampleRates)
	}
	if want := int64(BudgetTracks) * int64(math.Ceil(BudgetSeconds*48000)) * 8; BudgetStemBytes != want {
		t.Errorf("BudgetStemBytes = %d, want %d", BudgetStemBytes, want)
	}
}
