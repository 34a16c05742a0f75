package synth

import (
	"maps"

	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// BankLoader returns the sample bank recorded parts play from, or nil to
// synthesize them. soundfont.Loader(path) (the process-wide bank of a
// path, loaded once) is one; NoBank turns recorded parts off.
type BankLoader func() *soundfont.Bank

// Options tune a render. Production passes the configured bank
// (config -> generator -> studio -> engine -> here); the zero Options, for
// tests and tools, play from soundfont.DebianPath when it is installed.
type Options struct {
	// Bank loads the sample bank, called only when some track is
	// Recorded. Nil means soundfont.Shared(soundfont.DebianPath).
	Bank BankLoader
	// LoudnessLUFS is the master's integrated loudness target: 0 keeps
	// the style family's default; otherwise MinLoudnessLUFS to
	// MaxLoudnessLUFS (the true-peak ceiling wins where both cannot
	// hold). Stems are not mastered and ignore it.
	LoudnessLUFS float64
	// Unbalanced leaves every part's fader at 0 dB instead of levelling
	// it by its measured loudness (balance.go), and its tone bells off
	// (tone.go): for comparing sources.
	Unbalanced bool
	// Mix is the song's mix plan, written by the mix step from the
	// style's catalogue entry (internal/mix): part levels, tone, room and
	// master. Nil mixes with the pop family's plan.
	Mix *mixplan.Plan
	// Channels are the tracks' places in the mix (level offset, seat,
	// sends, colour), indexed like the score's tracks, written by the mix
	// step: the score carries no gains. A track past the end has the zero
	// Channel.
	Channels []mixplan.Channel
	// RoomSize is the shared reverb's size, 0..1 (the mix step's, from
	// the style's reverb).
	RoomSize float64
	// Calm marks a song measured against the calm references
	// (orchestral, choral, folk without a kit): its parts' stereo width
	// and tone follow them.
	Calm bool
}

// plan returns o's mix plan (the pop family's for none), its Parts a
// fresh copy.
func (o Options) plan() mixplan.Plan {
	if o.Mix == nil {
		return mixplan.FamilyPlan(mixplan.Pop)
	}
	p := *o.Mix
	p.Parts = maps.Clone(p.Parts)
	return p
}

// channel returns track i's place in the mix (the zero Channel when o
// has none for it).
func (o Options) channel(i int) mixplan.Channel {
	if i >= 0 && i < len(o.Channels) {
		return o.Channels[i]
	}
	return mixplan.Channel{}
}

// calm reports whether o's song is measured against the calm references.
func (o Options) calm() bool { return o.Calm }

// NoBank is a BankLoader that synthesizes every part.
func NoBank() *soundfont.Bank { return nil }

// bank returns the bank for s, loading it only when a track asks for it.
func (o Options) bank(s *score.Score) *soundfont.Bank {
	for i := range s.Tracks {
		if s.Tracks[i].Recorded {
			if o.Bank == nil {
				return soundfont.Shared(soundfont.DebianPath)
			}
			return o.Bank()
		}
	}
	return nil
}

// recordedPatch is p for a track played from samples: the recording
// carries its own drive, cabinet and chorus, so the patch adds none.
func recordedPatch(p *patch) *patch {
	q := *p
	q.drive, q.cab, q.chorus = 0, 0, 0
	return &q
}
