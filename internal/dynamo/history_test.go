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

// CreateTable on a table made before the owner index adds the index, and
// a history Query then finds the jobs written since.
func TestCreateTableAddsOwnerIndex(t *testing.T) {
	ctx := context.Background()
	client := dynamodb.NewFromConfig(testutil.AWSConfig(testutil.StartMoto(t)))
	name := testutil.UniqueName("old")
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second run finds the index
		if err := dynamo.CreateTable(ctx, client, name); err != nil {
			t.Fatal(err)
		}
	}
	d, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil || len(d.Table.GlobalSecondaryIndexes) != 1 || aws.ToString(d.Table.GlobalSecondaryIndexes[0].IndexName) != dynamo.OwnerIndex {
		t.Fatalf("indexes %+v, %v", d.Table.GlobalSecondaryIndexes, err)
	}
	s := dynamo.New(client, name)
	j := jobstest.NewJob("k1")
	if err := s.CreateJob(ctx, j); err != nil {
		t.Fatal(err)
	}
	page, _, err := s.ListJobs(ctx, "k1", 5, "", jobstest.T0)
	if err != nil || len(page) != 1 || page[0].ID != j.ID {
		t.Fatalf("history %v, %v", page, err)
	}
}

// A GET /jobs page makes at most HistoryPages Query calls: behind 24 jobs
// that expired but await TTL deletion, a page of 5 comes back short (here
// empty) with a next cursor, and following the cursors reaches the two
// live jobs behind them, each page within the budget.
func TestHistoryPageBudget(t *testing.T) {
	client := dynamodb.NewFromConfig(testutil.AWSConfig(testutil.StartMoto(t)))
	ctx := context.Background()
	name := testutil.UniqueName("budget")
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		t.Fatal(err)
	}
	s := dynamo.New(client, name)
	s.HistoryPages = 2
	now := jobstest.T0.Add(48 * time.Hour)
	var live []jobs.JobID
	for i := range 26 {
		j := jobstest.NewJob("k1")
		j.StartedAt = jobstest.T0.Add(time.Duration(i) * time.Minute)
		j.ExpiresAt = now.Add(-time.Hour) // expired, not yet deleted
		if i < 2 {                        // the two oldest are live
			j.ExpiresAt = now.Add(time.Hour)
			live = append([]jobs.JobID{j.ID}, live...)
		}
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	var got []jobs.JobID
	cursor, pages := "", 0
	for {
		page, next, err := s.ListJobs(ctx, "k1", 5, cursor, now)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		if pages == 1 && (len(page) != 0 || next == "") {
			t.Fatalf("first page: %d jobs, next %q; want a short page with a cursor", len(page), next)
		}
		for _, j := range page {
			got = append(got, j.ID)
		}
		if next == "" {
			break
		}
		if pages > 10 {
			t.Fatal("the cursors do not end")
		}
		cursor = next
	}
	if len(got) != 2 || got[0] != live[0] || got[1] != live[1] {
		t.Fatalf("live jobs %v, want %v (in %d pages)", got, live, pages)
	}
	t.Logf("%d pages of at most %d Query calls each to pass 24 expired jobs", pages, s.HistoryPages)
}
