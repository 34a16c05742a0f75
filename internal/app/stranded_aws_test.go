package app_test

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/app"
)

// TestNoStrandedJobsAWS: 60 crashes at random points of submit, edit,
// cancel and delete on the AWS backend (DynamoDB, SQS and S3 on moto): a
// crash between the job's write (with its outbox record) and its SQS
// message, or between the message and the record's removal, then the
// reconciler (app.Redeliver's pass, run here with no minimum age) and the
// worker: 0 stranded jobs, and the duplicates the reconciler sends for
// jobs already queued change nothing.
func TestNoStrandedJobsAWS(t *testing.T) {
	st := newAWSStack(t, 3)
	cfg := st.Config
	cfg.Service.SubmitRate.N, cfg.Service.PollRate.N, cfg.Service.Limits.MaxActive = 0, 0, 0
	runStranded(t, crashRig{
		cfg: cfg,
		open: func(t *testing.T) *app.Backend {
			b, err := app.OpenAWS(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			return b
		},
		submitPoints: []string{"submit:stored", "submit:queued"},
		redeliver:    true,
	}, 60)
}
