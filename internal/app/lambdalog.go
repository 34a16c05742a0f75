package app

import (
	"context"
	"log/slog"

	"github.com/aws/aws-lambda-go/lambdacontext"
)

// AWSRequestIDAttr names the log attribute that carries the Lambda
// invocation's request id. API Gateway's access log prints the same id as
// integrationRequestId, so an access-log line joins the function's lines
// (the request line with key_id, the job's lines with job_id) on it.
const AWSRequestIDAttr = "aws_request_id"

// lambdaHandler adds the invocation's request id to every record logged
// with the invocation's context.
type lambdaHandler struct{ slog.Handler }

// WithLambdaRequestID returns log, whose records logged with a Lambda
// invocation's context (or one derived from it) carry AWSRequestIDAttr.
func WithLambdaRequestID(log *slog.Logger) *slog.Logger {
	return slog.New(lambdaHandler{log.Handler()})
}

func (h lambdaHandler) Handle(ctx context.Context, r slog.Record) error {
	if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
		r = r.Clone()
		r.AddAttrs(slog.String(AWSRequestIDAttr, lc.AwsRequestID))
	}
	return h.Handler.Handle(ctx, r)
}

func (h lambdaHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return lambdaHandler{h.Handler.WithAttrs(as)}
}

func (h lambdaHandler) WithGroup(name string) slog.Handler {
	return lambdaHandler{h.Handler.WithGroup(name)}
}
