package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
	"github.com/songsmith/songsmith/internal/jobs/measured"
)

const jobSK = "JOB"

func jobPK(id jobs.JobID) string { return "JOB#" + string(id) }

// jobItem is the stored form of a job. Times are RFC 3339 strings with
// nanoseconds; expires_at repeats the expiry as epoch seconds for TTL.
type jobItem struct {
	PK         string     `dynamodbav:"pk"`
	SK         string     `dynamodbav:"sk"`
	Type       string     `dynamodbav:"type"`
	ID         string     `dynamodbav:"job_id"`
	Owner      string     `dynamodbav:"owner"`
	Prompt     string     `dynamodbav:"prompt"`
	Status     string     `dynamodbav:"status"`
	Error      string     `dynamodbav:"error,omitempty"`
	Title      string     `dynamodbav:"title,omitempty"`
	BPM        float64    `dynamodbav:"bpm,omitempty"`
	Duration   float64    `dynamodbav:"duration,omitempty"`
	Tags       []string   `dynamodbav:"tags,omitempty"`
	SongKey    string     `dynamodbav:"song_key,omitempty"`
	ImageKey   string     `dynamodbav:"image_key,omitempty"`
	StartedAt  time.Time  `dynamodbav:"started_at"`
	FinishedAt *time.Time `dynamodbav:"finished_at,omitempty"`
	Expires    time.Time  `dynamodbav:"expires"`
	ExpiresAt  int64      `dynamodbav:"expires_at"`
	// The owner index (OwnerIndex): a key's history, newest first.
	OwnerPK string `dynamodbav:"owner_pk"`
	OwnerSK string `dynamodbav:"owner_sk"`
	// Extensions (jobs.Options and what they produced).
	Options  *jobs.Options `dynamodbav:"options,omitempty"`
	Seed     uint64        `dynamodbav:"seed,omitempty"`
	Format   string        `dynamodbav:"format,omitempty"`
	StemsKey string        `dynamodbav:"stems_key,omitempty"`
	MIDIKey  string        `dynamodbav:"midi_key,omitempty"`
	// TimelineKey: outputs ["timeline"] (issue 20).
	TimelineKey string `dynamodbav:"timeline_key,omitempty"`
	// MusicXMLKey: outputs ["musicxml"] (issue 30 item 3).
	MusicXMLKey string `dynamodbav:"musicxml_key,omitempty"`
	// LayersKey, SegmentsKey: outputs ["layers"], ["segments"] (issue 31 item 3).
	LayersKey   string `dynamodbav:"layers_key,omitempty"`
	SegmentsKey string `dynamodbav:"segments_key,omitempty"`
	// Webhook is the delivery state of the job's webhook (SetWebhookState).
	Webhook *delivery.State `dynamodbav:"webhook,omitempty"`
	// LoopEnd: loop (issue 20 item 2).
	LoopEnd float64 `dynamodbav:"loop_end,omitempty"`
	// Provenance (issue 20 items 5 and 7): the recipe as its JSON text.
	EngineVersion string        `dynamodbav:"engine_version,omitempty"`
	Recipe        string        `dynamodbav:"recipe,omitempty"`
	License       *jobs.License `dynamodbav:"license,omitempty"`
	// Measured: what the analysis heard (issue 30 item 4).
	Measured *measured.Block `dynamodbav:"measured,omitempty"`
	// AttemptedAt: the start of the latest attempt (StartAttempt, which
	// also keeps the attempt's lease in lease_at and lease_until).
	AttemptedAt *time.Time `dynamodbav:"attempted_at,omitempty"`
}

// CreateJob stores a new running job. EConflict if another job has the
// id. Storing the same job again is a no-op: the SDK retries a PutItem
// whose answer was lost, and that retry finds the first attempt's item.
func (s *Store) CreateJob(ctx context.Context, j *jobs.Job) error {
	av, err := jobAttrs(j)
	if err != nil {
		return err
	}
	return s.putNew(ctx, av, func(item map[string]types.AttributeValue) bool {
		old, err := decodeJob(item)
		return err == nil && backend.SameSubmission(old, j)
	})
}

// jobAttrs is the stored form of j as a DynamoDB item.
func jobAttrs(j *jobs.Job) (map[string]types.AttributeValue, error) {
	it := jobItem{
		PK: jobPK(j.ID), SK: jobSK, Type: "job", ID: string(j.ID), Owner: string(j.Owner),
		Prompt: j.Prompt, Status: string(j.Status), Error: j.Error,
		StartedAt: j.StartedAt.UTC(), Expires: j.ExpiresAt.UTC(), ExpiresAt: epoch(j.ExpiresAt),
		Options: j.Options,
		OwnerPK: PrefixOwner + string(j.Owner), OwnerSK: backend.SortKey(backend.CursorOf(j)),
	}
	if !j.FinishedAt.IsZero() {
		fin := j.FinishedAt.UTC()
		it.FinishedAt = &fin
	}
	if !j.AttemptedAt.IsZero() {
		at := j.AttemptedAt.UTC()
		it.AttemptedAt = &at
	}
	if r := j.Result; r != nil {
		it.Title, it.BPM, it.Duration, it.Tags, it.SongKey, it.ImageKey = r.Title, r.BPM, r.Duration, r.Tags, r.SongKey, r.ImageKey
		it.Seed, it.Format, it.StemsKey, it.MIDIKey = r.Seed, r.Format, r.StemsKey, r.MIDIKey
		it.TimelineKey, it.LoopEnd = r.TimelineKey, r.LoopEnd
		it.MusicXMLKey, it.LayersKey, it.SegmentsKey = r.MusicXMLKey, r.LayersKey, r.SegmentsKey
		it.EngineVersion, it.Recipe, it.License = r.EngineVersion, string(r.Recipe), r.License
		it.Measured = r.Measured
	}
	av, err := attributevalue.MarshalMap(it)
	if err != nil {
		return nil, jobs.Internal(err)
	}
	return av, nil
}

// Job returns the stored job, expired or not. ENotFound if absent.
func (s *Store) Job(ctx context.Context, id jobs.JobID) (*jobs.Job, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.Table),
		Key:            key(jobPK(id), jobSK),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, translate(err, nil)
	}
	if len(out.Item) == 0 {
		return nil, jobNotFound(id)
	}
	return decodeJob(out.Item)
}

// decodeJob is the inverse of jobAttrs.
func decodeJob(item map[string]types.AttributeValue) (*jobs.Job, error) {
	var it jobItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return nil, jobs.Internal(err)
	}
	j := &jobs.Job{
		ID: jobs.JobID(it.ID), Owner: jobs.KeyID(it.Owner), Prompt: it.Prompt,
		Status: jobs.Status(it.Status), Error: it.Error,
		StartedAt: it.StartedAt.UTC(), ExpiresAt: it.Expires.UTC(), Options: it.Options, Webhook: it.Webhook,
	}
	if it.FinishedAt != nil {
		j.FinishedAt = it.FinishedAt.UTC()
	}
	if it.AttemptedAt != nil {
		j.AttemptedAt = it.AttemptedAt.UTC()
	}
	if j.Status == jobs.StatusCompleted {
		j.Result = &jobs.Result{Title: it.Title, BPM: it.BPM, Duration: it.Duration, Tags: it.Tags, SongKey: it.SongKey, ImageKey: it.ImageKey,
			Seed: it.Seed, Format: it.Format, StemsKey: it.StemsKey, MIDIKey: it.MIDIKey, TimelineKey: it.TimelineKey, MusicXMLKey: it.MusicXMLKey,
			LayersKey: it.LayersKey, SegmentsKey: it.SegmentsKey,
			LoopEnd: it.LoopEnd, EngineVersion: it.EngineVersion, License: it.License, Measured: it.Measured}
		if it.Recipe != "" {
			j.Result.Recipe = json.RawMessage(it.Recipe)
		}
	}
	return j, nil
}

// CompleteJob moves a running job to completed. ENotFound if absent;
// EConflict if the job is not running.
func (s *Store) CompleteJob(ctx context.Context, id jobs.JobID, r jobs.Result, finishedAt time.Time) error {
	tags, err := attributevalue.Marshal(r.Tags)
	if err != nil {
		return jobs.Internal(err)
	}
	if r.Tags == nil {
		tags = &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	}
	set := "#title = :title, #bpm = :bpm, #dur = :dur, #tags = :tags, #song = :song, #image = :image"
	names := map[string]string{"#title": "title", "#bpm": "bpm", "#dur": "duration", "#tags": "tags", "#song": "song_key", "#image": "image_key"}
	values := map[string]types.AttributeValue{
		":title": &types.AttributeValueMemberS{Value: r.Title},
		":bpm":   number(r.BPM),
		":dur":   number(r.Duration),
		":tags":  tags,
		":song":  &types.AttributeValueMemberS{Value: r.SongKey},
		":image": &types.AttributeValueMemberS{Value: r.ImageKey},
	}
	// Extension outputs, only when set (a spec-only job's item is unchanged).
	if r.Format != "" {
		set += ", #seed = :seed, #fmt = :fmt"
		names["#seed"], names["#fmt"] = "seed", "format"
		values[":seed"] = &types.AttributeValueMemberN{Value: strconv.FormatUint(r.Seed, 10)}
		values[":fmt"] = &types.AttributeValueMemberS{Value: r.Format}
	}
	for _, x := range []struct{ attr, val string }{{"stems_key", r.StemsKey}, {"midi_key", r.MIDIKey}, {"timeline_key", r.TimelineKey}, {"musicxml_key", r.MusicXMLKey},
		{"layers_key", r.LayersKey}, {"segments_key", r.SegmentsKey}} {
		if x.val != "" {
			set += fmt.Sprintf(", #%s = :%s", x.attr, x.attr)
			names["#"+x.attr] = x.attr
			values[":"+x.attr] = &types.AttributeValueMemberS{Value: x.val}
		}
	}
	if r.LoopEnd > 0 {
		set += ", #loop_end = :loop_end"
		names["#loop_end"], values[":loop_end"] = "loop_end", number(r.LoopEnd)
	}
	if set, err = provenance(r, set, names, values); err != nil {
		return err
	}
	return s.finish(ctx, id, jobs.StatusCompleted, finishedAt, set, names, values)
}

// FailJob moves a running job to failed with a user-safe message.
// ENotFound if absent; EConflict if the job is not running.
func (s *Store) FailJob(ctx context.Context, id jobs.JobID, message string, finishedAt time.Time) error {
	return s.finish(ctx, id, jobs.StatusFailed, finishedAt, "#err = :err",
		map[string]string{"#err": "error"},
		map[string]types.AttributeValue{":err": &types.AttributeValueMemberS{Value: message}})
}

// finish is the conditional running -> terminal transition.
func (s *Store) finish(ctx context.Context, id jobs.JobID, to jobs.Status, at time.Time, set string, names map[string]string, values map[string]types.AttributeValue) error {
	names["#s"], names["#fin"] = "status", "finished_at"
	fin, err := attributevalue.Marshal(at.UTC())
	if err != nil {
		return jobs.Internal(err)
	}
	values[":to"] = &types.AttributeValueMemberS{Value: string(to)}
	values[":running"] = &types.AttributeValueMemberS{Value: string(jobs.StatusRunning)}
	values[":fin"] = fin
	out, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                           aws.String(s.Table),
		Key:                                 key(jobPK(id), jobSK),
		UpdateExpression:                    aws.String("SET #s = :to, #fin = :fin, " + set + " REMOVE lease_at, lease_until"),
		ConditionExpression:                 aws.String("attribute_exists(pk) AND #s = :running"),
		ExpressionAttributeNames:            names,
		ExpressionAttributeValues:           values,
		ReturnValues:                        types.ReturnValueAllOld,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	if err != nil {
		return translate(err, jobNotFound(id))
	}
	// The job leaves its key's active set. A failure here only keeps a
	// finished job's id in the set until a refusal prunes it (Admit).
	if o, ok := out.Attributes["owner"].(*types.AttributeValueMemberS); ok {
		_ = s.leaveActive(ctx, jobs.KeyID(o.Value), id)
	}
	return nil
}

func jobNotFound(id jobs.JobID) *jobs.Error {
	return jobs.JobNotFound(id)
}

func number(f float64) types.AttributeValue {
	av, _ := attributevalue.Marshal(f)
	return av
}

// SetWebhookState implements jobs.WebhookRecorder: one conditional update
// of the job item's webhook attribute.
func (s *Store) SetWebhookState(ctx context.Context, id jobs.JobID, st delivery.State) error {
	st.UpdatedAt = st.UpdatedAt.UTC()
	av, err := attributevalue.Marshal(st)
	if err != nil {
		return jobs.Internal(err)
	}
	_, err = s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.Table),
		Key:                       key(jobPK(id), jobSK),
		UpdateExpression:          aws.String("SET #wh = :wh"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#wh": "webhook"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":wh": av},
	})
	return translate(err, jobNotFound(id))
}
