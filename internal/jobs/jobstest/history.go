package jobstest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// runHistory checks ListJobs: newest first, paginated without gaps or
// repeats, only the owner's unexpired jobs, ties on StartedAt broken by id.
func runHistory(t *testing.T, open func(t *testing.T) jobs.JobStore) {
	ctx := context.Background()
	now := T0.Add(time.Hour)
	t.Run("ListJobsNewestFirst", func(t *testing.T) {
		s := open(t)

		for i := range 7 {
			j := NewJob("owner1")
			j.StartedAt = T0.Add(time.Duration(i/2) * time.Second) // pairs share a start
			if i%3 == 0 {
				if _, _, err := s.CreateJobIdempotent(ctx, j, "idem"+string(j.ID)); err != nil {
					t.Fatal(err)
				}
			} else {
				mustCreate(t, s, j)
			}

		}
		for range 2 {
			mustCreate(t, s, NewJob("owner2"))
		}
		old := NewJob("owner1")
		old.StartedAt, old.ExpiresAt = T0.Add(-48*time.Hour), T0.Add(-24*time.Hour)
		mustCreate(t, s, old)

		all, _, err := s.ListJobs(ctx, "owner1", 100, "", now)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 7 {
			t.Fatalf("listed %d jobs, want the 7 unexpired jobs of owner1", len(all))
		}
		for i := 1; i < len(all); i++ {
			a, b := backend.SortKey(backend.CursorOf(all[i-1])), backend.SortKey(backend.CursorOf(all[i]))
			if a <= b {
				t.Fatalf("not newest first at %d: %s then %s", i, a, b)
			}
		}
		for _, j := range all {
			if j.Owner != "owner1" || j.Expired(now) {
				t.Fatalf("listed %+v", j)
			}
		}
		var paged []jobs.JobID
		cursor := ""
		for range 10 {
			page, next, err := s.ListJobs(ctx, "owner1", 3, cursor, now)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) > 3 {
				t.Fatalf("page of %d, limit 3", len(page))
			}
			for _, j := range page {
				paged = append(paged, j.ID)
			}
			if next == "" {
				break
			}
			cursor = next
		}
		var ids []jobs.JobID
		for _, j := range all {
			ids = append(ids, j.ID)
		}
		if !slices.Equal(paged, ids) {
			t.Fatalf("pages %v, want %v", paged, ids)
		}
		if none, next, err := s.ListJobs(ctx, "nobody", 10, "", now); err != nil || len(none) != 0 || next != "" {
			t.Fatalf("other owner: %v %q %v", none, next, err)
		}
	})
	t.Run("ListJobsSeesTransitions", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "Done", SongKey: "a", ImageKey: "b"}, T0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		page, _, err := s.ListJobs(ctx, "owner1", 10, "", now)
		if err != nil || len(page) != 1 || page[0].Status != jobs.StatusCompleted || page[0].Result.Title != "Done" {
			t.Fatalf("got %v, %v", page, err)
		}
	})
	t.Run("ErrInvalidCursor", func(t *testing.T) {
		s := open(t)
		if _, _, err := s.ListJobs(ctx, "owner1", 10, "not-a-cursor", now); !jobs.IsCode(err, jobs.EInvalid) {
			t.Fatalf("err = %v, want invalid", err)
		}
	})
}
