package jobstest

import (
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Config returns the service limits with the documented defaults (those of
// app.Vars, which a test in internal/app compares with this).
func Config() jobs.Config {
	return jobs.Config{
		Retention:      7 * 24 * time.Hour,
		SubmitRate:     jobs.Rate{N: 10, Per: time.Minute},
		PollRate:       jobs.Rate{N: 120, Per: time.Minute},
		MaxPromptRunes: jobs.DefaultMaxPromptRunes,
		URLTTL:         time.Hour,
		JobTimeout:     15 * time.Minute,
		MaxQueueAge:    30 * time.Minute,
		Limits:         jobs.Limits{MaxActive: 10, MaxActiveStems: 3},
	}
}
