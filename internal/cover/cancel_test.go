package cover_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/songsmith/songsmith/internal/cover"
)

// EncodePNG is deterministic, and writes nothing once its context is done.
func TestEncodePNGCancel(t *testing.T) {
	spec := cover.Spec{Title: "Night Drive", Style: entry("synthwave"), Seed: 7, Size: 256}
	var want, got bytes.Buffer
	if err := cover.EncodePNG(context.Background(), &want, spec); err != nil {
		t.Fatal(err)
	}
	if err := cover.EncodePNG(context.Background(), &got, spec); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("EncodePNG twice: %v, %d bytes, want %d", err, got.Len(), want.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var cut bytes.Buffer
	if err := cover.EncodePNG(ctx, &cut, spec); !errors.Is(err, context.Canceled) || cut.Len() != 0 {
		t.Fatalf("cancelled: %v, %d bytes written", err, cut.Len())
	}
}
