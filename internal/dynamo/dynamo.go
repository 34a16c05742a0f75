// Package dynamo implements the JobStore, KeyStore and Limiter ports on one
// DynamoDB table (single-table design).
//
// Items, keyed by the string attributes pk (partition) and sk (sort):
//
//	job          pk JOB#<job id>            sk JOB
//	API key      pk KEYS                    sk KEY#<key id>
//	rate window  pk RATE#<bucket>           sk W#<window start, unix ns>
//	idempotency  pk IDEM#<key id>#<idem>    sk IDEM   (job_id of the job it created)
//	lease set    pk LEASE#<name>            sk LEASE  (leases: token → expiry; v: version)
//
// A job with an Idempotency-Key is written in one transaction with its
// idempotency record, conditional on the record being absent or expired.
// Jobs, idempotency records and rate windows carry expires_at (epoch seconds), the table's TTL
// attribute. DynamoDB deletes expired items lazily, so readers still check
// expiry themselves (jobs.Job.Expired). State transitions are conditional
// writes (#s = :running); a lost condition is jobs.EConflict, a missing item
// jobs.ENotFound, told apart with ReturnValuesOnConditionCheckFailure.
package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// Attribute names of the table's key and TTL.
const (
	AttrPK  = "pk"
	AttrSK  = "sk"
	AttrTTL = "expires_at"
)

// Store is the DynamoDB adapter of JobStore, KeyStore and Limiter.
type Store struct {
	Client *dynamodb.Client
	Table  string
	// HistoryPages bounds the Query calls of one ListJobs
	// (DefaultHistoryPages when 0).
	HistoryPages int
}

// DefaultHistoryPages is the Query budget of one GET /jobs page: expired
// jobs that TTL has not deleted yet are filtered out after they are read,
// so a page of them could otherwise take any number of reads. When the
// budget runs out, the page is returned short with a next_cursor.
const DefaultHistoryPages = 4

var (
	_ jobs.JobStore        = (*Store)(nil)
	_ jobs.KeyStore        = (*Store)(nil)
	_ jobs.Limiter         = (*Store)(nil)
	_ jobs.WebhookRecorder = (*Store)(nil)
)

// New returns a Store on table.
func New(client *dynamodb.Client, table string) *Store {
	return &Store{Client: client, Table: table}
}

// CreateTable creates a table with the layout Store expects (pay per
// request, TTL on expires_at) and waits until it is active; on an existing
// table it only enables TTL if needed. Production tables come from
// template.yaml; this serves tests, local setups and `songsmith aws init`.
func CreateTable(ctx context.Context, client *dynamodb.Client, name string) error {
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: attributeDefinitions(),
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(AttrPK), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(AttrSK), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{ownerIndex()},
		BillingMode:            types.BillingModePayPerRequest,
	})
	var inUse *types.ResourceInUseException
	if err != nil && !errors.As(err, &inUse) {
		return fmt.Errorf("create table %s: %w", name, err)
	}
	w := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay, o.MaxDelay = 100*time.Millisecond, time.Second
	})
	if err := w.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		return fmt.Errorf("wait for table %s: %w", name, err)
	}
	if err := ensureOwnerIndex(ctx, client, name); err != nil {
		return err
	}
	// DynamoDB rejects enabling TTL again, so a second run checks first.
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		return fmt.Errorf("describe TTL of %s: %w", name, err)
	}
	if d := ttl.TimeToLiveDescription; d != nil && aws.ToString(d.AttributeName) == AttrTTL &&
		(d.TimeToLiveStatus == types.TimeToLiveStatusEnabled || d.TimeToLiveStatus == types.TimeToLiveStatusEnabling) {
		return nil
	}
	_, err = client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName:               aws.String(name),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String(AttrTTL), Enabled: aws.Bool(true)},
	})
	if err != nil {
		return fmt.Errorf("enable TTL on %s: %w", name, err)
	}
	return nil
}

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		AttrPK: &types.AttributeValueMemberS{Value: pk},
		AttrSK: &types.AttributeValueMemberS{Value: sk},
	}
}

// putNew stores item if its key is free; EConflict if another item holds
// it. When the stored item is the same one (same reports it: the SDK
// retried this write after its answer was lost, and the first attempt
// committed), the write succeeds.
func (s *Store) putNew(ctx context.Context, item map[string]types.AttributeValue, same func(old map[string]types.AttributeValue) bool) error {
	_, err := s.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                           aws.String(s.Table),
		Item:                                item,
		ConditionExpression:                 aws.String("attribute_not_exists(pk)"),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) && len(ccf.Item) > 0 && same(ccf.Item) {
		return nil
	}
	return translate(err, nil)
}

// translate maps a DynamoDB error to a domain error. A failed condition is
// conflict, or notFound when the service reports no old item.
func translate(err error, notFound *jobs.Error) error {
	if err == nil {
		return nil
	}
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if len(ccf.Item) == 0 && notFound != nil {
			return notFound
		}
		return backend.Conflict(err)
	}
	var (
		thr *types.ProvisionedThroughputExceededException
		lim *types.RequestLimitExceeded
		tcf *types.TransactionConflictException
	)
	if errors.As(err, &thr) || errors.As(err, &lim) || errors.As(err, &tcf) {
		return jobs.Busy(err)
	}
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "ThrottlingException" {
		return jobs.Busy(err)
	}
	return jobs.Internal(err)
}

// epoch returns t as DynamoDB TTL epoch seconds, rounded up so an item is
// never deleted before it expires.
func epoch(t time.Time) int64 {
	s := t.Unix()
	if t.Nanosecond() > 0 {
		s++
	}
	return s
}
