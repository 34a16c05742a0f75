package studio_test

import (
	"archive/zip"
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

const stemPrompt = "funky disco with bass, strings and drums"

func stemSong(t *testing.T) *jobs.Song {
	t.Helper()
	song, err := (&studio.Studio{}).Generate(context.Background(), stemPrompt, 11,
		jobs.Options{Seconds: 15, Outputs: []string{request.OutputStems, request.OutputMIDI}})
	if err != nil {
		t.Fatal(err)
	}
	if song.Stems == nil || song.MIDI == nil {
		t.Fatal("no stems or MIDI")
	}
	t.Cleanup(song.Stems.Remove)
	return song
}

// The zip holds one float WAV per part, all of the song's length, and
// they sum to the pre-master mix of the same score: the stems carry the
// faders the mix's balance pass set. As delivered, they keep the balance
// rules of the mix plan (checkStemBalance).
func TestStemsSumToPreMasterMix(t *testing.T) {
	testutil.SkipRaceShort(t)
	song := stemSong(t)
	if song.Stems.ContentType != "application/zip" || song.Stems.Ext != "zip" {
		t.Fatalf("stems %q .%s", song.Stems.ContentType, song.Stems.Ext)
	}
	s, _, _ := composePerformed(stemPrompt, 11, engine.Options{Seconds: 15})
	dry, err := synth.RenderDry(context.Background(), s, styled(s, synth.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if song.Stems.Path == "" || len(song.Stems.Data) != 0 {
		t.Fatalf("stems in memory, want a temporary file: %q", song.Stems.Path)
	}
	zr, err := zip.OpenReader(song.Stems.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != len(s.Tracks) || len(zr.File) < 3 {
		t.Fatalf("%d stems for %d parts", len(zr.File), len(s.Tracks))
	}
	sum := make([]float64, len(dry.Samples))
	loud := make([]float64, len(zr.File))
	for i, f := range zr.File {
		if want := studio.StemName(i, s.Tracks[i]); f.Name != want {
			t.Errorf("stem %d named %q, want %q", i, f.Name, want)
		}
		if f.Modified.Year() < 2020 || time.Since(f.Modified) > time.Hour || time.Until(f.Modified) > time.Minute {
			t.Errorf("stem %s dated %v, want the time it was made", f.Name, f.Modified)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := wav.Decode(rc)
		rc.Close()
		if err != nil {
			t.Fatal(f.Name, err)
		}
		if b.Frames() != dry.Frames() || b.Channels != 2 || b.Rate != dry.Rate {
			t.Fatalf("%s: %d frames, want %d", f.Name, b.Frames(), dry.Frames())
		}
		for k, v := range b.Samples {
			sum[k] += float64(v)
		}
		loud[i] = synth.IntegratedLoudness(b)
	}
	checkStemBalance(t, s, loud)
	worst := 0.0
	for k, v := range dry.Samples {
		worst = max(worst, math.Abs(sum[k]-float64(v)))
	}
	if worst > synth.StemTolerance {
		t.Fatalf("stems differ from the pre-master mix by %g > %g", worst, synth.StemTolerance)
	}
	if math.Abs(float64(dry.Frames())/44100-song.Duration) > 0.001 {
		t.Fatalf("stems last %.3f s, the song %.3f s", float64(dry.Frames())/44100, song.Duration)
	}
	st, _ := os.Stat(song.Stems.Path)
	t.Logf("%d stems, %d KB zip, largest difference from the pre-master mix %.2g", len(zr.File), st.Size()>>10, worst)
}

// checkStemBalance asserts the stem rules of the mix (issue 18) on the
// stems' integrated loudness l: a featured part (an instrument the prompt
// names) within 6 LU of the loudest part, the drums at most 4 LU over the
// lead melody (6 in drum-led styles).
func checkStemBalance(t *testing.T, s *score.Score, l []float64) {
	t.Helper()
	loudest, lead, drums, featured := math.Inf(-1), math.Inf(-1), math.Inf(-1), 0
	for i, tr := range s.Tracks {
		t.Logf("stem %-28s %-6s featured=%-5v %6.1f LUFS", studio.StemName(i, tr), tr.Role, tr.Featured, l[i])
		loudest = max(loudest, l[i])
		switch tr.Role {
		case score.RoleLead:
			lead = max(lead, l[i])
		case score.RoleDrums:
			drums = l[i]
		}
	}
	for i, tr := range s.Tracks {
		if tr.Featured {
			featured++
			if loudest-l[i] > 6 {
				t.Errorf("featured %s %.1f LU under the loudest stem (at most 6)", tr.Name, loudest-l[i])
			}
		}
	}
	most := 4.0
	if style.Must(s.Genre).MixPlan().DrumLed {
		most = 6
	}
	if math.IsInf(lead, -1) || math.IsInf(drums, -1) || featured == 0 {
		t.Fatalf("the stem song needs a lead, drums and a featured part (lead %v, drums %v, %d featured)", lead, drums, featured)
	}
	if drums-lead > most {
		t.Errorf("drums %.1f LU over the lead melody (at most %v)", drums-lead, most)
	}
}

// FluidSynth plays the MIDI file to the song's length.
func TestMIDIRendersInFluidSynth(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the MIDI file rendered by FluidSynth")
	}
	fs := testutil.RequireTool(t, "fluidsynth")
	const bank = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
	if _, err := os.Stat(bank); err != nil {
		t.Fatalf("sound font (apt fluid-soundfont-gm): %v", err)
	}
	song := stemSong(t)
	if string(song.MIDI.Data[:4]) != "MThd" || song.MIDI.ContentType != "audio/midi" {
		t.Fatalf("MIDI %q % x", song.MIDI.ContentType, song.MIDI.Data[:4])
	}
	dir := t.TempDir()
	mid, out := filepath.Join(dir, "song.mid"), filepath.Join(dir, "out.wav")
	if err := os.WriteFile(mid, song.MIDI.Data, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(fs, "-ni", "-F", out, "-T", "wav", "-O", "s16", "-r", "44100", bank, mid)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("fluidsynth: %v\n%s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := wav.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// FluidSynth plays to the end-of-track (the song's length, tail
	// included) and then renders a little more (its voices' release, about
	// 2 s), so the file is at least the song's length; the music itself
	// (the last sound above -60 dBFS) ends with the score's last bar.
	peak, last := 0.0, 0
	for i, v := range b.Samples {
		a := math.Abs(float64(v))
		peak = max(peak, a)
		if a > 0.001 {
			last = i / b.Channels
		}
	}
	s, _, _ := composePerformed(stemPrompt, 11, engine.Options{Seconds: 15})
	us := int(math.Round(60e6 / s.BPM))
	if !bytes.Contains(song.MIDI.Data, []byte{0xFF, 0x51, 3, byte(us >> 16), byte(us >> 8), byte(us)}) ||
		!bytes.Contains(song.MIDI.Data, []byte{0xFF, 0x58, 4, byte(s.BeatsPerBar), 2}) {
		t.Fatalf("MIDI lacks the tempo %v bpm or the meter %d/4", s.BPM, s.BeatsPerBar)
	}
	for _, tr := range s.Tracks {
		name := append([]byte{0xFF, 0x04, byte(len(tr.Instrument))}, tr.Instrument...)
		if !bytes.Contains(song.MIDI.Data, name) || !bytes.Contains(song.MIDI.Data, []byte(tr.Name)) {
			t.Fatalf("MIDI lacks the track %q (%s)", tr.Name, tr.Instrument)
		}
	}
	musicEnd, audibleEnd := s.BeatToSeconds(s.TotalBeats), float64(last)/float64(b.Rate)
	if b.Seconds() < song.Duration || b.Seconds() > song.Duration+4 || peak < 0.01 {
		t.Fatalf("FluidSynth rendered %.2f s (peak %.3f), the song lasts %.2f s", b.Seconds(), peak, song.Duration)
	}
	// The last chord is held to the end of the score, so its voices'
	// release (FluidR3's strings and pads ring for about a second) sounds
	// past it; a wrong tempo would move the end by a share of the whole song.
	if audibleEnd < musicEnd-0.75 || audibleEnd > musicEnd+1.5 {
		t.Fatalf("FluidSynth's music ends at %.2f s, the score's at %.2f s (tempo or length wrong)", audibleEnd, musicEnd)
	}
	t.Logf("FluidSynth: %.2f s file, music ends at %.2f s; score: music %.2f s, song %.2f s", b.Seconds(), audibleEnd, musicEnd, song.Duration)
}

// A stem is named after its part and its instrument once each.
func TestStemName(t *testing.T) {
	for _, c := range []struct {
		name string
		inst score.Instrument
		want string
	}{
		{"bass (bass)", score.Bass, "02-bass.wav"},
		{"pad (pad)", score.Pad, "02-pad.wav"},
		{"bass (upright_bass)", score.UprightBass, "02-bass-upright-bass.wav"},
		{"drums", score.Drums, "02-drums.wav"},
		{"", score.Piano, "02-piano.wav"},
		{"answer (piano)", score.Piano, "02-answer-piano.wav"},
	} {
		if got := studio.StemName(1, score.Track{Name: c.name, Instrument: c.inst}); got != c.want {
			t.Errorf("StemName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
