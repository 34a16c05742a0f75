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

// Collections (issue 31 item 5): the pieces of a collection are admitted
// in one TransactWriteItems: one update of the key's active set that adds
// every id under the cap, the idempotency record, and per piece its job
// and its outbox record. That is 2 + 2N items (22 for request.MaxCount's
// 10), under DynamoDB's 100 per transaction.

var _ backend.CollectionAdmitter = (*Store)(nil)

// maxTransactItems is DynamoDB's limit of items in one transaction.
const maxTransactItems = 100

// AdmitCollection implements backend.CollectionAdmitter (Queued is false:
// the service sends each piece's SQS message, then calls Dispatched).
func (s *Store) AdmitCollection(ctx context.Context, js []*jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error) {
	if len(js) == 0 || 2+2*len(js) > maxTransactItems {
		return jobs.Admission{}, jobs.Errorf(jobs.EInvalid, "A collection has 1 to %d pieces.", (maxTransactItems-2)/2)
	}
	a, err := s.admitCollection(ctx, js, idem, lim)
	if !jobs.IsCode(err, jobs.ETooManyJobs) {
		return a, err
	}
	if n, perr := s.pruneActive(ctx, js[0].Owner); perr != nil || n == 0 {
		return a, err
	}
	return s.admitCollection(ctx, js, idem, lim)
}

// collectionItems returns the transaction of admitCollection: the active
// set's update first, the idempotency record second (when idem is set),
// then each job and its outbox record.
func (s *Store) collectionItems(js []*jobs.Job, idem string, lim jobs.Limits, heavy bool) ([]types.TransactWriteItem, error) {
	owner, n := js[0].Owner, len(js)
	ids := make([]string, n)
	for i, j := range js {
		ids[i] = string(j.ID)
	}
	set, cond := "ADD #jobs :ids", "(attribute_not_exists(#jobs) OR size(#jobs) <= :room)"
	names := map[string]string{"#jobs": "jobs"}
	vals := map[string]types.AttributeValue{":ids": &types.AttributeValueMemberSS{Value: ids},
		":room": &types.AttributeValueMemberN{Value: strconv.Itoa(capOf(lim.MaxActive) - n)}}
	if heavy {
		set += ", #heavy :ids"
		cond += " AND (attribute_not_exists(#heavy) OR size(#heavy) <= :hroom)"
		names["#heavy"] = "heavy"
		vals[":hroom"] = &types.AttributeValueMemberN{Value: strconv.Itoa(capOf(lim.MaxActiveStems) - n)}
	}
	items := []types.TransactWriteItem{{Update: &types.Update{TableName: aws.String(s.Table), Key: key(activePK(owner), activeSK),
		UpdateExpression: aws.String(set), ConditionExpression: aws.String(cond),
		ExpressionAttributeNames: names, ExpressionAttributeValues: vals}}}
	first := js[0]
	var idemAttr *types.AttributeValueMemberS
	if idem != "" {
		idemAttr = &types.AttributeValueMemberS{Value: idemPK(owner, idem)}
		idemAV, err := attributevalue.MarshalMap(idemItem{
			PK: idemPK(owner, idem), SK: idemSK, Type: "idempotency", JobID: string(first.ID), ExpiresAt: epoch(first.ExpiresAt),
		})
		if err != nil {
			return nil, jobs.Internal(err)
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{
			TableName: aws.String(s.Table), Item: idemAV,
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR #exp <= :now"),
			ExpressionAttributeNames:  map[string]string{"#exp": AttrTTL},
			ExpressionAttributeValues: map[string]types.AttributeValue{":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(first.StartedAt.Unix(), 10)}},
		}})
	}
	for i, j := range js {
		jobAV, err := jobAttrs(j)
		if err != nil {
			return nil, err
		}
		if i == 0 && idemAttr != nil {
			jobAV[attrIdemPK] = idemAttr
		}
		items = append(items,
			types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.Table), Item: jobAV, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
			types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.Table), Item: map[string]types.AttributeValue{
				AttrPK: &types.AttributeValueMemberS{Value: outboxPK}, AttrSK: &types.AttributeValueMemberS{Value: outboxSK(j)},
				"type": &types.AttributeValueMemberS{Value: "outbox"}, "job_id": &types.AttributeValueMemberS{Value: string(j.ID)},
				"started_at": &types.AttributeValueMemberS{Value: j.StartedAt.UTC().Format(time.RFC3339Nano)},
				AttrTTL:      &types.AttributeValueMemberN{Value: strconv.FormatInt(epoch(j.ExpiresAt), 10)},
			}}})
	}
	return items, nil
}

func (s *Store) admitCollection(ctx context.Context, js []*jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error) {
	first, n := js[0], len(js)
	heavy := backend.Heavy(first.Options)
	switch {
	case lim.MaxActive > 0 && n > lim.MaxActive:
		return jobs.Admission{}, backend.TooManyJobs(lim, false)
	case heavy && lim.MaxActiveStems > 0 && n > lim.MaxActiveStems:
		return jobs.Admission{}, backend.TooManyJobs(lim, true)
	}
	items, err := s.collectionItems(js, idem, lim, heavy)
	if err != nil {
		return jobs.Admission{}, err
	}
	jobsAt := 1
	if idem != "" {
		jobsAt = 2
	}
	for attempt := 1; ; attempt++ {
		_, err := s.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		if err == nil {
			return jobs.Admission{Job: first, Created: true}, nil
		}
		var tce *types.TransactionCanceledException
		if !errors.As(err, &tce) {
			return jobs.Admission{}, translate(err, nil)
		}
		jobCode := ""
		for i := jobsAt; i < len(items); i += 2 {
			if c := reason(tce, i); c == "ConditionalCheckFailed" {
				jobCode = c
			}
		}
		switch {
		case idem != "" && reason(tce, 1) == "ConditionalCheckFailed":
			prev, err := s.IdempotentJob(ctx, first.Owner, idem, first.StartedAt)
			if err == nil {
				return jobs.Admission{Job: prev, Created: backend.SameSubmission(prev, first)}, nil
			}
			if !jobs.IsCode(err, jobs.ENotFound) || attempt >= idemAttempts {
				return jobs.Admission{}, err
			}
		case jobCode != "":
			return jobs.Admission{}, backend.Conflict(err)
		case reason(tce, 0) == "ConditionalCheckFailed":
			return jobs.Admission{}, backend.TooManyJobs(lim, heavy && s.overHeavy(ctx, first.Owner, lim))
		case attempt >= idemAttempts:
			return jobs.Admission{}, jobs.Busy(err)
		}
		select {
		case <-ctx.Done():
			return jobs.Admission{}, jobs.Internal(ctx.Err())
		case <-time.After(time.Duration(attempt) * 20 * time.Millisecond):
		}
	}
}
