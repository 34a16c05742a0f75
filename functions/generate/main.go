// Command generate is the Lambda behind POST /generate and POST /compose:
// it authenticates the key, stores a running job in DynamoDB, sends its id
// to SQS and answers 202 with the job id and poll URL.
//
// Build (see Makefile.aws):
//
//	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build -trimpath -buildvcs=false \
//	  -tags lambda.norpc -gcflags=all=-d=fmahash=qn -ldflags="-s -w -buildid=" -o bootstrap ./functions/generate
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/songsmith/songsmith/internal/app"
)

func main() {
	cfg, b, log := app.MustOpenLambda()
	lambda.Start(app.NewAPIHandler(cfg, b, log))
}
