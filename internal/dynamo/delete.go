package dynamo

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
)

// attrIdemPK is the job item's attribute naming its idempotency record
// (set by CreateJobIdempotent).
const attrIdemPK = "idem_pk"

// DeleteJob removes a terminal job's item and the idempotency record that
// names it, in one transaction conditional on the job not running (the
// owner index is an attribute of the item: it goes with it). ENotFound if
// absent; EJobRunning if running.
func (s *Store) DeleteJob(ctx context.Context, id jobs.JobID) error {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: key(jobPK(id), jobSK), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return translate(err, nil)
	}
	if len(out.Item) == 0 {
		return jobNotFound(id)
	}
	if st, ok := out.Item["status"].(*types.AttributeValueMemberS); ok && st.Value == string(jobs.StatusRunning) {
		return jobs.JobStillRunning(id)
	}
	del := types.TransactWriteItem{Delete: &types.Delete{
		TableName:                 aws.String(s.Table),
		Key:                       key(jobPK(id), jobSK),
		ConditionExpression:       aws.String("attribute_exists(pk) AND #s <> :running"),
		ExpressionAttributeNames:  map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":running": &types.AttributeValueMemberS{Value: string(jobs.StatusRunning)}},
	}}
	items := []types.TransactWriteItem{del}
	if ip, ok := out.Item[attrIdemPK].(*types.AttributeValueMemberS); ok {
		// Only while the record still names this job (an expired record
		// may have been taken over by a later submission).
		items = append(items, types.TransactWriteItem{Delete: &types.Delete{
			TableName:                 aws.String(s.Table),
			Key:                       key(ip.Value, idemSK),
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR job_id = :id"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":id": &types.AttributeValueMemberS{Value: string(id)}},
		}})
	}
	_, err = s.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	var tce *types.TransactionCanceledException
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &tce):
		return translate(err, nil)
	case reason(tce, 0) == "ConditionalCheckFailed":
		return jobNotFound(id) // deleted meanwhile (a job never runs again)
	case reason(tce, 1) == "ConditionalCheckFailed":
		_, err = s.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items[:1]})
		if errors.As(err, &tce) && reason(tce, 0) == "ConditionalCheckFailed" {
			return jobNotFound(id)
		}
		return translate(err, nil)
	default:
		return jobs.Busy(err)
	}
}
