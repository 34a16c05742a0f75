package request

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"
)

// Collections (issue 31 item 5): POST /generate with "count": N makes N
// ordinary jobs for one brief, listed together under a collection id.
// Piece i differs from the others by its seed (PieceSeed) and by the key,
// tempo and groove the studio rotates by its index (PieceKeyShift,
// PieceTempo, PieceIntensity).

// Piece is a job's place in its collection.
type Piece struct {
	CollectionID string // the collection's id (a UUID)
	Index        int    // the piece's place, 0..Count-1
	Count        int    // how many pieces the collection has
	// Seed is the first piece's seed: the base every piece's key and
	// tempo turn from, so the rotation is the same for all of them.
	Seed uint64
}

// Pieces returns how many pieces o asks for: Count, or 1.
func (o *Options) Pieces() int {
	if o == nil || o.Count == nil {
		return 1
	}
	return int(*o.Count)
}

// PieceSeed returns the seed of piece i of a collection submitted with the
// seed option seed: seed itself for the first piece, a value mixed from
// both (at most MaxSeed) for the others.
func PieceSeed(seed uint64, i int) uint64 {
	if i == 0 {
		return seed
	}
	h := sha256.Sum256([]byte("songsmith-piece:" + strconv.FormatUint(seed, 10) + ":" + strconv.Itoa(i)))
	return binary.BigEndian.Uint64(h[:8]) & MaxSeed
}

// keyShifts are the semitones piece i's key moves from the first piece's:
// ten distinct tonics, neighbours on the circle of fifths first.
var keyShifts = []int{0, 7, 5, 2, 10, 9, 3, 4, 8, 1}

// PieceKeyShift returns how many semitones up piece i's tonic moves from
// the first piece's (distinct for the first 12 pieces).
func PieceKeyShift(i int) int {
	if i < len(keyShifts) {
		return keyShifts[i]
	}
	return (i * 7) % 12
}

// tempoSteps are the factors piece i's tempo takes of the first piece's:
// within ±9 %, so a tempo word in the prompt ("slow", "upbeat") still holds.
var tempoSteps = []float64{1, 1.06, 0.94, 1.09, 0.91, 1.03, 0.97, 1.075, 0.925, 1.015}

// PieceTempo returns piece i's tempo from the first piece's bpm, clamped
// to MinBPM..MaxBPM and rounded to a whole bpm.
func PieceTempo(bpm float64, i int) float64 {
	f := tempoSteps[i%len(tempoSteps)]
	v := float64(int(bpm*f + 0.5))
	return min(max(v, MinBPM), MaxBPM)
}

// grooveSteps are the accompaniment intensities (the intensity option's
// scale; 0.5 is as composed) piece i plays at: sparser or busier hats,
// chords struck again or thinned, so the pieces' grooves differ too.
var grooveSteps = []float64{0.5, 0.7, 0.4, 0.62, 0.45, 0.75, 0.38, 0.68, 0.56, 0.42}

// PieceIntensity returns the intensity piece i plays at when the request
// sets none; ok is false for the first piece (as composed).
func PieceIntensity(i int) (x float64, ok bool) {
	if i == 0 {
		return 0, false
	}
	return grooveSteps[i%len(grooveSteps)], true
}

// PieceJobID returns the job id of piece i of collection cid: a version 4
// form UUID from a hash of both, the same on every call, so a collection
// needs no record of its own (its pieces are read by their ids).
func PieceJobID(cid string, i int) string {
	h := sha256.Sum256([]byte("songsmith-collection:" + cid + ":" + strconv.Itoa(i)))
	b := h[:16]
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	x := hex.EncodeToString(b)
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}
