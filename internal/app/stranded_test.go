package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// crashRig is one backend under the stranded-job test: open starts a
// process (a fresh backend on the same storage); fault sets the hook of
// the backend's own transaction, if it has one (nil: none).
type crashRig struct {
	cfg   app.Config
	open  func(t *testing.T) *app.Backend
	fault func(b *app.Backend, f func(string))
	// points are the crash points of Submit (and Edit, which submits).
	submitPoints []string
	// redeliver runs the reconciler before the final drain (aws).
	redeliver bool
}

// crashed is a panic that plays a kill -9 of the process.
type crashed string

// runStranded injects n crashes at random points of submit, edit, cancel
// and delete, each followed by a restart (a new backend on the same
// storage), then lets the workers (and the reconciler) drain the queue and
// asserts that no job is left running: 0 stranded. A crash inside a
// submission means the client never got its 202; such a job either does
// not exist or (crash after the commit) completes like any other. Every
// job that did get a 202 must complete.
func runStranded(t *testing.T, rig crashRig, n int) {
	ctx := context.Background()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	rng := rand.New(rand.NewPCG(27, 2))
	gen := &jobstest.Generator{}
	b := rig.open(t)
	k, _, err := jobs.NewAPIKey("crash", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	accepted := map[jobs.JobID]bool{}
	var running, finished []jobs.JobID
	counts := map[string]int{}
	for i := 0; i < n; i++ {
		svc := app.NewService(rig.cfg, b, log)
		op := []string{"submit", "edit", "cancel", "delete"}[rng.IntN(4)]
		switch {
		case op == "cancel" && len(running) == 0, (op == "edit" || op == "delete") && len(finished) == 0:
			op = "submit"
		}
		var point string
		switch op {
		case "submit", "edit":
			point = rig.submitPoints[rng.IntN(len(rig.submitPoints))]
		case "cancel":
			point = "cancel:failed"
		default:
			point = "delete:media"
		}
		counts[op+" "+point]++
		crash := func(p string) {
			if p == point {
				panic(crashed(p))
			}
		}
		svc.Fault = crash
		if rig.fault != nil {
			rig.fault(b, crash)
		}
		var j *jobs.Job
		got202, fired := false, false
		func() {
			defer func() {
				if p := recover(); p != nil {
					if _, ok := p.(crashed); !ok {
						panic(p)
					}
					fired = true
				}
			}()
			switch op {
			case "submit":
				j, _, err = svc.Submit(ctx, k, jobs.Submission{Prompt: fmt.Sprintf("crash %d", i)})
			case "edit":
				j, _, err = svc.Edit(ctx, k, string(finished[rng.IntN(len(finished))]), nil, "")
			case "cancel":
				id := running[rng.IntN(len(running))]
				_, _, _, err = svc.Cancel(ctx, k, string(id))
			case "delete":
				x := rng.IntN(len(finished))
				_, err = svc.Delete(ctx, k, string(finished[x]))
			}
			got202 = err == nil && j != nil
		}()
		if !fired {
			t.Fatalf("crash %d (%s at %s) did not fire: err %v", i, op, point, err)
		}
		if got202 {
			accepted[j.ID] = true
		}
		// kill -9 and start again.
		b.Close()
		b = rig.open(t)
		// Some of the queue is worked off between crashes, so there are
		// finished jobs to edit and delete and running ones to cancel.
		drain(t, rig.cfg, b, gen, log, rng.IntN(3))
		running, finished = jobsOf(t, b, k.ID)
	}
	if rig.redeliver {
		if _, err := app.NewService(rig.cfg, b, log).Redeliver(ctx, 0, 1000); err != nil {
			t.Fatal(err)
		}
	}
	drain(t, rig.cfg, b, gen, log, -1)
	running, finished = jobsOf(t, b, k.ID)
	if len(running) > 0 {
		t.Errorf("%d stranded jobs (running with nothing to run them): %v", len(running), running)
	}
	for id := range accepted {
		if jj, err := b.Jobs.Job(ctx, id); err != nil || jj.Status == jobs.StatusRunning {
			t.Errorf("job %s got a 202 and did not finish: %+v %v", id, jj, err)
		}
	}
	t.Logf("%d crashes %v; %d jobs left, %d of them stranded", n, counts, len(finished)+len(running), len(running))
	b.Close()
}

// drain handles up to max deliveries (all until the queue is empty when
// max < 0) with the worker, as the server's consumer does.
func drain(t *testing.T, cfg app.Config, b *app.Backend, gen jobs.Generator, log *slog.Logger, max int) {
	t.Helper()
	ctx := context.Background()
	w := app.NewWorker(cfg, b, gen, log)
	done, idle := 0, 0
	for max < 0 || done < max {
		ds, err := b.Consumer.Receive(ctx, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) == 0 {
			idle++
			if max >= 0 || idle > 3 {
				return
			}
			time.Sleep(200 * time.Millisecond)
			continue
		}
		idle = 0
		for _, d := range ds {
			dec := w.Handle(ctx, d, false)
			if dec.Release {
				err = b.Consumer.Release(ctx, d, 0)
			} else {
				err = b.Consumer.Ack(ctx, d)
			}
			if err != nil {
				t.Fatal(err)
			}
			done++
		}
	}
}

// jobsOf returns the ids of owner's running and finished jobs.
func jobsOf(t *testing.T, b *app.Backend, owner jobs.KeyID) (running, finished []jobs.JobID) {
	t.Helper()
	cursor := ""
	for {
		page, next, err := b.Jobs.ListJobs(context.Background(), owner, 100, cursor, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range page {
			if j.Status == jobs.StatusRunning {
				running = append(running, j.ID)
			} else if j.Status == jobs.StatusCompleted {
				finished = append(finished, j.ID)
			}
		}
		if next == "" {
			return running, finished
		}
		cursor = next
	}
}

// TestNoStrandedJobsEmbedded: 60 crashes at random points of submit, edit,
// cancel and delete on the embedded backend (the job and its message are
// one bbolt transaction; a crash inside it is played by a panic there,
// which rolls it back) leave 0 stranded jobs.
func TestNoStrandedJobsEmbedded(t *testing.T) {
	dir := t.TempDir()
	cfg, err := app.Load(func(name string) string {
		return map[string]string{"SONGSMITH_DATA_DIR": dir, "SONGSMITH_SUBMIT_RATE": "off", "SONGSMITH_POLL_RATE": "off",
			"SONGSMITH_MAX_ACTIVE_JOBS_PER_KEY": "0"}[name]
	})
	if err != nil {
		t.Fatal(err)
	}
	runStranded(t, crashRig{
		cfg: cfg,
		open: func(t *testing.T) *app.Backend {
			b, err := app.OpenEmbedded(cfg)
			if err != nil {
				t.Fatal(err)
			}
			return b
		},
		fault:        func(b *app.Backend, f func(string)) { b.Embedded.SetFault(f) },
		submitPoints: []string{"admit:job", "submit:stored"},
	}, 60)
}
