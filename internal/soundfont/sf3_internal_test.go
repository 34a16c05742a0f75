package soundfont

import (
	"math"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont/sfwrite"
)

// fixtures returns two samples, Ogg-coded (the first looped, the second
// played once), their encoded lengths and ffmpeg's decoding of each.
func fixtures(t *testing.T) ([]sfwrite.Sample, []int, [][]int16) {
	var ss []sfwrite.Sample
	var frames []int
	var ref [][]int16
	for i, hz := range []float64{261.63, 440} {
		pcm := sfwrite.Tone(hz, 22050+5000*i)
		ogg, dec := sfwrite.Vorbis(t, pcm)
		ss = append(ss, sfwrite.Sample{Name: []string{"low", "high"}[i], Ogg: ogg,
			LoopStart: 11025, LoopEnd: 11025 + 4410, Once: i == 1})
		frames = append(frames, len(pcm))
		ref = append(ref, dec)
	}
	return ss, frames, ref
}

// TestSF3 loads a two-preset SF3 bank made here: nothing is decoded at
// load; a note decodes its preset's sample only, as far as it plays (the
// start at the note-on, then on as it renders), to the encoded length and
// equal to ffmpeg's decoding within 2 LSB, with the loop moved along; and a
// phrase played from it (pitch bends, a note an octave and a half over the
// sample's root, a looped and a one-shot sample) matches the same phrase
// from an SF2 bank holding ffmpeg's decoded samples: decoding keeps ahead
// of every voice.
func TestSF3(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: SF3 banks encoded by ffmpeg")
	}
	ss, frames, ref := fixtures(t)
	path := sfwrite.WriteBank(t, ss)
	b, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Compressed() || b.SampleFrames() != 0 {
		t.Fatalf("compressed %v, %d frames decoded at load, want SF3 and 0", b.Compressed(), b.SampleFrames())
	}
	pl, err := b.NewPlayer(8)
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Program(b, 0, 0, 1); err != nil {
		t.Fatal(err)
	}
	if b.SampleFrames() != 0 {
		t.Fatalf("Program decoded %d frames, want none before a note", b.SampleFrames())
	}
	pl.NoteOn(0, 60, 0.8)
	if got := b.SampleFrames(); got < 1024 || got > 8192 {
		t.Fatalf("a note-on of preset 0:1 decoded %d frames, want only the sample's start (1024-8192 of %d)", got, frames[1])
	}
	pl.Render(make([]float32, 4410))
	if got := b.SampleFrames(); got < 4410 || got > 4410*2+8192 {
		t.Fatalf("0.1 s of the note decoded %d frames, want about 0.1 s ahead", got)
	}
	pl.Render(make([]float32, SampleRate))
	if got := b.SampleFrames(); got != frames[1] {
		t.Fatalf("1.1 s of a note of preset 0:1 (0.6 s, played once) decoded %d frames, want its sample's %d only", got, frames[1])
	}
	// The stream's length (its last granule position) is the encoded
	// length; ffmpeg's decoding drops the last 128 frames or so.
	h := b.sf.SampleHeaders[1]
	got := b.sf.WaveData[h.Start:h.End]
	if len(got) < len(ref[1]) || len(got) > len(ref[1])+1024 {
		t.Fatalf("decoded %d frames, ffmpeg %d", len(got), len(ref[1]))
	}
	worst := 0
	for i := range ref[1] {
		worst = max(worst, abs(int(got[i])-int(ref[1][i])))
	}
	if worst > 2 {
		t.Errorf("decoded samples differ from ffmpeg's by up to %d LSB, want <= 2", worst)
	}
	if h.StartLoop-h.Start != 11025 || h.EndLoop-h.Start != 11025+4410 || h.SampleType&sampleTypeVorbis != 0 {
		t.Errorf("header after decoding %+v: loop not relative to the new start, or still marked Vorbis", *h)
	}
	if pad := b.sf.WaveData[h.End : h.End+padFrames]; !allZero(pad) {
		t.Error("no silence after the decoded sample")
	}

	// The same phrase decoded as it plays and decoded in full first: the
	// same samples, so no voice ever read a frame not yet decoded.
	lazy := phrase(t, mustLoadFile(t, path))
	eager := mustLoadFile(t, path)
	for i, h := range eager.sf.SampleHeaders {
		if err := eager.lazy.decodeTo(h, i, math.MaxInt); err != nil {
			t.Fatal(err)
		}
	}
	if full := phrase(t, eager); lazy == nil || !slices.Equal(lazy, full) {
		t.Error("the phrase decoded as it plays differs from the phrase of fully decoded samples")
	}
	// And from an SF2 bank of ffmpeg's decoding (whose one-shot sample ends
	// 128 frames early, hence 25 dB rather than the 2 LSB above).
	var raw []sfwrite.Sample
	for i, s := range ss {
		raw = append(raw, sfwrite.Sample{Name: s.Name, PCM: ref[i], LoopStart: s.LoopStart, LoopEnd: s.LoopEnd, Once: s.Once})
	}
	c := phrase(t, mustLoadFile(t, sfwrite.WriteBank(t, raw)))
	var diff, sig float64
	for i := range lazy {
		diff += float64((lazy[i] - c[i]) * (lazy[i] - c[i]))
		sig += float64(c[i] * c[i])
	}
	if sig == 0 || 10*math.Log10(diff/sig) > -25 {
		t.Errorf("SF3 phrase vs SF2 of ffmpeg's decoding: error %.1f dB under the signal, want >= 25 (signal %g)", -10*math.Log10(diff/sig), sig)
	}
}

func mustLoadFile(t *testing.T, path string) *Bank {
	t.Helper()
	b, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// phrase plays both presets, a few notes each, for a second.
// It reports errors with t.Error (it runs on other goroutines too) and
// returns nil then.
func phrase(t *testing.T, b *Bank) []float32 {
	pl, err := b.NewPlayer(8)
	if err != nil {
		t.Error(err)
		return nil
	}
	for ch := range 2 {
		if err := pl.Program(b, ch, 0, ch); err != nil {
			t.Error(err)
			return nil
		}
	}
	out := make([]float32, 2*SampleRate)
	at := 0
	play := func(n int) { pl.Render(out[at : at+n]); at += n }
	for i, n := range []int{60, 64, 67, 78} {
		pl.NoteOn(i%2, n, 0.5+0.1*float64(i))
		play(5000)
		pl.Bend(i%2, float64(4*i))
		play(100)
	}
	pl.NoteOff(0, 60)
	pl.Bend(1, 12)
	play(len(out) - at)
	return out
}

func abs(x int) int { return max(x, -x) }

func allZero(s []int16) bool {
	for _, v := range s {
		if v != 0 {
			return false
		}
	}
	return true
}

// BenchmarkSF3Note measures what lazy decoding costs: loading MuseScore
// General (SF3, Debian musescore-general-soundfont, when installed) and
// playing one piano note for a second. It reports the decoded MiB (the
// frames the note read, against the 466 MiB the whole bank decodes to) and
// the Go heap in use after (the decoded samples live outside the heap, in
// an anonymous mapping).
func BenchmarkSF3Note(b *testing.B) {
	const path = "/usr/share/sounds/sf3/MuseScore_General_Full.sf3"
	if _, err := os.Stat(path); err != nil {
		b.Skip("musescore-general-soundfont not installed")
	}
	b.ReportAllocs()
	var decoded, heap float64
	out := make([]float32, SampleRate)
	for b.Loop() {
		bk, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		pl, err := bk.NewPlayer(8)
		if err != nil {
			b.Fatal(err)
		}
		pl.NoteOn(0, 60, 0.7)
		pl.Render(out)
		decoded = float64(bk.SampleFrames()*2) / (1 << 20)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap = float64(ms.HeapInuse) / (1 << 20)
		runtime.KeepAlive(bk)
	}
	b.ReportMetric(decoded, "decoded-MiB")
	b.ReportMetric(heap, "heap-MiB")
}

// TestSF3Concurrent: four players of one SF3 bank play the phrase at once
// (decoding the same samples as they go, each frame once) and each gets
// the phrase of the fully decoded bank. Run with -race.
func TestSF3Concurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: SF3 banks encoded by ffmpeg, played concurrently")
	}
	ss, _, _ := fixtures(t)
	path := sfwrite.WriteBank(t, ss)
	eager := mustLoadFile(t, path)
	for _, p := range []int{0, 1} {
		if err := eager.Decode(0, p); err != nil {
			t.Fatal(err)
		}
	}
	want := phrase(t, eager)
	b := mustLoadFile(t, path)
	got := make([][]float32, 4)
	done := make(chan int)
	for i := range got {
		go func() {
			got[i] = phrase(t, b)
			done <- i
		}()
	}
	for range got {
		<-done
	}
	for i := range got {
		if got[i] == nil || !slices.Equal(got[i], want) {
			t.Errorf("player %d of 4 playing at once differs from the fully decoded phrase", i)
		}
	}
	if n, all := b.SampleFrames(), eager.SampleFrames(); n > all {
		t.Errorf("%d frames decoded by four players, more than the %d of both samples: decoded twice", n, all)
	}
}
