package synth_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// synthesized lists the instruments that stay synthesized even on a
// Recorded track, and why. Every other instrument of the catalogue must
// have a General MIDI preset.
var synthesized = map[score.Instrument]string{
	score.Pluck:        "synth pluck",
	score.Pad:          "synth pad",
	score.SawLead:      "synth lead",
	score.SquareLead:   "synth lead",
	score.Arp:          "synth arpeggio voice",
	score.SubBass:      "808 / sine sub",
	score.SynthBass:    "synth bass (acid)",
	score.Reese:        "reese and wobble bass",
	score.ChipLead:     "game-console pulse",
	score.ChipBass:     "game-console triangle",
	score.VinylCrackle: "texture, not an instrument",
	score.LogDrum:      "amapiano log drum is a synth sound",
	score.CowbellLead:  "pitched 808 cowbell",
	score.SingingBowl:  "no GM preset (its long inharmonic ring is modelled)",
	score.Tabla:        "no GM preset (the bending bayan strokes are modelled)",
}

// electronicKits stay synthesized; every other kit of the catalogue plays
// from GM drum presets when the style records its drums.
var electronicKits = []score.Kit{score.Kit808, score.Kit909, score.KitElectronic, score.KitChip}

// recordedKits are the kits the composer records (internal/music): the
// acoustic ones. The vintage kit has a GM preset (Room) but lo-fi's dusty
// breaks keep their synthesized colour.
var recordedKits = []score.Kit{"", score.KitAcoustic, score.KitBrush, score.KitOrchestral, score.KitLatin, score.KitMarching}

// bandInstruments lists every instrument a style's band can play.
func bandInstruments(b style.Band) []score.Instrument {
	out := []score.Instrument{b.Bass, b.Chords, b.Pad, b.Lead, b.Arp, b.Texture}
	out = append(out, b.LeadAlt...)
	out = append(out, b.ChordsAlt...)
	return slices.DeleteFunc(out, func(in score.Instrument) bool { return in == "" })
}

func mapped(in score.Instrument) bool {
	_, _, ok := synth.RecordedPreset(&score.Track{Instrument: in, Recorded: true})
	return ok
}

// TestRecordedCatalogueMapping: every instrument and kit of the style
// catalogue either has a General MIDI preset or is on the list of voices
// that stay synthesized, never both; electronic kits stay synthesized.
func TestRecordedCatalogueMapping(t *testing.T) {
	seen := map[score.Instrument]bool{}
	for _, st := range style.All() {
		for _, in := range bandInstruments(st.Band) {
			if seen[in] {
				continue
			}
			seen[in] = true
			why, synth := synthesized[in]
			switch {
			case mapped(in) && synth:
				t.Errorf("%s (style %s) has a GM preset but is listed as synthesized (%s)", in, st.Name, why)
			case !mapped(in) && !synth:
				t.Errorf("%s (style %s) has no GM preset and is not listed as synthesized", in, st.Name)
			}
		}
		kit := st.Drums.Kit
		_, _, ok := synth.RecordedPreset(&score.Track{Instrument: score.Drums, Kit: kit, Recorded: true})
		if slices.Contains(electronicKits, kit) == ok {
			t.Errorf("style %s: kit %q plays from the bank: %v", st.Name, kit, ok)
		}
	}
	for in := range synthesized {
		if mapped(in) {
			t.Errorf("%s is listed as synthesized but has a GM preset", in)
		}
	}
	if _, _, ok := synth.RecordedPreset(&score.Track{Instrument: score.Piano}); ok {
		t.Error("a track not marked Recorded plays from the bank")
	}
}

// TestRecordedCatalogueSongs composes every style of the catalogue (three
// seeds) and checks the score against the bank: every Recorded track has a
// preset the bank holds, every acoustic part the style lists as recorded is
// Recorded, and synth voices and electronic kits are never Recorded.
func TestRecordedCatalogueSongs(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	for _, st := range style.All() {
		recorded := 0
		for seed := uint64(1); seed <= 3; seed++ {
			p := music.Resolve(plan.Plan{Genre: plan.Genre(st.Name), KeyRoot: -1, Seconds: 30}, seed)
			s := music.Compose(p, seed)
			for i := range s.Tracks {
				tr := &s.Tracks[i]
				bank, prog, ok := synth.RecordedPreset(tr)
				if tr.Recorded {
					recorded++
					if !ok {
						t.Errorf("%s seed %d: track %q is Recorded but has no GM preset", st.Name, seed, tr.Name)
					} else if _, has := b.Preset(bank, prog); !has {
						t.Errorf("%s seed %d: track %q: bank %s lacks preset %d:%d", st.Name, seed, tr.Name, b.Path(), bank, prog)
					}
				}
				listed := slices.Contains(st.Band.Recorded, string(tr.Role))
				if tr.Instrument == score.Drums {
					if want := listed && slices.Contains(recordedKits, tr.Kit); tr.Recorded != want {
						t.Errorf("%s seed %d: drums (kit %q) Recorded %v, want %v", st.Name, seed, tr.Kit, tr.Recorded, want)
					}
					continue
				}
				if _, synth := synthesized[tr.Instrument]; synth && tr.Recorded {
					t.Errorf("%s seed %d: synth voice %q is Recorded", st.Name, seed, tr.Name)
				}
				if listed && mapped(tr.Instrument) && !tr.Recorded {
					t.Errorf("%s seed %d: %q is an acoustic part the style records but is synthesized", st.Name, seed, tr.Name)
				}
			}
		}
		if hasAcoustic(st) && recorded == 0 {
			t.Errorf("%s lists recorded acoustic parts but no song of it plays from the bank", st.Name)
		}
	}
}

// hasAcoustic reports whether a style lists a part played by an
// instrument with a GM preset as recorded.
func hasAcoustic(st style.Style) bool {
	b := st.Band
	parts := map[string]score.Instrument{"bass": b.Bass, "chords": b.Chords, "pad": b.Pad, "lead": b.Lead, "arp": b.Arp}
	for _, r := range st.Band.Recorded {
		if in, ok := parts[r]; ok && mapped(in) {
			return true
		}
	}
	return false
}

// TestRecordedCatalogueSounds plays a short phrase on every instrument of
// the catalogue that has a GM preset, and a beat on every recorded kit:
// each sounds from the bank (not silent, not the synthesized voice), at a
// level within 6 dB of the synthesized voice it replaces (a kit: plus its
// lift), so the mix balance holds with the bank on or off.
func TestRecordedCatalogueSounds(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	var ins []score.Instrument
	for _, st := range style.All() {
		for _, in := range bandInstruments(st.Band) {
			if mapped(in) && !slices.Contains(ins, in) {
				ins = append(ins, in)
			}
		}
	}
	phrase := []score.Note{{Start: 0, Length: 1, Pitch: 60, Velocity: 0.8}, {Start: 1, Length: 1, Pitch: 64, Velocity: 0.7},
		{Start: 2, Length: 1, Pitch: 67, Velocity: 0.8}, {Start: 3, Length: 1, Pitch: 72, Velocity: 0.7}}
	bass := []score.Note{{Start: 0, Length: 1, Pitch: 36, Velocity: 0.8}, {Start: 1, Length: 1, Pitch: 43, Velocity: 0.7},
		{Start: 2, Length: 1, Pitch: 40, Velocity: 0.8}, {Start: 3, Length: 1, Pitch: 36, Velocity: 0.7}}
	for _, in := range ins {
		role, notes := score.RoleLead, phrase
		if in == score.Bass || in == score.UprightBass {
			role, notes = score.RoleBass, bass
		}
		s := recordedScore(in, role, notes)
		rec := dryRender(t, s, withBank(b))
		syn := dryRender(t, s, synth.Options{Bank: synth.NoBank})
		checkRecorded(t, string(in), rec, syn, 0)
	}
	for _, kit := range recordedKits[1:] {
		s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 4, TailSeconds: 1, Seed: 5,
			Tracks: []score.Track{{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums, Kit: kit, Recorded: true}}}
		for beat := range 4 {
			d := score.Kick
			if beat%2 == 1 {
				d = score.Snare
			}
			s.Tracks[0].Hits = append(s.Tracks[0].Hits, score.Hit{Start: float64(beat), Drum: d, Velocity: 0.9},
				score.Hit{Start: float64(beat) + 0.5, Drum: score.ClosedHat, Velocity: 0.6})
		}
		// The beat's level is its kick's: lifted (see TestRecordedDrumBalance)
		// unless the kit keeps its kick synthesized.
		want := synth.RecordedDrumLift(score.Kick)
		if synth.KitSynthesizes(kit, score.Kick) {
			want = 0
		}
		checkRecorded(t, "kit "+string(kit), dryRender(t, s, withBank(b)), dryRender(t, s, synth.Options{Bank: synth.NoBank}), want)
	}
}

func dryRender(t *testing.T, s *score.Score, o synth.Options) []float32 {
	t.Helper()
	o.Unbalanced = true // the sources' own levels
	buf, err := synth.RenderDry(context.Background(), s, styled(s, o))
	if err != nil {
		t.Fatal(err)
	}
	return buf.Samples
}

// checkRecorded fails when rec (a part played from the bank) equals syn
// (the synthesized part), is silent, or is not want dB (within 6 dB) above
// it.
func checkRecorded(t *testing.T, name string, rec, syn []float32, want float64) {
	t.Helper()
	if slices.Equal(rec, syn) {
		t.Errorf("%s: the bank did not change the part", name)
		return
	}
	r, s := rms(rec), rms(syn)
	if r < 1e-4 {
		t.Errorf("%s: recorded part is silent (rms %.2g)", name, r)
		return
	}
	d := 20 * math.Log10(r/s)
	t.Logf("%-14s recorded %.1f dB against the synthesized voice", name, d)
	if math.Abs(d-want) > 6 {
		t.Errorf("%s: recorded part %.1f dB from the synthesized voice (want %.0f within 6 dB)", name, d, want)
	}
}

// TestRecordedDrumBalance plays each drum sound with a GM key, alone, on
// every recorded kit: the recorded hit's RMS is within 2 dB of the
// synthesized hit's plus the kit's lift (2 dB; kick 8, snare 5), so a
// recorded kit keeps the synthesized kit's balance (a hi-hat does not
// drown the kick, and the groove's accents, which bpm-tools hears the
// tempo from, stay where they were). When the synthesized kits change,
// the logged differences are the trims to subtract in sampler_map.go. A
// drum the kit keeps synthesized (the latin kick) renders exactly as
// synthesized.
func TestRecordedDrumBalance(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	drums := []score.Drum{score.Kick, score.Snare, score.Clap, score.HandClap, score.Rim, score.ClosedHat,
		score.OpenHat, score.Ride, score.Crash, score.TomLow, score.TomMid, score.TomHigh, score.Shaker,
		score.Cowbell, score.Clave, score.CongaHigh, score.CongaLow, score.Bongo, score.Timbale, score.Guiro,
		score.Tambourine, score.Timpani}
	for _, kit := range recordedKits[1:] {
		line := string(kit) + ":"
		for _, d := range drums {
			s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 1, TailSeconds: 0.5, Seed: 5,
				Tracks: []score.Track{{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums, Kit: kit, Recorded: true,
					Hits: []score.Hit{{Start: 0, Drum: d, Velocity: 0.8}}}}}
			rec := dryRender(t, s, withBank(b))
			syn := dryRender(t, s, synth.Options{Bank: synth.NoBank})
			diff := 20*math.Log10(rms(rec)/rms(syn)) - synth.RecordedDrumLift(d)
			line += fmt.Sprintf(" %s=%+.1f", d, diff)
			if synth.KitSynthesizes(kit, d) {
				if !slices.Equal(rec, syn) {
					t.Errorf("kit %s: %s should stay synthesized", kit, d)
				}
				continue
			}
			if slices.Equal(rec, syn) {
				t.Errorf("kit %s: %s is not played from the bank", kit, d)
			} else if math.Abs(diff) > 2 {
				t.Errorf("kit %s: recorded %s %+.1f dB off its level (want within 2 dB)", kit, d, diff)
			}
		}
		t.Log(line)
	}
}
