package engine

import (
	"math"
	"strconv"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/score"
)

// The job budget (issue 27 item 1): what one score may ask of the
// synthesizer, derived from the request limits of internal/jobs, so that
// no input, valid or not (a tampered recipe with a tempo of 1e9 or a
// million notes), makes one job use more memory or CPU time than the
// largest valid request with a stated margin. CheckBudget refuses a score
// past it before anything is rendered or allocated; docs/api.md ("Limits")
// states the memory and CPU time it bounds.
// BudgetSeconds is the longest score synthesized, tail included: the
// longest request (jobs.MaxSeconds) plus two 4/4 bars at the slowest tempo
// (jobs.MinBPM), the composer ending within half a bar of the length asked
// for.
const BudgetSeconds = jobs.MaxSeconds + 2*4*60/jobs.MinBPM

const (
	// budgetEventsPerBeat is the densest part, in notes and hits per beat:
	// a 32nd-note line of four-note chords (the catalogue's densest part
	// writes under ten a beat).
	budgetEventsPerBeat = 32
	// budgetVoices is how many notes one part may sound at once, on
	// average over the song (the catalogue's songs average under two).
	budgetVoices = 8
	// budgetHitSeconds is how long a drum hit counts as sounding in the
	// sounding time (most drum samples decay within it).
	budgetHitSeconds = 0.5
)

var (
	// BudgetTracks is the most parts a score may hold: two per role a
	// request can name (jobs.EditRoles), a part and its answer or double.
	// The catalogue writes at most one per role.
	BudgetTracks = 2 * len(jobs.EditRoles)
	// BudgetEvents is the most notes and hits a score may hold: the
	// densest part at the fastest tempo (jobs.MaxBPM) in every track, all
	// song long.
	BudgetEvents = int(float64(BudgetTracks*budgetEventsPerBeat) * jobs.MaxBPM / 60 * BudgetSeconds)
	// BudgetVoiceSeconds bounds the synthesizer's CPU time: the seconds
	// every note sounds (its length, cut at the song's end) and
	// budgetHitSeconds a drum hit, summed. A voice costs about the same
	// per second whatever it plays. The catalogue's longest songs sound
	// for under a quarter of it.
	BudgetVoiceSeconds = float64(BudgetTracks*budgetVoices) * BudgetSeconds
	// BudgetFrames is the most frames a song may hold at the engine's
	// rate (audio.CD): BudgetSeconds of them, two float32 channels each.
	BudgetFrames = audio.CD.NSeconds(BudgetSeconds)
	// BudgetStemBytes is the most bytes of 32-bit float stereo WAV a
	// song's stems may hold: every track, BudgetSeconds long, at the
	// highest rate a request may ask for (jobs.SampleRates).
	BudgetStemBytes = int64(BudgetTracks) * int64(math.Ceil(BudgetSeconds*float64(maxRate()))) * 2 * 4
)

// maxRate is the highest sample rate of jobs.SampleRates.
func maxRate() int {
	m := int(audio.CD)
	for _, r := range jobs.SampleRates {
		if n, err := strconv.Atoi(r); err == nil {
			m = max(m, n)
		}
	}
	return m
}

// CheckBudget returns a jobs.EInvalid error naming what is over the job
// budget when s asks for more than it: length (tempo and beats), tracks,
// notes and hits, or sounding time. It reads the score only (no
// allocation), so it runs before synthesis.
func CheckBudget(s *score.Score) error {
	if s == nil {
		return jobs.Errorf(jobs.EInvalid, "The song is empty.")
	}
	if !(s.BPM > 0) || math.IsInf(s.BPM, 1) {
		return jobs.Errorf(jobs.EInvalid, "The song's tempo (%g BPM) is not a positive number.", s.BPM)
	}
	music := s.BeatToSeconds(s.TotalBeats)
	if !(music >= 0) || !(s.TailSeconds >= 0) || music+s.TailSeconds > BudgetSeconds {
		return jobs.Errorf(jobs.EInvalid, "The song's length (%.4g s) is over the engine's budget of %g s.", music+s.TailSeconds, BudgetSeconds)
	}
	if len(s.Tracks) > BudgetTracks {
		return jobs.Errorf(jobs.EInvalid, "The song has %d parts, over the engine's budget of %d.", len(s.Tracks), BudgetTracks)
	}
	events := 0
	for i := range s.Tracks {
		events += len(s.Tracks[i].Notes) + len(s.Tracks[i].Hits)
	}
	if events > BudgetEvents {
		return jobs.Errorf(jobs.EInvalid, "The song has %d notes and hits, over the engine's budget of %d.", events, BudgetEvents)
	}
	if vs := voiceSeconds(s, music+s.TailSeconds); vs > BudgetVoiceSeconds {
		return jobs.Errorf(jobs.EInvalid, "The song's notes sound for %.4g s in all, over the engine's budget of %.0f s.", vs, BudgetVoiceSeconds)
	}
	return nil
}

// voiceSeconds sums the seconds every note of s sounds, cut at end, and
// budgetHitSeconds a hit; a note whose start or length is not a number
// counts as sounding all song long.
func voiceSeconds(s *score.Score, end float64) float64 {
	spb := s.SecondsPerBeat()
	sum := 0.0
	for i := range s.Tracks {
		sum += budgetHitSeconds * float64(len(s.Tracks[i].Hits))
		for _, n := range s.Tracks[i].Notes {
			a := max(0, n.Start*spb)
			d := min(n.Length*spb, end-a)
			switch {
			case math.IsNaN(a) || math.IsNaN(d):
				sum += end
			case d > 0:
				sum += d
			}
		}
	}
	return sum
}
