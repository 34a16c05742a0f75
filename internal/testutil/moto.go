package testutil

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// MotoEnv names the variable that points tests at a running moto_server
// (`make test` starts one and exports it, e.g. http://127.0.0.1:5005).
const MotoEnv = "MOTO_ENDPOINT"

// AWSDoneEnv names the variable make test's second pass sets: the AWS
// adapter tests already ran under -race in its first (scripts/test.sh).
const AWSDoneEnv = "MOTO_TESTS_DONE"

// StartMoto returns the endpoint of a moto_server (a local implementation
// of the AWS APIs). It uses $MOTO_ENDPOINT when set; otherwise it starts
// moto_server on a free 127.0.0.1 port, waits until it answers and stops it
// when tb's test ends. Without moto_server on PATH the test is skipped,
// or fails under CI (see RequireTool). Tests must create their own
// uniquely named tables, queues and buckets (see UniqueName).
//
// The endpoint returned is a proxy in front of moto that forwards DynamoDB
// requests one at a time (see serialDynamo).
//
// With -short the AWS tests run only when a moto_server is already
// running ($MOTO_ENDPOINT set: make test's -race pass); with
// $MOTO_TESTS_DONE set they are skipped (make test's second pass,
// without -race, beside the first, which runs them: scripts/test.sh).
func StartMoto(tb testing.TB) string {
	tb.Helper()
	if os.Getenv(AWSDoneEnv) != "" {
		tb.Skip(AWSDoneEnv + ": the AWS adapter tests ran in make test's -race pass")
	}
	if testing.Short() && os.Getenv(MotoEnv) == "" {
		tb.Skip("-short without $" + MotoEnv + ": the AWS adapters against moto_server")
	}
	return serialDynamo(tb, startMoto(tb))
}

// StartMotoLong is StartMoto for a long test, one that skips itself with
// -short: it runs only in make test's second pass, so $MOTO_TESTS_DONE
// does not skip it.
func StartMotoLong(tb testing.TB) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("-short: a long test against moto_server")
	}
	return serialDynamo(tb, startMoto(tb))
}

func startMoto(tb testing.TB) string {
	tb.Helper()
	if ep := strings.TrimRight(os.Getenv(MotoEnv), "/"); ep != "" {
		return ep
	}
	bin := RequireTool(tb, "moto_server")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	cmd := exec.Command(bin, "-H", "127.0.0.1", "-p", fmt.Sprint(port))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the shim may fork python
	if err := cmd.Start(); err != nil {
		tb.Fatalf("start moto_server: %v", err)
	}
	pgid := cmd.Process.Pid
	tb.Cleanup(func() {
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			<-done
		}
	})
	ep := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(ep + "/moto-api/")
		if err == nil {
			res.Body.Close()
			return ep
		}
		if time.Now().After(deadline) {
			tb.Fatalf("moto_server did not answer on %s within 30s: %v", ep, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// AWSConfig returns an SDK configuration that sends every call to endpoint
// with dummy credentials in us-east-1.
func AWSConfig(endpoint string) aws.Config {
	return aws.Config{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
		BaseEndpoint: aws.String(endpoint),
		HTTPClient:   &http.Client{Timeout: 30 * time.Second},
	}
}

// SetAWSEnv points the AWS SDK's default configuration (as loaded by
// config.LoadDefaultConfig) at endpoint with dummy credentials, for the
// duration of tb.
func SetAWSEnv(tb testing.TB, endpoint string) {
	tb.Helper()
	for k, v := range AWSEnv(endpoint) {
		tb.Setenv(k, v)
	}
}

// AWSEnv returns the environment variables that point an AWS SDK process at
// endpoint with dummy credentials and no shared config files.
func AWSEnv(endpoint string) map[string]string {
	return map[string]string{
		"AWS_ENDPOINT_URL":            endpoint,
		"AWS_ACCESS_KEY_ID":           "test",
		"AWS_SECRET_ACCESS_KEY":       "test",
		"AWS_SESSION_TOKEN":           "",
		"AWS_REGION":                  "us-east-1",
		"AWS_PROFILE":                 "",
		"AWS_CONFIG_FILE":             os.DevNull,
		"AWS_SHARED_CREDENTIALS_FILE": os.DevNull,
		"AWS_EC2_METADATA_DISABLED":   "true",
	}
}

var nameSeq atomic.Int64

// UniqueName returns a name for a per-test AWS resource: prefix, the
// process id and a counter, lower case, at most 63 characters (valid for
// tables, queues and buckets).
func UniqueName(prefix string) string {
	n := fmt.Sprintf("%s-%d-%d-%d", prefix, os.Getpid(), time.Now().UnixNano()%1e6, nameSeq.Add(1))
	if len(n) > 63 {
		n = n[len(n)-63:]
	}
	return strings.ToLower(n)
}
