package dynamo

import (
	"context"
	"sort"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// keysPK is the one partition of all API keys: listing them is a Query, and
// there are few keys. Lookups by id are single-item reads.
const keysPK = "KEYS"

func keySK(id jobs.KeyID) string { return "KEY#" + string(id) }

// keyItem is the stored form of an API key: the secret's hash, never the
// secret. Optional times are absent when zero.
type keyItem struct {
	PK        string     `dynamodbav:"pk"`
	SK        string     `dynamodbav:"sk"`
	Type      string     `dynamodbav:"type"`
	ID        string     `dynamodbav:"key_id"`
	Name      string     `dynamodbav:"name"`
	Hash      []byte     `dynamodbav:"hash"`
	CreatedAt time.Time  `dynamodbav:"created_at"`
	ExpiresAt *time.Time `dynamodbav:"key_expires_at,omitempty"`
	RevokedAt *time.Time `dynamodbav:"revoked_at,omitempty"`
	// WebhookDerived: the signing secret derives from the master secret
	// (nothing secret stored). WebhookSecret is the stored secret of a key
	// made before that (absent for newer and for older keys).
	WebhookDerived bool   `dynamodbav:"webhook_derived,omitempty"`
	WebhookSecret  string `dynamodbav:"webhook_secret,omitempty"`
}

func optTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func fromOpt(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// CreateKey stores a key. EConflict if another key has the id; storing the
// same key again (a retried PutItem) is a no-op.
func (s *Store) CreateKey(ctx context.Context, k *jobs.APIKey) error {
	av, err := attributevalue.MarshalMap(keyItem{
		PK: keysPK, SK: keySK(k.ID), Type: "key", ID: string(k.ID), Name: k.Name, Hash: k.Hash,
		CreatedAt: k.CreatedAt.UTC(), ExpiresAt: optTime(k.ExpiresAt), RevokedAt: optTime(k.RevokedAt),
		WebhookSecret: k.WebhookSecret, WebhookDerived: k.WebhookDerived,
	})
	if err != nil {
		return jobs.Internal(err)
	}
	return s.putNew(ctx, av, func(item map[string]types.AttributeValue) bool {
		old, err := decodeKey(item)
		return err == nil && backend.SameKey(old, k)
	})
}

// Key returns a key by id. ENotFound if absent.
func (s *Store) Key(ctx context.Context, id jobs.KeyID) (*jobs.APIKey, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.Table),
		Key:            key(keysPK, keySK(id)),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, translate(err, nil)
	}
	if len(out.Item) == 0 {
		return nil, keyNotFound(id)
	}
	return decodeKey(out.Item)
}

// Keys lists all keys, oldest first.
func (s *Store) Keys(ctx context.Context) ([]*jobs.APIKey, error) {
	var out []*jobs.APIKey
	p := dynamodb.NewQueryPaginator(s.Client, &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		KeyConditionExpression:    aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: keysPK}},
		ConsistentRead:            aws.Bool(true),
	})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, translate(err, nil)
		}
		for _, item := range page.Items {
			k, err := decodeKey(item)
			if err != nil {
				return nil, err
			}
			out = append(out, k)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// RevokeKey sets when a key stops working. ENotFound if absent.
func (s *Store) RevokeKey(ctx context.Context, id jobs.KeyID, at time.Time) error {
	av, err := attributevalue.Marshal(at.UTC())
	if err != nil {
		return jobs.Internal(err)
	}
	_, err = s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.Table),
		Key:                       key(keysPK, keySK(id)),
		UpdateExpression:          aws.String("SET revoked_at = :at"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":at": av},
	})
	return translate(err, keyNotFound(id))
}

func decodeKey(item map[string]types.AttributeValue) (*jobs.APIKey, error) {
	var it keyItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return nil, jobs.Internal(err)
	}
	return &jobs.APIKey{
		ID: jobs.KeyID(it.ID), Name: it.Name, Hash: it.Hash, CreatedAt: it.CreatedAt.UTC(),
		ExpiresAt: fromOpt(it.ExpiresAt), RevokedAt: fromOpt(it.RevokedAt), WebhookSecret: it.WebhookSecret,
		WebhookDerived: it.WebhookDerived,
	}, nil
}

func keyNotFound(id jobs.KeyID) *jobs.Error {
	return backend.KeyNotFound(id)
}
