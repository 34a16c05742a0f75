package studio_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// pieceOptions are the options of piece i of a collection of n asked with o.
func pieceOptions(o jobs.Options, i, n int, base uint64) jobs.Options {
	c := uint64(n)
	o.Count, o.Piece = &c, &request.Piece{CollectionID: "c", Index: i, Count: n, Seed: base}
	return o
}

// TestCollectionRotation: the pieces of a collection turn the first
// piece's key and tempo by index (ten distinct tonics, tempi within ±9 %)
// and play at their own intensity (groove), keep what the prompt or the
// request fixes, and the first piece is the song one job with its seed
// makes.
func TestCollectionRotation(t *testing.T) {
	testutil.SkipRaceShort(t)
	st := &studio.Studio{}
	const n = 10
	t.Run("Rotated", func(t *testing.T) {
		const prompt = "uplifting cinematic piano"
		first, err := st.Request(prompt, 11, pieceOptions(jobs.Options{}, 0, n, 11))
		if err != nil {
			t.Fatal(err)
		}
		alone, _ := st.Request(prompt, 11, jobs.Options{})
		if first.Plan.KeyRoot != alone.Plan.KeyRoot || first.Plan.BPM != alone.Plan.BPM {
			t.Fatalf("the first piece differs from the song alone: %d/%g vs %d/%g", first.Plan.KeyRoot, first.Plan.BPM, alone.Plan.KeyRoot, alone.Plan.BPM)
		}
		keys := map[int]bool{}
		for i := range n {
			seed := uint64(100 + i)
			if i == 0 {
				seed = 11 // the first piece's seed is the collection's base
			}
			r, err := st.Request(prompt, seed, pieceOptions(jobs.Options{}, i, n, 11))
			if err != nil {
				t.Fatal(err)
			}
			keys[r.Plan.KeyRoot] = true
			if hasGroove := len(r.Edits) > 0 && r.Edits[0].Intensity != nil; hasGroove != (i > 0) {
				t.Errorf("piece %d: groove edit %v", i, hasGroove)
			}
			if d := math.Abs(r.Plan.BPM/first.Plan.BPM - 1); d > 0.1 {
				t.Errorf("piece %d: %g bpm, %.0f %% from the first piece's %g", i, r.Plan.BPM, 100*d, first.Plan.BPM)
			}
		}
		if len(keys) != n {
			t.Fatalf("%d distinct tonics among %d pieces, want %d", len(keys), n, n)
		}
	})
	t.Run("KeepsWhatIsAsked", func(t *testing.T) {
		for _, c := range []struct {
			prompt string
			o      jobs.Options
		}{
			{"lo-fi in D minor, 84 bpm", jobs.Options{}},
			{"lo-fi", jobs.Options{Key: "E minor", BPM: 90, Intensity: new(float64)}},
		} {
			want, _ := st.Request(c.prompt, 5, c.o)
			for i := 1; i < n; i++ {
				r, err := st.Request(c.prompt, uint64(i), pieceOptions(c.o, i, n, 5))
				if err != nil {
					t.Fatal(err)
				}
				if c.o.Intensity != nil && (len(r.Edits) != 1 || r.Edits[0].Intensity == nil || *r.Edits[0].Intensity != 0) {
					t.Fatalf("%q piece %d: edits %+v, want the asked intensity alone", c.prompt, i, r.Edits)
				}
				if r.Plan.KeyRoot != want.Plan.KeyRoot || r.Plan.BPM != want.Plan.BPM {
					t.Fatalf("%q piece %d: key %d %g bpm, want the asked %d %g", c.prompt, i, r.Plan.KeyRoot, r.Plan.BPM, want.Plan.KeyRoot, want.Plan.BPM)
				}
			}
		}
	})
	t.Run("RecipeRendersThePieceAlone", func(t *testing.T) {
		o := pieceOptions(jobs.Options{}, 3, n, 11)
		r, err := st.Request("uplifting cinematic piano", 77, o)
		if err != nil {
			t.Fatal(err)
		}
		members, err := o.Members() // the recipe's options, as the studio writes them
		if err != nil {
			t.Fatal(err)
		}
		env := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: recipe.NoBank,
			Request: engine.EncodeRequest(r), Options: members}
		rec, err := env.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		again := jobs.Options{Recipe: rec}
		if err := again.FromRecipe(); err != nil {
			t.Fatal(err)
		}
		if again.Count != nil {
			t.Fatal("a piece's recipe carries count: it would make a collection again")
		}
		if err := recipe.Check(rec); err != nil {
			t.Fatal(err)
		}
		back, err := st.Request("ignored", 1, again)
		if err != nil {
			t.Fatal(err)
		}
		if back.Plan.KeyRoot != r.Plan.KeyRoot || back.Plan.BPM != r.Plan.BPM || back.Seed != r.Seed {
			t.Fatalf("the recipe renders key %d %g bpm seed %d, the piece was %d %g %d", back.Plan.KeyRoot, back.Plan.BPM, back.Seed, r.Plan.KeyRoot, r.Plan.BPM, r.Seed)
		}
	})
}
