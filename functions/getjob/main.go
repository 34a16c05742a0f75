// Command getjob is the Lambda behind GET /jobs/{job_id}: it authenticates
// the key, reads the job from DynamoDB (expired jobs answer 404 although
// still stored) and signs fresh S3 URLs for a completed job's files.
//
// Build (see Makefile.aws):
//
//	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build -trimpath -buildvcs=false \
//	  -tags lambda.norpc -gcflags=all=-d=fmahash=qn -ldflags="-s -w -buildid=" -o bootstrap ./functions/getjob
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/songsmith/songsmith/internal/app"
)

func main() {
	cfg, b, log := app.MustOpenLambda()
	lambda.Start(app.NewAPIHandler(cfg, b, log))
}
