package lambdatest_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/dynamo"
)

// The table's owner index is the one internal/dynamo queries for GET /jobs.
func TestTemplateOwnerIndex(t *testing.T) {
	c := loadTemplate(t)
	gsi := dig(map[string]any(c), "Resources", "JobsTable", "Properties", "GlobalSecondaryIndexes", "0")
	if str(gsi, "IndexName") != dynamo.OwnerIndex || str(gsi, "Projection", "ProjectionType") != "ALL" {
		t.Fatalf("owner index %v", gsi)
	}
	if str(gsi, "KeySchema", "0", "AttributeName") != dynamo.AttrOwnerPK || str(gsi, "KeySchema", "0", "KeyType") != "HASH" ||
		str(gsi, "KeySchema", "1", "AttributeName") != dynamo.AttrOwnerSK || str(gsi, "KeySchema", "1", "KeyType") != "RANGE" {
		t.Fatalf("owner index keys %v", dig(gsi, "KeySchema"))
	}
}
