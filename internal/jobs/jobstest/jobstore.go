// Package jobstest holds the contract suites every adapter of a jobs port
// must pass, and shared test helpers. The embedded adapters run them in
// plain `go test`; the AWS adapters run them against moto_server.
package jobstest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
)

// T0 is a fixed instant the suites use as "now".
var T0 = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)

// NewJob returns a running job owned by owner, started at T0, expiring a day later.
func NewJob(owner jobs.KeyID) *jobs.Job {
	return &jobs.Job{
		ID: jobs.NewJobID(), Owner: owner, Prompt: "melancholic lo-fi with dusty piano, 84 bpm",
		Status: jobs.StatusRunning, StartedAt: T0, ExpiresAt: T0.Add(24 * time.Hour),
	}
}

// RunJobStore runs the JobStore contract against stores made by open. Each
// subtest gets a fresh store (or one where fresh ids cannot collide).
func RunJobStore(t *testing.T, open func(t *testing.T) jobs.JobStore) {
	ctx := context.Background()
	t.Run("CreateAndGet", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		j.Prompt = "dreamy synthwave, 100 bpm — ünïcödé ✓"
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != j.ID || got.Owner != j.Owner || got.Prompt != j.Prompt || got.Status != jobs.StatusRunning {
			t.Fatalf("got %+v, want %+v", got, j)
		}
		if !got.StartedAt.Equal(j.StartedAt) || !got.ExpiresAt.Equal(j.ExpiresAt) || !got.FinishedAt.IsZero() {
			t.Fatalf("times: got started %v expires %v finished %v", got.StartedAt, got.ExpiresAt, got.FinishedAt)
		}
		if got.Result != nil || got.Error != "" {
			t.Fatalf("running job has result %+v error %q", got.Result, got.Error)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		// Every backend answers with the one vocabulary: jobs.JobNotFound.
		s := open(t)
		id := jobs.NewJobID()
		_, err := s.Job(ctx, id)
		SameError(t, "job", err, jobs.JobNotFound(id))
		SameError(t, "complete missing", s.CompleteJob(ctx, id, jobs.Result{}, T0), jobs.JobNotFound(id))
		SameError(t, "fail missing", s.FailJob(ctx, id, "x", T0), jobs.JobNotFound(id))
	})
	t.Run("ErrConflictOnDuplicateCreate", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
		other := *j
		other.Prompt = "another prompt"
		if err := s.CreateJob(ctx, &other); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("other prompt: err = %v, want conflict", err)
		}
		other = *j
		other.Owner = "owner2"
		if err := s.CreateJob(ctx, &other); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("other owner: err = %v, want conflict", err)
		}
		if got, err := s.Job(ctx, j.ID); err != nil || !backend.SameSubmission(got, j) {
			t.Fatalf("after conflicts: got %+v, %v", got, err)
		}
	})
	t.Run("RepeatedCreateIsNoOp", func(t *testing.T) {
		// A write retried after its answer was lost repeats the same job.
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatalf("repeat while running: %v", err)
		}
		fin := T0.Add(time.Minute)
		if err := s.FailJob(ctx, j.ID, "x", fin); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatalf("repeat after failing: %v", err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil || got.Status != jobs.StatusFailed || !got.FinishedAt.Equal(fin) {
			t.Fatalf("a repeated create overwrote the job: %+v, %v", got, err)
		}
	})
	t.Run("Complete", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		r := jobs.Result{Title: "Dusty Window Light", BPM: 84, Duration: 151.25,
			Tags: []string{"lo-fi", "melancholic", "piano"}, SongKey: mediakey.Song(j.ID, "mp3"), ImageKey: mediakey.Image(j.ID, "png")}
		fin := T0.Add(90 * time.Second)
		if err := s.CompleteJob(ctx, j.ID, r, fin); err != nil {
			t.Fatal(err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != jobs.StatusCompleted || got.Result == nil || !got.FinishedAt.Equal(fin) || got.Error != "" {
			t.Fatalf("got %+v", got)
		}
		g := got.Result
		if g.Title != r.Title || g.BPM != r.BPM || g.Duration != r.Duration || g.SongKey != r.SongKey || g.ImageKey != r.ImageKey || len(g.Tags) != 3 || g.Tags[2] != "piano" {
			t.Fatalf("result = %+v, want %+v", g, r)
		}
	})
	t.Run("Fail", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		fin := T0.Add(time.Minute)
		if err := s.FailJob(ctx, j.ID, "Generation failed.", fin); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Job(ctx, j.ID)
		if got.Status != jobs.StatusFailed || got.Error != "Generation failed." || got.Result != nil || !got.FinishedAt.Equal(fin) {
			t.Fatalf("got %+v", got)
		}
	})
	t.Run("TerminalIsFinal", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "first"}, T0); err != nil {
			t.Fatal(err)
		}
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "second"}, T0); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("second complete: err = %v, want conflict", err)
		}
		if err := s.FailJob(ctx, j.ID, "late failure", T0); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("fail after complete: err = %v, want conflict", err)
		}
		got, _ := s.Job(ctx, j.ID)
		if got.Status != jobs.StatusCompleted || got.Result.Title != "first" {
			t.Fatalf("terminal state changed: %+v", got)
		}
	})
	t.Run("ConcurrentTransitionsOneWinner", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				var err error
				if i%2 == 0 {
					err = s.CompleteJob(ctx, j.ID, jobs.Result{Title: "t"}, T0)
				} else {
					err = s.FailJob(ctx, j.ID, "f", T0)
				}
				if err == nil {
					wins.Add(1)
				} else if !jobs.IsCode(err, jobs.EConflict) {
					t.Errorf("err = %v, want nil or conflict", err)
				}
			}(i)
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d transitions won, want exactly 1", wins.Load())
		}
	})
	runIdempotency(t, open)
	runOptions(t, open)
	runHistory(t, open)
	runControls(t, open)
}

func mustCreate(t *testing.T, s jobs.JobStore, j *jobs.Job) {
	t.Helper()
	if err := s.CreateJob(context.Background(), j); err != nil {
		t.Fatal(err)
	}
}

// SameError fails t unless err has the code and the client message of want
// (a helper of the jobs error vocabulary).
func SameError(t *testing.T, what string, err error, want *jobs.Error) {
	t.Helper()
	if !jobs.IsCode(err, want.Code) || jobs.ErrorMessage(err) != want.Message {
		t.Fatalf("%s: err = %v, want %s %q", what, err, want.Code, want.Message)
	}
}
