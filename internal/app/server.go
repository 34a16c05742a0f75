package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/worker"
)

// Server is the local service: the HTTP API, in-process workers with
// bounded concurrency, and (on the embedded backend) a janitor that
// removes expired jobs and their media.
type Server struct {
	Config  Config
	Backend *Backend
	Service *jobs.Service
	Worker  *worker.Worker
	Handler http.Handler
	Logger  *slog.Logger
	// ShutdownGrace is how long running generations may finish after a
	// shutdown starts before they are cancelled and requeued (30 s when 0).
	ShutdownGrace time.Duration
	// JanitorEvery is the expiry sweep period (1 minute when 0).
	JanitorEvery time.Duration
}

// NewServer wires a server on a backend with a generator.
func NewServer(cfg Config, b *Backend, gen jobs.Generator, log *slog.Logger) *Server {
	svc := NewService(cfg, b, log)
	s := &Server{Config: cfg, Backend: b, Service: svc, Worker: NewWorker(cfg, b, gen, log), Logger: log}
	s.Handler = httpapi.New(svc, httpapi.Options{
		MaxBodyBytes: cfg.MaxBodyBytes, CORSOrigin: cfg.CORSOrigin, Logger: log, Media: b.MediaHandler,
		Health: func(r *http.Request) error {
			_, err := b.Jobs.Job(r.Context(), "00000000-0000-4000-8000-000000000000")
			if jobs.IsCode(err, jobs.ENotFound) {
				return nil
			}
			return err
		},
	})
	return s
}

// Serve runs until ctx is cancelled, then shuts down gracefully: it stops
// accepting requests and deliveries, lets running generations finish within
// ShutdownGrace, and cancels and requeues the rest.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s.Handler, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		IdleTimeout: 120 * time.Second, ErrorLog: slog.NewLogLogger(s.Logger.Handler(), slog.LevelWarn)}
	httpErr := make(chan error, 1)
	go func() { httpErr <- hs.Serve(ln) }()

	// jobCtx outlives ctx by the grace period so running jobs can finish.
	jobCtx, cancelJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelJobs()
	var wg sync.WaitGroup
	for i := 0; i < s.Config.Workers; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); s.consume(ctx, jobCtx, s.Backend.Consumer, false) }()
	}
	if s.Backend.DeadLetters != nil {
		wg.Add(1)
		go func() { defer wg.Done(); s.consume(ctx, jobCtx, s.Backend.DeadLetters, true) }()
	}
	if s.Backend.Embedded != nil {
		wg.Add(1)
		go func() { defer wg.Done(); s.janitor(ctx) }()
	}
	s.Logger.Info("songsmith serving", "addr", ln.Addr().String(), "backend", s.Config.Backend, "workers", s.Config.Workers)

	var err error
	select {
	case <-ctx.Done():
	case err = <-httpErr:
	}
	s.Logger.Info("shutting down")
	shCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = hs.Shutdown(shCtx)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	grace := s.ShutdownGrace
	if grace <= 0 {
		grace = 30 * time.Second
	}
	select {
	case <-done:
	case <-time.After(grace):
		s.Logger.Warn("cancelling running generations; they will resume on the next start")
		cancelJobs()
		<-done
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// consume runs one worker loop until stop is cancelled.
func (s *Server) consume(stop, jobCtx context.Context, c jobs.Consumer, deadLetters bool) {
	for stop.Err() == nil {
		ds, err := c.Receive(stop, 1, 5*time.Second)
		if err != nil {
			if stop.Err() == nil {
				s.Logger.Error("queue receive", "err", err)
				sleep(stop, time.Second)
			}
			continue
		}
		for _, d := range ds {
			s.handle(jobCtx, c, d, deadLetters)
		}
	}
}

func (s *Server) handle(ctx context.Context, c jobs.Consumer, d jobs.Delivery, deadLetter bool) {
	var out worker.Outcome
	var err error
	if deadLetter || d.Attempt > s.Worker.Attempts() {
		// Deliveries beyond the limit mean earlier attempts crashed the
		// process: the job fails rather than crash it forever.
		out, err = s.Worker.DeadLetter(ctx, d.JobID)
	} else {
		out, err = s.Worker.Process(ctx, d.JobID, d.Attempt)
	}
	// Acks and releases must land even while shutting down.
	bg := context.WithoutCancel(ctx)
	if out == worker.Retry {
		delay := worker.RetryDelay(d.Attempt)
		if ctx.Err() != nil {
			delay = 0 // shutdown: hand it straight to the next process
		}
		if rerr := c.Release(bg, d, delay); rerr != nil {
			s.Logger.Error("requeue", "job_id", d.JobID, "err", rerr)
		}
		s.Logger.Warn("job requeued", "job_id", d.JobID, "attempt", d.Attempt, "err", err)
		return
	}
	if aerr := c.Ack(bg, d); aerr != nil {
		s.Logger.Error("ack", "job_id", d.JobID, "err", aerr)
	}
}

// janitor deletes expired jobs, their media, and old rate windows.
func (s *Server) janitor(ctx context.Context) {
	every := s.JanitorEvery
	if every <= 0 {
		every = time.Minute
	}
	for {
		s.sweep(ctx, time.Now())
		if !sleep(ctx, every) {
			return
		}
	}
}

func (s *Server) sweep(ctx context.Context, now time.Time) {
	st := s.Backend.Embedded
	expired, err := st.ExpiredJobs(now)
	if err != nil {
		s.Logger.Error("janitor", "err", err)
		return
	}
	for _, j := range expired {
		if j.Result != nil {
			for _, k := range []string{j.Result.SongKey, j.Result.ImageKey} {
				if err := s.Backend.Media.DeleteMedia(ctx, k); err != nil {
					s.Logger.Error("janitor: delete media", "job_id", j.ID, "err", err)
					return
				}
			}
		}
		if err := st.DeleteJob(j.ID); err != nil {
			s.Logger.Error("janitor: delete job", "job_id", j.ID, "err", err)
			return
		}
		s.Logger.Info("expired job removed", "job_id", j.ID)
	}
	maxWindow := max(s.Config.Service.SubmitRate.Per, s.Config.Service.PollRate.Per)
	if err := st.PurgeLimits(now, maxWindow); err != nil {
		s.Logger.Error("janitor: purge limits", "err", err)
	}
}

// Sweep runs one janitor pass at now (exported for tests and `songsmith`).
func (s *Server) Sweep(ctx context.Context, now time.Time) { s.sweep(ctx, now) }

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
