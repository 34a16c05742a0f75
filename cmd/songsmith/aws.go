package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/songsmith/songsmith/internal/app"
)

// newAWSCmd is the `aws` group: commands for the aws backend outside
// CloudFormation (LocalStack, moto, a test account).
func newAWSCmd() *cobra.Command {
	cmd := group(&cobra.Command{
		Use:   "aws",
		Short: "Prepare the aws backend without CloudFormation (LocalStack, moto, a test account)",
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "init",
		Short: "Create the table, queues, bucket and webhook secret that SONGSMITH_* name; print export lines of their variables",
		Long: `Create what the aws backend needs: the DynamoDB table (TTL on expires_at), the jobs
queue with its dead-letter queue, the webhooks queue, the media bucket, and the Secrets
Manager secret that webhook signing secrets derive from. Names come from SONGSMITH_TABLE,
SONGSMITH_QUEUE_URL (its last part; the dead-letter queue adds "-dlq", the webhooks queue
"-webhooks"), SONGSMITH_BUCKET and SONGSMITH_WEBHOOK_SECRET_ARN (default: the table's name
plus "-webhook-master"); an existing secret is kept as it is.
The AWS SDK's usual variables choose the account and endpoint (AWS_ENDPOINT_URL for
LocalStack or moto, AWS_REGION...). Running it again changes nothing.

It prints 'export NAME=value' lines for the environment of 'songsmith serve --backend aws':
eval "$(songsmith aws init)" sets them in the current shell.`,
		Example: `  export AWS_ENDPOINT_URL=http://127.0.0.1:5000 AWS_REGION=us-east-1
  export SONGSMITH_TABLE=songsmith SONGSMITH_QUEUE_URL=http://localhost/000000000000/songsmith-jobs
  eval "$(songsmith aws init)"`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := app.FromEnv()
			if err != nil {
				return err
			}
			r, err := app.InitAWS(cmd.Context(), cfg)
			if err != nil {
				return awsInitErr(err)
			}
			for _, kv := range [][2]string{{"SONGSMITH_BACKEND", "aws"}, {"SONGSMITH_TABLE", r.Table}, {"SONGSMITH_QUEUE_URL", r.QueueURL},
				{"SONGSMITH_DLQ_URL", r.DLQURL}, {"SONGSMITH_BUCKET", r.Bucket}, {"SONGSMITH_WEBHOOK_QUEUE_URL", r.WebhookQueueURL},
				{"SONGSMITH_WEBHOOK_SECRET_ARN", r.WebhookSecretARN}} {
				fmt.Fprintf(cmd.OutOrStdout(), "export %s=%s\n", kv[0], shellQuote(kv[1]))
			}
			return nil
		},
	})
	return cmd
}

// awsInitErr adds the fix to the AWS SDK's account of two common failures:
// no credentials (exitAuth) and nothing listening at AWS_ENDPOINT_URL
// (exitServer).
func awsInitErr(err error) error {
	cause := strings.TrimPrefix(err.Error(), "aws init: ")
	switch ep := os.Getenv("AWS_ENDPOINT_URL"); {
	case strings.Contains(cause, "get credentials"):
		return &exitError{exitAuth, "aws init: no AWS credentials (" + lastCause(err) + "). For LocalStack or moto set AWS_ENDPOINT_URL and any AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (make localstack-init does); for an account set AWS_PROFILE or AWS_ACCESS_KEY_ID.", err}
	case errors.Is(err, syscall.ECONNREFUSED) && ep != "":
		return &exitError{exitServer, fmt.Sprintf("aws init: nothing answers at AWS_ENDPOINT_URL=%s (connection refused). Start LocalStack or moto there (scripts/moto.sh starts moto) or fix the URL.", ep), err}
	}
	return err
}
