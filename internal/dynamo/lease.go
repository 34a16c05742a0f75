package dynamo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
)

// leasePK is the partition of one lease set (webhook.Leases): one item
// per name, its leases a map of token → expiry (unix ns) and a version v
// that every write bumps.
func leasePK(name string) string { return PrefixLease + name }

// leaseTries bounds the optimistic writes of one AcquireLease: each lost
// race (another instance wrote the item between read and write) tries
// again from a fresh read.
const leaseTries = 5

// AcquireLease takes one of limit leases of name until now+ttl: a
// consistent read, then a write conditional on the version read, so that
// concurrent callers (many Lambda instances) never hold more than limit.
// Expired leases (a process that died holding one) are dropped by the
// write. A caller that keeps losing the race is told the set is full.
func (s *Store) AcquireLease(ctx context.Context, name string, limit int, ttl time.Duration, now time.Time) (string, bool, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", false, jobs.Internal(err)
	}
	token := hex.EncodeToString(b[:])
	k := key(leasePK(name), "LEASE")
	for range leaseTries {
		out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: k, ConsistentRead: aws.Bool(true)})
		if err != nil {
			return "", false, translate(err, nil)
		}
		version, held := leasesOf(out.Item)
		live := map[string]types.AttributeValue{}
		last := now.Add(ttl)
		for t, until := range held {
			if until.After(now) {
				live[t] = &types.AttributeValueMemberN{Value: strconv.FormatInt(until.UnixNano(), 10)}
				last = maxTime(last, until)
			}
		}
		if len(live) >= limit {
			return "", false, nil
		}
		live[token] = &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(ttl).UnixNano(), 10)}
		cond, vals := "attribute_not_exists(pk)", map[string]types.AttributeValue{
			":l":   &types.AttributeValueMemberM{Value: live},
			":v":   &types.AttributeValueMemberN{Value: strconv.FormatInt(version+1, 10)},
			":exp": &types.AttributeValueMemberN{Value: strconv.FormatInt(epoch(last.Add(time.Hour)), 10)},
		}
		if out.Item != nil {
			cond = "v = :old"
			vals[":old"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(version, 10)}
		}
		_, err = s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName:                 aws.String(s.Table),
			Key:                       k,
			UpdateExpression:          aws.String("SET leases = :l, v = :v, expires_at = :exp"),
			ConditionExpression:       aws.String(cond),
			ExpressionAttributeValues: vals,
		})
		var ccf *types.ConditionalCheckFailedException
		switch {
		case err == nil:
			return token, true, nil
		case !errors.As(err, &ccf):
			return "", false, translate(err, nil)
		}
	}
	return "", false, nil
}

// ReleaseLease removes lease token of name (and bumps the version, so a
// concurrent AcquireLease that read the old map writes again).
func (s *Store) ReleaseLease(ctx context.Context, name, token string) error {
	_, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.Table),
		Key:                       key(leasePK(name), "LEASE"),
		UpdateExpression:          aws.String("REMOVE leases.#t SET v = v + :one"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#t": token},
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil // no lease item: nothing is held
	}
	return translate(err, nil)
}

// leasesOf reads a lease item: its version and each lease's expiry.
func leasesOf(item map[string]types.AttributeValue) (version int64, held map[string]time.Time) {
	held = map[string]time.Time{}
	if v, ok := item["v"].(*types.AttributeValueMemberN); ok {
		version, _ = strconv.ParseInt(v.Value, 10, 64)
	}
	m, _ := item["leases"].(*types.AttributeValueMemberM)
	if m == nil {
		return version, held
	}
	for t, av := range m.Value {
		if n, ok := av.(*types.AttributeValueMemberN); ok {
			if ns, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
				held[t] = time.Unix(0, ns)
			}
		}
	}
	return version, held
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
