package dynamo

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Allow counts one request of bucket in the fixed window containing now
// with one atomic ADD, so concurrent callers (many Lambda instances) count
// exactly. Window items expire through TTL one window after they end.
func (s *Store) Allow(ctx context.Context, bucket string, limit int, window time.Duration, now time.Time) (jobs.Decision, error) {
	if window <= 0 {
		return jobs.Decision{}, jobs.Internal(errWindow)
	}
	ns := now.UnixNano()
	start := ns - ns%int64(window)
	end := time.Unix(0, start).Add(window)
	out, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.Table),
		Key:                      key(ratePK(bucket), "W#"+strconv.FormatInt(start, 10)),
		UpdateExpression:         aws.String("ADD #n :one SET expires_at = :exp"),
		ExpressionAttributeNames: map[string]string{"#n": "n"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
			":exp": &types.AttributeValueMemberN{Value: strconv.FormatInt(epoch(end.Add(window)), 10)},
		},
		ReturnValues: types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return jobs.Decision{}, translate(err, nil)
	}
	nv, ok := out.Attributes["n"].(*types.AttributeValueMemberN)
	if !ok {
		return jobs.Decision{}, jobs.Internal(errCounter)
	}
	n, err := strconv.Atoi(nv.Value)
	if err != nil {
		return jobs.Decision{}, jobs.Internal(err)
	}
	if n > limit {
		return jobs.Decision{Allowed: false, Reset: end.Sub(now), RetryAfter: end.Sub(now)}, nil
	}
	return jobs.Decision{Allowed: true, Remaining: limit - n, Reset: end.Sub(now)}, nil
}

type limiterError string

func (e limiterError) Error() string { return string(e) }

const (
	errWindow  = limiterError("dynamo: rate window must be positive")
	errCounter = limiterError("dynamo: rate counter missing from UpdateItem result")
)

// ratePK is the partition key of a rate bucket's windows.
func ratePK(bucket string) string { return PrefixRate + bucket }
