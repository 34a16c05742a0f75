package testutil

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// dynamoMu serialises the DynamoDB requests of this test process.
var dynamoMu sync.Mutex

// serialDynamo starts, for the duration of tb, a reverse proxy to the moto
// endpoint upstream that forwards DynamoDB requests one at a time and
// everything else (S3 transfers, SQS long polls) as it comes.
//
// Real DynamoDB applies each conditional write atomically. moto_server
// serves requests on many threads and checks a condition and writes the
// item without a lock, so two concurrent conditional updates of one item
// can both succeed, and a contract test that asserts exactly one winner
// fails now and then for moto's sake (seen once in CI). Serialising the
// requests gives the atomicity DynamoDB guarantees; the tests still send
// them concurrently, and the store's conditions still decide the winner.
func serialDynamo(tb testing.TB, upstream string) string {
	tb.Helper()
	target, err := url.Parse(upstream)
	if err != nil {
		tb.Fatalf("moto endpoint %q: %v", upstream, err)
	}
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.Out.Host = r.In.Host // as the client signed it
	}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Header.Get("X-Amz-Target"), "DynamoDB_") {
			dynamoMu.Lock()
			defer dynamoMu.Unlock()
		}
		proxy.ServeHTTP(w, r)
	}))
	tb.Cleanup(srv.Close)
	return srv.URL
}
