package synth

import (
	"math"
	"slices"
	"sort"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// Recorded parts: a track with score.Track.Recorded plays from the sample
// bank when one is loaded and the instrument (or drum) has a General MIDI
// counterpart (sampler_map.go). The part renders mono into the track's
// buffer, ahead of the track's inserts, pan and sends, like a voice. A
// part whose preset holds stereo sample pairs (stereoTrack) renders both
// halves: the mid goes through the inserts, the side joins the track after
// its pan (trackState.render).

// recKind orders actions at the same frame: releases before bends before
// controller changes before note-ons.
type recKind uint8

const (
	recOff recKind = iota
	recBend
	recCC // a controller change: key is the controller, vel its value 0..1
	recOn
)

// recAct is one timed player action.
type recAct struct {
	frame int
	kind  recKind
	ch    int
	key   int
	vel   float64
	bend  float64 // recBend: target in semitones
	ramp  int     // recBend: frames to reach it (0: at once)
}

// recPart plays one track's events through a soundfont.Player.
type recPart struct {
	pl   *soundfont.Player
	acts []recAct
	next int
	gain float32
	// the active pitch ramp of channel 0
	bendFrom, bendTo float64
	rampStart, rampN int
	// silence tracking: frames rendered since the last note ended quietly
	quiet    int
	lastPeak float32
	kicks    []int // frames of kick hits (drums), for the sidechain key
}

// stereoTrack reports whether track tr plays stereo sample pairs stereo:
// every recorded pitched part whose preset in b has pairs, in every style.
// A pair sounds as one sample voice with two sample reads
// (soundfont.Bank.NewStereoPlayer), so a stereo part costs about 1.5 times
// a mono one, not twice (docs/engine-mix.md, the CPU budget). A recorded
// kit plays its pairs stereo too (newRecDrums).
func stereoTrack(tr *score.Track, b *soundfont.Bank) bool {
	if b == nil || !tr.Recorded || tr.Instrument == score.Drums {
		return false
	}
	gv, ok := gmVoices[tr.Instrument]
	return ok && b.StereoPairs(0, gv.program)
}

// recDrumHold is how long a recorded drum hit is held before its note-off.
const recDrumHold = 0.1

// newRecPart prepares a recorded part for a track, or returns nil when the
// bank cannot play it. For drums, it takes the events it plays out of evs
// and returns the rest for the synthesized kit.
// A stereo part plays both halves of stereo sample pairs.
func newRecPart(b *soundfont.Bank, s *score.Score, tr *score.Track, evs []event, glide float64, stereo bool) (*recPart, []event) {
	if b == nil || !tr.Recorded {
		return nil, evs
	}
	if tr.Instrument == score.Drums {
		return newRecDrums(b, s, tr, evs)
	}
	gv, ok := gmVoices[tr.Instrument]
	if !ok {
		return nil, evs
	}
	newPlayer := b.NewPlayer
	if stereo {
		newPlayer = b.NewStereoPlayer
	}
	pl, err := newPlayer(recPolyphony)
	if err != nil || pl.Program(b, 0, 0, gv.program) != nil {
		return nil, evs
	}
	r := &recPart{pl: pl, gain: float32(dbToGain(gv.db))}
	r.acts = append(noteActs(evs, gv, glide), controlActs(s, tr)...)
	sortActs(r.acts)
	return r, nil
}

// newRecDrums splits a drum track: hits with a GM key go to the player.
func newRecDrums(b *soundfont.Bank, s *score.Score, tr *score.Track, evs []event) (*recPart, []event) {
	kit, ok := gmKits[tr.Kit]
	if !ok {
		return nil, evs
	}
	newPlayer, stereoGain := b.NewPlayer, 1.0
	if b.StereoPairs(soundfont.PercussionBank, kit.program) {
		// Every FluidR3 kit records its hits as stereo pairs: both
		// halves play (the kit's own stereo image under the overhead
		// widener's). Two halves have about twice the power of one, in
		// mid and side together; the gain takes it back to the mono
		// level, and the trims (gmDrumKeys, gmKits) are matched to the
		// stereo hits (TestRecordedDrumBalance).
		newPlayer, stereoGain = b.NewStereoPlayer, math.Sqrt(0.5)
	}
	pl, err := newPlayer(recPolyphony)
	if err != nil || pl.Program(b, soundfont.PercussionChannel, soundfont.PercussionBank, kit.program) != nil {
		return nil, evs
	}
	timp := pl.Program(b, 0, 0, timpaniProgram) == nil
	timpKey := 36 + (s.KeyRoot%12+12)%12
	if timpKey < 41 {
		timpKey += 12
	}
	// The kit's gain carries the kick's lift; every other hit plays softer.
	r := &recPart{pl: pl, gain: float32(stereoGain * dbToGain(kit.db+recKitLift+recKickLift))}
	// The trims play hits softer by velocity, the gain lifts them after the
	// player: its gates must sit under the lifted output, not the player's.
	pl.OutputGain(float64(r.gain))
	var rest []event
	hold := int(recDrumHold * sr)
	for _, ev := range evs {
		ch, key, db := soundfont.PercussionChannel, 0, 0.0
		if d, ok := gmDrumKeys[ev.drum]; ok && !slices.Contains(kit.synth, ev.drum) {
			key, db = d.key, d.db
		} else if ev.drum == score.Timpani && timp {
			ch, key, db = 0, timpKey, timpaniDB
		} else {
			rest = append(rest, ev)
			continue
		}
		if t, ok := kit.trims[ev.drum]; ok {
			db = t
		}
		db += drumLift(ev.drum) - recKickLift
		if ev.drum == score.Kick {
			r.kicks = append(r.kicks, ev.start)
		}
		r.acts = append(r.acts, recAct{frame: ev.start, kind: recOn, ch: ch, key: key, vel: drumVelocity(ev.vel, db)},
			recAct{frame: ev.start + hold, kind: recOff, ch: ch, key: key})
	}
	sortActs(r.acts)
	return r, rest
}

// noteActs turns a melodic track's events into player actions on channel 0:
// same-key overlaps retrigger, a Glide note bends the sounding note
// (a legato slide) when the previous note still sounds, and legato voices
// ring on to the next onset like a held pedal.
func noteActs(evs []event, gv gmVoice, glide float64) []recAct {
	type note struct {
		on, off, key int
		vel          float64
		slideFrom    int     // index of the note this one slides from, or -1
		bend         float64 // channel bend while this note sounds
	}
	notes := make([]note, len(evs))
	for i, ev := range evs {
		off := ev.off
		if gv.release > 0 {
			off = min(off, ev.start+int(gv.release*sr))
		}
		notes[i] = note{on: ev.start, off: off, key: int(ev.pitch), vel: ev.vel, slideFrom: -1}
	}
	if gv.legato {
		for i := range notes {
			for j := i + 1; j < len(notes); j++ {
				if notes[j].on > notes[i].on {
					if notes[j].on > notes[i].off {
						notes[i].off = min(notes[j].on, notes[i].off+int(0.6*sr))
					}
					break
				}
			}
		}
	}
	var acts []recAct
	bend := 0.0
	held := map[int]int{} // key -> index of the note holding it
	for i := range notes {
		n := &notes[i]
		if i > 0 && evs[i].glide {
			// The sounding voice of the previous note bends to this pitch.
			p := i - 1
			root := p
			for notes[root].slideFrom >= 0 {
				root = notes[root].slideFrom
			}
			target := bend + float64(n.key-notes[p].key)
			if notes[p].off >= n.on-int(0.02*sr) && math.Abs(target) <= soundfont.BendRange {
				n.slideFrom = root
				n.bend = target
				notes[root].off = max(n.off, n.on+1)
				notes[p].off = notes[root].off
				acts = append(acts, recAct{frame: n.on, kind: recBend, bend: target, ramp: max(1, int(glide*sr))})
				bend = target
				continue
			}
		}
		if bend != 0 {
			acts = append(acts, recAct{frame: n.on, kind: recBend})
			bend = 0
		}
		if j, ok := held[n.key]; ok && notes[j].off > n.on {
			notes[j].off = n.on
		}
		held[n.key] = i
		acts = append(acts, recAct{frame: n.on, kind: recOn, key: n.key, vel: n.vel})
	}
	for i, n := range notes {
		if n.slideFrom < 0 {
			acts = append(acts, recAct{frame: max(n.off, n.on+1), kind: recOff, key: notes[i].key})
		}
	}
	return acts
}

func sortActs(a []recAct) {
	sort.SliceStable(a, func(i, j int) bool {
		if a[i].frame != a[j].frame {
			return a[i].frame < a[j].frame
		}
		return a[i].kind < a[j].kind
	})
}

// stereo reports whether the part renders a side signal.
func (r *recPart) stereo() bool { return r.pl.Stereo() }

// render writes the part's len(buf) frames from frame start into buf and,
// for a stereo part, its side signal into side (as long as buf; nil for a
// mono part).
func (r *recPart) render(start int, buf, side []float32) {
	n := len(buf)
	end := start + n
	pos := start
	for pos < end {
		// Apply every action due now.
		// Actions go EventLead frames early: the synthesizer starts them
		// at its next block boundary, at most EventLead frames later.
		for r.next < len(r.acts) && r.acts[r.next].frame-soundfont.EventLead <= pos {
			r.apply(r.acts[r.next], pos)
			r.next++
		}
		stop := end
		if r.next < len(r.acts) {
			stop = min(stop, r.acts[r.next].frame-soundfont.EventLead)
		}
		if r.rampN > 0 {
			stop = min(stop, pos+blockFramesRamp)
			r.stepRamp(pos)
		}
		if side != nil {
			r.pl.RenderMidSide(buf[pos-start:stop-start], side[pos-start:stop-start])
		} else {
			r.pl.Render(buf[pos-start : stop-start])
		}
		pos = stop
	}
	scale32(side, r.gain)
	peak := gainPeak(buf, r.gain)
	r.lastPeak = peak
	if peak > 1e-5 || r.pl.Held() > 0 {
		r.quiet = 0
	} else {
		r.quiet += n
	}
}

// blockFramesRamp is how often a pitch ramp updates the bend: once per
// synthesizer block, where a bend takes effect.
const blockFramesRamp = soundfont.BlockFrames

func (r *recPart) apply(a recAct, pos int) {
	switch a.kind {
	case recOn:
		r.pl.NoteOn(a.ch, a.key, a.vel)
	case recOff:
		r.pl.NoteOff(a.ch, a.key)
	case recCC:
		r.pl.Control(a.ch, a.key, ccValue(a.vel))
	case recBend:
		if a.ramp <= 1 {
			r.rampN = 0
			r.bendTo = a.bend
			r.pl.Bend(a.ch, a.bend)
			return
		}
		r.bendFrom = r.currentBend(pos)
		r.bendTo = a.bend
		r.rampStart, r.rampN = pos, a.ramp
	}
}

// currentBend is the bend of channel 0 at frame pos.
func (r *recPart) currentBend(pos int) float64 {
	if r.rampN <= 0 {
		return r.bendTo
	}
	x := math.Min(1, float64(pos-r.rampStart)/float64(r.rampN))
	// An exponential-looking approach: fast start, soft landing.
	x = 1 - (1-x)*(1-x)
	return r.bendFrom + (r.bendTo-r.bendFrom)*x
}

func (r *recPart) stepRamp(pos int) {
	r.pl.Bend(0, r.currentBend(pos))
	if pos-r.rampStart >= r.rampN {
		r.rampN = 0
	}
}

// live reports whether the part must render the n frames from frame
// start: an action is due, a note is held, or the last rendered block was
// not yet silent for 50 ms (release tails).
func (r *recPart) live(start, n int) bool {
	if r.next < len(r.acts) && r.acts[r.next].frame-soundfont.EventLead < start+n {
		return true
	}
	if r.pl.Held() > 0 || r.lastPeak > 1e-5 {
		return true
	}
	return r.quiet < int(0.05*sr)
}

// recPolyphony is the most sample voices a recorded part sounds at once
// (a note of a stereo or layered preset takes two or more); the quietest
// is stolen first.
const recPolyphony = 32
