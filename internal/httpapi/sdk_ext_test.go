package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/webhook"
)

// The SDK's extensions against the real handler: options reach the job,
// the extension result decodes, Jobs pages newest first, and a webhook
// body signed by the service verifies with VerifyWebhook.
func TestGoSDKExtensions(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, nil)
	c := client.New(e.URL, e.Key, client.WithSleep(func(context.Context, time.Duration) error { return nil }))
	first, err := c.Generate(ctx, "plain spec job")
	if err != nil {
		t.Fatal(err)
	}
	e.Clock.Add(time.Second)
	sub, err := c.Generate(ctx, "lo-fi", client.WithSeed(7), client.WithFormat(client.FormatFLAC), client.WithDuration(45*time.Second),
		client.WithBPM(84), client.WithMusicalKey("D minor"), client.WithStems(), client.WithMIDI(), client.WithMIDI(),
		client.WithTimeline(), client.WithMusicXML(), client.WithExactDuration(), client.WithSampleRate(48000))
	if err != nil {
		t.Fatal(err)
	}
	j, err := e.Store.Job(ctx, jobs.JobID(sub.JobID))
	if err != nil {
		t.Fatal(err)
	}
	o := j.Options
	if o == nil || *o.Seed != 7 || o.Format != "flac" || o.Seconds != 45 || o.BPM != 84 || o.Key != "D minor" || len(o.Outputs) != 4 ||
		!o.ExactDuration || o.SampleRate == nil || *o.SampleRate != 48000 {
		t.Fatalf("options %+v", o)
	}
	e.process(t, sub.JobID)
	job, err := c.Wait(ctx, sub.JobID)
	if err != nil {
		t.Fatal(err)
	}
	r := job.Result
	if r == nil || r.Seed == nil || *r.Seed != 7 || r.Format == "" || r.StemsURL == "" || r.MIDIURL == "" || r.TimelineURL == "" || r.MusicXMLURL == "" {
		t.Fatalf("result %+v", r)
	}
	if _, err := c.Generate(ctx, "x", client.WithBPM(500)); err == nil {
		t.Fatal("bpm 500 accepted")
	} else if var400 := new(client.APIError); !errors.As(err, &var400) || var400.StatusCode != 400 {
		t.Fatalf("bpm 500: %v", err)
	}

	page, err := c.JobsPage(ctx, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Jobs) != 1 || page.Jobs[0].JobID != sub.JobID || page.NextCursor == "" || page.Jobs[0].Result == nil {
		t.Fatalf("first page %+v", page)
	}
	page, err = c.JobsPage(ctx, 1, page.NextCursor)
	if err != nil || len(page.Jobs) != 1 || page.Jobs[0].JobID != first.JobID || page.NextCursor != "" {
		t.Fatalf("second page %+v %v", page, err)
	}

	// A webhook body as the service sends it, verified by the SDK.
	secret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	done, _ := e.Store.Job(ctx, jobs.JobID(sub.JobID))
	body, err := httpapi.WebhookBody(done)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	h := http.Header{}
	h.Set("webhook-id", webhook.DeliveryID(sub.JobID))
	h.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	h.Set("webhook-signature", webhook.Sign(secret, webhook.DeliveryID(sub.JobID), now, body))
	got, err := client.VerifyWebhook(secret, h, body, now, 5*time.Minute)
	if err != nil || got.JobID != sub.JobID || got.Status != client.StatusCompleted {
		t.Fatalf("verified %+v, %v", got, err)
	}
	if _, err := client.VerifyWebhook(secret, h, append(body, ' '), now, 5*time.Minute); !errors.Is(err, client.ErrWebhookSignature) {
		t.Fatalf("tampered body: %v", err)
	}
	if _, err := client.VerifyWebhook(secret, h, body, now.Add(time.Hour), 5*time.Minute); !errors.Is(err, client.ErrWebhookSignature) {
		t.Fatalf("old delivery: %v", err)
	}
}
