package mix_test

import (
	"reflect"
	"testing"

	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// entry is a catalogue entry with every mix note the step reads.
func entry() *style.Style {
	return &style.Style{
		Mix:  style.Mix{Reverb: 0.5, Brightness: 0.6, Drive: 0.1, Sidechain: 0.4, Chorus: 0.3, DrumDrive: 0.2, DrumsDB: 2},
		Band: style.Band{Drone: style.Drone{Instrument: score.Pad, GainDB: 4}},
	}
}

func band() *score.Score {
	return &score.Score{Tracks: []score.Track{
		{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums, Part: score.PartDrums},
		{Name: "bass", Instrument: score.SubBass, Role: score.RoleBass, Part: score.PartBass},
		{Name: "chords", Instrument: score.EPiano, Role: score.RoleChords, Part: score.PartChords},
		{Name: "pad", Instrument: score.Pad, Role: score.RolePad, Part: score.PartPad},
		{Name: "lead", Instrument: score.SawLead, Role: score.RoleLead, Part: score.PartLead},
		{Name: "answer", Instrument: score.DistGuitar, Role: score.RoleLead, Part: score.PartAnswer},
		{Name: "arp", Instrument: score.Piano, Role: score.RoleArp, Part: score.PartArp},
		{Name: "drone", Instrument: score.Pad, Role: score.RoleBass, Part: score.PartDrone},
		{Name: "choir", Instrument: score.ChoirPad, Role: score.RoleLead, Part: score.PartChoir},
		{Name: "texture", Instrument: score.Instrument("rain"), Role: score.RoleFX, Part: score.PartTexture},
		{Name: "hits", Instrument: score.Drums, Role: score.RoleDrums, Part: score.PartHits},
	}}
}

// byName returns the channel of s's track name in chans.
func byName(s *score.Score, chans []mixplan.Channel, name string) mixplan.Channel {
	for i, t := range s.Tracks {
		if t.Name == name {
			return chans[i]
		}
	}
	panic("no track " + name)
}

// TestOfSeatsEveryPart: each part gets its seat, sends and level from
// the style's entry (the figures the composer used to write, issue 29
// item 2), one channel a track; the room is the style's reverb and the
// plan its family's.
func TestOfSeatsEveryPart(t *testing.T) {
	s := band()
	o := mix.Of(entry(), s, synth.Options{})
	if o.RoomSize != 0.5 || o.Mix == nil || len(o.Channels) != len(s.Tracks) {
		t.Fatalf("room %v, plan %v, %d channels for %d tracks: want the style's reverb 0.5, a plan, one channel a track",
			o.RoomSize, o.Mix, len(o.Channels), len(s.Tracks))
	}
	chans := o.Channels
	type seat struct{ gain, pan, rev, dly float64 }
	rev := entry().Mix.Reverb // at run time, as the step computes
	want := map[string]seat{
		"drums": {2, 0, 0.08 + 0.1*rev, 0}, "bass": {0, 0, 0.02, 0}, "chords": {0, -0.4, 0.15 + 0.3*rev, 0},
		"pad": {-3, 0.2, 0.4 + 0.4*rev, 0}, "lead": {0, 0.05, 0.2 + 0.3*rev, 0.15}, "answer": {-2, -0.3, 0.25 + 0.3*rev, 0.1},
		"arp": {-2, 0.5, 0.2 + 0.3*rev, 0.25}, "drone": {4, 0, 0.1 + 0.2*rev, 0}, "choir": {0, 0, 0.45, 0},
		"texture": {0, 0, 0, 0}, "hits": {-4, 0, 0, 0},
	}
	for name, w := range want {
		tr := byName(s, chans, name)
		if got := (seat{tr.GainDB, tr.Pan, tr.Reverb, tr.Delay}); got != w {
			t.Errorf("%s: gain, pan, reverb, delay %v, want %v", name, got, w)
		}
	}
	drums, pad, lead, chords := byName(s, chans, "drums"), byName(s, chans, "pad"), byName(s, chans, "lead"), byName(s, chans, "chords")
	if drums.Drive != 0.2 || drums.Sidechain != 0 {
		t.Errorf("drums: drive %v sidechain %v, want the kit's drive 0.2 and no ducking", drums.Drive, drums.Sidechain)
	}
	if pad.Chorus != 0.3 || pad.Sidechain != 0.4 || pad.Brightness != 0.6 {
		t.Errorf("pad: chorus %v sidechain %v brightness %v, want the style's 0.3, 0.4, 0.6", pad.Chorus, pad.Sidechain, pad.Brightness)
	}
	if lead.Sidechain != 0 {
		t.Errorf("lead ducks by %v: the melody is never ducked", lead.Sidechain)
	}
	if chords.Chorus != 0.35 || chords.Drive != 0.1 {
		t.Errorf("electric piano: chorus %v drive %v, want 0.35 and the style's 0.1", chords.Chorus, chords.Drive)
	}
	if a := byName(s, chans, "answer"); a.Drive != 0.7 {
		t.Errorf("distorted guitar drive %v, want 0.7", a.Drive)
	}
	for _, name := range []string{"choir", "texture"} {
		if tr := byName(s, chans, name); tr.Brightness != 0.5 || tr.Drive != 0 || tr.Sidechain != 0 {
			t.Errorf("%s: coloured (%+v): a recorded overlay keeps its own tone", name, tr)
		}
	}
}

// TestBalladKitIsSofter: a ballad's kit sits BalladDrumsDB under the
// style's; no other part moves.
func TestBalladKitIsSofter(t *testing.T) {
	plain, ballad := band(), band()
	ballad.Ballad = true
	p, b := mix.Channels(plain, entry()), mix.Channels(ballad, entry())
	for i, tr := range plain.Tracks {
		want := p[i].GainDB
		if tr.Part == score.PartDrums {
			want -= mix.BalladDrumsDB
		}
		if b[i].GainDB != want {
			t.Errorf("%s: ballad at %+v dB, plain at %+v, want %+v", tr.Name, b[i].GainDB, p[i].GainDB, want)
		}
	}
}

// TestOfLeavesTheScore: the mix step reads the score and writes nothing
// into it; a nil style or score leaves the options as they are.
func TestOfLeavesTheScore(t *testing.T) {
	s := band()
	mix.Of(entry(), s, synth.Options{})
	if !reflect.DeepEqual(s, band()) {
		t.Error("the mix step changed the score")
	}
	if o := mix.Of(nil, s, synth.Options{LoudnessLUFS: -12}); o.Mix != nil || o.Channels != nil || o.LoudnessLUFS != -12 {
		t.Errorf("a nil style: %+v, want the options untouched", o)
	}
	if c := mix.Channels(nil, entry()); c != nil {
		t.Errorf("a nil score has channels %v", c)
	}
}

// TestUnplacedTrack: a track without a part (a test's hand-written
// track, a click) is not placed: the zero channel, at its role's level.
func TestUnplacedTrack(t *testing.T) {
	s := band()
	for i := range s.Tracks {
		s.Tracks[i].Part = ""
	}
	for i, c := range mix.Channels(s, entry()) {
		if c != (mixplan.Channel{}) {
			t.Errorf("%s without a part: %+v, want the zero channel", s.Tracks[i].Name, c)
		}
	}
}

// TestSwappedPartKeepsItsCastColour: an edit that swaps a part's
// instrument keeps the colour of the instrument it was cast with
// (Track.Cast), as the composer's mix did.
func TestSwappedPartKeepsItsCastColour(t *testing.T) {
	s := band()
	s.Tracks[2].Instrument, s.Tracks[2].Cast = score.DistGuitar, score.EPiano
	if c := mix.Channels(s, entry())[2]; c.Chorus != 0.35 || c.Drive != 0.1 {
		t.Errorf("swapped chords: chorus %v drive %v, want the electric piano's 0.35 and 0.1", c.Chorus, c.Drive)
	}
}

// TestDrawnEnergyRidesHarder: a score whose energy the request drew gets
// a section ride of at least EnergyRideDB and no leveller (it would lift
// the sections drawn low); the same score undrawn keeps the family's own
// ride, which is less, and its leveller.
func TestDrawnEnergyRidesHarder(t *testing.T) {
	s := band()
	plainPlan := mix.Of(entry(), s, synth.Options{}).Mix
	s.EnergyDrawn = true
	drawnPlan := mix.Of(entry(), s, synth.Options{}).Mix
	plain, drawn := plainPlan.SectionRideDB, drawnPlan.SectionRideDB
	if !plainPlan.Leveller {
		t.Fatal("the family has no leveller: the test shows nothing")
	}
	if drawnPlan.Leveller {
		t.Error("drawn energy keeps the leveller, want it off")
	}
	if plain >= mix.EnergyRideDB {
		t.Fatalf("the family rides %g dB, not under EnergyRideDB %g: the test shows nothing", plain, mix.EnergyRideDB)
	}
	if drawn != mix.EnergyRideDB {
		t.Errorf("drawn energy rides %g dB, want %g (the family's: %g)", drawn, mix.EnergyRideDB, plain)
	}
}

// TestStruckDrone: the pulse struck beside a held drone (style
// Drone.Struck: the chant's mallet beside its ison) sits at its own level,
// StruckGainDB, off centre, and the held drone at GainDB, centred.
func TestStruckDrone(t *testing.T) {
	st := entry()
	st.Band.Drone = style.Drone{Instrument: score.ChoirPad, GainDB: 5, Strike: "x...", Struck: score.Marimba, StruckGainDB: 2}
	s := &score.Score{Tracks: []score.Track{
		{Name: "drone (choir)", Instrument: score.ChoirPad, Role: score.RoleBass, Part: score.PartDrone},
		{Name: "drone (marimba)", Instrument: score.Marimba, Role: score.RoleBass, Part: score.PartDrone},
	}}
	chans := mix.Of(st, s, synth.Options{}).Channels
	if held, struck := chans[0].GainDB, chans[1].GainDB; held != 5 || struck != 2 {
		t.Errorf("held drone %v dB, struck %v dB, want 5 and 2", held, struck)
	}
	if chans[0].Pan != 0 || chans[1].Pan == 0 {
		t.Errorf("held drone pan %v, struck %v: want the drone centred and the strikes beside it", chans[0].Pan, chans[1].Pan)
	}
}
