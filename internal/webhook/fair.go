package webhook

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"math"
	"net"
	"sync"
	"syscall"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Limits bound the deliveries in flight in one process, so that one key's
// (or one host's) slow receivers cannot take every delivery slot. With
// Sender.Leases, PerKey holds across processes too.
type Limits struct {
	Total   int // deliveries at once in all (the local server's delivery goroutines)
	PerKey  int // deliveries of one API key's jobs at once
	PerHost int // deliveries to one receiver host (host:port) at once
}

// LimitsFor sizes the limits from the per-key submission rate and the
// longest attempt: a key that submits at its full rate, every webhook
// hanging for the whole attempt and its first retry overlapping the next
// submissions, needs rate × attempt × 2 slots; PerKey is that (at least
// 2, at most 16), PerHost twice it (keys may share a receiver host), and
// Total leaves room for 16 such keys at once.
func LimitsFor(submit jobs.Rate, attempt time.Duration) Limits {
	per := 4
	if submit.N > 0 && submit.Per > 0 {
		per = int(math.Ceil(float64(submit.N) / submit.Per.Seconds() * attempt.Seconds() * 2))
	}
	per = min(max(per, 2), 16)
	return Limits{Total: 16 * per, PerKey: per, PerHost: 2 * per}
}

// Breaker parks a receiver (one key's host) that keeps failing: after
// Failures failed attempts in a row its circuit opens for Cooldown
// (doubled each time it opens again, up to MaxCooldown). While it is
// open, deliveries to it wait (status "parked") without using attempts;
// then one delivery tries it, and a success closes the circuit.
type Breaker struct {
	Failures    int
	Cooldown    time.Duration
	MaxCooldown time.Duration
}

// DefaultBreaker opens after 5 failures in a row, for 1 minute at first
// and at most 1 hour.
var DefaultBreaker = Breaker{Failures: 5, Cooldown: time.Minute, MaxCooldown: time.Hour}

// gate holds the in-flight counts and the circuits of one sender.
type gate struct {
	mu       sync.Mutex
	perKey   map[jobs.KeyID]int
	perHost  map[string]int
	circuits map[string]*circuit // by receiver (key id + " " + host)
}

type circuit struct {
	fails     int
	openUntil time.Time
	cooldown  time.Duration
	trial     bool // the circuit is half-open and one delivery is trying it
}

// acquire takes a slot for a delivery of key to host. It fails when the
// receiver is parked (parkedUntil set: its circuit is open, or a trial
// delivery is on its way) or when a limit is reached (parkedUntil zero).
func (g *gate) acquire(l Limits, b Breaker, key jobs.KeyID, host, receiver string, now time.Time) (ok bool, parkedUntil time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.perKey == nil {
		g.perKey, g.perHost, g.circuits = map[jobs.KeyID]int{}, map[string]int{}, map[string]*circuit{}
	}
	trial := false
	if c := g.circuits[receiver]; c != nil && c.fails >= b.Failures {
		switch {
		case now.Before(c.openUntil):
			return false, c.openUntil
		case c.trial:
			return false, now.Add(b.Cooldown)
		}
		trial = true
	}
	if g.perKey[key] >= l.PerKey || g.perHost[host] >= l.PerHost {
		return false, time.Time{}
	}
	if trial {
		g.circuits[receiver].trial = true
	}
	g.perKey[key]++
	g.perHost[host]++
	return true, time.Time{}
}

// cancel returns a slot taken by acquire for a delivery that was not
// attempted after all (no cross-process lease): no outcome is recorded,
// and a half-open circuit's trial is free again.
func (g *gate) cancel(key jobs.KeyID, host, receiver string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.release(key, host)
	if c := g.circuits[receiver]; c != nil {
		c.trial = false
	}
}

// release returns the in-flight counts of a slot (g.mu held).
func (g *gate) release(key jobs.KeyID, host string) {
	if g.perKey[key]--; g.perKey[key] <= 0 {
		delete(g.perKey, key)
	}
	if g.perHost[host]--; g.perHost[host] <= 0 {
		delete(g.perHost, host)
	}
}

// done returns a slot and records the attempt's outcome; parkedUntil is
// set when the receiver's circuit is (now) open.
func (g *gate) done(b Breaker, key jobs.KeyID, host, receiver string, ok bool, now time.Time) (parkedUntil time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.release(key, host)
	if ok {
		delete(g.circuits, receiver)
		return time.Time{}
	}
	c := g.circuits[receiver]
	if c == nil {
		c = &circuit{}
		g.circuits[receiver] = c
	}
	c.fails++
	c.trial = false
	if c.fails < b.Failures {
		return time.Time{}
	}
	c.cooldown = min(max(2*c.cooldown, b.Cooldown), b.MaxCooldown)
	c.openUntil = now.Add(c.cooldown)
	return c.openUntil
}

// statusError is a receiver's answer other than 2xx.
type statusError int

func (e statusError) Error() string { return fmt.Sprintf("webhook: receiver answered %d", int(e)) }

// PublicError describes a failed attempt for the key's owner (the
// webhook's last_error): what went wrong, never an address a host
// resolved to.
func PublicError(err error) string {
	var se statusError
	var ne net.Error
	var dns *net.DNSError
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	var rh tls.RecordHeaderError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &se):
		return fmt.Sprintf("the receiver answered HTTP %d", int(se))
	case errors.Is(err, ErrBlocked):
		return "the receiver's address is not allowed (not a public internet address)"
	case errors.Is(err, errNoResolve), errors.As(err, &dns):
		return "the receiver's host name does not resolve"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "the receiver refused the connection"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "the receiver closed the connection"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "the receiver's network is unreachable"
	case errors.As(err, &cv), errors.As(err, &ua), errors.As(err, &hn), errors.As(err, &rh):
		return "the receiver's TLS certificate or handshake is not valid"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "the receiver did not answer in time"
	case errors.Is(err, errParked):
		return "the receiver keeps failing: deliveries to it are parked"
	default:
		return "the delivery failed"
	}
}

// errParked is the error of a delivery given up while its receiver was parked.
var errParked = errors.New("webhook: receiver parked")

// errNoResolve is the dial error of a host that does not resolve.
var errNoResolve = errors.New("webhook: the receiver's host does not resolve")
