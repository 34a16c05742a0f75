#!/bin/sh
# Creates the DynamoDB table, SQS queues and S3 bucket that env.json names,
# on LocalStack (default http://localhost:4566), with the AWS CLI.
set -eu
EP="${LOCALSTACK:-http://localhost:4566}"
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}" AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}" AWS_REGION="${AWS_REGION:-us-east-1}"
aws="aws --endpoint-url $EP"
$aws dynamodb create-table --table-name songsmith --billing-mode PAY_PER_REQUEST \
  --attribute-definitions AttributeName=pk,AttributeType=S AttributeName=sk,AttributeType=S \
  --key-schema AttributeName=pk,KeyType=HASH AttributeName=sk,KeyType=RANGE >/dev/null || true
$aws dynamodb update-time-to-live --table-name songsmith \
  --time-to-live-specification Enabled=true,AttributeName=expires_at >/dev/null || true
$aws sqs create-queue --queue-name songsmith-jobs-dlq >/dev/null
DLQ_ARN=$($aws sqs get-queue-attributes --queue-url "$EP/000000000000/songsmith-jobs-dlq" \
  --attribute-names QueueArn --query Attributes.QueueArn --output text)
$aws sqs create-queue --queue-name songsmith-jobs --attributes \
  "{\"VisibilityTimeout\":\"1800\",\"RedrivePolicy\":\"{\\\"deadLetterTargetArn\\\":\\\"$DLQ_ARN\\\",\\\"maxReceiveCount\\\":\\\"3\\\"}\"}" >/dev/null
$aws s3 mb s3://songsmith-media >/dev/null 2>&1 || true
echo "LocalStack ready at $EP: table songsmith, queues songsmith-jobs(+-dlq), bucket songsmith-media"
