package wav

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/songsmith/songsmith/internal/audio"
)

// EncodeLoop is Encode with a sampler chunk ("smpl") that marks frames
// start to end (inclusive) as a forward loop played forever: samplers,
// game engines and DAWs loop the file there.
func EncodeLoop(w io.Writer, b *audio.Buffer, start, end int) error {
	if start < 0 || end < start || end >= b.Frames() {
		return fmt.Errorf("wav: loop %d..%d outside %d frames", start, end, b.Frames())
	}
	return encode(w, b, smplChunk(b, start, end))
}

// smplChunk is the sampler chunk of a forward loop from frame start to
// end (inclusive), played forever.
func smplChunk(b *audio.Buffer, start, end int) []byte {
	c := make([]byte, 8+36+24)
	copy(c, "smpl")
	binary.LittleEndian.PutUint32(c[4:], 36+24)
	p := c[8:]
	binary.LittleEndian.PutUint32(p[8:], uint32(1e9/float64(b.Rate)+0.5)) // sample period, ns
	binary.LittleEndian.PutUint32(p[12:], 60)                             // MIDI unity note
	binary.LittleEndian.PutUint32(p[28:], 1)                              // one loop
	l := p[36:]
	binary.LittleEndian.PutUint32(l[8:], uint32(start))
	binary.LittleEndian.PutUint32(l[12:], uint32(end))
	// cue point id 0, type 0 (forward), fraction 0, play count 0 (forever)
	return c
}

// Loop returns the first forward loop of a WAV file's smpl chunk: its
// first and last frame; ok is false when the file has none.
func Loop(data []byte) (start, end int, ok bool) {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WAVE" {
		return 0, 0, false
	}
	for p := 12; p+8 <= len(data); {
		id, n := string(data[p:p+4]), int(binary.LittleEndian.Uint32(data[p+4:]))
		body := data[p+8 : min(p+8+n, len(data))]
		if id == "smpl" && len(body) >= 60 && binary.LittleEndian.Uint32(body[28:]) > 0 {
			return int(binary.LittleEndian.Uint32(body[44:])), int(binary.LittleEndian.Uint32(body[48:])), true
		}
		p += 8 + n + n%2
	}
	return 0, 0, false
}
