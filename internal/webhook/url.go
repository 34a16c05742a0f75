package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Policy says where webhooks may be sent.
type Policy struct {
	// Public: https only, and only to public addresses (no loopback,
	// private, link-local, CGNAT, multicast or unspecified ones), checked
	// after DNS resolution and again when connecting. The AWS backend
	// uses it. Otherwise (local): https anywhere, and http to loopback.
	Public bool
	// Resolver looks host names up (net.DefaultResolver when nil).
	Resolver *net.Resolver
}

func invalid(format string, args ...any) error {
	return jobs.Errorf(jobs.EInvalid, "'webhook_url' "+format, args...)
}

// Check vets a webhook URL at submission: EInvalid when the policy does
// not allow it or (Public) when its host does not resolve to public
// addresses only.
func (p Policy) Check(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return invalid("must be an absolute http(s) URL.")
	}
	if u.User != nil {
		return invalid("must not carry credentials; sign-in data belongs in the signature check.")
	}
	host := u.Hostname()
	switch u.Scheme {
	case "https":
	case "http":
		if p.Public || !isLoopbackHost(host) {
			return invalid("must use https (http is allowed only for loopback addresses on a local server).")
		}
	default:
		return invalid("must be an absolute http(s) URL.")
	}
	if !p.Public {
		return nil
	}
	addrs, err := p.resolve(ctx, host)
	if err != nil || len(addrs) == 0 {
		return invalid("names a host that does not resolve: %s.", host)
	}
	for _, a := range addrs {
		if !PublicAddr(a) {
			return invalid("must point to a public address; %s resolves to %s.", host, a)
		}
	}
	return nil
}

func (p Policy) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a.Unmap()}, nil
	}
	r := p.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	ips, err := r.LookupNetIP(ctx, "ip", host)
	for i := range ips {
		ips[i] = ips[i].Unmap()
	}
	return ips, err
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// PublicAddr reports whether a is a public unicast address.
func PublicAddr(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsValid() && a.IsGlobalUnicast() && !a.IsPrivate() && !a.IsLoopback() &&
		!a.IsLinkLocalUnicast() && !cgnat.Contains(a) && !a.IsUnspecified() && !a.IsMulticast()
}

// errBlocked is the dial error of a connection to a non-public address.
var errBlocked = errors.New("webhook: address not allowed")

// Dialer returns the dialer deliveries use. Under a Public policy it
// refuses, at connect time, any address that is not public, so a host
// that resolves differently after the submission check (DNS rebinding)
// still cannot reach internal addresses.
func (p Policy) Dialer() *net.Dialer {
	d := &net.Dialer{}
	if p.Public {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !PublicAddr(ap.Addr()) {
				return fmt.Errorf("%w: %s", errBlocked, address)
			}
			return nil
		}
	}
	return d
}
