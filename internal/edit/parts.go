package edit

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

// Swap returns s with each role of inst played by its instrument (for
// drums: its kit), or removed when the instrument is "". Removing a role
// the song lacks changes nothing; giving one an instrument is ErrEdit.
func Swap(s *score.Score, inst map[string]string, recorded func(score.Instrument) bool) (*score.Score, error) {
	out := Clone(s)
	roles := make([]string, 0, len(inst))
	for r := range inst {
		roles = append(roles, r)
	}
	sort.Strings(roles)
	for _, role := range roles {
		v := inst[role]
		has := slices.ContainsFunc(out.Tracks, func(t score.Track) bool { return string(t.Role) == role })
		switch {
		case v == "":
			out.Tracks = slices.DeleteFunc(out.Tracks, func(t score.Track) bool { return string(t.Role) == role })
			continue
		case !has:
			return nil, fail("The song has no %s part to give %s; its parts are %s.", role, v, strings.Join(rolesOf(out), ", "))
		}
		for ti := range out.Tracks {
			t := &out.Tracks[ti]
			if string(t.Role) != role {
				continue
			}
			if t.Instrument == score.Drums {
				t.Kit = score.Kit(v)
				continue
			}
			if t.Cast == "" {
				t.Cast = t.Instrument // the mix keeps the cast part's colour
			}
			t.Instrument = score.Instrument(v)
			if i := strings.IndexByte(t.Name, '('); i >= 0 {
				t.Name = t.Name[:i] + "(" + v + ")"
			}
			t.Recorded = recorded != nil && recorded(t.Instrument)
			t.Featured = false
		}
	}
	return out, nil
}

// rolesOf lists the roles of s's parts, once each.
func rolesOf(s *score.Score) []string {
	var out []string
	for _, t := range s.Tracks {
		if !slices.Contains(out, string(t.Role)) {
			out = append(out, string(t.Role))
		}
	}
	return out
}

// Metric weights of a position in the bar.
const (
	weightSixteenth = iota // off the eighths
	weightEighth           // an off-beat eighth
	weightBeat             // a beat
	weightHalf             // the middle of an even bar
	weightBar              // the downbeat
)

// Weight returns the metric weight of beat b in bars of bpb beats.
func Weight(b float64, bpb int) int {
	pos := math.Mod(b, float64(bpb))
	on := func(x, grid float64) bool {
		r := math.Mod(x, grid)
		return r < 1e-6 || grid-r < 1e-6
	}
	switch {
	case on(pos, float64(bpb)):
		return weightBar
	case bpb%2 == 0 && math.Abs(pos-float64(bpb/2)) < 1e-6:
		return weightHalf
	case on(pos, 1):
		return weightBeat
	case on(pos, 0.5):
		return weightEighth
	}
	return weightSixteenth
}

// accompanies reports whether a part's density follows the intensity:
// chords, pad and arp (the lead, bass and fx keep their notes).
func accompanies(r score.Role) bool {
	return r == score.RoleChords || r == score.RolePad || r == score.RoleArp
}

// Intensity returns s with the accompaniment's energy at x (0..1; 0.5 is
// as composed): velocities of every part but the lead scale by 0.7..1.3;
// below 0.5 weak notes of the chords, pad and arp and weak hats go (below
// 0.35 the off-beat eighths too, below 0.15 all but the downbeats and
// mid-bar; hats never lose their beats);
// above 0.65 held chords are struck again on their beats (above 0.85 on
// the off-beats too) and hats fill the eighths (above 0.85 the
// sixteenths), softly.
func Intensity(s *score.Score, x float64) *score.Score {
	out := Clone(s)
	x = min(max(x, 0), 1)
	gain := 1 + (x-0.5)*0.6
	drop := -1 // notes of this weight or less go
	switch {
	case x < 0.15:
		drop = weightBeat
	case x < 0.35:
		drop = weightEighth
	case x < 0.5:
		drop = weightSixteenth
	}
	bpb := max(out.BeatsPerBar, 1)
	for ti := range out.Tracks {
		t := &out.Tracks[ti]
		if t.Role == score.RoleLead || t.Role == score.RoleFX {
			continue
		}
		if accompanies(t.Role) {
			t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool { return Weight(n.Start, bpb) <= drop })
			if x > 0.65 {
				t.Notes = restrike(t.Notes, x > 0.85)
			}
		}
		if t.Instrument == score.Drums {
			t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool {
				return isHat(h.Drum) && Weight(h.Start, bpb) <= min(drop, weightEighth)
			})
			if x > 0.65 {
				t.Hits = fillHats(t.Hits, out.TotalBeats, bpb, x > 0.85)
			}
		}
		for k := range t.Notes {
			t.Notes[k].Velocity = min(max(t.Notes[k].Velocity*gain, 0.02), 1)
		}
		for k := range t.Hits {
			t.Hits[k].Velocity = min(max(t.Hits[k].Velocity*gain, 0.02), 1)
		}
	}
	return out
}

func isHat(d score.Drum) bool {
	return d == score.ClosedHat || d == score.OpenHat || d == score.Shaker || d == score.Ride
}

// restrike splits notes held over a beat into strikes on each beat (and
// off-beat), the added strikes softer.
func restrike(notes []score.Note, eighths bool) []score.Note {
	step := 1.0
	if eighths {
		step = 0.5
	}
	var out []score.Note
	for _, n := range notes {
		if n.Length < 2*step-1e-9 || n.Glide {
			out = append(out, n)
			continue
		}
		end := n.Start + n.Length
		first := n
		first.Length = step
		out = append(out, first)
		for at := n.Start + step; at < end-step/2; at += step {
			m := n
			m.Start, m.Length, m.Velocity = at, min(step, end-at), n.Velocity*0.7
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// fillHats adds soft closed hats on the eighths (and sixteenths) that have
// no hat, over the bars where hats already play.
func fillHats(hits []score.Hit, total float64, bpb int, sixteenths bool) []score.Hit {
	var hats []score.Hit
	for _, h := range hits {
		if isHat(h.Drum) {
			hats = append(hats, h)
		}
	}
	if len(hats) == 0 {
		return hits
	}
	step := 0.5
	if sixteenths {
		step = 0.25
	}
	playing := map[int]bool{}
	has := map[int]bool{}
	vel := 0.0
	for _, h := range hats {
		playing[int(h.Start)/bpb] = true
		has[int(math.Round(h.Start/step))] = true
		vel += h.Velocity
	}
	vel = 0.6 * vel / float64(len(hats))
	out := slices.Clone(hits)
	for i := 0; float64(i)*step < total-1e-9; i++ {
		at := float64(i) * step
		if has[i] || !playing[int(at)/bpb] {
			continue
		}
		out = append(out, score.Hit{Start: at, Drum: score.ClosedHat, Velocity: vel})
	}
	slices.SortStableFunc(out, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
	return out
}
