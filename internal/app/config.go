// Package app wires Songsmith together: configuration from the environment,
// the adapters of a backend (embedded or AWS), the service, the worker and
// the generator. The local server, the Lambdas, the CLI and the end-to-end
// tests all build on it, so they run the same code.
package app

import (
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Config is everything configurable, read from environment variables. The
// README's configuration table lists each variable and its default.
type Config struct {
	Backend         string        // SONGSMITH_BACKEND: embedded | aws
	Addr            string        // SONGSMITH_ADDR: local server listen address
	BaseURL         string        // SONGSMITH_BASE_URL: public base of media URLs (local server)
	DataDir         string        // SONGSMITH_DATA_DIR: embedded database and media files
	APIKeys         []string      // SONGSMITH_API_KEYS: keys the server accepts in addition to stored ones
	Workers         int           // SONGSMITH_WORKERS: concurrent generations in the local server
	Service         jobs.Config   // retention, rate limits, prompt limit, URL TTL, job timeout
	MaxBodyBytes    int64         // SONGSMITH_MAX_BODY_BYTES
	MaxAttempts     int           // SONGSMITH_MAX_ATTEMPTS: generation attempts before a job fails
	CrashHeadroom   int           // SONGSMITH_CRASH_HEADROOM: extra deliveries for attempts cut short by crashes
	GenerateTimeout time.Duration // SONGSMITH_GENERATE_TIMEOUT: per attempt
	ShutdownGrace   time.Duration // SONGSMITH_SHUTDOWN_GRACE: how long a stopping server lets generations finish
	WriteTimeout    time.Duration // SONGSMITH_WRITE_TIMEOUT: longest time to write one HTTP response
	AudioFormat     string        // SONGSMITH_AUDIO_FORMAT: mp3 | wav | flac | ogg
	MP3Bitrate      int           // SONGSMITH_MP3_BITRATE: kbps
	SigningKey      string        // SONGSMITH_SIGNING_KEY: HMAC key of local media URLs
	LogLevel        slog.Level    // SONGSMITH_LOG_LEVEL: debug | info | warn | error
	CORSOrigin      string        // SONGSMITH_CORS_ORIGIN: Access-Control-Allow-Origin ("" = no CORS)
	MetricsNS       string        // SONGSMITH_METRICS_NAMESPACE: CloudWatch namespace of worker metrics ("" = none)
	Table           string        // SONGSMITH_TABLE: DynamoDB table
	QueueURL        string        // SONGSMITH_QUEUE_URL: SQS jobs queue
	DLQURL          string        // SONGSMITH_DLQ_URL: SQS dead-letter queue
	WebhookQueueURL string        // SONGSMITH_WEBHOOK_QUEUE_URL: SQS webhook delivery queue ("" = no webhooks on aws)
	// WebhookAllowLoopback (SONGSMITH_WEBHOOK_ALLOW_LOOPBACK) lets webhooks
	// go to loopback addresses too (development); serve refuses it on an
	// address beyond loopback.
	WebhookAllowLoopback bool
	// WebhookSecretARN (SONGSMITH_WEBHOOK_SECRET_ARN) is the Secrets
	// Manager secret that webhook signing secrets derive from (aws backend).
	WebhookSecretARN string
	Bucket           string // SONGSMITH_BUCKET: S3 media bucket
	SoundFont        string // SONGSMITH_SOUNDFONT: sample bank file; "" for none (the value "off")
	// OutputLicense is the licence of every song's files
	// (SONGSMITH_OUTPUT_LICENSE, SONGSMITH_OUTPUT_LICENSE_URL; license.go).
	OutputLicense jobs.License
}

// Env is one configuration variable: its name, default and meaning.
type Env struct{ Name, Default, Meaning string }

// Vars lists every variable Songsmith reads, in README order: all that
// Config reads, then those only the clients read (the API's URL and key:
// `songsmith generate`, `songsmith jobs`, the Go SDK, whose client/env.go
// must agree), then the AWS SDK's that the README documents. It is the one
// table of defaults; Default reads it.
var Vars = []Env{
	{"SONGSMITH_BACKEND", "embedded", "`embedded` (one local database file) or `aws` (DynamoDB, SQS, S3)"},
	{"SONGSMITH_ADDR", "127.0.0.1:8080", "listen address of `songsmith serve`"},
	{"SONGSMITH_BASE_URL", "http://<SONGSMITH_ADDR>", "public base URL used in local media links"},
	{"SONGSMITH_DATA_DIR", "./data", "embedded database (`songsmith.db`) and media files"},
	{"SONGSMITH_API_KEYS", "", "comma-separated keys (`ss_<id>_<secret>`) the local server accepts besides stored ones"},
	{"SONGSMITH_WORKERS", "2", "concurrent generations in the local server"},
	{"SONGSMITH_RETENTION", "168h", "how long a job and its media stay retrievable (then 404)"},
	{"SONGSMITH_SUBMIT_RATE", "10/1m", "per-key limit of POST /generate (N/duration)"},
	{"SONGSMITH_POLL_RATE", "120/1m", "per-key limit of GET /jobs/{id} (N/duration)"},
	{"SONGSMITH_MAX_PROMPT_CHARS", "1000", "longest prompt accepted, in characters"},
	{"SONGSMITH_MAX_BODY_BYTES", "16384", "largest request body accepted (413 above)"},
	{"SONGSMITH_URL_TTL", "1h", "lifetime of song_url and image_url (never beyond retention)"},
	{"SONGSMITH_JOB_TIMEOUT", "15m", "a job whose latest generation attempt started longer ago than this is reported failed (time in the queue does not count)"},
	{"SONGSMITH_MAX_QUEUE_AGE", "30m", "a job that waited longer than this in the queue without starting fails with the error of a busy service (`queue_timeout`)"},
	{"SONGSMITH_MAX_ACTIVE_JOBS_PER_KEY", "10", "most jobs one API key may have queued or running; more get 429 `too_many_jobs` (0 = no cap)"},
	{"SONGSMITH_MAX_ACTIVE_STEMS_PER_KEY", "3", "most jobs with `stems` one API key may have queued or running (within the cap above); more get 429 `too_many_jobs` (0 = no cap)"},
	{"SONGSMITH_MAX_ATTEMPTS", "3", "generation attempts before a job fails (a panic, a timeout or the Lambda deadline counts as a failed attempt)"},
	{"SONGSMITH_CRASH_HEADROOM", "3", "extra deliveries a job may get for attempts cut short by a process crash; beyond MAX_ATTEMPTS + this the job fails"},
	{"SONGSMITH_GENERATE_TIMEOUT", "5m", "time limit of one generation attempt"},
	{"SONGSMITH_SHUTDOWN_GRACE", "30s", "on SIGTERM, how long running generations may finish before they are cancelled and requeued; `serve` exits within this plus a few seconds"},
	{"SONGSMITH_WRITE_TIMEOUT", "5m", "longest time the local server spends on one response, media downloads included: 5m lets an 8.65 MB song (about 4 min of 192 kbps MP3) download at 0.25 Mbit/s and up; a client that stops reading is cut off after it"},
	{"SONGSMITH_AUDIO_FORMAT", "mp3", "`mp3`, `wav`, `flac` or `ogg` (a request's `format` overrides it)"},
	{"SONGSMITH_MP3_BITRATE", "192", "MP3 bitrate in kbps: 128, 160, 192, 224, 256 or 320"},
	{"SONGSMITH_SIGNING_KEY", "random, kept in the database", "HMAC key that signs local media URLs; at least 32 bytes"},
	{"SONGSMITH_LOG_LEVEL", "info", "`debug`, `info`, `warn` or `error`"},
	{"SONGSMITH_CORS_ORIGIN", "", "value of Access-Control-Allow-Origin; empty disables CORS"},
	{"SONGSMITH_METRICS_NAMESPACE", "", "CloudWatch namespace of the worker's metrics, written to stdout in Embedded Metric Format; empty writes none (the template sets `Songsmith/<stack>`)"},
	{"SONGSMITH_SOUNDFONT", "/usr/share/sounds/sf2/FluidR3_GM.sf2", "SoundFont bank (SF2, or SF3 with Ogg Vorbis samples) the recorded instruments play from, loaded once per process (used when the file exists; without a bank every part is synthesized); `off` synthesizes every part. The worker's Lambda layer sets `/opt/soundfont/FluidR3_GM.sf2`"},
	{"SONGSMITH_OUTPUT_LICENSE", "CC0-1.0", "licence of every song's files, in results (`license`) and the files' tags: an SPDX identifier or `LicenseRef-<name>`; CC0 because the audio is machine-made from our own code and the MIT-licensed FluidR3_GM bank (docs/api-extensions.md)"},
	{"SONGSMITH_OUTPUT_LICENSE_URL", "", "URL of the licence's terms; derived for CC0-1.0, CC-BY(-SA)-4.0 and other SPDX ids, required for a `LicenseRef-`"},
	{"SONGSMITH_TABLE", "songsmith", "DynamoDB table (aws backend)"},
	{"SONGSMITH_QUEUE_URL", "", "SQS jobs queue URL (aws backend)"},
	{"SONGSMITH_DLQ_URL", "", "SQS dead-letter queue URL (aws backend: `serve` consumes it; the worker Lambda recognises its records by it)"},
	{"SONGSMITH_WEBHOOK_QUEUE_URL", "", "SQS queue of webhook deliveries (aws backend; empty turns webhooks off there: a `webhook_url` is refused with 400). The embedded backend always has its own"},
	{"SONGSMITH_WEBHOOK_ALLOW_LOOPBACK", "false", "`true` lets `webhook_url` point at loopback (`http://127.0.0.1:9000/hook`), for development on one machine; every backend otherwise sends webhooks only over https to public addresses. `serve` refuses to start with it when it listens beyond loopback"},
	{"SONGSMITH_WEBHOOK_SECRET_ARN", "", "Secrets Manager secret (ARN or name) that the webhook signing secrets of keys derive from (aws backend; the template makes one and lets only the worker read it; `songsmith keys create --backend aws` reads it to print a new key's secret). Empty keeps the master secret in the table instead"},
	{"SONGSMITH_BUCKET", "", "S3 media bucket (aws backend)"},
	{"SONGSMITH_URL", "http://127.0.0.1:8080", "clients only (`songsmith generate`, `songsmith jobs`, the Go SDK): base URL of the API"},
	{"SONGSMITH_API_KEY", "", "clients only: the API key sent as `Authorization: Bearer`"},
	{"SONGSMITH_KEY", "", "clients only: the former name of `SONGSMITH_API_KEY` (deprecated), read when that is unset"},
	{"AWS_ENDPOINT_URL", "", "send AWS calls to LocalStack or moto; S3 then uses path-style URLs"},
	{"AWS_REGION", "us-east-1", "AWS region"},
}

// Fixed tunables of the delivery policy and the local server: the rest of
// the table of defaults (no variable sets them).
const (
	RetryBase        = 2 * time.Second  // backoff after a failed attempt, doubled per attempt
	RetryMax         = 64 * time.Second // longest backoff
	DeadlineReserve  = 15 * time.Second // kept before the Lambda deadline to record an attempt's outcome
	RestartDelay     = 5 * time.Second  // per crash-interrupted delivery, before a job is taken again after a restart
	JanitorEvery     = time.Minute      // expiry sweep period of the local server
	CancelPoll       = time.Second      // how often a running generation re-reads its job to notice a cancellation
	HTTPShutdown     = 5 * time.Second  // how long `serve` waits for open HTTP responses after the grace period
	MinSigningKey    = 32               // bytes of SONGSMITH_SIGNING_KEY at least
	HealthWriteEvery = 2 * time.Second  // GET /healthz writes to storage at most this often
	HeavyPerKey      = 1                // stems jobs of one key the local queue hands out at a time
	RedeliverAfter   = time.Minute      // the AWS reconciler queues a job accepted this long ago and never sent
	RedeliverBatch   = 100              // jobs the reconciler queues per run at most

	// `serve`'s net/http limits besides SONGSMITH_WRITE_TIMEOUT.
	HTTPReadHeaderTimeout = 10 * time.Second  // a request's line and headers
	HTTPReadTimeout       = 30 * time.Second  // a whole request, body included
	HTTPIdleTimeout       = 120 * time.Second // an idle keep-alive connection
	HTTPMaxHeaderBytes    = 64 << 10          // request headers; larger ones get 431
)

// DefaultRegion is used when neither AWS_REGION nor a profile names one
// (Vars' default of AWS_REGION).
var DefaultRegion = defaultOf("AWS_REGION")

// Default returns the documented default of a variable in Vars ("" for
// none); it panics for a name Vars lacks.
func Default(name string) string { return defaultOf(name) }

// defaultOf returns the documented default of a variable in Vars.
func defaultOf(name string) string {
	for _, v := range Vars {
		if v.Name == name {
			return v.Default
		}
	}
	panic("app: no default for " + name)
}

// FromEnv reads the configuration from the process environment.
func FromEnv() (Config, error) { return Load(os.Getenv) }

// Load reads the configuration through getenv, applying defaults.
func Load(getenv func(string) string) (Config, error) {
	p := parser{get: getenv}
	c := Config{
		Backend:              p.str("SONGSMITH_BACKEND"),
		Addr:                 p.str("SONGSMITH_ADDR"),
		DataDir:              p.str("SONGSMITH_DATA_DIR"),
		Workers:              p.int("SONGSMITH_WORKERS", 1, 64),
		MaxBodyBytes:         int64(p.int("SONGSMITH_MAX_BODY_BYTES", 256, 1<<20)),
		MaxAttempts:          p.int("SONGSMITH_MAX_ATTEMPTS", 1, 20),
		CrashHeadroom:        p.int("SONGSMITH_CRASH_HEADROOM", 0, 20),
		GenerateTimeout:      p.dur("SONGSMITH_GENERATE_TIMEOUT"),
		ShutdownGrace:        p.dur("SONGSMITH_SHUTDOWN_GRACE"),
		WriteTimeout:         p.dur("SONGSMITH_WRITE_TIMEOUT"),
		AudioFormat:          strings.ToLower(p.str("SONGSMITH_AUDIO_FORMAT")),
		MP3Bitrate:           p.bitrate("SONGSMITH_MP3_BITRATE"),
		SigningKey:           strings.TrimSpace(p.get("SONGSMITH_SIGNING_KEY")),
		CORSOrigin:           p.str("SONGSMITH_CORS_ORIGIN"),
		MetricsNS:            p.str("SONGSMITH_METRICS_NAMESPACE"),
		Table:                p.str("SONGSMITH_TABLE"),
		QueueURL:             p.str("SONGSMITH_QUEUE_URL"),
		DLQURL:               p.str("SONGSMITH_DLQ_URL"),
		WebhookQueueURL:      p.str("SONGSMITH_WEBHOOK_QUEUE_URL"),
		Bucket:               p.str("SONGSMITH_BUCKET"),
		WebhookAllowLoopback: p.bool("SONGSMITH_WEBHOOK_ALLOW_LOOPBACK"),
		WebhookSecretARN:     p.str("SONGSMITH_WEBHOOK_SECRET_ARN"),
		SoundFont:            p.soundFont("SONGSMITH_SOUNDFONT"),
		OutputLicense:        p.outputLicense(),
		Service: jobs.Config{
			Retention:      p.dur("SONGSMITH_RETENTION"),
			SubmitRate:     p.rate("SONGSMITH_SUBMIT_RATE"),
			PollRate:       p.rate("SONGSMITH_POLL_RATE"),
			MaxPromptRunes: p.int("SONGSMITH_MAX_PROMPT_CHARS", 1, 100000),
			URLTTL:         p.dur("SONGSMITH_URL_TTL"),
			JobTimeout:     p.dur("SONGSMITH_JOB_TIMEOUT"),
			MaxQueueAge:    p.dur("SONGSMITH_MAX_QUEUE_AGE"),
			Limits: jobs.Limits{
				MaxActive:      p.int("SONGSMITH_MAX_ACTIVE_JOBS_PER_KEY", 0, 100000),
				MaxActiveStems: p.int("SONGSMITH_MAX_ACTIVE_STEMS_PER_KEY", 0, 100000),
			},
		},
	}
	if c.SigningKey != "" && len(c.SigningKey) < MinSigningKey {
		p.fail("SONGSMITH_SIGNING_KEY", fmt.Sprintf("must be at least %d bytes (it has %d); make one with `openssl rand -hex 32`, or leave it unset for a random key kept in the database", MinSigningKey, len(c.SigningKey)))
	}
	c.BaseURL = "http://" + c.Addr
	if v := strings.TrimSpace(p.get("SONGSMITH_BASE_URL")); v != "" {
		c.BaseURL = v
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	for _, k := range strings.Split(p.get("SONGSMITH_API_KEYS"), ",") {
		if k = strings.TrimSpace(k); k == "" {
			continue
		}
		if _, _, ok := jobs.SplitKey(k); !ok {
			p.fail("SONGSMITH_API_KEYS", "each key must look like ss_<id>_<secret> (create one with `songsmith keys create`)")
		}
		c.APIKeys = append(c.APIKeys, k)
	}
	if c.Service.Retention < time.Minute {
		p.fail("SONGSMITH_RETENTION", "must be at least 1m")
	}
	switch c.Backend {
	case "embedded", "aws":
	default:
		p.fail("SONGSMITH_BACKEND", "must be embedded or aws")
	}
	switch c.AudioFormat {
	case "mp3", "wav", "flac", "ogg":
	default:
		p.fail("SONGSMITH_AUDIO_FORMAT", "must be mp3, wav, flac or ogg")
	}
	switch lv := strings.ToLower(p.str("SONGSMITH_LOG_LEVEL")); lv {
	case "debug", "info", "warn", "error":
		_ = c.LogLevel.UnmarshalText([]byte(lv))
	default:
		p.fail("SONGSMITH_LOG_LEVEL", "must be debug, info, warn or error")
	}
	return c, p.err
}

type parser struct {
	get func(string) string
	err error
}

func (p *parser) fail(name, why string) {
	if p.err == nil {
		p.err = fmt.Errorf("config: %s %s", name, why)
	}
}

// str returns the variable's value, or its default from Vars.
func (p *parser) str(name string) string {
	if v := strings.TrimSpace(p.get(name)); v != "" {
		return v
	}
	return defaultOf(name)
}

func (p *parser) int(name string, lo, hi int) int {
	n, err := strconv.Atoi(p.str(name))
	if err != nil || n < lo || n > hi {
		p.fail(name, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
		n, _ = strconv.Atoi(defaultOf(name))
	}
	return n
}

// MP3Bitrates are the SONGSMITH_MP3_BITRATE values accepted (kbit/s): the
// MPEG-1 Layer III bitrates of 128 and above that internal/audio/mp3
// encodes (a test in internal/app/generator checks the two agree; this
// package does not import the encoder, which the API Lambdas must not link).
var MP3Bitrates = []int{128, 160, 192, 224, 256, 320}

// bitrate reads one of MP3Bitrates.
func (p *parser) bitrate(name string) int {
	s := p.str(name)
	n, err := strconv.Atoi(s)
	if err != nil || !slices.Contains(MP3Bitrates, n) {
		ok := make([]string, len(MP3Bitrates))
		for i, b := range MP3Bitrates {
			ok[i] = strconv.Itoa(b)
		}
		p.fail(name, fmt.Sprintf("must be an MP3 bitrate in kbit/s: %s (not %q)", strings.Join(ok, ", "), s))
		n, _ = strconv.Atoi(defaultOf(name))
	}
	return n
}

// soundFont reads a bank path; "off" is none ("").
func (p *parser) soundFont(name string) string {
	if v := p.str(name); !strings.EqualFold(v, "off") {
		return v
	}
	return ""
}

func (p *parser) bool(name string) bool {
	switch strings.ToLower(p.str(name)) {
	case "true", "1", "yes":
		return true
	case "false", "0", "no":
		return false
	}
	p.fail(name, "must be true or false")
	return false
}

func (p *parser) dur(name string) time.Duration {
	d, err := time.ParseDuration(p.str(name))
	if err != nil || d <= 0 {
		p.fail(name, "must be a positive Go duration such as 90s, 15m or 168h")
		d, _ = time.ParseDuration(defaultOf(name))
	}
	return d
}

func (p *parser) rate(name string) jobs.Rate {
	r, err := ParseRate(p.str(name))
	if err != nil {
		p.fail(name, err.Error())
		r, _ = ParseRate(defaultOf(name))
	}
	return r
}

// ParseRate reads "N/duration" (e.g. "10/1m"); "0" or "off" disables a limit.
func ParseRate(s string) (jobs.Rate, error) {
	s = strings.TrimSpace(s)
	if s == "0" || strings.EqualFold(s, "off") {
		return jobs.Rate{}, nil
	}
	n, per, ok := strings.Cut(s, "/")
	count, err := strconv.Atoi(n)
	if !ok || err != nil || count < 1 {
		return jobs.Rate{}, fmt.Errorf("must look like 10/1m (N requests per duration) or off")
	}
	d, err := time.ParseDuration(per)
	if err != nil || d < time.Second {
		return jobs.Rate{}, fmt.Errorf("must look like 10/1m with a window of at least 1s")
	}
	return jobs.Rate{N: count, Per: d}, nil
}
