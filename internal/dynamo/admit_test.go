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

// TestAdmitOutboxAndPrune: an admitted job has an outbox record until
// Dispatched, which Undelivered lists once it is older than its cutoff;
// a finished job whose id stayed in its key's active set (a crash between
// the two writes, played by putting the id back) is pruned when the cap
// would refuse a job.
func TestAdmitOutboxAndPrune(t *testing.T) {
	ctx := context.Background()
	client := dynamodb.NewFromConfig(testutil.AWSConfig(testutil.StartMoto(t)))
	name := testutil.UniqueName("jobs")
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		t.Fatal(err)
	}
	s := dynamo.New(client, name)
	lim := jobs.Limits{MaxActive: 1}
	a, b := jobstest.NewJob("owner1"), jobstest.NewJob("owner1")
	b.StartedAt = a.StartedAt.Add(time.Second)
	if _, err := s.Admit(ctx, a, "", lim); err != nil {
		t.Fatal(err)
	}
	und, err := s.Undelivered(ctx, a.StartedAt.Add(time.Millisecond), 10)
	if err != nil || len(und) != 1 || und[0].ID != a.ID || !und[0].StartedAt.Equal(a.StartedAt) {
		t.Fatalf("undelivered %v %v", und, err)
	}
	if und, _ := s.Undelivered(ctx, a.StartedAt, 10); len(und) != 0 {
		t.Fatalf("a record younger than the cutoff was listed: %v", und)
	}
	if err := s.Dispatched(ctx, a); err != nil {
		t.Fatal(err)
	}
	if und, _ := s.Undelivered(ctx, a.StartedAt.Add(time.Hour), 10); len(und) != 0 {
		t.Fatalf("dispatched job still undelivered: %v", und)
	}
	if err := s.FailJob(ctx, a.ID, jobs.MsgCanceled, jobstest.T0); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := s.ActiveJobs(ctx, "owner1"); n != 0 {
		t.Fatalf("%d active after the job failed", n)
	}
	// The id of the finished job back in the set: as if the process died
	// between the job's end and its removal.
	_, err = client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(name), Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: dynamo.PrefixActive + "owner1"}, "sk": &types.AttributeValueMemberS{Value: "ACTIVE"}},
		UpdateExpression:          aws.String("ADD jobs :id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":id": &types.AttributeValueMemberSS{Value: []string{string(a.ID)}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Admit(ctx, b, "", lim); err != nil {
		t.Fatalf("a stale id kept the key at its cap: %v", err)
	}
	if n, _, _ := s.ActiveJobs(ctx, "owner1"); n != 1 {
		t.Fatalf("%d active, want 1", n)
	}
	if _, err := s.Admit(ctx, jobstest.NewJob("owner1"), "", lim); !jobs.IsCode(err, jobs.ETooManyJobs) {
		t.Fatalf("over the cap: %v", err)
	}
}
