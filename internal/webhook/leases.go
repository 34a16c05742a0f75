package webhook

import (
	"context"
	"log/slog"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Leases bound deliveries across processes: on AWS every worker Lambda
// instance runs its own Sender, and the in-process limits (Limits) hold
// per instance only. A lease is one of limit slots of a name, held until
// it is released or its time runs out (a process that dies mid-delivery
// holds its slot no longer than the lease). internal/dynamo implements it
// with one conditionally written item per name.
type Leases interface {
	// AcquireLease takes one of limit leases of name, held until
	// now+ttl at the latest; ok is false when all limit are held.
	AcquireLease(ctx context.Context, name string, limit int, ttl time.Duration, now time.Time) (token string, ok bool, err error)
	// ReleaseLease returns the lease token of name (no error when it has
	// expired or was released already).
	ReleaseLease(ctx context.Context, name, token string) error
}

// LeaseName is the name of the lease set that caps one API key's webhook
// deliveries in flight across processes (Limits.PerKey of them).
func LeaseName(key jobs.KeyID) string { return "webhook:" + string(key) }

// leaseTTL is how long a delivery's lease is held at most: its attempt
// (Timeout) with room for the signing and recording around it.
func (s *Sender) leaseTTL() time.Duration { return 2*s.Timeout + 5*time.Second }

// lease takes a cross-process slot of key (true without Leases). A store
// error is logged and the delivery goes ahead: the cap is a fairness
// measure, and a store outage should not hold back every webhook.
func (s *Sender) lease(ctx context.Context, log *slog.Logger, key jobs.KeyID, now time.Time) (token string, ok bool) {
	if s.Leases == nil {
		return "", true
	}
	token, ok, err := s.Leases.AcquireLease(ctx, LeaseName(key), s.Limits.PerKey, s.leaseTTL(), now)
	if err != nil {
		log.WarnContext(ctx, "could not take the key's delivery lease; delivering without it", "err", err)
		return "", true
	}
	return token, ok
}

// unlease returns a lease taken by lease.
func (s *Sender) unlease(ctx context.Context, log *slog.Logger, key jobs.KeyID, token string) {
	if s.Leases == nil || token == "" {
		return
	}
	if err := s.Leases.ReleaseLease(context.WithoutCancel(ctx), LeaseName(key), token); err != nil {
		log.WarnContext(ctx, "could not return the key's delivery lease (it expires by itself)", "err", err)
	}
}
