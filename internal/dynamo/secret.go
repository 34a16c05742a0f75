package dynamo

import (
	"context"
	"crypto/rand"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
)

// secretPK holds random secrets kept in the table (one item per name).
const secretPK = "SECRET"

// Secret returns a random secret of size bytes kept in the table under
// name, creating it on first use (a conditional put: concurrent first
// uses agree on one). It is the fallback home of the webhook master
// secret when no Secrets Manager secret is configured; the template
// configures one, readable only by the worker.
func (s *Store) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	for range 2 {
		out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: aws.String(s.Table), Key: key(secretPK, name), ConsistentRead: aws.Bool(true),
		})
		if err != nil {
			return nil, translate(err, nil)
		}
		if v, ok := out.Item["value"].(*types.AttributeValueMemberB); ok && len(v.Value) > 0 {
			return v.Value, nil
		}
		b := make([]byte, size)
		if _, err := rand.Read(b); err != nil {
			return nil, jobs.Internal(err)
		}
		item := key(secretPK, name)
		item["type"] = &types.AttributeValueMemberS{Value: "secret"}
		item["value"] = &types.AttributeValueMemberB{Value: b}
		err = s.putNew(ctx, item, func(map[string]types.AttributeValue) bool { return false })
		if err == nil {
			return b, nil
		}
		if !jobs.IsCode(err, jobs.EConflict) {
			return nil, err
		}
		// Another process created it first: read theirs.
	}
	return nil, jobs.Internal(errors.New("dynamo: secret " + name + " changed while it was created"))
}
