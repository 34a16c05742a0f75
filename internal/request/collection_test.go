package request_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/request"
)

func TestPieces(t *testing.T) {
	seeds, keys := map[uint64]bool{}, map[int]bool{}
	for i := range request.MaxCount {
		s := request.PieceSeed(42, i)
		if s > request.MaxSeed || (i == 0) != (s == 42) {
			t.Fatalf("piece %d seed %d", i, s)
		}
		seeds[s], keys[request.PieceKeyShift(i)] = true, true
		if b := request.PieceTempo(100, i); math.Abs(b/100-1) > 0.095 {
			t.Fatalf("piece %d tempo %g from 100", i, b)
		}
	}
	grooves := map[float64]bool{}
	for i := 1; i < request.MaxCount; i++ {
		x, ok := request.PieceIntensity(i)
		if !ok || x < 0.35 || x > 0.8 {
			t.Fatalf("piece %d intensity %g %v", i, x, ok)
		}
		grooves[x] = true
	}
	if _, ok := request.PieceIntensity(0); ok || len(grooves) != request.MaxCount-1 {
		t.Fatalf("the first piece has a groove edit, or grooves repeat: %v", grooves)
	}
	if len(seeds) != request.MaxCount || len(keys) != request.MaxCount {
		t.Fatalf("%d seeds, %d key shifts, want %d distinct", len(seeds), len(keys), request.MaxCount)
	}
	if b := request.PieceTempo(request.MaxBPM, 3); b != request.MaxBPM {
		t.Fatalf("tempo %g over the range", b)
	}
	for _, c := range []struct {
		raw    string
		pieces int
		ok     bool
	}{{"1", 1, true}, {"2", 2, true}, {"10", 10, true}, {"0", 0, false}, {"11", 0, false}, {"2.5", 0, false}} {
		var o request.Options
		s, _ := request.OptionSpecNamed("count")
		err := s.ReadJSON(&o, json.RawMessage(c.raw))
		if err == nil {
			err = o.Normalize()
		}
		if (err == nil) != c.ok || c.ok && o.Pieces() != c.pieces {
			t.Fatalf("count %s: %v, %d pieces", c.raw, err, o.Pieces())
		}
	}
	o := request.Options{Count: new(uint64), Recipe: json.RawMessage(`{}`)}
	*o.Count = 3
	if err := o.Normalize(); err == nil {
		t.Fatal("count with a recipe accepted")
	}
}
