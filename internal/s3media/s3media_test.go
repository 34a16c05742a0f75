package s3media_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/s3media"
	"github.com/songsmith/songsmith/internal/testutil"
)

func open(t *testing.T, endpoint string) *s3media.Media {
	cfg := testutil.AWSConfig(endpoint)
	client := s3.NewFromConfig(cfg, s3media.Options(cfg))
	name := testutil.UniqueName("media")
	if err := s3media.CreateBucket(context.Background(), client, name); err != nil {
		t.Fatal(err)
	}
	return s3media.New(client, name)
}

// TestMedia runs the Media contract against S3 as implemented by
// moto_server, one fresh bucket per subtest.
func TestMedia(t *testing.T) {
	ep := testutil.StartMoto(t)
	t.Run("Moto", func(t *testing.T) {
		// moto_server serves any presigned URL, edited or expired: the two
		// subtests that need a checking server run in SignedFront below.
		jobstest.RunMediaWith(t, jobstest.MediaOptions{UnsignedServer: "moto_server does not verify presigned URL signatures or expiry"},
			func(t *testing.T) jobs.Media { return open(t, ep) })
	})
	t.Run("SignedFront", func(t *testing.T) {
		front := signedFront(t, ep)
		jobstest.RunMedia(t, func(t *testing.T) jobs.Media { return open(t, front) })
	})
}

// TestMediaURL checks the presigned URL itself: path-style on a custom
// endpoint, SigV4 query auth signing only the host, and the lifetime.
func TestMediaURL(t *testing.T) {
	m := open(t, testutil.StartMoto(t))
	key := mediakey.Song(jobs.NewJobID(), "mp3")
	for _, tc := range []struct {
		ttl  time.Duration
		want string
	}{{time.Hour, "3600"}, {90500 * time.Millisecond, "90"}, {0, "1"}, {30 * 24 * time.Hour, "604800"}} {
		raw, err := m.MediaURL(context.Background(), key, tc.ttl)
		if err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		if u.Path != "/"+m.Bucket+"/"+key {
			t.Errorf("path %q, want path-style /%s/%s", u.Path, m.Bucket, key)
		}
		if q.Get("X-Amz-Expires") != tc.want || q.Get("X-Amz-Algorithm") != "AWS4-HMAC-SHA256" || q.Get("X-Amz-SignedHeaders") != "host" || len(q.Get("X-Amz-Signature")) != 64 {
			t.Errorf("ttl %v: query %v, want X-Amz-Expires=%s and a SigV4 signature over host", tc.ttl, q, tc.want)
		}
		if !strings.HasPrefix(q.Get("X-Amz-Credential"), "test/") {
			t.Errorf("credential %q", q.Get("X-Amz-Credential"))
		}
	}
}
