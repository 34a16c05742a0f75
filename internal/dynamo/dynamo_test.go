package dynamo_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestStore runs the JobStore, KeyStore and Limiter contracts against
// DynamoDB as implemented by moto_server, one fresh table per subtest.
func TestStore(t *testing.T) {
	client := dynamodb.NewFromConfig(testutil.AWSConfig(testutil.StartMoto(t)))
	open := func(t *testing.T) *dynamo.Store {
		name := testutil.UniqueName("jobs")
		if err := dynamo.CreateTable(context.Background(), client, name); err != nil {
			t.Fatal(err)
		}
		return dynamo.New(client, name)
	}
	t.Run("JobStore", func(t *testing.T) {
		jobstest.RunJobStore(t, func(t *testing.T) jobs.JobStore { return open(t) })
	})
	t.Run("KeyStore", func(t *testing.T) {
		jobstest.RunKeyStore(t, func(t *testing.T) jobs.KeyStore { return open(t) })
	})
	t.Run("Limiter", func(t *testing.T) {
		jobstest.RunLimiter(t, func(t *testing.T) jobs.Limiter { return open(t) })
	})
	t.Run("Admitter", func(t *testing.T) {
		jobstest.RunAdmitter(t, func(t *testing.T) jobstest.AdmitStore { return open(t) })
	})
	t.Run("CollectionAdmitter", func(t *testing.T) {
		jobstest.RunCollectionAdmitter(t, func(t *testing.T) jobstest.AdmitStore { return open(t) })
	})
	t.Run("Sweeper", func(t *testing.T) {
		jobstest.RunSweeper(t, true, func(t *testing.T) jobstest.SweepStore { return open(t) })
	})
	t.Run("WebhookRecorder", func(t *testing.T) {
		jobstest.RunWebhookRecorder(t, func(t *testing.T) interface {
			jobs.JobStore
			jobs.WebhookRecorder
		} {
			return open(t)
		})
	})
	t.Run("TTLAttribute", func(t *testing.T) {
		s := open(t)
		ctx := context.Background()
		j := jobstest.NewJob("owner1")
		j.ExpiresAt = jobstest.T0.Add(90*time.Minute + 500*time.Millisecond)
		if _, _, err := s.CreateJobIdempotent(ctx, j, "k1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Allow(ctx, "poll#k", 5, time.Minute, jobstest.T0.Add(10*time.Second)); err != nil {
			t.Fatal(err)
		}
		ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(s.Table)})
		if err != nil {
			t.Fatal(err)
		}
		if d := ttl.TimeToLiveDescription; d == nil || aws.ToString(d.AttributeName) != "expires_at" || d.TimeToLiveStatus != types.TimeToLiveStatusEnabled {
			t.Fatalf("TTL = %+v, want enabled on expires_at", d)
		}
		out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(s.Table)})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"JOB#" + string(j.ID): "1795260601", // T0+90m0.5s rounded up
			"IDEM#owner1#k1":      "1795260601", // the idempotency record lives as long as its job
			"RATE#poll#k":         "1795255320", // window 10:00-10:01 ends, plus one window
		}
		for _, it := range out.Items {
			pk := it["pk"].(*types.AttributeValueMemberS).Value
			exp, ok := it["expires_at"].(*types.AttributeValueMemberN)
			if !ok {
				t.Fatalf("item %s has no numeric expires_at: %v", pk, it)
			}
			if exp.Value != want[pk] {
				t.Errorf("%s expires_at = %s, want %s", pk, exp.Value, want[pk])
			}
			delete(want, pk)
		}
		if len(want) != 0 {
			t.Fatalf("items missing: %v", want)
		}
	})
}
