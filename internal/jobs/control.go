package jobs

import (
	"context"
	"time"
)

// Job controls (issue 20, item 6): a job's owner may cancel it while it
// runs and delete it once it has ended. Both are domain operations here;
// the adapters only store the outcome (a cancelled job is a failed job
// whose error is MsgCanceled) and the worker notices it by reading the job.

// Canceled reports whether j was cancelled by its owner.
func (j *Job) Canceled() bool { return j.Status == StatusFailed && j.Error == MsgCanceled }

// jobFinished is the EJobFinished of cancelling a job that has already
// completed or failed for another reason.
func jobFinished(id JobID, s Status) *Error {
	return Errorf(EJobFinished, "Job %s has already %s; only a running job can be cancelled.", id, verbOf(s))
}

// JobStillRunning is the EJobRunning of deleting a job that still runs.
func JobStillRunning(id JobID) *Error {
	return Errorf(EJobRunning, "Job %s is still running; cancel it first (POST /jobs/%[1]s/cancel) or wait until it ends.", id)
}

func verbOf(s Status) string {
	if s == StatusCompleted {
		return "completed"
	}
	return "failed"
}

// Cancel stops a running job of key: the job fails at once with the error
// MsgCanceled (its webhook fires as for any failure), the media an
// attempt may have written is deleted, and the worker rendering it stops
// within its poll interval, uploading nothing. It returns the job and
// whether this call cancelled it: false when it was already cancelled
// (an idempotent repeat). A job that completed or failed otherwise is
// EJobFinished; an unknown, expired or other key's job is ENotFound. It
// counts against the poll rate, whose window it returns.
func (s *Service) Cancel(ctx context.Context, key *APIKey, rawID string) (*Job, bool, RateStatus, error) {
	rate, err := s.allow(ctx, "poll", key.ID, s.Config.PollRate)
	if err != nil {
		return nil, false, rate, err
	}
	j, changed, err := s.cancel(ctx, key, rawID)
	return j, changed, rate, err
}

func (s *Service) cancel(ctx context.Context, key *APIKey, rawID string) (*Job, bool, error) {
	j, err := s.ownJob(ctx, key, rawID)
	if err != nil {
		return nil, false, err
	}
	if j.Status == StatusRunning {
		err = s.Jobs.FailJob(ctx, j.ID, MsgCanceled, s.now())
		if err != nil && !IsCode(err, EConflict) {
			return nil, false, err
		}
		changed := err == nil
		if changed {
			s.fault("cancel:failed")
		}
		if j, err = s.Jobs.Job(ctx, j.ID); err != nil {
			return nil, false, err
		}
		if changed {
			s.log().InfoContext(ctx, "job cancelled", "job_id", j.ID, "key_id", key.ID)
			s.deleteMedia(ctx, j)
			return j, true, nil
		}
	}
	if j.Canceled() {
		return j, false, nil
	}
	return nil, false, jobFinished(j.ID, j.Status)
}

// Delete removes a finished job of key before its retention ends: its
// media, then its record; later lookups are ENotFound. A running job is
// EJobRunning (cancel it first); an unknown, expired or other key's job
// is ENotFound. It counts against the poll rate, whose window it returns.
func (s *Service) Delete(ctx context.Context, key *APIKey, rawID string) (RateStatus, error) {
	rate, err := s.allow(ctx, "poll", key.ID, s.Config.PollRate)
	if err != nil {
		return rate, err
	}
	return rate, s.delete(ctx, key, rawID)
}

func (s *Service) delete(ctx context.Context, key *APIKey, rawID string) error {
	j, err := s.ownJob(ctx, key, rawID)
	if err != nil {
		return err
	}
	if j.Status == StatusRunning {
		return JobStillRunning(j.ID)
	}
	// Every key the job could have (a result's keys are among them), so
	// no file of an earlier attempt outlives the record.
	for _, k := range MediaKeys(&Job{ID: j.ID}) {
		if err := s.Media.DeleteMedia(ctx, k); err != nil {
			return err
		}
	}
	s.fault("delete:media")
	if err := s.Jobs.DeleteJob(ctx, j.ID); err != nil {
		return err
	}
	s.log().InfoContext(ctx, "job deleted", "job_id", j.ID, "key_id", key.ID)
	return nil
}

// ownJob reads a job of key for a control: malformed ids, unknown,
// expired and other keys' jobs are ENotFound. A job past JobTimeout (or
// MaxQueueAge) is timed out first, as reading it would.
func (s *Service) ownJob(ctx context.Context, key *APIKey, rawID string) (*Job, error) {
	id, err := ParseJobID(rawID)
	if err != nil {
		return nil, err
	}
	j, err := s.Jobs.Job(ctx, id)
	if IsCode(err, ENotFound) {
		return nil, JobNotFound(id)
	} else if err != nil {
		return nil, err
	}
	now := s.now()
	if j.Owner != key.ID || j.Expired(now) {
		return nil, JobNotFound(id)
	}
	if msg := s.Config.overdue(j, now); msg != "" {
		return s.timeOut(ctx, j, msg, now)
	}
	return j, nil
}

// deleteMedia removes every file an attempt of the unfinished job j could
// have written; failures are logged (retention removes what is left).
func (s *Service) deleteMedia(ctx context.Context, j *Job) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	for _, k := range MediaKeys(j) {
		if err := s.Media.DeleteMedia(ctx, k); err != nil {
			s.log().WarnContext(ctx, "could not delete the media of a cancelled job", "job_id", j.ID, "key", k, "err", err)
		}
	}
}
