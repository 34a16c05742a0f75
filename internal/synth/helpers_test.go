package synth_test

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// demoMix is the hand-set mix of every demo score (demoScore): its room and
// its tracks' channels, in order, as a mix step would hand them.
type demoMix struct {
	room     float64
	channels []mixplan.Channel
}

// demoMixes maps each demo score to its demoMix (styled hands it over).
var demoMixes sync.Map

// demoScore builds a dense, realistic arrangement of about the given length:
// drums, bass, chords, pad, lead, arp, guitar and bells over an
// Am-F-C-G progression at 124 BPM, with a hand-set mix (styled hands it
// to the synthesizer).
func demoScore(seconds float64, seed uint64) *score.Score {
	const bpm = 124.0
	bars := int(math.Ceil(seconds * bpm / 60 / 4))
	s := &score.Score{BPM: bpm, BeatsPerBar: 4, KeyRoot: 9, Mode: "minor", Genre: "house", Mood: "energetic",
		TotalBeats: float64(bars * 4), TailSeconds: 1.5, FadeIn: 0.5, FadeOut: 2, Seed: seed}
	prog := [][]int{{57, 60, 64}, {53, 57, 60}, {48, 52, 55}, {55, 59, 62}}
	drums := score.Track{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums}
	bass := score.Track{Name: "bass", Instrument: score.SynthBass, Role: score.RoleBass}
	chords := score.Track{Name: "keys", Instrument: score.EPiano, Role: score.RoleChords}
	pad := score.Track{Name: "pad", Instrument: score.Pad, Role: score.RolePad}
	lead := score.Track{Name: "lead", Instrument: score.SawLead, Role: score.RoleLead}
	arp := score.Track{Name: "arp", Instrument: score.Arp, Role: score.RoleArp}
	gtr := score.Track{Name: "gtr", Instrument: score.Guitar, Role: score.RoleChords}
	bells := score.Track{Name: "bells", Instrument: score.Bells, Role: score.RoleFX}
	demoMixes.Store(s, demoMix{room: 0.6, channels: []mixplan.Channel{
		{Reverb: 0.1}, {Sidechain: 0.5, Brightness: 0.6}, {Pan: -0.3, Reverb: 0.3, Sidechain: 0.3},
		{Reverb: 0.5, Sidechain: 0.6, Chorus: 0.5}, {Reverb: 0.3, Delay: 0.3}, {Pan: 0.4, Delay: 0.4, Reverb: 0.2},
		{Pan: 0.5, Reverb: 0.2, GainDB: -3}, {Pan: -0.5, Reverb: 0.6}}})
	melody := []int{0, 3, 7, 5, 3, 2, 0, -2}
	for bar := range bars {
		b0 := float64(bar * 4)
		ch := prog[bar%4]
		for beat := range 4 {
			t := b0 + float64(beat)
			drums.Hits = append(drums.Hits, score.Hit{Start: t, Drum: score.Kick, Velocity: 0.95})
			if beat%2 == 1 {
				drums.Hits = append(drums.Hits, score.Hit{Start: t, Drum: score.Snare, Velocity: 0.85},
					score.Hit{Start: t, Drum: score.Clap, Velocity: 0.5})
			}
			for e := range 2 {
				d := score.ClosedHat
				if e == 1 && beat == 3 {
					d = score.OpenHat
				}
				drums.Hits = append(drums.Hits, score.Hit{Start: t + 0.5*float64(e), Drum: d, Velocity: 0.6 + 0.2*float64(e)})
			}
			drums.Hits = append(drums.Hits, score.Hit{Start: t + 0.25, Drum: score.Shaker, Velocity: 0.4})
			bass.Notes = append(bass.Notes, score.Note{Start: t + 0.5, Length: 0.4, Pitch: ch[0] - 24, Velocity: 0.9},
				score.Note{Start: t + 0.75, Length: 0.2, Pitch: ch[0] - 12, Velocity: 0.6, Glide: beat == 3})
			for k := range 4 {
				arp.Notes = append(arp.Notes, score.Note{Start: t + 0.25*float64(k), Length: 0.2,
					Pitch: ch[(beat+k)%3] + 12, Velocity: 0.5 + 0.1*float64(k%2)})
			}
			gtr.Notes = append(gtr.Notes, score.Note{Start: t + 0.5, Length: 0.45, Pitch: ch[beat%3], Velocity: 0.6})
		}
		if bar%8 == 0 {
			drums.Hits = append(drums.Hits, score.Hit{Start: b0, Drum: score.Crash, Velocity: 0.8})
		}
		if bar%4 == 3 {
			drums.Hits = append(drums.Hits, score.Hit{Start: b0 + 3.5, Drum: score.TomHigh, Velocity: 0.7},
				score.Hit{Start: b0 + 3.75, Drum: score.TomLow, Velocity: 0.7})
		}
		for _, p := range ch {
			chords.Notes = append(chords.Notes, score.Note{Start: b0, Length: 1.5, Pitch: p + 12, Velocity: 0.7},
				score.Note{Start: b0 + 2.5, Length: 1, Pitch: p + 12, Velocity: 0.6})
			pad.Notes = append(pad.Notes, score.Note{Start: b0, Length: 4, Pitch: p, Velocity: 0.6})
		}
		for k := range 4 {
			lead.Notes = append(lead.Notes, score.Note{Start: b0 + float64(k), Length: 0.9,
				Pitch: 69 + melody[(bar*4+k)%len(melody)], Velocity: 0.8})
		}
		if bar%2 == 1 {
			bells.Notes = append(bells.Notes, score.Note{Start: b0 + 1, Length: 2, Pitch: ch[2] + 24, Velocity: 0.5})
		}
	}
	s.Tracks = []score.Track{drums, bass, chords, pad, lead, arp, gtr, bells}
	s.Sections = []score.Section{{Name: "verse", StartBeat: 0, Bars: bars, Energy: 0.8}}
	return s
}

// mustRender renders a score or fails the test.
func mustRender(tb testing.TB, s *score.Score) *audio.Buffer {
	tb.Helper()
	b, err := synth.Render(context.Background(), s, styled(s, synth.Options{}))
	if err != nil {
		tb.Fatalf("Render: %v", err)
	}
	return b
}

// writeWAV writes b to a temporary WAV file and returns its path.
func writeWAV(tb testing.TB, b *audio.Buffer) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), "out.wav")
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if err := wav.Encode(f, b); err != nil {
		tb.Fatal(err)
	}
	return p
}

var (
	reI    = regexp.MustCompile(`I:\s+(-?[0-9.]+|-inf) LUFS`)
	rePeak = regexp.MustCompile(`Peak:\s+(-?[0-9.]+|-inf) dBFS`)
	reFlat = regexp.MustCompile(`Flat factor\s+([0-9.]+)`)
)

// ffmpegLoudness runs ffmpeg's ebur128 filter and returns the integrated
// loudness (LUFS) and true peak (dBTP) of a WAV file.
func ffmpegLoudness(tb testing.TB, path string) (lufs, peak float64) {
	tb.Helper()
	ff := testutil.RequireTool(tb, "ffmpeg")
	out, err := exec.Command(ff, "-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-").CombinedOutput()
	if err != nil {
		tb.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	return parseLast(tb, reI, out), parseLast(tb, rePeak, out)
}

// soxFlatFactor returns sox's flat factor (0 when nothing is clipped flat).
func soxFlatFactor(tb testing.TB, path string) float64 {
	tb.Helper()
	sx := testutil.RequireTool(tb, "sox")
	out, err := exec.Command(sx, path, "-n", "stats").CombinedOutput()
	if err != nil {
		tb.Fatalf("sox: %v\n%s", err, out)
	}
	return parseLast(tb, reFlat, out)
}

func parseLast(tb testing.TB, re *regexp.Regexp, out []byte) float64 {
	tb.Helper()
	m := re.FindAllSubmatch(out, -1)
	if len(m) == 0 {
		tb.Fatalf("no %v in tool output:\n%s", re, out)
	}
	v := string(m[len(m)-1][1])
	if v == "-inf" {
		return math.Inf(-1)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// rms returns the root-mean-square of samples.
func rms(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return math.Sqrt(s / math.Max(1, float64(len(x))))
}

// allFinite reports whether no sample is NaN or Inf.
func allFinite(x []float32) bool {
	for _, v := range x {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return false
		}
	}
	return true
}

// styled returns o with the mix of s by the catalogue entry of s's genre,
// as the engine's mix step hands it to the synthesizer (internal/mix; o
// for a nil score or a genre the catalogue lacks), a demo score's
// hand-set channels and room in place of the step's.
func styled(s *score.Score, o synth.Options) synth.Options {
	if s == nil {
		return o
	}
	if st, ok := style.Lookup(s.Genre); ok {
		o = mix.Of(&st, s, o)
	}
	if d, ok := demoMixes.Load(s); ok {
		o.RoomSize, o.Channels = d.(demoMix).room, d.(demoMix).channels
	}
	return o
}
