// Package sfwrite writes small SoundFont banks for tests: SF2 with 16-bit
// samples or SF3 with Ogg Vorbis samples (encoded by ffmpeg), one preset
// per sample, so that loading, lazy decoding and rendering can be tested
// without an 84 MB bank. Tests only; it imports nothing of Songsmith's
// but testutil.
package sfwrite

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// Sample is one sample of a test bank: 16-bit mono frames, or an Ogg
// Vorbis stream (SF3).
type Sample struct {
	Name               string
	PCM                []int16 // 16-bit mono frames (SF2), or
	Ogg                []byte  // an Ogg Vorbis stream (SF3)
	LoopStart, LoopEnd int     // frames from the sample's start
	Once               bool    // plays once (no loop)
}

// Tone is frames of a decaying two-partial tone at hz, the kind of sample
// a bank holds (vorbis codes it with ordinary losses).
func Tone(hz float64, frames int) []int16 {
	out := make([]int16, frames)
	for i := range out {
		t := float64(i) / 44100
		x := 0.5*math.Sin(2*math.Pi*hz*t) + 0.2*math.Sin(2*math.Pi*2*hz*t)
		out[i] = int16(math.Round(12000 * x * math.Exp(-t)))
	}
	return out
}

// Vorbis encodes pcm to Ogg Vorbis with ffmpeg and returns the stream and
// ffmpeg's own decoding of it (the reference the loader must match).
func Vorbis(t testing.TB, pcm []int16) ([]byte, []int16) {
	t.Helper()
	ff := testutil.RequireTool(t, "ffmpeg")
	dir := t.TempDir()
	raw, ogg, back := filepath.Join(dir, "in.raw"), filepath.Join(dir, "s.Ogg"), filepath.Join(dir, "back.raw")
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

// WriteBank writes a SoundFont with one preset per sample (0:0, 0:1, ...),
// each one instrument zone over every key, looped. With Ogg samples it is
// an SF3 file: version 3, sample type 0x11, Start/End byte offsets into
// smpl and loop points relative to the sample's start.
func WriteBank(t testing.TB, samples []Sample) string {
	t.Helper()
	le := binary.LittleEndian
	name := func(s string) []byte { b := make([]byte, 20); copy(b, s); return b }
	var smpl, phdr, pbag, pgen, inst, ibag, igen, shdr []byte
	sf3 := false
	for i, s := range samples {
		var start, end, ls, le2 int
		typ := uint16(1)
		if s.Ogg != nil {
			sf3 = true
			typ |= 0x10
			start, end = len(smpl), len(smpl)+len(s.Ogg)
			smpl = append(smpl, s.Ogg...)
			ls, le2 = s.LoopStart, s.LoopEnd
		} else {
			start = len(smpl) / 2
			for _, v := range s.PCM {
				smpl = le.AppendUint16(smpl, uint16(v))
			}
			end = len(smpl) / 2
			smpl = append(smpl, make([]byte, 2*46)...)
			ls, le2 = start+s.LoopStart, start+s.LoopEnd
		}
		phdr = append(phdr, name(s.Name)...)
		phdr = le.AppendUint16(le.AppendUint16(le.AppendUint16(phdr, uint16(i)), 0), uint16(i))
		phdr = append(phdr, make([]byte, 12)...)
		pbag = le.AppendUint16(le.AppendUint16(pbag, uint16(i)), 0)
		pgen = le.AppendUint16(le.AppendUint16(pgen, 41), uint16(i)) // instrument
		inst = le.AppendUint16(append(inst, name(s.Name)...), uint16(i))
		ibag = le.AppendUint16(le.AppendUint16(ibag, uint16(2*i)), 0)
		mode := uint16(1)
		if s.Once {
			mode = 0
		}
		igen = le.AppendUint16(le.AppendUint16(igen, 54), mode)      // sampleModes
		igen = le.AppendUint16(le.AppendUint16(igen, 53), uint16(i)) // sampleID
		shdr = append(shdr, name(s.Name)...)
		for _, v := range []int{start, end, ls, le2, 44100} {
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
