package dynamo

import (
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
)

// TestPartitionPrefixes checks that the exported partition prefixes, which
// template.yaml's IAM conditions use, are the ones the store writes.
func TestPartitionPrefixes(t *testing.T) {
	id := jobs.NewJobID()
	if got := jobPK(id); got != PrefixJob+string(id) {
		t.Errorf("jobPK = %q, want prefix %q", got, PrefixJob)
	}
	if keysPK != PartitionKeys {
		t.Errorf("keysPK = %q, want %q", keysPK, PartitionKeys)
	}
	if got := idemPK("k1", "abc"); !strings.HasPrefix(got, PrefixIdem) || got == PrefixIdem {
		t.Errorf("idemPK = %q, want prefix %q", got, PrefixIdem)
	}
	if got := leasePK("webhook:k1"); got != PrefixLease+"webhook:k1" {
		t.Errorf("leasePK = %q, want prefix %q", got, PrefixLease)
	}
	if got := ratePK("submit:k1"); got != PrefixRate+"submit:k1" {
		t.Errorf("ratePK = %q, want prefix %q", got, PrefixRate)
	}
}
