package dynamo_test

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/dynamo"
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
