package s3media_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// signedFront starts a reverse proxy to moto_server that does what moto
// does not: it refuses presigned (query-signed) requests whose SigV4
// signature does not match the request or whose X-Amz-Date + X-Amz-Expires
// has passed, as S3 does. The expected signature is computed with the
// SDK's own SigV4 signer over the request as received, with the test
// credentials, so a URL edited after signing is refused. Requests signed in
// the Authorization header (SDK calls) pass through unchanged.
func signedFront(t *testing.T, moto string) string {
	target, err := url.Parse(moto)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("X-Amz-Signature") != "" {
			if code, why := checkPresigned(r); code != 0 {
				http.Error(w, why, code)
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func checkPresigned(r *http.Request) (int, string) {
	q := r.URL.Query()
	signed, err := time.Parse("20060102T150405Z", q.Get("X-Amz-Date"))
	if err != nil {
		return http.StatusForbidden, "bad X-Amz-Date"
	}
	secs, err := strconv.Atoi(q.Get("X-Amz-Expires"))
	if err != nil || secs < 1 || secs > 604800 {
		return http.StatusForbidden, "bad X-Amz-Expires"
	}
	if !time.Now().Before(signed.Add(time.Duration(secs) * time.Second)) {
		return http.StatusForbidden, "Request has expired"
	}
	got := q.Get("X-Amz-Signature")
	for _, k := range []string{"X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-SignedHeaders", "X-Amz-Signature", "X-Amz-Security-Token"} {
		q.Del(k)
	}
	u := *r.URL
	u.Scheme, u.Host, u.RawQuery = "http", r.Host, q.Encode()
	req, _ := http.NewRequest(r.Method, u.String(), nil)
	creds := aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test"}
	want, _, err := v4.NewSigner().PresignHTTP(context.Background(), creds, req, "UNSIGNED-PAYLOAD", "s3", "us-east-1", signed,
		func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true })
	if err != nil {
		return http.StatusInternalServerError, err.Error()
	}
	wu, _ := url.Parse(want)
	if wu.Query().Get("X-Amz-Signature") != got || !strings.HasPrefix(r.URL.Path, "/") {
		return http.StatusForbidden, "SignatureDoesNotMatch"
	}
	return 0, ""
}
