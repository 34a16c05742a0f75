// Package s3media implements the Media port on a private Amazon S3 bucket.
// Downloads go straight to S3 through presigned GET URLs, made when a job
// is read so that they never outlive their signature.
package s3media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"github.com/songsmith/songsmith/internal/jobs"
)

// MaxURLTTL is the longest lifetime SigV4 allows a presigned URL (7 days).
const MaxURLTTL = 7 * 24 * time.Hour

// Media is the S3 adapter of jobs.Media.
type Media struct {
	Client  *s3.Client
	Presign *s3.PresignClient
	Bucket  string
}

var _ jobs.Media = (*Media)(nil)

// New returns the adapter of bucket. Build client with path-style
// addressing when talking to LocalStack or moto (see Options).
func New(client *s3.Client, bucket string) *Media {
	return &Media{Client: client, Presign: s3.NewPresignClient(client), Bucket: bucket}
}

// Options returns the S3 client options for a configuration: path-style
// addressing (http://host/bucket/key) when a custom endpoint is set, since
// local emulators do not resolve bucket subdomains.
func Options(cfg aws.Config) func(*s3.Options) {
	return func(o *s3.Options) {
		if cfg.BaseEndpoint != nil && *cfg.BaseEndpoint != "" {
			o.UsePathStyle = true
		}
	}
}

// PutMedia stores body under key with its content type.
func (m *Media) PutMedia(ctx context.Context, key, contentType string, body io.Reader, size int64) error {
	_, err := m.Client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(m.Bucket),
		Key:           aws.String(key),
		Body:          body,
		ContentLength: aws.Int64(size),
		ContentType:   aws.String(contentType),
	})
	return translate(err)
}

// MediaURL presigns a GET of key valid for ttl (whole seconds, at least 1,
// at most MaxURLTTL). It does not call S3.
func (m *Media) MediaURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	ttl = min(max(ttl.Truncate(time.Second), time.Second), MaxURLTTL)
	req, err := m.Presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(m.Bucket), Key: aws.String(key)},
		s3.WithPresignExpires(ttl))
	if err != nil {
		return "", jobs.Internal(fmt.Errorf("presign %s: %w", key, err))
	}
	return req.URL, nil
}

// DeleteMedia removes key; S3 deletes of missing keys succeed.
func (m *Media) DeleteMedia(ctx context.Context, key string) error {
	_, err := m.Client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(m.Bucket), Key: aws.String(key)})
	return translate(err)
}

// CreateBucket creates a private bucket (tests and local setups; the
// production bucket comes from template.yaml). An existing bucket owned by
// the caller is fine.
func CreateBucket(ctx context.Context, client *s3.Client, name string) error {
	_, err := client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(name)})
	var owned *types.BucketAlreadyOwnedByYou
	if err != nil && !errors.As(err, &owned) {
		return fmt.Errorf("create bucket %s: %w", name, err)
	}
	return nil
}

// translate maps S3 errors to domain errors: a missing bucket or a server
// fault is EUnavailable, anything else EInternal.
func translate(err error) error {
	if err == nil {
		return nil
	}
	var (
		noBucket *types.NoSuchBucket
		api      smithy.APIError
	)
	if errors.As(err, &noBucket) || errors.As(err, &api) && api.ErrorFault() == smithy.FaultServer {
		return jobs.Unavailable("Media storage", err)
	}
	return jobs.Internal(err)
}
