package studio

import (
	"context"
	"fmt"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/resample"
	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// StingerBars is the length of a stinger, in bars.
const StingerBars = 2

// stingerTail is the ring-out after a stinger's two bars, in seconds.
const stingerTail = 1.5

// StingerKinds are the stingers made, in order: a rising major arpeggio
// landing on the tonic (success), a low cluster of the root, its minor
// second and tritone under tom hits (danger), and a snare build over the
// dominant resolving to the tonic with a crash on the second downbeat
// (transition).
var StingerKinds = []string{"success", "danger", "transition"}

// Stinger composes the cue kind (StingerKinds) for the song s: two bars in
// its tempo, meter and key, played by its own instruments (the first part
// of each of its drums, bass, pad or chords and lead roles; a role the
// song lacks is left out), starting on a downbeat, with a short ring-out.
// It returns, for each of the stinger's tracks, the index of the song's
// track that plays it: the stinger's part takes that part's channel in
// the mix (RenderStingers).
func Stinger(s *score.Score, kind string) (*score.Score, []int) {
	bpb := float64(max(s.BeatsPerBar, 1))
	st := &score.Score{BPM: s.BPM, BeatsPerBar: s.BeatsPerBar, Subdivision: s.Subdivision, KeyRoot: s.KeyRoot, Mode: s.Mode,
		Genre: s.Genre, Mood: s.Mood, TotalBeats: StingerBars * bpb, TailSeconds: stingerTail, Seed: s.Seed, Ballad: s.Ballad,
		Sections: []score.Section{{Name: kind, Bars: StingerBars, Energy: 0.8}}}
	r := s.KeyRoot
	var from []int
	for _, role := range []score.Role{score.RoleDrums, score.RoleBass, score.RolePad, score.RoleChords, score.RoleLead} {
		i := slices.IndexFunc(s.Tracks, func(t score.Track) bool { return t.Role == role })
		if i < 0 || (role == score.RoleChords && hasRole(st, score.RolePad)) {
			continue
		}
		t := s.Tracks[i]
		t.Notes, t.Hits = nil, nil
		switch role {
		case score.RoleDrums:
			t.Hits = stingerHits(kind, bpb)
		case score.RoleBass:
			t.Notes = stingerBass(kind, r, bpb)
		case score.RolePad, score.RoleChords:
			t.Notes = stingerChords(kind, r, bpb)
		case score.RoleLead:
			t.Notes = stingerLead(kind, r, bpb)
		}
		st.Tracks = append(st.Tracks, t)
		from = append(from, i)
	}
	return st, from
}

func hasRole(s *score.Score, role score.Role) bool {
	return slices.ContainsFunc(s.Tracks, func(t score.Track) bool { return t.Role == role })
}

// chord plays pitches together from start for length beats.
func chord(start, length, vel float64, pitches ...int) []score.Note {
	var out []score.Note
	for _, p := range pitches {
		out = append(out, score.Note{Start: start, Length: length, Pitch: p, Velocity: vel})
	}
	return out
}

func stingerChords(kind string, r int, bpb float64) []score.Note {
	switch kind {
	case "danger":
		return chord(0, 2*bpb, 0.75, 48+r, 49+r, 54+r)
	case "transition":
		return append(chord(0, bpb, 0.6, 55+r, 59+r, 62+r), chord(bpb, bpb, 0.8, 60+r, 64+r, 67+r)...)
	}
	return chord(0, 2*bpb, 0.7, 60+r, 64+r, 67+r)
}

func stingerBass(kind string, r int, bpb float64) []score.Note {
	switch kind {
	case "danger":
		return []score.Note{{Start: 0, Length: bpb, Pitch: 36 + r, Velocity: 0.9}, {Start: bpb, Length: bpb, Pitch: 37 + r, Velocity: 0.9}}
	case "transition":
		return []score.Note{{Start: 0, Length: bpb, Pitch: 43 + r, Velocity: 0.8}, {Start: bpb, Length: bpb, Pitch: 36 + r, Velocity: 0.95}}
	}
	return []score.Note{{Start: 0, Length: bpb / 2, Pitch: 36 + r, Velocity: 0.8}, {Start: bpb, Length: bpb, Pitch: 36 + r, Velocity: 0.95}}
}

func stingerLead(kind string, r int, bpb float64) []score.Note {
	step := bpb / 4
	var out []score.Note
	switch kind {
	case "danger":
		for i := 0; i < 8; i++ {
			out = append(out, score.Note{Start: float64(i) * step, Length: step, Pitch: 72 + r + i%2, Velocity: 0.5 + 0.05*float64(i)})
		}
		return append(out, score.Note{Start: bpb, Length: bpb, Pitch: 78 + r, Velocity: 0.9})
	case "transition":
		return []score.Note{{Start: bpb, Length: bpb, Pitch: 79 + r, Velocity: 0.85}}
	}
	for i, p := range []int{72, 76, 79, 84} {
		out = append(out, score.Note{Start: float64(i) * step, Length: step, Pitch: p + r, Velocity: 0.7 + 0.05*float64(i)})
	}
	return append(out, score.Note{Start: bpb, Length: bpb, Pitch: 84 + r, Velocity: 0.95})
}

func stingerHits(kind string, bpb float64) []score.Hit {
	var out []score.Hit
	switch kind {
	case "danger":
		for b := 0.0; b < 2*bpb; b++ {
			out = append(out, score.Hit{Start: b, Drum: score.TomLow, Velocity: 0.6 + 0.2*b/bpb})
		}
		return out
	case "transition":
		for i := 0.0; i < 4*bpb; i++ {
			out = append(out, score.Hit{Start: i / 4, Drum: score.Snare, Velocity: 0.3 + 0.6*i/(4*bpb)})
		}
	default:
		for i := 0.0; i < 4; i++ {
			out = append(out, score.Hit{Start: bpb - 1 + i/4, Drum: score.Snare, Velocity: 0.5 + 0.1*i})
		}
	}
	return append(out, score.Hit{Start: bpb, Drum: score.Kick, Velocity: 1}, score.Hit{Start: bpb, Drum: score.Crash, Velocity: 0.9})
}

// RenderStingers renders the stingers of the song s (StingerKinds), each
// mastered as the song is (o: its synthesizer options, each part in the
// channel of the song's part that plays it) and resampled to rate.
func RenderStingers(ctx context.Context, s *score.Score, o synth.Options, rate audio.SampleRate) ([]*audio.Buffer, error) {
	var out []*audio.Buffer
	for _, kind := range StingerKinds {
		st, from := Stinger(s, kind)
		so := o
		so.Channels = make([]mixplan.Channel, len(from))
		for j, i := range from {
			if i < len(o.Channels) {
				so.Channels[j] = o.Channels[i]
			}
		}
		b, err := synth.Render(ctx, st, so)
		if err == nil {
			src := b
			if b, err = resample.To(ctx, b, rate); err == nil && b != src {
				audio.Recycle(src)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("studio: stinger %s: %w", kind, err)
		}
		out = append(out, b)
	}
	return out, nil
}
