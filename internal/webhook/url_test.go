package webhook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/webhook"
)

func TestPolicyCheck(t *testing.T) {
	ctx := context.Background()
	local, public := webhook.Policy{}, webhook.Policy{Public: true}
	for _, tc := range []struct {
		p   webhook.Policy
		url string
		ok  bool
	}{
		{local, "http://127.0.0.1:9000/hook", true},
		{local, "http://localhost/hook", true},
		{local, "http://[::1]:8080/", true},
		{local, "https://192.168.1.10/hook", true},
		{local, "http://192.168.1.10/hook", false},
		{local, "http://example.com/hook", false},
		{local, "ftp://127.0.0.1/", false},
		{local, "/relative", false},
		{local, "https://user:pw@example.com/", false},
		{public, "https://8.8.8.8/hook", true},
		{public, "http://8.8.8.8/hook", false},
		{public, "https://127.0.0.1/hook", false},
		{public, "https://localhost/hook", false},
		{public, "https://10.1.2.3/", false},
		{public, "https://172.16.0.1/", false},
		{public, "https://192.168.0.1/", false},
		{public, "https://169.254.169.254/latest/meta-data/", false},
		{public, "https://100.64.0.1/", false},
		{public, "https://[fe80::1]/", false},
		{public, "https://[fd00::1]/", false},
		{public, "https://[::ffff:10.0.0.1]/", false},
		{public, "https://0.0.0.0/", false},
		{public, "https://no-such-host.invalid/", false},
	} {
		err := tc.p.Check(ctx, tc.url)
		if (err == nil) != tc.ok || (err != nil && !jobs.IsCode(err, jobs.EInvalid)) {
			t.Errorf("public=%v %s: %v, want ok=%v", tc.p.Public, tc.url, err, tc.ok)
		}
	}
}

// Under the public policy the dialer itself refuses internal addresses,
// whatever a name resolved to at submission (DNS rebinding).
func TestPublicDialerRefusesLoopback(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	tr := &http.Transport{DialContext: webhook.Policy{Public: true}.Dialer().DialContext}
	_, err := (&http.Client{Transport: tr, Timeout: 2 * time.Second}).Get(srv.URL)
	if err == nil || !strings.Contains(err.Error(), "not allowed") {
		t.Fatalf("dial to %s: %v, want refused", srv.URL, err)
	}
	tr = &http.Transport{DialContext: webhook.Policy{}.Dialer().DialContext}
	if res, err := (&http.Client{Transport: tr}).Get(srv.URL); err != nil {
		t.Fatalf("local policy: %v", err)
	} else {
		res.Body.Close()
	}
	if !webhook.PublicAddr(netip.MustParseAddr("1.1.1.1")) || webhook.PublicAddr(netip.MustParseAddr("::1")) {
		t.Fatal("PublicAddr")
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
