package webhook_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/webhook"
)

// The worked example of docs/webhooks.md is what the signer produces, so
// the page's key derivation is the code's (its receivers are run against
// real deliveries by scripts/webhooks.sh).
func TestDocsVector(t *testing.T) {
	doc, err := os.ReadFile("../../docs/webhooks.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)<!-- webhook-vector:start -->(.*)<!-- webhook-vector:end -->`).FindSubmatch(doc)
	if block == nil {
		t.Fatal("docs/webhooks.md has no webhook-vector block")
	}
	v := map[string]string{}
	for _, line := range strings.Split(string(block[1]), "\n") {
		if name, val, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			v[name] = strings.TrimSpace(val)
		}
	}
	sec, err := strconv.ParseInt(v["webhook-timestamp"], 10, 64)
	if err != nil || v["secret"] == "" || v["body"] == "" {
		t.Fatalf("vector %v", v)
	}
	if got := webhook.Sign(v["secret"], v["webhook-id"], time.Unix(sec, 0), []byte(v["body"])); got != v["webhook-signature"] {
		t.Fatalf("the signer gives %s for the page's example, the page says %s", got, v["webhook-signature"])
	}
}
