package dynamo

import (
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
)

// provenance adds a completed result's engine version, recipe (its JSON
// text) and licence to the update expression of CompleteJob, each only
// when set (issue 20 items 5 and 7).
func provenance(r jobs.Result, set string, names map[string]string, values map[string]types.AttributeValue) (string, error) {
	for _, x := range []struct{ attr, val string }{{"engine_version", r.EngineVersion}, {"recipe", string(r.Recipe)}} {
		if x.val != "" {
			set += ", #" + x.attr + " = :" + x.attr
			names["#"+x.attr] = x.attr
			values[":"+x.attr] = &types.AttributeValueMemberS{Value: x.val}
		}
	}
	if r.License != nil {
		av, err := attributevalue.Marshal(r.License)
		if err != nil {
			return "", jobs.Internal(err)
		}
		set += ", #license = :license"
		names["#license"], values[":license"] = "license", av
	}
	if r.Measured != nil {
		av, err := attributevalue.Marshal(r.Measured)
		if err != nil {
			return "", jobs.Internal(err)
		}
		set += ", #measured = :measured"
		names["#measured"], values[":measured"] = "measured", av
	}
	return set, nil
}
