// Package emf records worker metrics as CloudWatch Embedded Metric Format
// log lines: JSON objects that Lambda's log stream carries to CloudWatch
// Logs, which turns them into metrics without an API call or an agent.
package emf

import (
	"context"
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/songsmith/songsmith/internal/worker"
)

// Metric names, all with the single dimension Outcome (completed, failed,
// skipped or retry).
const (
	MetricDeliveries     = "Deliveries"     // one per delivery handled (Count)
	MetricProcessingTime = "ProcessingTime" // time spent on it (Milliseconds)
	MetricAudioSeconds   = "AudioSeconds"   // length of the song made, completed only (Seconds)
)

// Recorder writes one EMF record per worker observation to Out.
type Recorder struct {
	Out       io.Writer        // os.Stdout on Lambda
	Namespace string           // CloudWatch namespace of the metrics
	Now       func() time.Time // time.Now when nil

	mu sync.Mutex
}

type metricDef struct {
	Name string `json:"Name"`
	Unit string `json:"Unit"`
}

type directive struct {
	Namespace  string      `json:"Namespace"`
	Dimensions [][]string  `json:"Dimensions"`
	Metrics    []metricDef `json:"Metrics"`
}

type metadata struct {
	Timestamp         int64       `json:"Timestamp"`
	CloudWatchMetrics []directive `json:"CloudWatchMetrics"`
}

// record is one EMF log line. Metric values are top-level members named
// like the metrics; job_id and attempt are searchable properties.
type record struct {
	AWS            metadata `json:"_aws"`
	Outcome        string   `json:"Outcome"`
	Deliveries     int      `json:"Deliveries"`
	ProcessingTime float64  `json:"ProcessingTime"`
	AudioSeconds   *float64 `json:"AudioSeconds,omitempty"`
	JobID          string   `json:"job_id"`
	Attempt        int      `json:"attempt"`
}

// Record writes o as one line; a write error is dropped (metrics never
// fail a job). Its signature fits worker.Worker.Metrics.
func (r *Recorder) Record(_ context.Context, o worker.Observation) {
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	d := directive{Namespace: r.Namespace, Dimensions: [][]string{{"Outcome"}},
		Metrics: []metricDef{{MetricDeliveries, "Count"}, {MetricProcessingTime, "Milliseconds"}}}
	rec := record{Outcome: string(o.Outcome), Deliveries: 1,
		ProcessingTime: float64(o.Elapsed.Microseconds()) / 1000, JobID: string(o.JobID), Attempt: o.Attempt}
	if o.Outcome == worker.Completed {
		d.Metrics = append(d.Metrics, metricDef{MetricAudioSeconds, "Seconds"})
		rec.AudioSeconds = &o.AudioSeconds
	}
	rec.AWS = metadata{Timestamp: now().UnixMilli(), CloudWatchMetrics: []directive{d}}
	line, err := json.Marshal(rec)
	if err != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	_, _ = r.Out.Write(append(line, '\n'))
}
