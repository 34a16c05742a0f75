package studio_test

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// The thresholds a collection's pieces stay under, pair by pair (issue 31
// item 5; docs/api.md#collections states them):
const (
	// MaxMelodicSimilarity bounds 1 - the normalized edit distance of two
	// lead lines' interval sequences (transposition- and tempo-blind):
	// 1 is the same tune in any key or tempo.
	MaxMelodicSimilarity = 0.5
	// MaxFingerprintSimilarity bounds the share of equal bits of two
	// Chromaprint fingerprints (fpcalc -raw) at their best alignment, for
	// a prompt that leaves the key and tempo open: unrelated audio is
	// about 0.5, a re-encode of the same audio 0.9 or more; Chromaprint's
	// own matcher calls two files the same above about 0.65.
	MaxFingerprintSimilarity = 0.65
	// MaxFingerprintSimilarityAsked is that bound when the prompt fixes
	// both key and tempo: the pieces then share them by request, and a
	// chroma fingerprint sees it (10 such pieces measure up to 0.78), but
	// no two are the same recording.
	MaxFingerprintSimilarityAsked = 0.85
)

// TestCollectionDiffers renders collections of short songs (20 s each) as
// the service makes them (piece ids, seeds and rotation) and fails when a
// pair of pieces is above a threshold: 10 pieces of a prompt that leaves
// key and tempo open, 5 of one that fixes both.
func TestCollectionDiffers(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 15 songs and runs fpcalc on each (-short)")
	}
	fpcalc := testutil.RequireTool(t, "fpcalc")
	for _, c := range []struct {
		name, prompt string
		n            int
		maxFP        float64
	}{
		{"Open", "uplifting lo-fi hip hop with piano and soft drums", 10, MaxFingerprintSimilarity},
		{"KeyAndTempoAsked", "lo-fi hip hop with piano and soft drums in D minor, 84 bpm", 5, MaxFingerprintSimilarityAsked},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // the two collections render on two cores
			lines, prints := renderPieces(t, fpcalc, c.prompt, c.n)
			var maxMel, maxFP float64
			for i := range c.n {
				for j := i + 1; j < c.n; j++ {
					mel, fp := melodicSimilarity(lines[i], lines[j]), fingerprintSimilarity(prints[i], prints[j])
					maxMel, maxFP = max(maxMel, mel), max(maxFP, fp)
					if mel > MaxMelodicSimilarity {
						t.Errorf("pieces %d and %d: melodic similarity %.2f > %.2f", i, j, mel, MaxMelodicSimilarity)
					}
					if fp > c.maxFP {
						t.Errorf("pieces %d and %d: fingerprint similarity %.3f > %.3f", i, j, fp, c.maxFP)
					}
				}
			}
			t.Logf("largest of %d pairs: melodic %.2f (bound %.2f), fingerprint %.3f (bound %.3f)", c.n*(c.n-1)/2, maxMel, MaxMelodicSimilarity, maxFP, c.maxFP)
			if self := fingerprintSimilarity(prints[0], prints[0]); self < 0.99 {
				t.Fatalf("a fingerprint against itself: %.3f", self)
			}
		})
	}
}

// renderPieces renders the n pieces of a collection for prompt and
// returns each one's lead-line intervals and Chromaprint fingerprint.
func renderPieces(t *testing.T, fpcalc, prompt string, n int) (lines [][]int, prints [][]uint32) {
	const cid = "6f1c2a9e-0d4b-4c7e-9a51-3b2d8e7f1a20"
	st := &studio.Studio{}
	dir := t.TempDir()
	lines, prints = make([][]int, n), make([][]uint32, n)
	base := (&jobs.Job{ID: jobs.JobID(request.PieceJobID(cid, 0))}).Seed()
	for i := range n {
		o := pieceOptions(jobs.Options{Seconds: 20}, i, n, base)
		seed := (&jobs.Job{ID: jobs.JobID(request.PieceJobID(cid, i)), Options: &o}).Seed()
		req, err := st.Request(prompt, seed, o)
		if err != nil {
			t.Fatal(err)
		}
		song, err := engine.Render(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		lines[i] = intervals(leadLine(song.Score))
		path := filepath.Join(dir, fmt.Sprintf("piece%d.wav", i))
		var b bytes.Buffer
		if err := wav.Encode(&b, song.Audio); err != nil {
			t.Fatal(err)
		}
		song.Release()
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		prints[i] = fingerprint(t, fpcalc, path)
		t.Logf("piece %d: %s, %g bpm, key %d %s, %d lead intervals, %d fingerprint frames", i, song.Genre, song.BPM, req.Plan.KeyRoot, req.Plan.Mode, len(lines[i]), len(prints[i]))
		if len(lines[i]) < 8 {
			t.Fatalf("piece %d: a lead line of %d intervals is too short to compare", i, len(lines[i]))
		}
	}
	return lines, prints
}

// leadLine is the pitch of the lead's highest note at each onset, in
// order (a chordal lead reads as its top voice).
func leadLine(s *score.Score) []int {
	var notes []score.Note
	for _, tr := range s.Tracks {
		if tr.Role == score.RoleLead {
			notes = append(notes, tr.Notes...)
		}
	}
	slices.SortFunc(notes, func(a, b score.Note) int {
		if a.Start != b.Start {
			if a.Start < b.Start {
				return -1
			}
			return 1
		}
		return b.Pitch - a.Pitch
	})
	var line []int
	for i, nt := range notes {
		if i > 0 && nt.Start == notes[i-1].Start {
			continue
		}
		line = append(line, nt.Pitch)
	}
	return line
}

// intervals are the steps between a line's notes, in semitones.
func intervals(line []int) []int {
	var d []int
	for i := 1; i < len(line); i++ {
		d = append(d, line[i]-line[i-1])
	}
	return d
}

// melodicSimilarity is 1 - the edit distance of a and b over the longer
// one's length.
func melodicSimilarity(a, b []int) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(b)])/float64(max(len(a), len(b)))
}

// fingerprint runs fpcalc -raw on path.
func fingerprint(t *testing.T, fpcalc, path string) []uint32 {
	t.Helper()
	// fpcalc 1.5 exits 3 after "Error decoding audio frame (End of
	// file)" at a WAV's end, with the fingerprint printed: the output
	// decides.
	out, err := exec.Command(fpcalc, "-raw", "-length", "120", path).Output()
	for _, line := range strings.Split(string(out), "\n") {
		v, ok := strings.CutPrefix(line, "FINGERPRINT=")
		if !ok {
			continue
		}
		var fp []uint32
		for _, f := range strings.Split(strings.TrimSpace(v), ",") {
			x, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				t.Fatalf("fpcalc: %q", f)
			}
			fp = append(fp, uint32(x))
		}
		return fp
	}
	t.Fatalf("fpcalc printed no fingerprint (%v): %s", err, out)
	return nil
}

// fingerprintSimilarity is the share of equal bits of a and b at the
// best alignment within ±2 s (16 frames), over at least half of the
// shorter one.
func fingerprintSimilarity(a, b []uint32) float64 {
	best := 0.0
	for off := -16; off <= 16; off++ {
		same, n := 0, 0
		for i := range a {
			j := i + off
			if j < 0 || j >= len(b) {
				continue
			}
			same += 32 - bits.OnesCount32(a[i]^b[j])
			n++
		}
		if 2*n >= min(len(a), len(b)) && n > 0 {
			best = max(best, float64(same)/float64(32*n))
		}
	}
	return best
}
