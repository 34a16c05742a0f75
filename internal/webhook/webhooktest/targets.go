// Package webhooktest holds what the webhook policy tests of several
// packages share: the unsafe targets every configuration must refuse, and
// a fake resolver for the host names among them.
package webhooktest

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"sync"
)

// UnsafeTargets are webhook URLs that point inside a network, at a
// special-purpose range of the IANA registries (IPv4 and IPv6), or at an
// address written so that it hides one (mapped, compatible, NAT64, 6to4,
// numeric host forms), or at a name that resolves to one (see Lookup).
// Every configuration refuses all of them by default.
var UnsafeTargets = []string{
	// IPv4 special-purpose ranges.
	"https://127.0.0.1/hook",                    // loopback
	"https://127.1.2.3:8443/hook",               // loopback /8
	"https://localhost/hook",                    // loopback by name
	"https://10.0.0.1/hook",                     // RFC 1918
	"https://172.16.5.4/hook",                   // RFC 1918
	"https://192.168.1.1/hook",                  // RFC 1918
	"https://169.254.169.254/latest/meta-data/", // link-local: cloud metadata
	"https://100.64.0.1/hook",                   // CGNAT
	"https://0.0.0.0/hook",                      // this host
	"https://0.1.2.3/hook",                      // 0.0.0.0/8
	"https://192.0.0.1/hook",                    // IETF protocol assignments
	"https://192.0.0.170/hook",                  // NAT64 discovery
	"https://192.0.2.1/hook",                    // TEST-NET-1
	"https://198.18.0.1/hook",                   // benchmarking
	"https://198.19.255.254/hook",               // benchmarking
	"https://198.51.100.7/hook",                 // TEST-NET-2
	"https://203.0.113.9/hook",                  // TEST-NET-3
	"https://192.88.99.1/hook",                  // 6to4 relay anycast
	"https://192.31.196.1/hook",                 // AS112
	"https://192.52.193.1/hook",                 // AMT
	"https://192.175.48.1/hook",                 // AS112 direct delegation
	"https://224.0.0.1/hook",                    // multicast
	"https://239.255.255.250/hook",              // multicast
	"https://240.0.0.1/hook",                    // reserved
	"https://255.255.255.255/hook",              // broadcast
	"https://2130706433/hook",                   // 127.0.0.1 as one number
	"https://0x7f000001/hook",                   // 127.0.0.1 in hex
	"https://127.1/hook",                        // 127.0.0.1 shortened
	"https://0251.0376.0251.0376/hook",          // 169.254.169.254 in octal
	// IPv6 special-purpose ranges and IPv4 in disguise.
	"https://[::1]/hook",                    // loopback
	"https://[::]/hook",                     // unspecified
	"https://[::ffff:127.0.0.1]/hook",       // IPv4-mapped loopback
	"https://[::ffff:169.254.169.254]/hook", // IPv4-mapped metadata
	"https://[::ffff:10.0.0.1]/hook",        // IPv4-mapped private
	"https://[::a9fe:a9fe]/hook",            // IPv4-compatible metadata (::/96)
	"https://[::127.0.0.1]/hook",            // IPv4-compatible loopback
	"https://[::808:808]/hook",              // IPv4-compatible, even of a public address
	"https://[64:ff9b::a9fe:a9fe]/hook",     // NAT64 to the metadata address
	"https://[64:ff9b::808:808]/hook",       // NAT64, even to a public address
	"https://[64:ff9b:1::a9fe:a9fe]/hook",   // local-use NAT64
	"https://[2002:a9fe:a9fe::1]/hook",      // 6to4 of the metadata address
	"https://[2002:7f00:1::1]/hook",         // 6to4 of loopback
	"https://[2001::1]/hook",                // Teredo
	"https://[2001:2::1]/hook",              // benchmarking
	"https://[2001:db8::1]/hook",            // documentation
	"https://[3fff::1]/hook",                // documentation (2024)
	"https://[fc00::1]/hook",                // unique local
	"https://[fd12:3456::1]/hook",           // unique local
	"https://[fe80::1]/hook",                // link-local
	"https://[fec0::1]/hook",                // site-local (deprecated)
	"https://[ff02::1]/hook",                // multicast
	"https://[100::1]/hook",                 // discard-only
	"https://[5f00::1]/hook",                // SRv6 SIDs
	// Names (answered by Lookup).
	"https://metadata.internal.example/hook", // resolves to 169.254.169.254
	"https://mixed.internal.example/hook",    // one public and one private address
	"https://nat64.internal.example/hook",    // resolves to NAT64 of the metadata address
	"https://db.internal.example:5432/",      // resolves to 10.1.2.3
	// Ports: 443 and 1024-65535 only, whatever the host (a public address
	// written as such, so no resolver is needed to reach the port check).
	"https://93.184.215.14:22/hook",           // ssh
	"https://93.184.215.14:25/hook",           // smtp
	"https://93.184.215.14:80/hook",           // a well-known port below 1024
	"https://93.184.215.14:1023/hook",         // the last privileged port
	"https://93.184.215.14:0/hook",            // no port
	"https://93.184.215.14:65536/hook",        // past the last port
	"https://hooks.public.example:99999/hook", // far past it, by name
}

// Names maps the host names of UnsafeTargets (and a public one) to the
// addresses Lookup answers.
var Names = map[string][]netip.Addr{
	"metadata.internal.example": {netip.MustParseAddr("169.254.169.254")},
	"mixed.internal.example":    {netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("10.0.0.7")},
	"nat64.internal.example":    {netip.MustParseAddr("64:ff9b::a9fe:a9fe")},
	"db.internal.example":       {netip.MustParseAddr("10.1.2.3")},
	"hooks.public.example":      {netip.MustParseAddr("93.184.215.14")},
	"localhost":                 {netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1")},
}

// Lookup resolves the names of Names; any other name does not exist.
func Lookup(_ context.Context, host string) ([]netip.Addr, error) {
	if a, ok := Names[strings.ToLower(host)]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// Rebinder answers a name with First on its first lookup and with Then on
// every later one: a name that passes the submission check and points
// elsewhere when the delivery connects (DNS rebinding).
type Rebinder struct {
	First, Then []netip.Addr
	mu          sync.Mutex
	n           int
}

// Lookup implements the policy's resolver hook.
func (r *Rebinder) Lookup(context.Context, string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	if r.n == 1 {
		return r.First, nil
	}
	return r.Then, nil
}
