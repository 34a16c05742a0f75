package dynamo

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

const idemSK = "IDEM"

// idemPK is the partition key of an idempotency record. Key ids contain no
// '#', so owner and idempotency key cannot run into each other.
func idemPK(owner jobs.KeyID, idem string) string { return "IDEM#" + string(owner) + "#" + idem }

// idemItem is the stored form of an idempotency record. expires_at (the
// TTL attribute) is the expiry of the job it names, epoch seconds.
type idemItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Type      string `dynamodbav:"type"`
	JobID     string `dynamodbav:"job_id"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// idemAttempts bounds the retries when concurrent transactions collide.
const idemAttempts = 5

// CreateJobIdempotent stores j and its idempotency record in one
// transaction. The record is written only if absent or expired at
// j.StartedAt (DynamoDB TTL deletes lazily); otherwise the job it names is
// returned with created false.
func (s *Store) CreateJobIdempotent(ctx context.Context, j *jobs.Job, idem string) (*jobs.Job, bool, error) {
	jobAV, err := jobAttrs(j)
	if err != nil {
		return nil, false, err
	}
	// The job names its idempotency record, so DeleteJob can remove both.
	jobAV[attrIdemPK] = &types.AttributeValueMemberS{Value: idemPK(j.Owner, idem)}
	idemAV, err := attributevalue.MarshalMap(idemItem{
		PK: idemPK(j.Owner, idem), SK: idemSK, Type: "idempotency", JobID: string(j.ID), ExpiresAt: epoch(j.ExpiresAt),
	})
	if err != nil {
		return nil, false, jobs.Internal(err)
	}
	in := &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{
			TableName:                 aws.String(s.Table),
			Item:                      idemAV,
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR #exp <= :now"),
			ExpressionAttributeNames:  map[string]string{"#exp": AttrTTL},
			ExpressionAttributeValues: map[string]types.AttributeValue{":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(j.StartedAt.Unix(), 10)}},
		}},
		{Put: &types.Put{
			TableName:           aws.String(s.Table),
			Item:                jobAV,
			ConditionExpression: aws.String("attribute_not_exists(pk)"),
		}},
	}}
	for attempt := 1; ; attempt++ {
		_, err := s.Client.TransactWriteItems(ctx, in)
		if err == nil {
			return j, true, nil
		}
		var tce *types.TransactionCanceledException
		if !errors.As(err, &tce) {
			return nil, false, translate(err, nil)
		}
		idemCode, jobCode := reason(tce, 0), reason(tce, 1)
		switch {
		case idemCode == "ConditionalCheckFailed":
			prev, err := s.IdempotentJob(ctx, j.Owner, idem, j.StartedAt)
			if err == nil {
				// prev is j itself when this call's own earlier attempt
				// committed and its answer was lost.
				return prev, backend.SameSubmission(prev, j), nil
			}
			if !jobs.IsCode(err, jobs.ENotFound) || attempt >= idemAttempts {
				return nil, false, err
			}
		case jobCode == "ConditionalCheckFailed":
			return nil, false, backend.Conflict(err)
		case attempt >= idemAttempts:
			return nil, false, jobs.Busy(err)
		}
		// A concurrent transaction on the same record: try again shortly.
		select {
		case <-ctx.Done():
			return nil, false, jobs.Internal(ctx.Err())
		case <-time.After(time.Duration(attempt) * 20 * time.Millisecond):
		}
	}
}

// reason returns the cancellation reason code of the i-th transaction item.
func reason(tce *types.TransactionCanceledException, i int) string {
	if i < len(tce.CancellationReasons) {
		return aws.ToString(tce.CancellationReasons[i].Code)
	}
	return ""
}

// IdempotentJob returns the job that owner's idempotency key idem names.
// ENotFound if there is no record or it expired at now.
func (s *Store) IdempotentJob(ctx context.Context, owner jobs.KeyID, idem string, now time.Time) (*jobs.Job, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.Table),
		Key:            key(idemPK(owner, idem), idemSK),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, translate(err, nil)
	}
	notFound := backend.IdempotencyNotFound()
	if len(out.Item) == 0 {
		return nil, notFound
	}
	var it idemItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return nil, jobs.Internal(err)
	}
	if it.ExpiresAt <= now.Unix() {
		return nil, notFound
	}
	return s.Job(ctx, jobs.JobID(it.JobID))
}
