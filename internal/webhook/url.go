package webhook

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Policy says where webhooks may be sent. One policy holds on every
// backend: https to public unicast addresses only, checked after DNS
// resolution at submission and again when every delivery connects (a
// net.Dialer Control hook), so a name that resolves elsewhere later (DNS
// rebinding) still cannot reach an internal address.
type Policy struct {
	// AllowLoopback also allows http and https to loopback addresses
	// (127.0.0.0/8, ::1, localhost): for development on one machine
	// (SONGSMITH_WEBHOOK_ALLOW_LOOPBACK); every other special-purpose
	// range stays refused.
	AllowLoopback bool
	// Lookup resolves a host name (net.DefaultResolver.LookupNetIP when
	// nil; tests inject a fake).
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
	// ConnectTimeout bounds one TCP connect (DefaultConnectTimeout when 0).
	ConnectTimeout time.Duration
}

func invalid(format string, args ...any) error {
	return jobs.Errorf(jobs.EInvalid, "'webhook_url' "+format, args...)
}

// errNotPublic is the submission error of a URL whose host is or resolves
// to an address the policy refuses. It never names the address a name
// resolved to: the answer must not let a caller map internal DNS.
var errNotPublic = invalid("must point to a public internet address (https); private, loopback, link-local, reserved and other special-purpose addresses are refused.")

// errLoopback is the submission error of a URL that names a loopback
// address or localhost itself, on a server that does not allow them: it
// names the setting that does (for a receiver on the same machine).
var errLoopback = invalid("points to this machine (loopback), which this server refuses; a server for local development allows it when started with SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true.")

// numericIP reports whether host is an IP address literal.
func numericIP(host string) bool {
	_, err := netip.ParseAddr(host)
	return err == nil
}

// Check vets a webhook URL at submission: EInvalid when the policy does
// not allow its scheme or when its host is not, or does not resolve only
// to, addresses the policy allows.
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
	case "https", "http":
	default:
		return invalid("must be an absolute http(s) URL.")
	}
	if numericHost(host) {
		return errNotPublic
	}
	port, err := urlPort(u)
	if err != nil {
		return err
	}
	addrs, err := p.resolve(ctx, host)
	if err != nil || len(addrs) == 0 {
		return invalid("names a host that does not resolve.")
	}
	for _, a := range addrs {
		if !p.Allowed(a) && isLoopback(a) && (host == "localhost" || numericIP(host)) {
			return errLoopback // named by the caller itself: nothing about DNS is told
		}
		if !p.Allowed(a) {
			return errNotPublic
		}
	}
	if u.Scheme == "http" && !(p.AllowLoopback && allLoopback(addrs)) {
		return invalid("must use https (http only to loopback on a server started with SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true).")
	}
	if !p.portAllowed(port, addrs) {
		return errPort
	}
	return nil
}

// errPort is the submission error of a URL whose port the policy refuses.
var errPort = invalid("must use port 443 or a port from 1024 to 65535 (other ports only to loopback on a server started with SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true).")

// urlPort returns u's port: the one written, else the scheme's (443 for
// https, 80 for http). A port that is not a number from 1 to 65535 is
// EInvalid.
func urlPort(u *url.URL) (int, error) {
	ps := u.Port()
	if ps == "" {
		if u.Scheme == "http" {
			return 80, nil
		}
		return 443, nil
	}
	n, err := strconv.Atoi(ps)
	if err != nil || n < 1 || n > 65535 {
		return 0, errPort
	}
	return n, nil
}

// PortAllowed reports whether webhooks may go to port on any host: 443
// and the unprivileged ports 1024-65535. The well-known ports below 1024
// (22 ssh, 25 smtp, 80 plain http...) are services of a host that a
// callback has no business reaching.
func PortAllowed(port int) bool { return port == 443 || port >= 1024 && port <= 65535 }

// portAllowed is PortAllowed, and any port from 1 to 65535 when every
// address is loopback on a development server (AllowLoopback).
func (p Policy) portAllowed(port int, addrs []netip.Addr) bool {
	if PortAllowed(port) {
		return true
	}
	return p.AllowLoopback && port >= 1 && port <= 65535 && allLoopback(addrs)
}

// numericHost reports whether host is a number-like name that is not a
// dotted-quad or bracketed IPv6 address ("2130706433", "0x7f000001",
// "127.1", "0251.0376.0251.0376"): C resolvers read such names as
// addresses, and no real name ends in a numeric label.
func numericHost(host string) bool {
	if _, err := netip.ParseAddr(host); err == nil {
		return false
	}
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	last := strings.ToLower(labels[len(labels)-1])
	if hex, ok := strings.CutPrefix(last, "0x"); ok {
		return strings.Trim(hex, "0123456789abcdef") == ""
	}
	return strings.Trim(last, "0123456789") == ""
}

func (p Policy) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		if a.Zone() != "" {
			return nil, errors.New("zoned address")
		}
		return []netip.Addr{a}, nil
	}
	lookup := net.DefaultResolver.LookupNetIP
	if p.Lookup != nil {
		lookup = func(ctx context.Context, _, host string) ([]netip.Addr, error) { return p.Lookup(ctx, host) }
	}
	addrs, err := lookup(ctx, "ip", host)
	// Go's resolver hands IPv4 answers back IPv4-mapped (localhost is
	// ::ffff:127.0.0.1): a name's answers are judged as the addresses they
	// are. Only a mapped address written in the URL itself stays mapped,
	// and refused as a disguise.
	for i, a := range addrs {
		addrs[i] = a.Unmap()
	}
	return addrs, err
}

func allLoopback(addrs []netip.Addr) bool {
	for _, a := range addrs {
		if !isLoopback(a) {
			return false
		}
	}
	return true
}

// isLoopback is 127.0.0.0/8 or ::1, written plainly (not IPv4-mapped).
func isLoopback(a netip.Addr) bool { return a.IsLoopback() && !a.Is4In6() }

// Allowed reports whether the policy lets a delivery connect to a: a
// public unicast address, or (AllowLoopback) a loopback one.
func (p Policy) Allowed(a netip.Addr) bool {
	return PublicAddr(a) || p.AllowLoopback && isLoopback(a)
}

// The special-purpose ranges of the IANA IPv4 and IPv6 registries (and
// the blocks reserved beside them) that are not public unicast. IPv4
// addresses mapped into IPv6 (::ffff:0:0/96) are judged as the IPv4
// address; every other IPv6 address must lie in 2000::/3, which leaves
// out ::/96 (IPv4-compatible), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64),
// 100::/64, fc00::/7, fe80::/10, fec0::/10 and ff00::/8 at once.
var (
	special4 = prefixes("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
		"172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24",
		"192.88.99.0/24", "192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4")
	global6  = netip.MustParsePrefix("2000::/3")
	special6 = prefixes("2001::/23", "2001:db8::/32", "2002::/16", "2620:4f:8000::/48", "3fff::/20")
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// PublicAddr reports whether a is a public unicast address: outside every
// special-purpose range of the IANA registries (private, loopback,
// link-local, CGNAT, documentation, benchmarking, multicast, reserved,
// NAT64, 6to4, Teredo, IPv4-compatible and the like).
func PublicAddr(a netip.Addr) bool {
	if !a.IsValid() || a.Zone() != "" {
		return false
	}
	if a.Is4In6() {
		a = a.Unmap()
	}
	if a.Is4() {
		for _, p := range special4 {
			if p.Contains(a) {
				return false
			}
		}
		return true
	}
	if !global6.Contains(a) {
		return false
	}
	for _, p := range special6 {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// ErrBlocked is the error of a delivery whose connection the policy
// refused: its text names no address.
var ErrBlocked = errors.New("webhook: the receiver's address is not allowed (not a public internet address)")

// DefaultConnectTimeout bounds one TCP connect of a delivery.
const DefaultConnectTimeout = 3 * time.Second

// Dialer returns the dialer deliveries use: its Control hook refuses, at
// connect time, every address the policy does not allow, whatever the
// name resolved to at submission (DNS rebinding).
func (p Policy) Dialer() *net.Dialer {
	timeout := p.ConnectTimeout
	if timeout <= 0 {
		timeout = DefaultConnectTimeout
	}
	return &net.Dialer{Timeout: timeout, Control: func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !p.Allowed(ap.Addr()) {
			return ErrBlocked
		}
		return nil
	}}
}

// DialContext connects a delivery: it resolves the host through the
// policy's resolver, refuses a name with any address the policy does not
// allow, and dials the allowed addresses in turn through Dialer (whose
// Control hook checks each again).
func (p Policy) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	if numericHost(host) {
		return nil, ErrBlocked
	}
	addrs, err := p.resolve(ctx, host)
	if err != nil {
		return nil, errNoResolve
	}
	if n, err := strconv.Atoi(port); err != nil || !p.portAllowed(n, addrs) {
		return nil, ErrBlocked
	}
	for _, a := range addrs {
		if !p.Allowed(a) {
			return nil, ErrBlocked
		}
	}
	d := p.Dialer()
	var last error = ErrBlocked
	for _, a := range addrs {
		c, err := d.DialContext(ctx, network, net.JoinHostPort(a.String(), port))
		if err == nil {
			return c, nil
		}
		last = err
	}
	return nil, last
}
