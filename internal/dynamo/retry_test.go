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
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/testutil"
)

// loseAnswers delivers requests to DynamoDB but, for the first request of
// each operation in drop, throws the answer away and reports a reset
// connection, as a dropped connection does after the write committed. The
// next conflicts TransactWriteItems calls are not delivered; they are
// answered as cancelled by a concurrent transaction on the second item.
type loseAnswers struct {
	next      http.RoundTripper
	mu        sync.Mutex
	drop      map[string]bool // operation -> its next answer is lost
	sent      map[string]int  // operation -> requests delivered
	conflicts int
}

// txConflict is DynamoDB's answer to a transaction that collided with
// another one on its second item.
const txConflict = `{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",` +
	`"Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]",` +
	`"CancellationReasons":[{"Code":"None"},{"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"}]}`

func (l *loseAnswers) RoundTrip(r *http.Request) (*http.Response, error) {
	target := r.Header.Get("X-Amz-Target")
	op := target[strings.LastIndexByte(target, '.')+1:]
	l.mu.Lock()
	if op == "TransactWriteItems" && l.conflicts > 0 {
		l.conflicts--
		l.mu.Unlock()
		return &http.Response{
			StatusCode: http.StatusBadRequest, Status: "400 Bad Request", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header:  http.Header{"Content-Type": {"application/x-amz-json-1.0"}},
			Body:    io.NopCloser(strings.NewReader(txConflict)),
			Request: r, ContentLength: int64(len(txConflict)),
		}, nil
	}
	l.mu.Unlock()
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

// lossyStore makes a store on a fresh moto table whose client sends every
// request through lossy.
func lossyStore(t *testing.T, lossy *loseAnswers) *dynamo.Store {
	t.Helper()
	endpoint := testutil.StartMoto(t)
	table := testutil.UniqueName("jobs")
	if err := dynamo.CreateTable(context.Background(), dynamodb.NewFromConfig(testutil.AWSConfig(endpoint)), table); err != nil {
		t.Fatal(err)
	}
	lossy.next, lossy.sent = http.DefaultTransport, map[string]int{}
	if lossy.drop == nil {
		lossy.drop = map[string]bool{}
	}
	cfg := testutil.AWSConfig(endpoint)
	cfg.HTTPClient = &http.Client{Transport: lossy}
	return dynamo.New(dynamodb.NewFromConfig(cfg), table)
}

// TestRetriedWritesSucceed: the SDK retries a write whose answer was lost;
// the retry finds the first attempt's item and must not report a conflict
// (which the API would turn into a 409 for a job it had stored).
func TestRetriedWritesSucceed(t *testing.T) {
	ctx := context.Background()
	lossy := &loseAnswers{drop: map[string]bool{"PutItem": true, "TransactWriteItems": true}}
	s := lossyStore(t, lossy)

	j := jobstest.NewJob("owner1")
	if err := s.CreateJob(ctx, j); err != nil {
		t.Fatalf("CreateJob after a lost answer: %v", err)
	}
	if got, err := s.Job(ctx, j.ID); err != nil || !backend.SameSubmission(got, j) {
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

// TestTransactionConflictRetried: an idempotent create whose transaction
// collides with a concurrent one is retried until it commits, and answers
// unavailable (a 503 with Retry-After) once the attempts are used up.
func TestTransactionConflictRetried(t *testing.T) {
	ctx := context.Background()
	lossy := &loseAnswers{conflicts: 2}
	s := lossyStore(t, lossy)

	j := jobstest.NewJob("owner1")
	got, created, err := s.CreateJobIdempotent(ctx, j, "idem-1")
	if err != nil || !created || got.ID != j.ID {
		t.Fatalf("after 2 conflicts: %+v created %v err %v", got, created, err)
	}
	if lossy.conflicts != 0 || lossy.sent["TransactWriteItems"] != 1 {
		t.Fatalf("conflicts left %d, transactions delivered %d: want 0 and 1", lossy.conflicts, lossy.sent["TransactWriteItems"])
	}
	if stored, err := s.IdempotentJob(ctx, "owner1", "idem-1", jobstest.T0); err != nil || stored.ID != j.ID {
		t.Fatalf("record names %+v, %v", stored, err)
	}

	lossy.conflicts = 1000
	_, _, err = s.CreateJobIdempotent(ctx, jobstest.NewJob("owner1"), "idem-2")
	if !jobs.IsCode(err, jobs.EUnavailable) {
		t.Fatalf("endless conflicts: err = %v, want unavailable", err)
	}
	if _, err := s.IdempotentJob(ctx, "owner1", "idem-2", jobstest.T0); !jobs.IsCode(err, jobs.ENotFound) {
		t.Fatalf("a cancelled transaction left a record: %v", err)
	}
}
