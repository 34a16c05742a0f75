// Package app wires Songsmith together: configuration from the environment,
// the adapters of a backend (embedded or AWS), the service, the worker and
// the generator. The local server, the Lambdas, the CLI and the end-to-end
// tests all build on it, so they run the same code.
package app

import (
	"fmt"
	"log/slog"
	"os"
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
	MaxAttempts     int           // SONGSMITH_MAX_ATTEMPTS: deliveries before a job fails
	GenerateTimeout time.Duration // SONGSMITH_GENERATE_TIMEOUT: per attempt
	AudioFormat     string        // SONGSMITH_AUDIO_FORMAT: mp3 | wav
	MP3Bitrate      int           // SONGSMITH_MP3_BITRATE: kbps
	SigningKey      string        // SONGSMITH_SIGNING_KEY: HMAC key of local media URLs
	LogLevel        slog.Level    // SONGSMITH_LOG_LEVEL: debug | info | warn | error
	CORSOrigin      string        // SONGSMITH_CORS_ORIGIN: Access-Control-Allow-Origin ("" = no CORS)
	MetricsNS       string        // SONGSMITH_METRICS_NAMESPACE: CloudWatch namespace of worker metrics ("" = none)
	Table           string        // SONGSMITH_TABLE: DynamoDB table
	QueueURL        string        // SONGSMITH_QUEUE_URL: SQS jobs queue
	DLQURL          string        // SONGSMITH_DLQ_URL: SQS dead-letter queue
	Bucket          string        // SONGSMITH_BUCKET: S3 media bucket
	SoundFont       string        // SONGSMITH_SOUNDFONT: sample bank (read by internal/soundfont.Default)
}

// Env is one configuration variable: its name, default and meaning.
type Env struct{ Name, Default, Meaning string }

// Vars lists every variable Config reads, in README order.
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
	{"SONGSMITH_JOB_TIMEOUT", "15m", "a job still running after this is reported failed"},
	{"SONGSMITH_MAX_ATTEMPTS", "3", "generation attempts before a job fails"},
	{"SONGSMITH_GENERATE_TIMEOUT", "5m", "time limit of one generation attempt"},
	{"SONGSMITH_AUDIO_FORMAT", "mp3", "`mp3` or `wav`"},
	{"SONGSMITH_MP3_BITRATE", "192", "MP3 bitrate in kbps (128-320)"},
	{"SONGSMITH_SIGNING_KEY", "random, kept in the database", "HMAC key that signs local media URLs"},
	{"SONGSMITH_LOG_LEVEL", "info", "`debug`, `info`, `warn` or `error`"},
	{"SONGSMITH_CORS_ORIGIN", "", "value of Access-Control-Allow-Origin; empty disables CORS"},
	{"SONGSMITH_METRICS_NAMESPACE", "", "CloudWatch namespace of the worker's metrics, written to stdout in Embedded Metric Format; empty writes none (the template sets `Songsmith/<stack>`)"},
	{"SONGSMITH_SOUNDFONT", "/usr/share/sounds/sf2/FluidR3_GM.sf2", "SoundFont 2 bank the recorded instruments play from, loaded once per process (used when the file exists; without a bank every part is synthesized); `off` synthesizes every part. The worker's Lambda layer sets `/opt/soundfont/FluidR3_GM.sf2`"},
	{"SONGSMITH_TABLE", "songsmith", "DynamoDB table (aws backend)"},
	{"SONGSMITH_QUEUE_URL", "", "SQS jobs queue URL (aws backend)"},
	{"SONGSMITH_DLQ_URL", "", "SQS dead-letter queue URL (aws backend, `serve` only)"},
	{"SONGSMITH_BUCKET", "", "S3 media bucket (aws backend)"},
	{"AWS_ENDPOINT_URL", "", "send AWS calls to LocalStack or moto; S3 then uses path-style URLs"},
	{"AWS_REGION", "us-east-1", "AWS region"},
}

// FromEnv reads the configuration from the process environment.
func FromEnv() (Config, error) { return Load(os.Getenv) }

// Load reads the configuration through getenv, applying defaults.
func Load(getenv func(string) string) (Config, error) {
	p := parser{get: getenv}
	c := Config{
		Backend:         p.str("SONGSMITH_BACKEND", "embedded"),
		Addr:            p.str("SONGSMITH_ADDR", "127.0.0.1:8080"),
		DataDir:         p.str("SONGSMITH_DATA_DIR", "./data"),
		Workers:         p.int("SONGSMITH_WORKERS", 2, 1, 64),
		MaxBodyBytes:    int64(p.int("SONGSMITH_MAX_BODY_BYTES", 16384, 256, 1<<20)),
		MaxAttempts:     p.int("SONGSMITH_MAX_ATTEMPTS", 3, 1, 20),
		GenerateTimeout: p.dur("SONGSMITH_GENERATE_TIMEOUT", 5*time.Minute),
		AudioFormat:     strings.ToLower(p.str("SONGSMITH_AUDIO_FORMAT", "mp3")),
		MP3Bitrate:      p.int("SONGSMITH_MP3_BITRATE", 192, 128, 320),
		SigningKey:      p.str("SONGSMITH_SIGNING_KEY", ""),
		CORSOrigin:      p.str("SONGSMITH_CORS_ORIGIN", ""),
		MetricsNS:       p.str("SONGSMITH_METRICS_NAMESPACE", ""),
		Table:           p.str("SONGSMITH_TABLE", "songsmith"),
		QueueURL:        p.str("SONGSMITH_QUEUE_URL", ""),
		DLQURL:          p.str("SONGSMITH_DLQ_URL", ""),
		Bucket:          p.str("SONGSMITH_BUCKET", ""),
		SoundFont:       p.str("SONGSMITH_SOUNDFONT", "/usr/share/sounds/sf2/FluidR3_GM.sf2"),
		Service: jobs.Config{
			Retention:      p.dur("SONGSMITH_RETENTION", 7*24*time.Hour),
			SubmitRate:     p.rate("SONGSMITH_SUBMIT_RATE", jobs.Rate{N: 10, Per: time.Minute}),
			PollRate:       p.rate("SONGSMITH_POLL_RATE", jobs.Rate{N: 120, Per: time.Minute}),
			MaxPromptRunes: p.int("SONGSMITH_MAX_PROMPT_CHARS", jobs.DefaultMaxPromptRunes, 1, 100000),
			URLTTL:         p.dur("SONGSMITH_URL_TTL", time.Hour),
			JobTimeout:     p.dur("SONGSMITH_JOB_TIMEOUT", 15*time.Minute),
		},
	}
	c.BaseURL = strings.TrimRight(p.str("SONGSMITH_BASE_URL", "http://"+c.Addr), "/")
	for _, k := range strings.Split(p.str("SONGSMITH_API_KEYS", ""), ",") {
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
	case "mp3", "wav":
	default:
		p.fail("SONGSMITH_AUDIO_FORMAT", "must be mp3 or wav")
	}
	switch lv := strings.ToLower(p.str("SONGSMITH_LOG_LEVEL", "info")); lv {
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

func (p *parser) str(name, def string) string {
	if v := strings.TrimSpace(p.get(name)); v != "" {
		return v
	}
	return def
}

func (p *parser) int(name string, def, lo, hi int) int {
	v := p.get(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < lo || n > hi {
		p.fail(name, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
		return def
	}
	return n
}

func (p *parser) dur(name string, def time.Duration) time.Duration {
	v := p.get(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(strings.TrimSpace(v))
	if err != nil || d <= 0 {
		p.fail(name, "must be a positive Go duration such as 90s, 15m or 168h")
		return def
	}
	return d
}

func (p *parser) rate(name string, def jobs.Rate) jobs.Rate {
	v := p.get(name)
	if v == "" {
		return def
	}
	r, err := ParseRate(v)
	if err != nil {
		p.fail(name, err.Error())
		return def
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
