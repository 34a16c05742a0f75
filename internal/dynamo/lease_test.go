package dynamo_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestLeases checks the cross-instance lease sets on moto: at most limit
// leases of a name at once, a released or expired lease frees its slot,
// and concurrent acquirers through separate stores (as separate Lambda
// instances) never hold more than limit between them.
func TestLeases(t *testing.T) {
	ctx := context.Background()
	client := dynamodb.NewFromConfig(testutil.AWSConfig(testutil.StartMoto(t)))
	table := testutil.UniqueName("leases")
	if err := dynamo.CreateTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	s := dynamo.New(client, table)
	t0 := time.Unix(1_800_000_000, 0)
	take := func(name string, limit int, now time.Time) (string, bool) {
		t.Helper()
		tok, ok, err := s.AcquireLease(ctx, name, limit, 15*time.Second, now)
		if err != nil {
			t.Fatal(err)
		}
		return tok, ok
	}

	a, okA := take("webhook:k1", 2, t0)
	_, okB := take("webhook:k1", 2, t0)
	if _, okC := take("webhook:k1", 2, t0); !okA || !okB || okC {
		t.Fatalf("limit 2: acquired %v %v %v, want true true false", okA, okB, okC)
	}
	if _, ok := take("webhook:k2", 2, t0); !ok {
		t.Error("another name's set is full too: sets must be per name")
	}
	if err := s.ReleaseLease(ctx, "webhook:k1", a); err != nil {
		t.Fatal(err)
	}
	if _, ok := take("webhook:k1", 2, t0); !ok {
		t.Error("a released lease did not free its slot")
	}
	if _, ok := take("webhook:k1", 2, t0.Add(10*time.Second)); ok {
		t.Error("acquired a third lease while two are held")
	}
	if _, ok := take("webhook:k1", 2, t0.Add(16*time.Second)); !ok {
		t.Error("expired leases (a process that died holding them) still hold their slots")
	}
	if err := s.ReleaseLease(ctx, "webhook:none", "x"); err != nil {
		t.Errorf("releasing a lease of a name never used: %v", err)
	}

	// Eight instances race for three slots.
	const limit = 3
	var mu sync.Mutex
	var held []string
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tok, ok, err := dynamo.New(client, table).AcquireLease(ctx, "webhook:race", limit, 15*time.Second, t0)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				held = append(held, tok)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(held) > limit || len(held) == 0 {
		t.Fatalf("8 concurrent acquirers got %d leases, want 1..%d", len(held), limit)
	}
	for len(held) < limit {
		tok, ok := take("webhook:race", limit, t0)
		if !ok {
			t.Fatalf("only %d of %d slots could be taken", len(held), limit)
		}
		held = append(held, tok)
	}
	if _, ok := take("webhook:race", limit, t0); ok {
		t.Errorf("a lease beyond the %d held", limit)
	}
}
