package webhook_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/webhook"
	"github.com/songsmith/songsmith/internal/webhook/webhooktest"
)

// loopbackTargets are the UnsafeTargets that SONGSMITH_WEBHOOK_ALLOW_LOOPBACK
// lets through: plain loopback addresses and localhost, never loopback in
// disguise (mapped, compatible, numeric forms).
var loopbackTargets = map[string]bool{
	"https://127.0.0.1/hook": true, "https://127.1.2.3:8443/hook": true,
	"https://localhost/hook": true, "https://[::1]/hook": true,
}

// Every unsafe target is refused by default, and by the development
// policy too unless it is plain loopback; the answer never names what a
// host resolved to.
func TestPolicyRefusesUnsafeTargets(t *testing.T) {
	if n := len(webhooktest.UnsafeTargets); n < 44 {
		t.Fatalf("%d unsafe targets, want at least 44", n)
	}
	ctx := context.Background()
	for _, p := range []webhook.Policy{{Lookup: webhooktest.Lookup}, {AllowLoopback: true, Lookup: webhooktest.Lookup}} {
		accepted := 0
		for _, u := range webhooktest.UnsafeTargets {
			err := p.Check(ctx, u)
			want := p.AllowLoopback && loopbackTargets[u]
			if (err == nil) != want {
				t.Errorf("allow loopback=%v %s: %v, want accepted=%v", p.AllowLoopback, u, err, want)
			}
			if err == nil {
				accepted++
				continue
			}
			if !jobs.IsCode(err, jobs.EInvalid) {
				t.Errorf("%s: %v, want invalid_request", u, err)
			}
			for _, addrs := range webhooktest.Names {
				for _, a := range addrs {
					if strings.Contains(err.Error(), a.String()) {
						t.Errorf("%s: the message %q names the resolved address %s", u, err, a)
					}
				}
			}
		}
		t.Logf("allow loopback=%v: %d/%d unsafe targets accepted", p.AllowLoopback, accepted, len(webhooktest.UnsafeTargets))
	}
}

func TestPolicyCheck(t *testing.T) {
	ctx := context.Background()
	def, dev := webhook.Policy{Lookup: webhooktest.Lookup}, webhook.Policy{AllowLoopback: true, Lookup: webhooktest.Lookup}
	for _, tc := range []struct {
		p   webhook.Policy
		url string
		ok  bool
	}{
		{def, "https://8.8.8.8/hook", true},
		{def, "https://hooks.public.example/hook", true},
		{def, "https://[2606:4700:4700::1111]/hook", true},
		{def, "https://[::ffff:8.8.8.8]/hook", true}, // mapped: judged as 8.8.8.8
		{def, "http://8.8.8.8/hook", false},
		{def, "http://127.0.0.1:9000/hook", false},
		{def, "https://no-such-host.example/", false},
		{def, "ftp://8.8.8.8/", false},
		{def, "/relative", false},
		{def, "https://user:pw@hooks.public.example/", false},
		{def, "https://[fe80::1%25eth0]/", false},
		{dev, "http://127.0.0.1:9000/hook", true},
		{dev, "http://localhost:9000/hook", true},
		{dev, "http://[::1]:8080/", true},
		{dev, "https://8.8.8.8/hook", true},
		{dev, "http://8.8.8.8/hook", false},
		{dev, "http://192.168.1.10/hook", false},
		{dev, "http://[::ffff:127.0.0.1]/hook", false},
		// Ports: 443 and 1024-65535; others only to loopback in development.
		{def, "https://hooks.public.example:443/hook", true},
		{def, "https://hooks.public.example:1024/hook", true},
		{def, "https://hooks.public.example:8443/hook", true},
		{def, "https://hooks.public.example:65535/hook", true},
		{def, "https://hooks.public.example:22/hook", false},
		{def, "https://hooks.public.example:80/hook", false},
		{def, "https://hooks.public.example:0/hook", false},
		{def, "https://hooks.public.example:65536/hook", false},
		{dev, "https://hooks.public.example:22/hook", false},
		{dev, "https://hooks.public.example:80/hook", false},
		{dev, "http://127.0.0.1/hook", true}, // port 80 on loopback
		{dev, "http://127.0.0.1:22/hook", true},
		{dev, "http://127.0.0.1:0/hook", false},
		{dev, "http://127.0.0.1:65536/hook", false},
		// Go's own resolver answers localhost IPv4-mapped (::ffff:127.0.0.1).
		{dev, "http://localhost:9/hook", true},
		{webhook.Policy{AllowLoopback: true, Lookup: mappedLookup}, "http://localhost:9/hook", true},
		{webhook.Policy{Lookup: mappedLookup}, "http://localhost:9/hook", false},
		{webhook.Policy{}, "https://localhost/hook", false},
		{webhook.Policy{AllowLoopback: true}, "http://localhost:9/hook", true},
	} {
		err := tc.p.Check(ctx, tc.url)
		if (err == nil) != tc.ok || (err != nil && !jobs.IsCode(err, jobs.EInvalid)) {
			t.Errorf("allow loopback=%v %s: %v, want ok=%v", tc.p.AllowLoopback, tc.url, err, tc.ok)
		}
	}
}

// mappedLookup answers as Go's resolver does for localhost on Linux: one
// IPv4-mapped address.
func mappedLookup(context.Context, string) ([]netip.Addr, error) {
	return []netip.Addr{netip.MustParseAddr("::ffff:127.0.0.1")}, nil
}

// Deliveries are held to the same ports: a public name on port 22 is not
// dialled; localhost on any port is, in development.
func TestDialPorts(t *testing.T) {
	ctx := context.Background()
	if _, err := (webhook.Policy{Lookup: webhooktest.Lookup}).DialContext(ctx, "tcp", "hooks.public.example:22"); !errors.Is(err, webhook.ErrBlocked) {
		t.Fatalf("public port 22: %v, want ErrBlocked", err)
	}
	addr, accepted := countingListener(t)
	_, port, _ := net.SplitHostPort(addr)
	c, err := (webhook.Policy{AllowLoopback: true}).DialContext(ctx, "tcp", net.JoinHostPort("localhost", port))
	if err != nil {
		t.Fatalf("localhost:%s in development: %v", port, err)
	}
	c.Close()
	deadline := time.Now().Add(2 * time.Second)
	for accepted.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if accepted.Load() != 1 {
		t.Fatalf("%d connections, want 1", accepted.Load())
	}
}

// countingListener is a loopback port that counts the connections it gets.
func countingListener(t *testing.T) (addr string, accepted *atomic.Int32) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	accepted = new(atomic.Int32)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), accepted
}

// DNS rebinding: a name that resolves to a public address at submission
// and to loopback when the delivery connects is refused at connect time,
// with an error that names no address, and no connection is made.
func TestRebinding(t *testing.T) {
	addr, accepted := countingListener(t)
	_, port, _ := net.SplitHostPort(addr)
	rb := &webhooktest.Rebinder{First: []netip.Addr{netip.MustParseAddr("93.184.215.14")}, Then: []netip.Addr{netip.MustParseAddr("127.0.0.1")}}
	p := webhook.Policy{Lookup: rb.Lookup}
	url := "https://rebind.example:" + port + "/hook"
	if err := p.Check(context.Background(), url); err != nil {
		t.Fatalf("submission: %v (the name resolved to a public address then)", err)
	}
	c, err := p.DialContext(context.Background(), "tcp", "rebind.example:"+port)
	if err == nil {
		c.Close()
		t.Fatal("the delivery connected to loopback after the name rebound")
	}
	if !errors.Is(err, webhook.ErrBlocked) || strings.Contains(err.Error(), "127.0.0.1") {
		t.Fatalf("dial error %q: want ErrBlocked naming no address", err)
	}
	// The Control hook alone refuses too (an address reached without the
	// policy's resolver), before any packet is sent.
	if c, err := p.Dialer().DialContext(context.Background(), "tcp", addr); err == nil {
		c.Close()
		t.Fatal("the dialer connected to loopback")
	} else if !errors.Is(err, webhook.ErrBlocked) {
		t.Fatalf("dialer: %v", err)
	}
	time.Sleep(50 * time.Millisecond)
	if n := accepted.Load(); n != 0 {
		t.Fatalf("the loopback port got %d connections", n)
	}
	// With loopback allowed (development), the same dial connects.
	dev := webhook.Policy{AllowLoopback: true}
	if c, err := dev.DialContext(context.Background(), "tcp", addr); err != nil {
		t.Fatalf("development policy: %v", err)
	} else {
		c.Close()
	}
}

// The signature is Standard Webhooks': a known vector, and Verify's checks.
func TestSignVerify(t *testing.T) {
	// From the Standard Webhooks specification's example.
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	body := []byte(`{"test": 2432232314}`)
	ts := time.Unix(1614265330, 0)
	if got := webhook.Sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", ts, body); got != "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" {
		t.Fatalf("signature %s", got)
	}
	sig := webhook.Sign(secret, "msg_1", ts, body)
	if err := webhook.Verify(secret, "msg_1", "1614265330", "v1,bogus "+sig, body, ts.Add(time.Minute), 5*time.Minute); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"other body":   webhook.Verify(secret, "msg_1", "1614265330", sig, []byte("{}"), ts, 5*time.Minute),
		"other id":     webhook.Verify(secret, "msg_2", "1614265330", sig, body, ts, 5*time.Minute),
		"other secret": webhook.Verify("whsec_b3RoZXI=", "msg_1", "1614265330", sig, body, ts, 5*time.Minute),
		"too old":      webhook.Verify(secret, "msg_1", "1614265330", sig, body, ts.Add(time.Hour), 5*time.Minute),
	} {
		if err == nil {
			t.Errorf("%s: verified", name)
		}
	}
}

// A loopback webhook URL on a server that refuses loopback names the
// setting that allows it.
func TestCheckLoopbackNamesTheSetting(t *testing.T) {
	for _, raw := range []string{"http://127.0.0.1:9000/hook", "http://localhost:9000/hook", "https://[::1]/hook"} {
		err := webhook.Policy{Lookup: func(context.Context, string) ([]netip.Addr, error) {
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		}}.Check(context.Background(), raw)
		if err == nil || !strings.Contains(err.Error(), "SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true") {
			t.Errorf("Check(%s) = %v, want it to name SONGSMITH_WEBHOOK_ALLOW_LOOPBACK", raw, err)
		}
	}
}
