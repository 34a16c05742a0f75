package soundfont

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// fixtureSample is one sample of a test bank: 16-bit mono frames, or an Ogg
// Vorbis stream (SF3).
type fixtureSample struct {
	name               string
	pcm                []int16
	ogg                []byte
	frames             int  // encoded length, frames
	loopStart, loopEnd int  // frames from the sample's start
	once               bool // plays once (no loop)
}

// tone is frames of a decaying two-partial tone at hz, the kind of sample
// a bank holds (vorbis codes it with ordinary losses).
func tone(hz float64, frames int) []int16 {
	out := make([]int16, frames)
	for i := range out {
		t := float64(i) / SampleRate
		x := 0.5*math.Sin(2*math.Pi*hz*t) + 0.2*math.Sin(2*math.Pi*2*hz*t)
		out[i] = int16(math.Round(12000 * x * math.Exp(-t)))
	}
	return out
}

// vorbisOf encodes pcm to Ogg Vorbis with ffmpeg and returns the stream and
// ffmpeg's own decoding of it (the reference the loader must match).
func vorbisOf(t *testing.T, pcm []int16) ([]byte, []int16) {
	t.Helper()
	ff := testutil.RequireTool(t, "ffmpeg")
	dir := t.TempDir()
	raw, ogg, back := filepath.Join(dir, "in.raw"), filepath.Join(dir, "s.ogg"), filepath.Join(dir, "back.raw")
	var in bytes.Buffer
	binary.Write(&in, binary.LittleEndian, pcm)
	if err := os.WriteFile(raw, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-f", "s16le", "-ar", "44100", "-ac", "1", "-i", raw, "-c:a", "libvorbis", "-q:a", "6", ogg},
		{"-i", ogg, "-f", "s16le", "-ac", "1", back},
	} {
		cmd := exec.Command(ff, append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg %v: %v\n%s", args, err, out)
		}
	}
	stream, err := os.ReadFile(ogg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(back)
	if err != nil {
		t.Fatal(err)
	}
	dec := make([]int16, len(b)/2)
	binary.Read(bytes.NewReader(b), binary.LittleEndian, dec)
	return stream, dec
}

// writeBank writes a SoundFont with one preset per sample (0:0, 0:1, ...),
// each one instrument zone over every key, looped. With Ogg samples it is
// an SF3 file: version 3, sample type 0x11, Start/End byte offsets into
// smpl and loop points relative to the sample's start.
func writeBank(t *testing.T, samples []fixtureSample) string {
	t.Helper()
	le := binary.LittleEndian
	name := func(s string) []byte { b := make([]byte, 20); copy(b, s); return b }
	var smpl, phdr, pbag, pgen, inst, ibag, igen, shdr []byte
	sf3 := false
	for i, s := range samples {
		var start, end, ls, le2 int
		typ := uint16(1)
		if s.ogg != nil {
			sf3 = true
			typ |= sampleTypeVorbis
			start, end = len(smpl), len(smpl)+len(s.ogg)
			smpl = append(smpl, s.ogg...)
			ls, le2 = s.loopStart, s.loopEnd
		} else {
			start = len(smpl) / 2
			for _, v := range s.pcm {
				smpl = le.AppendUint16(smpl, uint16(v))
			}
			end = len(smpl) / 2
			smpl = append(smpl, make([]byte, 2*padFrames)...)
			ls, le2 = start+s.loopStart, start+s.loopEnd
		}
		phdr = append(phdr, name(s.name)...)
		phdr = le.AppendUint16(le.AppendUint16(le.AppendUint16(phdr, uint16(i)), 0), uint16(i))
		phdr = append(phdr, make([]byte, 12)...)
		pbag = le.AppendUint16(le.AppendUint16(pbag, uint16(i)), 0)
		pgen = le.AppendUint16(le.AppendUint16(pgen, 41), uint16(i)) // instrument
		inst = le.AppendUint16(append(inst, name(s.name)...), uint16(i))
		ibag = le.AppendUint16(le.AppendUint16(ibag, uint16(2*i)), 0)
		mode := uint16(1)
		if s.once {
			mode = 0
		}
		igen = le.AppendUint16(le.AppendUint16(igen, 54), mode)      // sampleModes
		igen = le.AppendUint16(le.AppendUint16(igen, 53), uint16(i)) // sampleID
		shdr = append(shdr, name(s.name)...)
		for _, v := range []int{start, end, ls, le2, SampleRate} {
			shdr = le.AppendUint32(shdr, uint32(v))
		}
		shdr = le.AppendUint16(append(shdr, 60, 0), 0)
		shdr = le.AppendUint16(shdr, typ)
	}
	n := len(samples)
	phdr = append(append(phdr, name("EOP")...), make([]byte, 18)...)
	le.PutUint16(phdr[len(phdr)-14:], uint16(n))
	pbag = le.AppendUint16(le.AppendUint16(pbag, uint16(n)), 0)
	pgen = append(pgen, 0, 0, 0, 0)
	inst = le.AppendUint16(append(inst, name("EOI")...), uint16(n))
	ibag = le.AppendUint16(le.AppendUint16(ibag, uint16(2*n)), 0)
	igen = append(igen, 0, 0, 0, 0)
	shdr = append(append(shdr, name("EOS")...), make([]byte, 26)...)
	if len(smpl)%2 == 1 {
		smpl = append(smpl, 0)
	}
	chunk := func(id string, b []byte) []byte {
		out := le.AppendUint32([]byte(id), uint32(len(b)))
		out = append(out, b...)
		if len(b)%2 == 1 {
			out = append(out, 0)
		}
		return out
	}
	list := func(typ string, parts ...[]byte) []byte {
		body := []byte(typ)
		for _, p := range parts {
			body = append(body, p...)
		}
		return chunk("LIST", body)
	}
	major := uint16(2)
	if sf3 {
		major = 3
	}
	info := list("INFO", chunk("ifil", le.AppendUint16(le.AppendUint16(nil, major), 1)),
		chunk("isng", []byte("EMU8000\x00")), chunk("INAM", []byte("fixture\x00")))
	pdta := list("pdta", chunk("phdr", phdr), chunk("pbag", pbag), chunk("pmod", make([]byte, 10)),
		chunk("pgen", pgen), chunk("inst", inst), chunk("ibag", ibag), chunk("imod", make([]byte, 10)),
		chunk("igen", igen), chunk("shdr", shdr))
	body := append([]byte("sfbk"), info...)
	body = append(body, list("sdta", chunk("smpl", smpl))...)
	body = append(body, pdta...)
	p := filepath.Join(t.TempDir(), "bank.sf2")
	if err := os.WriteFile(p, chunk("RIFF", body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fixtures returns two samples, Ogg-coded, and ffmpeg's decoding of each.
func fixtures(t *testing.T) ([]fixtureSample, [][]int16) {
	var ss []fixtureSample
	var ref [][]int16
	for i, hz := range []float64{261.63, 440} {
		pcm := tone(hz, 22050+5000*i)
		ogg, dec := vorbisOf(t, pcm)
		ss = append(ss, fixtureSample{name: []string{"low", "high"}[i], ogg: ogg, frames: len(pcm),
			loopStart: 11025, loopEnd: 11025 + 4410, once: i == 1})
		ref = append(ref, dec)
	}
	return ss, ref
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
	ss, ref := fixtures(t)
	path := writeBank(t, ss)
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
		t.Fatalf("a note-on of preset 0:1 decoded %d frames, want only the sample's start (1024-8192 of %d)", got, ss[1].frames)
	}
	pl.Render(make([]float32, 4410))
	if got := b.SampleFrames(); got < 4410 || got > 4410*2+8192 {
		t.Fatalf("0.1 s of the note decoded %d frames, want about 0.1 s ahead", got)
	}
	pl.Render(make([]float32, SampleRate))
	if got := b.SampleFrames(); got != ss[1].frames {
		t.Fatalf("1.1 s of a note of preset 0:1 (0.6 s, played once) decoded %d frames, want its sample's %d only", got, ss[1].frames)
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
	if full := phrase(t, eager); !slices.Equal(lazy, full) {
		t.Error("the phrase decoded as it plays differs from the phrase of fully decoded samples")
	}
	// And from an SF2 bank of ffmpeg's decoding (whose one-shot sample ends
	// 128 frames early, hence 25 dB rather than the 2 LSB above).
	var raw []fixtureSample
	for i, s := range ss {
		raw = append(raw, fixtureSample{name: s.name, pcm: ref[i], loopStart: s.loopStart, loopEnd: s.loopEnd, once: s.once})
	}
	c := phrase(t, mustLoadFile(t, writeBank(t, raw)))
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
func phrase(t *testing.T, b *Bank) []float32 {
	pl, err := b.NewPlayer(8)
	if err != nil {
		t.Fatal(err)
	}
	for ch := range 2 {
		if err := pl.Program(b, ch, 0, ch); err != nil {
			t.Fatal(err)
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
// playing one piano note. It reports the decoded MiB the note made
// resident, against the 466 MiB the whole bank decodes to, and the Go heap
// in use after (the decoded samples live outside the heap, in an anonymous
// mapping).
func BenchmarkSF3Note(b *testing.B) {
	const path = "/usr/share/sounds/sf3/MuseScore_General_Full.sf3"
	if _, err := os.Stat(path); err != nil {
		b.Skip("musescore-general-soundfont not installed")
	}
	b.ReportAllocs()
	var decoded, heap float64
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
