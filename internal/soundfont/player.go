package soundfont

import (
	"fmt"
	"math"

	"github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// SampleRate is the rate players render at.
const SampleRate = 44100

// BendRange is the pitch-bend range, in semitones either way, that players
// set on every channel they program.
const BendRange = 24

// PercussionChannel is the MIDI channel (0-based) that plays drum kits.
const PercussionChannel = 9

// BlockFrames is the synthesizer's internal block: note events take effect
// at the next block boundary (2.9 ms at 44.1 kHz). A caller that sends each
// event half a block early (EventLead) lands it within ±1.45 ms of its
// time. 128 frames halve the per-block work of every voice (envelopes,
// LFOs, filter coefficients) against meltysynth's 64, a twentieth of a
// recorded song's render.
const BlockFrames = 128

// EventLead is how many frames early a caller sends a note event so that,
// rounded up to the next block boundary, it lands at most half a block from
// its time either way.
const EventLead = BlockFrames / 2

// Player plays presets of one Bank on up to 16 MIDI channels and renders
// their sum as mono (Render), or as mid and side (RenderMidSide) when it
// is a stereo player. It is not safe for concurrent use; make one per part.
type Player struct {
	syn    *meltysynth.Synthesizer
	held   int                    // notes on and not yet off, all channels
	stereo bool                   // NewStereoPlayer's: RenderMidSide
	lazy   *sf3                   // the bank's SF3 samples (nil: SF2)
	sf     *meltysynth.SoundFont  // the bank's tables
	preset [16]*meltysynth.Preset // each channel's preset, for lazy decoding
	bend   [16]float64            // each channel's pitch bend, semitones
	notes  []sf3Note              // sounding zones of an SF3 bank (sf3play.go)
}

// NewPlayer returns a mono player with every channel on GM piano (channel 9
// on the standard drum kit), no reverb or chorus of its own. It plays the
// left half of each stereo sample pair only.
func (b *Bank) NewPlayer(polyphony int) (*Player, error) { return b.newPlayer(b.sf, polyphony) }

// NewStereoPlayer returns a player like NewPlayer's that plays both halves
// of stereo sample pairs, each where the bank pans it, for RenderMidSide.
// A pair whose two regions differ only in their samples and pan (most of
// them; see pairVoices) sounds as one voice with two sample reads and
// filter states; the others as two voices. StereoPairs tells which
// presets have pairs.
func (b *Bank) NewStereoPlayer(polyphony int) (*Player, error) {
	p, err := b.newPlayer(b.stereo, polyphony)
	if p != nil {
		p.stereo = true
		p.syn.PlayStereoPairs(b.partner)
	}
	return p, err
}

func (b *Bank) newPlayer(sf *meltysynth.SoundFont, polyphony int) (*Player, error) {
	st := meltysynth.NewSynthesizerSettings(SampleRate)
	st.BlockSize = BlockFrames
	st.MaximumPolyphony = int32(max(8, min(256, polyphony)))
	st.EnableReverbAndChorus = false
	syn, err := meltysynth.NewSynthesizer(sf, st)
	if err != nil {
		return nil, fmt.Errorf("soundfont: %w", err)
	}
	syn.MasterVolume = 1
	p := &Player{syn: syn, lazy: b.lazy, sf: b.sf}
	for ch := range p.preset {
		p.preset[ch] = b.presetOf[0]
	}
	p.preset[PercussionChannel] = b.presetOf[PercussionBank<<16]
	return p, nil
}

// Program selects preset bank:program on channel ch (0..15) and sets the
// channel's pitch-bend range to BendRange. On the percussion channel, bank
// is PercussionBank and program picks the kit. It returns ErrNoPreset when
// the bank lacks the preset; the channel is then left unchanged.
func (p *Player) Program(b *Bank, ch, bank, program int) error {
	if _, ok := b.Preset(bank, program); !ok {
		return fmt.Errorf("%w: %d:%d", ErrNoPreset, bank, program)
	}
	p.preset[ch] = b.presetOf[int32(bank)<<16|int32(program)]
	c := int32(ch)
	sel := int32(bank)
	if ch == PercussionChannel {
		sel -= PercussionBank
	}
	p.syn.ProcessMidiMessage(c, 0xB0, 0x00, sel)
	p.syn.ProcessMidiMessage(c, 0xC0, int32(program), 0)
	p.syn.ProcessMidiMessage(c, 0xB0, 0x65, 0) // RPN 0: pitch-bend range
	p.syn.ProcessMidiMessage(c, 0xB0, 0x64, 0)
	p.syn.ProcessMidiMessage(c, 0xB0, 0x06, BendRange)
	p.syn.ProcessMidiMessage(c, 0xB0, 0x26, 0)
	p.syn.ProcessMidiMessage(c, 0xB0, 0x65, 127) // RPN null
	p.syn.ProcessMidiMessage(c, 0xB0, 0x64, 127)
	return nil
}

// NoteOn starts key (MIDI note) on channel ch at velocity vel (0..1). With
// an SF3 bank it decodes the start of the samples the note plays (and
// Render decodes on as far as they can play; sf3play.go).
func (p *Player) NoteOn(ch, key int, vel float64) {
	v := int32(math.Round(1 + 126*math.Max(0, math.Min(1, vel))))
	if p.lazy != nil && ch >= 0 && ch < len(p.preset) {
		p.sf3NoteOn(ch, key, v)
	}
	p.syn.NoteOn(int32(ch), int32(key), v)
	p.held++
}

// NoteOff releases every voice of key on channel ch.
func (p *Player) NoteOff(ch, key int) {
	p.syn.NoteOff(int32(ch), int32(key))
	if p.lazy != nil {
		p.sf3NoteOff(ch, key)
	}
	p.held = max(0, p.held-1)
}

// Bend sets channel ch's pitch bend in semitones, clamped to ±BendRange.
func (p *Player) Bend(ch int, semitones float64) {
	x := math.Max(-1, math.Min(1, semitones/BendRange))
	v := int32(math.Round(8192 + x*8191))
	if ch >= 0 && ch < len(p.bend) {
		p.bend[ch] = x * BendRange
	}
	p.syn.ProcessMidiMessage(int32(ch), 0xE0, v&0x7F, v>>7)
}

// Control sets controller cc (0..127) of channel ch to value (0..127):
// modulation (1), volume (7) and expression (11) act through the bank's
// default modulators (vibrato depth, gain).
func (p *Player) Control(ch, cc, value int) {
	p.syn.ProcessMidiMessage(int32(ch), 0xB0, int32(cc&0x7F), int32(min(127, max(0, value))))
}

// OutputGain tells the player the gain its output is played at (the part's
// level, applied after Render), for the gates that drop inaudible voices
// and blocks: they sit at -60 dB of the output at that gain, not of the
// player's own output. A kit whose hits are trimmed by velocity and lifted
// 35 dB afterwards otherwise loses its soft hits under the gate (docs/engine.md,
// "Soft recorded drum hits"). A gain of 1 (or less) keeps meltysynth's own
// floor.
func (p *Player) OutputGain(gain float64) {
	if gain > 1 {
		p.syn.AudibleFloor = float32(audibleFloor / gain)
	}
}

// audibleFloor is meltysynth's gain under which a voice or block is
// inaudible at unit output gain.
const audibleFloor = 1e-3

// Held returns the number of notes started and not yet released.
func (p *Player) Held() int { return p.held }

// Render writes the next len(dst) frames, left and right summed to mono
// with a gain of one half, into dst.
func (p *Player) Render(dst []float32) {
	if p.lazy != nil {
		p.sf3Ahead(len(dst))
	}
	p.syn.RenderMono(dst)
}

// Stereo reports whether p is a stereo player (NewStereoPlayer).
func (p *Player) Stereo() bool { return p.stereo }

// StereoGain scales RenderMidSide's mid and side: a stereo pair's two
// halves, each panned hard to its side, sum in the mid where a mono
// player plays one half alone; the square root of one half keeps the
// pair's power where a mono player puts its left half (the halves of a
// recorded pair are partly correlated: the mid reads 0-3 dB over the
// mono player's).
const StereoGain = 0.7071067811865476

// RenderMidSide writes the next len(mid) frames as mid, StereoGain times
// (left+right)/2, and side, StereoGain times (left-right)/2, so that
// left = (mid+side)/StereoGain and right = (mid-side)/StereoGain. side
// must be as long as mid.
func (p *Player) RenderMidSide(mid, side []float32) {
	if p.lazy != nil {
		p.sf3Ahead(len(mid))
	}
	p.syn.RenderMidSide(mid, side[:len(mid)], 0.5*StereoGain)
}
