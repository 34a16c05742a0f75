// Command worker is the Lambda fed by two SQS event sources: the jobs
// queue, whose records it generates (audio and cover art into S3, then the
// job completes in DynamoDB), and the dead-letter queue, whose records fail
// their jobs, so every accepted job reaches a terminal state. Records to
// retry are returned as BatchItemFailures (partial batch response). A
// schedule rule invokes it every minute to run the reconciler, which
// queues jobs accepted but never sent (app.Redeliver).
//
// Build (see Makefile.aws):
//
//	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build -trimpath -buildvcs=false \
//	  -tags lambda.norpc -gcflags=all=-d=fmahash=qn -ldflags="-s -w -buildid=" -o bootstrap ./functions/worker
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/app/generator"
)

func main() {
	cfg, b, log := app.MustOpenLambda()
	// Load the sample bank of recorded instruments during init (cold
	// start), not in the first job.
	generator.Preload(cfg)
	w := app.NewWorker(cfg, b, generator.New(cfg), log)
	lambda.Start(app.WorkerLambda(cfg, b, app.NewSQSHandler(cfg, b, w, log), log))
}
