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

// Admission (issue 27). A new job is written in one transaction with its
// idempotency record (if any), its place in its key's active set and an
// outbox record:
//
//	active set  pk ACTIVE#<key id>  sk ACTIVE  (jobs, heavy: string sets of job ids)
//	outbox      pk OUTBOX           sk <accepted at, sortable>#<job id>
//
// The active set is the cap (a condition on its size); a job leaves it
// when it finishes (a second write after the job's own; a crash between
// them leaves an id of a finished job, which the next refusal finds and
// removes). The outbox record stays until the SQS message is sent
// (Dispatched); the reconciler (jobs.Service.Redeliver) sends the jobs
// whose record is older than a minute. One outbox partition takes about
// 1,000 writes a second; a service beyond that shards it.

const (
	activeSK  = "ACTIVE"
	outboxPK  = PartitionOutbox
	outboxFmt = "20060102T150405.000000000Z"
)

func activePK(owner jobs.KeyID) string { return PrefixActive + string(owner) }

func outboxSK(j *jobs.Job) string { return j.StartedAt.UTC().Format(outboxFmt) + "#" + string(j.ID) }

var (
	_ jobs.Admitter        = (*Store)(nil)
	_ jobs.Outbox          = (*Store)(nil)
	_ jobs.AttemptRecorder = (*Store)(nil)
)

// Admit implements jobs.Admitter (Queued is false: the service sends the
// SQS message, then calls Dispatched).
func (s *Store) Admit(ctx context.Context, j *jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error) {
	a, err := s.admit(ctx, j, idem, lim)
	if !jobs.IsCode(err, jobs.ETooManyJobs) {
		return a, err
	}
	// At the cap: drop ids of jobs that have ended (a crash between a
	// job's end and its removal, or TTL) and try once more.
	if n, perr := s.pruneActive(ctx, j.Owner); perr != nil || n == 0 {
		return a, err
	}
	return s.admit(ctx, j, idem, lim)
}

func (s *Store) admit(ctx context.Context, j *jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error) {
	jobAV, err := jobAttrs(j)
	if err != nil {
		return jobs.Admission{}, err
	}
	heavy := backend.Heavy(j.Options)
	id := &types.AttributeValueMemberSS{Value: []string{string(j.ID)}}
	set, cond := "ADD #jobs :id", "(attribute_not_exists(#jobs) OR size(#jobs) < :cap)"
	names := map[string]string{"#jobs": "jobs"}
	vals := map[string]types.AttributeValue{":id": id, ":cap": &types.AttributeValueMemberN{Value: strconv.Itoa(capOf(lim.MaxActive))}}
	if heavy {
		set += ", #heavy :id"
		cond += " AND (attribute_not_exists(#heavy) OR size(#heavy) < :hcap)"
		names["#heavy"] = "heavy"
		vals[":hcap"] = &types.AttributeValueMemberN{Value: strconv.Itoa(capOf(lim.MaxActiveStems))}
	}
	items := []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(s.Table), Item: jobAV, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Update: &types.Update{TableName: aws.String(s.Table), Key: key(activePK(j.Owner), activeSK),
			UpdateExpression: aws.String(set), ConditionExpression: aws.String(cond),
			ExpressionAttributeNames: names, ExpressionAttributeValues: vals}},
		{Put: &types.Put{TableName: aws.String(s.Table), Item: map[string]types.AttributeValue{
			AttrPK: &types.AttributeValueMemberS{Value: outboxPK}, AttrSK: &types.AttributeValueMemberS{Value: outboxSK(j)},
			"type": &types.AttributeValueMemberS{Value: "outbox"}, "job_id": &types.AttributeValueMemberS{Value: string(j.ID)},
			"started_at": &types.AttributeValueMemberS{Value: j.StartedAt.UTC().Format(time.RFC3339Nano)},
			AttrTTL:      &types.AttributeValueMemberN{Value: strconv.FormatInt(epoch(j.ExpiresAt), 10)},
		}}},
	}
	if idem != "" {
		jobAV[attrIdemPK] = &types.AttributeValueMemberS{Value: idemPK(j.Owner, idem)}
		idemAV, err := attributevalue.MarshalMap(idemItem{
			PK: idemPK(j.Owner, idem), SK: idemSK, Type: "idempotency", JobID: string(j.ID), ExpiresAt: epoch(j.ExpiresAt),
		})
		if err != nil {
			return jobs.Admission{}, jobs.Internal(err)
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{
			TableName: aws.String(s.Table), Item: idemAV,
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR #exp <= :now"),
			ExpressionAttributeNames:  map[string]string{"#exp": AttrTTL},
			ExpressionAttributeValues: map[string]types.AttributeValue{":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(j.StartedAt.Unix(), 10)}},
		}})
	}
	for attempt := 1; ; attempt++ {
		_, err := s.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		if err == nil {
			return jobs.Admission{Job: j, Created: true}, nil
		}
		var tce *types.TransactionCanceledException
		if !errors.As(err, &tce) {
			return jobs.Admission{}, translate(err, nil)
		}
		jobCode, activeCode, idemCode := reason(tce, 0), reason(tce, 1), reason(tce, 3)
		switch {
		case idemCode == "ConditionalCheckFailed":
			prev, err := s.IdempotentJob(ctx, j.Owner, idem, j.StartedAt)
			if err == nil {
				// prev is j itself when this call's own earlier attempt
				// committed and its answer was lost.
				return jobs.Admission{Job: prev, Created: backend.SameSubmission(prev, j)}, nil
			}
			if !jobs.IsCode(err, jobs.ENotFound) || attempt >= idemAttempts {
				return jobs.Admission{}, err
			}
		case jobCode == "ConditionalCheckFailed":
			if idem == "" {
				if old, err := s.Job(ctx, j.ID); err == nil && backend.SameSubmission(old, j) {
					return jobs.Admission{Job: j, Created: true}, nil // a retried call that committed
				}
			}
			return jobs.Admission{}, backend.Conflict(err)
		case activeCode == "ConditionalCheckFailed":
			return jobs.Admission{}, backend.TooManyJobs(lim, heavy && s.overHeavy(ctx, j.Owner, lim))
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

// capOf is a cap as the condition's number (0: no cap).
func capOf(n int) int {
	if n <= 0 {
		return 1 << 30
	}
	return n
}

// activeSets reads owner's active set: all jobs, and the heavy ones.
func (s *Store) activeSets(ctx context.Context, owner jobs.KeyID) (all, heavy []string, err error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: key(activePK(owner), activeSK), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return nil, nil, translate(err, nil)
	}
	if v, ok := out.Item["jobs"].(*types.AttributeValueMemberSS); ok {
		all = v.Value
	}
	if v, ok := out.Item["heavy"].(*types.AttributeValueMemberSS); ok {
		heavy = v.Value
	}
	return all, heavy, nil
}

// overHeavy reports whether owner's heavy jobs fill the stems cap.
func (s *Store) overHeavy(ctx context.Context, owner jobs.KeyID, lim jobs.Limits) bool {
	all, heavy, err := s.activeSets(ctx, owner)
	return err == nil && lim.MaxActiveStems > 0 && len(heavy) >= lim.MaxActiveStems && (lim.MaxActive <= 0 || len(all) < lim.MaxActive)
}

// pruneActive removes from owner's active set the ids of jobs that are no
// longer running (or gone), and returns how many it removed.
func (s *Store) pruneActive(ctx context.Context, owner jobs.KeyID) (int, error) {
	all, _, err := s.activeSets(ctx, owner)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range all {
		j, err := s.Job(ctx, jobs.JobID(id))
		switch {
		case jobs.IsCode(err, jobs.ENotFound):
		case err != nil:
			return n, err
		case j.Status == jobs.StatusRunning:
			continue
		}
		if err := s.leaveActive(ctx, owner, jobs.JobID(id)); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// leaveActive removes job id from owner's active set.
func (s *Store) leaveActive(ctx context.Context, owner jobs.KeyID, id jobs.JobID) error {
	_, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: key(activePK(owner), activeSK),
		UpdateExpression:          aws.String("DELETE #jobs :id, #heavy :id"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#jobs": "jobs", "#heavy": "heavy"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":id": &types.AttributeValueMemberSS{Value: []string{string(id)}}},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil
	}
	return translate(err, nil)
}

// ActiveJobs returns how many jobs of owner are in its active set, and how
// many of them are heavy.
func (s *Store) ActiveJobs(ctx context.Context, owner jobs.KeyID) (n, heavy int, err error) {
	all, h, err := s.activeSets(ctx, owner)
	return len(all), len(h), err
}

// Dispatched implements jobs.Admitter: the outbox record goes.
func (s *Store) Dispatched(ctx context.Context, j *jobs.Job) error {
	_, err := s.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: key(outboxPK, outboxSK(j))})
	return translate(err, nil)
}

// Undelivered implements jobs.Outbox: one Query of the outbox partition,
// oldest first.
func (s *Store) Undelivered(ctx context.Context, before time.Time, n int) ([]*jobs.Job, error) {
	out, err := s.Client.Query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		KeyConditionExpression:    aws.String("pk = :pk AND sk < :before"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: outboxPK}, ":before": &types.AttributeValueMemberS{Value: before.UTC().Format(outboxFmt) + "#"}},
		Limit:                     aws.Int32(int32(max(n, 1))),
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return nil, translate(err, nil)
	}
	var js []*jobs.Job
	for _, it := range out.Items {
		id, _ := it["job_id"].(*types.AttributeValueMemberS)
		at, _ := it["started_at"].(*types.AttributeValueMemberS)
		if id == nil || at == nil {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, at.Value)
		if err != nil {
			continue
		}
		js = append(js, &jobs.Job{ID: jobs.JobID(id.Value), StartedAt: t})
	}
	return js, nil
}

// StartAttempt implements jobs.AttemptRecorder: one conditional update of
// the job item (running, and no unexpired lease).
func (s *Store) StartAttempt(ctx context.Context, id jobs.JobID, at, until time.Time) (bool, error) {
	_, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.Table),
		Key:                      key(jobPK(id), jobSK),
		UpdateExpression:         aws.String("SET attempted_at = :at, lease_at = :atn, lease_until = :until"),
		ConditionExpression:      aws.String("attribute_exists(pk) AND #s = :running AND (attribute_not_exists(lease_until) OR lease_until <= :atn)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":at":      &types.AttributeValueMemberS{Value: at.UTC().Format(time.RFC3339Nano)},
			":atn":     &types.AttributeValueMemberN{Value: strconv.FormatInt(at.UnixNano(), 10)},
			":until":   &types.AttributeValueMemberN{Value: strconv.FormatInt(until.UnixNano(), 10)},
			":running": &types.AttributeValueMemberS{Value: string(jobs.StatusRunning)},
		},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		return err == nil, translate(err, nil)
	}
	if len(ccf.Item) == 0 {
		return false, jobs.JobNotFound(id)
	}
	if st, ok := ccf.Item["status"].(*types.AttributeValueMemberS); ok && st.Value != string(jobs.StatusRunning) {
		return false, backend.AlreadyFinished(id, jobs.Status(st.Value))
	}
	return false, nil // another delivery holds the lease
}

// EndAttempt implements jobs.AttemptRecorder.
func (s *Store) EndAttempt(ctx context.Context, id jobs.JobID, at time.Time) error {
	_, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.Table),
		Key:                       key(jobPK(id), jobSK),
		UpdateExpression:          aws.String("REMOVE lease_at, lease_until"),
		ConditionExpression:       aws.String("lease_at = :atn"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":atn": &types.AttributeValueMemberN{Value: strconv.FormatInt(at.UnixNano(), 10)}},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil // not this attempt's lease
	}
	return translate(err, nil)
}
