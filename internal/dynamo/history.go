package dynamo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

func attributeDefinitions() []types.AttributeDefinition {
	var out []types.AttributeDefinition
	for _, a := range []string{AttrPK, AttrSK, AttrOwnerPK, AttrOwnerSK} {
		out = append(out, types.AttributeDefinition{AttributeName: aws.String(a), AttributeType: types.ScalarAttributeTypeS})
	}
	return out
}

func ownerIndex() types.GlobalSecondaryIndex {
	return types.GlobalSecondaryIndex{
		IndexName: aws.String(OwnerIndex),
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(AttrOwnerPK), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(AttrOwnerSK), KeyType: types.KeyTypeRange},
		},
		Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
	}
}

// ensureOwnerIndex adds OwnerIndex to a table created before it existed
// (a second `songsmith aws init`). Jobs written before then have no
// owner attributes and stay out of the history.
func ensureOwnerIndex(ctx context.Context, client *dynamodb.Client, name string) error {
	d, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return fmt.Errorf("describe table %s: %w", name, err)
	}
	for _, g := range d.Table.GlobalSecondaryIndexes {
		if aws.ToString(g.IndexName) == OwnerIndex {
			return nil
		}
	}
	idx := ownerIndex()
	_, err = client.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: attributeDefinitions()[2:],
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: idx.IndexName, KeySchema: idx.KeySchema, Projection: idx.Projection,
		}}},
	})
	if err != nil {
		return fmt.Errorf("add %s to %s: %w", OwnerIndex, name, err)
	}
	return nil
}

// ListJobs implements jobs.JobLister with a Query of OwnerIndex, newest
// first (never a Scan). The index is eventually consistent: a job
// submitted a moment ago may be missing from the first page, and a
// listed job may show an older status than GET /jobs/{id}. It makes at
// most HistoryPages Query calls: when they read only expired jobs awaiting
// TTL deletion, the page comes back short (even empty) with a next cursor
// after the last job read.
func (s *Store) ListJobs(ctx context.Context, owner jobs.KeyID, limit int, cursor string, now time.Time) ([]*jobs.Job, string, error) {
	cond := "#opk = :opk"
	names := map[string]string{"#opk": AttrOwnerPK, "#exp": AttrTTL}
	values := map[string]types.AttributeValue{
		":opk": &types.AttributeValueMemberS{Value: PrefixOwner + string(owner)},
		":now": &types.AttributeValueMemberN{Value: fmt.Sprint(now.Unix())},
	}
	if cursor != "" {
		c, err := jobs.ParseCursor(cursor)
		if err != nil {
			return nil, "", err
		}
		cond += " AND #osk < :osk"
		names["#osk"] = AttrOwnerSK
		values[":osk"] = &types.AttributeValueMemberS{Value: backend.SortKey(c)}
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		IndexName:                 aws.String(OwnerIndex),
		KeyConditionExpression:    aws.String(cond),
		FilterExpression:          aws.String("#exp > :now"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(int32(limit + 1)),
	}
	var page []*jobs.Job
	more := false
	budget := s.HistoryPages
	if budget <= 0 {
		budget = DefaultHistoryPages
	}
	for calls := 1; ; calls++ {
		out, err := s.Client.Query(ctx, in)
		if err != nil {
			return nil, "", translate(err, nil)
		}
		for _, it := range out.Items {
			j, err := decodeJob(it)
			if err != nil {
				return nil, "", err
			}
			if j.Expired(now) {
				continue
			}
			if len(page) == limit {
				more = true
				break
			}
			page = append(page, j)
		}
		if more || len(out.LastEvaluatedKey) == 0 {
			break
		}
		if calls >= budget {
			// Out of reads: resume after the last job read, live or not.
			if c, ok := cursorOfKey(out.LastEvaluatedKey); ok {
				return page, c.Encode(), nil
			}
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	next := ""
	if more {
		next = backend.CursorOf(page[len(page)-1]).Encode()
	}
	return page, next, nil
}

// cursorOfKey is the history position of an OwnerIndex key (a Query's
// LastEvaluatedKey): its owner sort key is a Cursor's SortKey.
func cursorOfKey(k map[string]types.AttributeValue) (jobs.Cursor, bool) {
	v, ok := k[AttrOwnerSK].(*types.AttributeValueMemberS)
	if !ok {
		return jobs.Cursor{}, false
	}
	ts, id, ok := strings.Cut(v.Value, "#")
	t, err := time.Parse("20060102T150405.000000000Z", ts)
	if !ok || err != nil {
		return jobs.Cursor{}, false
	}
	c := jobs.Cursor{StartedAt: t, ID: jobs.JobID(id)}
	return c, backend.SortKey(c) == v.Value
}
