package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Compose writes the song a plan asks for. The plan is resolved with seed
// first (see Plan.Resolve), so a bare Parse result is fine. The result is
// deterministic for the plan and seed. Its length, TotalBeats in whole bars
// plus TailSeconds, is within half a bar of the requested length.
func Compose(p Plan, seed uint64) *score.Score {
	s, _, _ := compose(p, seed)
	return s
}

// compose is Compose that also returns the sections (with their harmony)
// and the key, for tests that check parts against the chords.
func compose(p Plan, seed uint64) (*score.Score, []section, key) {
	p = p.Resolve(seed)
	prof := profile(p.Genre)
	mood := moodOf(p.Mood)
	k := newKey(p.KeyRoot, p.Mode)
	bpb := beatsPerBar(p)
	barSec := float64(bpb) * 60 / p.BPM
	bars := max(1, int(math.Round((p.Seconds-prof.tail)/barSec)))
	secs := layout(prof.form, bars, bpb)
	h := chooseHarmony(k, prof, bpb, newRNG(seed, "harmony"))
	cast := castInstruments(p, prof)
	have, forced := [numLayers]bool{}, [numLayers]bool{}
	for l := range cast.inst {
		have[l] = cast.inst[l] != ""
		forced[l] = cast.named[l]
	}
	arrange(secs, h, have, forced, mood, prof.form)
	endSong(secs, k, prof, bpb)

	swing := prof.swing
	halfTime := p.Tempo == TempoHalfTime
	s := &score.Score{
		BPM:         p.BPM,
		BeatsPerBar: bpb,
		Swing:       swing,
		KeyRoot:     k.root,
		Mode:        k.mode,
		Genre:       string(p.Genre),
		Mood:        string(p.Mood),
		TotalBeats:  float64(bpb * bars),
		TailSeconds: prof.tail,
		ReverbSize:  prof.reverb,
		Seed:        seed,
	}
	for _, sec := range secs {
		s.Sections = append(s.Sections, sec.Section)
	}
	s.FadeIn, s.FadeOut = fades(secs, p.Genre, barSec, prof.tail)
	dance := prof.form == formDance || p.Genre == Synthwave || p.Genre == House
	for l := layer(0); l < numLayers; l++ {
		inst := cast.inst[l]
		if inst == "" {
			continue
		}
		t := score.Track{Name: trackName(l, inst), Instrument: inst, Role: roleOf[l], Brightness: 0.5}
		switch l {
		case layerDrums:
			t.Hits = writeDrums(secs, cast.drums, swing, halfTime, seed)
			t.Reverb = 0.08 + 0.1*prof.reverb
		case layerBass:
			t.Notes = writeBass(secs, k, cast.bass, inst, swing, seed)
			t.Reverb = 0.02
		case layerChords:
			t.Notes = writeChords(secs, k, layerChords, prof.comp, inst, swing, seed, "chords")
			t.Pan, t.Reverb = -0.25, 0.15+0.3*prof.reverb
		case layerPad:
			t.Notes = writeChords(secs, k, layerPad, compBlock, inst, 0, seed, "pad")
			t.Pan, t.Reverb, t.GainDB = 0.2, 0.4+0.4*prof.reverb, -3
		case layerLead:
			t.Notes = writeLead(secs, k, prof, inst, swing, seed)
			t.Pan, t.Reverb, t.Delay = 0.05, 0.2+0.3*prof.reverb, 0.15
		case layerArp:
			t.Notes = writeArp(secs, k, prof.arpRate, inst, swing, seed)
			t.Pan, t.Reverb, t.Delay, t.GainDB = 0.35, 0.2+0.3*prof.reverb, 0.25, -2
		}
		styleTrack(&t, p.Genre, dance)
		if len(t.Notes) == 0 && len(t.Hits) == 0 {
			continue
		}
		s.Tracks = append(s.Tracks, t)
	}
	return s, secs, k
}

var roleOf = [numLayers]score.Role{score.RoleDrums, score.RoleBass, score.RoleChords, score.RolePad, score.RoleLead, score.RoleArp}

var layerNames = [numLayers]string{"drums", "bass", "chords", "pad", "lead", "arp"}

func trackName(l layer, inst score.Instrument) string {
	if l == layerDrums {
		return "drums"
	}
	return layerNames[l] + " (" + string(inst) + ")"
}

// styleTrack sets the genre's mix colour: drive, chorus, brightness, sidechain.
func styleTrack(t *score.Track, g Genre, dance bool) {
	switch t.Instrument {
	case score.DistGuitar:
		t.Drive = 0.7
		if g == Metal {
			t.Drive = 0.9
		}
	case score.EPiano:
		t.Chorus = 0.35
	case score.Reese:
		t.Drive = 0.4
	case score.SawLead, score.Pad, score.Strings:
		t.Chorus = 0.25
	}
	if g == LoFi {
		t.Brightness = 0.35
		t.Drive = max(t.Drive, 0.15)
	}
	if g == Synthwave || g == Trance {
		t.Chorus = max(t.Chorus, 0.3)
	}
	if dance && t.Role != score.RoleDrums && t.Role != score.RoleLead {
		t.Sidechain = 0.5
	}
	if g == Rock || g == Metal {
		if t.Role == score.RoleDrums {
			t.Drive = 0.2
		}
	}
}

// fades returns fade-in and fade-out lengths that stay inside the intro and
// the outro (plus the tail).
func fades(secs []section, g Genre, barSec, tail float64) (in, out float64) {
	first, last := secs[0], secs[len(secs)-1]
	if first.Name == "intro" && (g == Ambient || g == Classical) {
		in = math.Min(2, 0.5*float64(first.Bars)*barSec)
	}
	out = math.Min(tail, 1)
	if last.Name == "outro" {
		out = math.Min(4, 0.5*float64(last.Bars)*barSec) + tail*0.5
	}
	return in, out
}
