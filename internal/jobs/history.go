package jobs

import (
	"context"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/request"
)

// JobLister lists a key's jobs, newest first. It is part of JobStore.
type JobLister interface {
	// ListJobs returns up to limit jobs of owner that are unexpired at
	// now, newest first (by StartedAt, then by id), starting after cursor
	// ("" for the first page). next is "" when no older job can follow.
	// A page may hold fewer than limit jobs and still have a next
	// cursor. EInvalid for a cursor this store did not make.
	ListJobs(ctx context.Context, owner KeyID, limit int, cursor string, now time.Time) (page []*Job, next string, err error)
}

// Cursor is a position in a key's history: the job it follows.
type Cursor struct {
	StartedAt time.Time
	ID        JobID
}

// Encode returns the cursor as an opaque URL-safe string.
func (c Cursor) Encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(c.StartedAt.UnixNano(), 10) + "." + string(c.ID)))
}

// ParseCursor reads an encoded cursor; anything else is EInvalid.
func ParseCursor(s string) (Cursor, error) {
	bad := Errorf(EInvalid, "'cursor' is not valid. Use the next_cursor of a previous page.")
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Cursor{}, bad
	}
	ns, id, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(ns, 10, 64)
	if !ok || err != nil {
		return Cursor{}, bad
	}
	jid, err := ParseJobID(id)
	if err != nil || string(jid) != id {
		return Cursor{}, bad
	}
	return Cursor{StartedAt: time.Unix(0, n).UTC(), ID: jid}, nil
}

// List returns a page of key's jobs, newest first, with fresh media URLs
// for completed ones, the cursor of the next page ("" on the last) and the
// poll window the request was counted in. limit is 1 to request.MaxPageSize; an
// invalid cursor is EInvalid.
func (s *Service) List(ctx context.Context, key *APIKey, limit int, cursor string) ([]*Job, string, RateStatus, error) {
	rate, err := s.allow(ctx, "poll", key.ID, s.Config.PollRate)
	if err != nil {
		return nil, "", rate, err
	}
	page, next, err := s.list(ctx, key, limit, cursor)
	return page, next, rate, err
}

func (s *Service) list(ctx context.Context, key *APIKey, limit int, cursor string) ([]*Job, string, error) {
	if limit < 1 || limit > request.MaxPageSize {
		return nil, "", Errorf(EInvalid, "'limit' must be an integer from 1 to %d.", request.MaxPageSize)
	}
	if cursor != "" {
		if _, err := ParseCursor(cursor); err != nil {
			return nil, "", err
		}
	}
	now := s.now()
	page, next, err := s.Jobs.ListJobs(ctx, key.ID, limit, cursor, now)
	if err != nil {
		return nil, "", err
	}
	for i, j := range page {
		if msg := s.Config.overdue(j, now); msg != "" {
			if page[i], err = s.timeOut(ctx, j, msg, now); err != nil {
				return nil, "", err
			}
			j = page[i]
		}
		if j.Status == StatusCompleted && j.Result != nil {
			if err := s.sign(ctx, j, now); err != nil {
				return nil, "", err
			}
		}
	}
	return page, next, nil
}

// FreshURLs fills a completed job's media URLs (as reading it does), for
// answers made outside a request: the body of a webhook.
func (s *Service) FreshURLs(ctx context.Context, j *Job) error {
	if j.Status != StatusCompleted || j.Result == nil {
		return nil
	}
	return s.sign(ctx, j, s.now())
}
