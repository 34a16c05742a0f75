package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/songsmith/songsmith/client"
)

// progressLine shows the live state of a call on one terminal line of
// stderr: state, elapsed time, the next poll or a backoff countdown. It
// redraws itself four times a second. When off (stderr is not a terminal,
// or -q or --json), it prints nothing.
type progressLine struct {
	w     io.Writer
	on    bool
	start time.Time

	mu    sync.Mutex
	last  client.Progress
	at    time.Time // when last arrived
	phase string    // overrides the state text, e.g. "downloading"
	width int       // of the last line drawn, to blank it

	stop chan struct{}
	done chan struct{}
}

func newProgressLine(w io.Writer, on bool) *progressLine {
	l := &progressLine{w: w, on: on, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	l.last.State = client.StateSubmitting
	if !on {
		close(l.done)
		return l
	}
	go func() {
		defer close(l.done)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			l.draw()
			select {
			case <-l.stop:
				return
			case <-t.C:
			}
		}
	}()
	return l
}

// update records a report from the SDK.
func (l *progressLine) update(p client.Progress) {
	l.mu.Lock()
	l.last, l.at, l.phase = p, time.Now(), ""
	l.mu.Unlock()
}

// setPhase replaces the state text (e.g. "downloading").
func (l *progressLine) setPhase(s string) {
	l.mu.Lock()
	l.phase = s
	l.mu.Unlock()
}

// close stops the redraws and blanks the line.
func (l *progressLine) close() {
	if !l.on {
		return
	}
	select {
	case <-l.stop:
	default:
		close(l.stop)
	}
	<-l.done
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.width > 0 {
		fmt.Fprintf(l.w, "\r%s\r", strings.Repeat(" ", l.width))
		l.width = 0
	}
}

func (l *progressLine) draw() {
	l.mu.Lock()
	defer l.mu.Unlock()
	text := progressText(l.last, l.phase, time.Since(l.start), time.Since(l.at))
	pad := max(l.width-len(text), 0)
	fmt.Fprintf(l.w, "\r%s%s", text, strings.Repeat(" ", pad))
	l.width = len(text)
}

// progressText is the line for report p received since ago, total elapsed
// time elapsed, and an optional phase that replaces the state.
func progressText(p client.Progress, phase string, elapsed, since time.Duration) string {
	state := p.State
	if phase != "" {
		state = phase
	}
	parts := []string{state}
	if p.JobID != "" {
		parts[0] = "job " + shortID(p.JobID) + " " + state
	}
	parts = append(parts, elapsed.Truncate(time.Second).String())
	left := p.Next - since
	switch {
	case phase != "":
	case p.Retry != nil:
		parts = append(parts, fmt.Sprintf("%s, retrying in %s", retryReason(p.Retry), countdown(left)))
	case p.Next > 0 && p.State == client.StateRunning:
		parts = append(parts, "next check in "+countdown(left))
	}
	return strings.Join(parts, " · ")
}

func countdown(d time.Duration) string {
	if d <= 0 {
		return "0s"
	}
	return (d + time.Second - 1).Truncate(time.Second).String()
}

// retryReason names why the SDK is backing off, in a few words.
func retryReason(err error) string {
	var apiErr *client.APIError
	switch {
	case client.IsRateLimited(err):
		return "rate limited (429)"
	case errors.As(err, &apiErr):
		return fmt.Sprintf("server error %d", apiErr.StatusCode)
	case client.IsUnreachable(err):
		return "cannot connect"
	default:
		return "network error"
	}
}

func shortID(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
