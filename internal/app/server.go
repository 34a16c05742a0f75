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
	"github.com/songsmith/songsmith/internal/webhook"
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
	// ShutdownGrace is how long running generations (and open HTTP
	// responses) may finish after a shutdown starts before they are
	// cancelled and requeued (Config.ShutdownGrace).
	ShutdownGrace time.Duration
	// StopWait is how long Serve still waits after cancelling; generations
	// that ignore cancellation longer are abandoned (their messages return
	// to the queue on the next start).
	StopWait time.Duration
	// JanitorEvery is the expiry sweep period.
	JanitorEvery time.Duration
	// Webhooks delivers webhooks from Backend.WebhookConsumer (nil when
	// the backend has none).
	Webhooks *webhook.Sender
}

// NewServer wires a server on a backend with a generator.
func NewServer(cfg Config, b *Backend, gen jobs.Generator, log *slog.Logger) *Server {
	svc := NewService(cfg, b, log)
	s := &Server{Config: cfg, Backend: b, Service: svc, Worker: NewWorker(cfg, b, gen, log), Logger: log,
		ShutdownGrace: cfg.ShutdownGrace, StopWait: HTTPShutdown, JanitorEvery: JanitorEvery}
	if b.WebhookConsumer != nil {
		s.Webhooks = NewWebhookSender(cfg, b, svc, log)
	}
	s.Handler = httpapi.New(svc, httpapi.Options{
		MaxBodyBytes: cfg.MaxBodyBytes, CORSOrigin: cfg.CORSOrigin, Logger: log, Media: b.MediaHandler,
		Health: func(r *http.Request) error { return b.Check(r.Context()) },
	})
	return s
}

// Serve runs until ctx is cancelled, then shuts down within ShutdownGrace
// plus StopWait: it stops accepting requests and deliveries, lets running
// generations and responses finish within ShutdownGrace, then cancels and
// requeues the generations left, closes the connections left, and waits at
// most StopWait for them to stop.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := NewHTTPServer(s.Config, s.Handler, s.Logger)
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
	if s.Webhooks != nil {
		wg.Add(1)
		go func() { defer wg.Done(); s.deliverWebhooks(ctx) }()
	}
	if _, ok := s.Backend.Admit.(jobs.Outbox); ok {
		wg.Add(1)
		go func() { defer wg.Done(); s.reconcile(ctx) }()
	}
	s.Logger.Info("songsmith serving", "addr", ln.Addr().String(), "backend", s.Config.Backend, "workers", s.Config.Workers)

	var err error
	select {
	case <-ctx.Done():
	case err = <-httpErr:
	}
	s.Logger.Info("shutting down", "grace_s", s.ShutdownGrace.Seconds())
	stopAt := time.Now().Add(s.ShutdownGrace)
	shCtx, cancel := context.WithDeadline(context.Background(), stopAt)
	defer cancel()
	httpDone := make(chan struct{})
	go func() {
		if hs.Shutdown(shCtx) != nil {
			_ = hs.Close() // responses still open at the deadline are cut
		}
		close(httpDone)
	}()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Until(stopAt)):
		s.Logger.Warn("cancelling running generations; they will resume on the next start")
		cancelJobs()
		select {
		case <-done:
		case <-time.After(s.StopWait):
			s.Logger.Error("generations did not stop after cancellation; abandoning them (their jobs resume on the next start)", "waited_s", s.StopWait.Seconds())
		}
	}
	select {
	case <-httpDone:
	case <-time.After(time.Until(stopAt.Add(s.StopWait))):
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// NewHTTPServer returns the local server's net/http server: bounded header,
// body and response times (Config.WriteTimeout covers media downloads), and
// net/http's own log lines at warn level.
func NewHTTPServer(cfg Config, h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: HTTPReadHeaderTimeout, ReadTimeout: HTTPReadTimeout,
		WriteTimeout: cfg.WriteTimeout, IdleTimeout: HTTPIdleTimeout, MaxHeaderBytes: HTTPMaxHeaderBytes,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
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

// handle applies the worker's delivery policy to d and carries out its
// decision on the local queue.
func (s *Server) handle(ctx context.Context, c jobs.Consumer, d jobs.Delivery, deadLetter bool) {
	dec := s.Worker.Handle(ctx, d, deadLetter)
	// Acks and releases must land even while shutting down.
	bg := context.WithoutCancel(ctx)
	if ic, ok := c.(jobs.Interrupter); ok && dec.Interrupted {
		if rerr := ic.Interrupt(bg, d); rerr != nil {
			s.Logger.Error("requeue", "job_id", d.JobID, "err", rerr)
		}
		s.Logger.Warn("generation interrupted by the shutdown; job requeued", "job_id", d.JobID, "attempt", d.Attempt)
		return
	}
	if dec.Release {
		if rerr := c.Release(bg, d, dec.Delay); rerr != nil {
			s.Logger.Error("requeue", "job_id", d.JobID, "err", rerr)
		}
		s.Logger.Warn("job requeued", "job_id", d.JobID, "attempt", d.Attempt, "delay_s", dec.Delay.Seconds(), "err", dec.Err)
		return
	}
	if aerr := c.Ack(bg, d); aerr != nil {
		s.Logger.Error("ack", "job_id", d.JobID, "err", aerr)
	}
}

// janitor deletes expired jobs, their media, and old rate windows.
func (s *Server) janitor(ctx context.Context) {
	for {
		s.sweep(ctx, time.Now())
		if !sleep(ctx, s.JanitorEvery) {
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
		// Failed and unfinished jobs may have media too (an attempt cut
		// short by a crash): delete every key the job could have written.
		for _, k := range jobs.MediaKeys(j) {
			if err := s.Backend.Media.DeleteMedia(ctx, k); err != nil {
				s.Logger.Error("janitor: delete media", "job_id", j.ID, "err", err)
				return
			}
		}
		if err := st.RemoveJob(j.ID); err != nil {
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

// deliverWebhooks takes deliveries from the webhook queue until stop is
// cancelled and runs each in its own goroutine, at most Limits.Total at
// once; the sender itself defers those over their key's or host's limit
// and those to parked receivers. Deliveries in progress at shutdown
// finish (each is bounded by the sender's timeout).
func (s *Server) deliverWebhooks(stop context.Context) {
	c := s.Backend.WebhookConsumer
	slots := make(chan struct{}, max(s.Webhooks.Limits.Total, 1))
	var wg sync.WaitGroup
	defer wg.Wait()
	for stop.Err() == nil {
		select {
		case slots <- struct{}{}:
		case <-stop.Done():
			return
		}
		ds, err := c.Receive(stop, 1, 5*time.Second)
		if err != nil || len(ds) == 0 {
			<-slots
			if err != nil && stop.Err() == nil {
				s.Logger.Error("webhook queue receive", "err", err)
				sleep(stop, time.Second)
			}
			continue
		}
		wg.Add(1)
		go func(d jobs.Delivery) {
			defer wg.Done()
			defer func() { <-slots }()
			bg := context.WithoutCancel(stop)
			var err error
			if dec := s.Webhooks.Handle(bg, d); dec.Release {
				err = c.Release(bg, d, dec.Delay)
			} else {
				err = c.Ack(bg, d)
			}
			if err != nil {
				s.Logger.Error("webhook queue", "job_id", d.JobID, "err", err)
			}
		}(ds[0])
	}
}
