package dynamo_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/testutil"
)

// loseAnswers delivers every request to DynamoDB but, for the first
// request of each operation in drop, throws the answer away and reports a
// reset connection, as a dropped connection does after the write committed.
type loseAnswers struct {
	next http.RoundTripper
	mu   sync.Mutex
	drop map[string]bool // operation -> its next answer is lost
	sent map[string]int  // operation -> requests delivered
}

func (l *loseAnswers) RoundTrip(r *http.Request) (*http.Response, error) {
	target := r.Header.Get("X-Amz-Target")
	op := target[strings.LastIndexByte(target, '.')+1:]
	res, err := l.next.RoundTrip(r)
	l.mu.Lock()
	l.sent[op]++
	lose := l.drop[op] && err == nil
	l.drop[op] = false
	l.mu.Unlock()
	if !lose {
		return res, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return nil, &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}
}

// TestRetriedWritesSucceed: the SDK retries a write whose answer was lost;
// the retry finds the first attempt's item and must not report a conflict
// (which the API would turn into a 409 for a job it had stored).
func TestRetriedWritesSucceed(t *testing.T) {
	endpoint := testutil.StartMoto(t)
	ctx := context.Background()
	setup := dynamodb.NewFromConfig(testutil.AWSConfig(endpoint))
	table := testutil.UniqueName("jobs")
	if err := dynamo.CreateTable(ctx, setup, table); err != nil {
		t.Fatal(err)
	}
	lossy := &loseAnswers{next: http.DefaultTransport, sent: map[string]int{},
		drop: map[string]bool{"PutItem": true, "TransactWriteItems": true}}
	cfg := testutil.AWSConfig(endpoint)
	cfg.HTTPClient = &http.Client{Transport: lossy}
	s := dynamo.New(dynamodb.NewFromConfig(cfg), table)

	j := jobstest.NewJob("owner1")
	if err := s.CreateJob(ctx, j); err != nil {
		t.Fatalf("CreateJob after a lost answer: %v", err)
	}
	if got, err := s.Job(ctx, j.ID); err != nil || !got.SameSubmission(j) {
		t.Fatalf("stored job %+v, %v", got, err)
	}

	lossy.drop["PutItem"] = true
	k, _, err := jobs.NewAPIKey("retry", jobstest.T0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateKey(ctx, k); err != nil {
		t.Fatalf("CreateKey after a lost answer: %v", err)
	}

	ij := jobstest.NewJob("owner1")
	got, created, err := s.CreateJobIdempotent(ctx, ij, "idem-1")
	if err != nil || !created || got.ID != ij.ID {
		t.Fatalf("CreateJobIdempotent after a lost answer: %+v created %v err %v", got, created, err)
	}
	if sent := lossy.sent; sent["PutItem"] != 4 || sent["TransactWriteItems"] != 2 {
		t.Fatalf("requests delivered %v: want each lost write sent twice", sent)
	}
}
