package soundfont

import (
	"log/slog"
	"math"

	"github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// Decoding an SF3 bank as it plays. A note of a 7-second piano sample that
// lasts half a second reads half a second of it, so the Player decodes
// each sample only as far as its notes can have read: at every Render it
// moves each sounding note's read position on by an upper bound of its
// playback rate (the zone's tuning and scale tuning, the channel's pitch
// bend, and the largest pitch swing the zone's LFOs and modulation
// envelope can add, with a quarter to spare) and decodes the sample up to
// there plus a lead (two synthesizer blocks and 2048 frames), before the
// synthesizer renders. A voice therefore never reaches frames not yet
// decoded: the output is the same whatever other players of the bank have
// decoded meanwhile (renders stay deterministic). Looped zones read
// no further than their unrolled position either; a note stops being
// tracked once its sample is decoded to the end or its release is over.

const (
	// rateSpare is the factor on every estimated playback rate.
	rateSpare = 1.25
	// leadFrames is decoded past every note's estimated position.
	leadFrames = 2048
)

// sf3Note is one sounding zone of a note, as lazy decoding tracks it.
type sf3Note struct {
	sample  int     // sample header index
	ch, key int     // the note
	rate    float64 // upper bound of the playback rate before pitch bend, sample frames per output frame
	read    float64 // sample frames the voice can have read from the sample's start
	release int     // output frames the release can last
	off     int     // output frames since the note-off; -1 while held
}

// sf3NoteOn decodes the start of the samples that key at MIDI velocity vel
// plays on channel ch and tracks them.
func (p *Player) sf3NoteOn(ch, key int, vel int32) {
	pre := p.preset[ch]
	if pre == nil {
		return
	}
	k := int32(key)
	for _, pr := range pre.Regions {
		if k < pr.GetKeyRangeStart() || k > pr.GetKeyRangeEnd() || vel < pr.GetVelocityRangeStart() || vel > pr.GetVelocityRangeEnd() {
			continue
		}
		for _, ir := range pr.Instrument.Regions {
			if k < ir.GetKeyRangeStart() || k > ir.GetKeyRangeEnd() || vel < ir.GetVelocityRangeStart() || vel > ir.GetVelocityRangeEnd() {
				continue
			}
			i, ok := p.lazy.index[ir.Sample]
			if !ok {
				continue
			}
			n := sf3Note{sample: i, ch: ch, key: key, rate: zoneRate(pr, ir, key), off: -1,
				release: int(2*float64(ir.GetReleaseVolumeEnvelope()*pr.GetReleaseVolumeEnvelope())*SampleRate) + SampleRate}
			n.read = float64(max(0, ir.GetSampleStart()-ir.Sample.Start))
			p.notes = append(p.notes, n)
		}
	}
	p.sf3Ahead(0)
}

// zoneRate bounds the playback rate of key in a zone, before pitch bend.
func zoneRate(pr *meltysynth.PresetRegion, ir *meltysynth.InstrumentRegion, key int) float64 {
	scale := 0.01 * float64(ir.GetScaleTuning()+pr.GetScaleTuning())
	tune := float64(ir.GetCoarseTune()+pr.GetCoarseTune()) +
		0.01*float64(ir.GetFineTune()+pr.GetFineTune()+int32(ir.Sample.PitchCorrection))
	swing := 0.01 * scale * (math.Abs(float64(ir.GetVibratoLfoToPitch()+pr.GetVibratoLfoToPitch())) +
		math.Abs(float64(ir.GetModulationLfoToPitch()+pr.GetModulationLfoToPitch())) +
		math.Abs(float64(ir.GetModulationEnvelopeToPitch()+pr.GetModulationEnvelopeToPitch())))
	semis := scale*float64(key-int(ir.GetRootKey())) + tune + swing
	return rateSpare * float64(ir.Sample.SampleRate) / SampleRate * math.Pow(2, semis/12)
}

// sf3NoteOff marks the tracked zones of key on channel ch released.
func (p *Player) sf3NoteOff(ch, key int) {
	for i := range p.notes {
		if n := &p.notes[i]; n.ch == ch && n.key == key && n.off < 0 {
			n.off = 0
		}
	}
}

// sf3Ahead moves every tracked note on by frames output frames and decodes
// its sample past the position it can reach within them and the
// synthesizer's next two blocks; it drops notes that are over.
func (p *Player) sf3Ahead(frames int) {
	kept := p.notes[:0]
	for _, n := range p.notes {
		rate := n.rate * math.Pow(2, math.Max(0, p.bend[n.ch])/12)
		n.read += float64(frames) * rate
		upto := int(n.read+float64(2*BlockFrames)*rate) + leadFrames
		if err := p.lazy.decodeTo(p.sf.SampleHeaders[n.sample], n.sample, upto); err != nil {
			slog.Error("soundfont: sample failed to decode; it plays silence", "sample", p.sf.SampleHeaders[n.sample].Name, "err", err)
		}
		if n.off >= 0 {
			n.off += frames
		}
		if upto < p.lazy.sources[n.sample].frames && (n.off < 0 || n.off <= n.release) {
			kept = append(kept, n)
		}
	}
	p.notes = kept
}
