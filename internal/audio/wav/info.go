package wav

import (
	"encoding/binary"
	"io"

	"github.com/songsmith/songsmith/internal/audio"
)

// Info is the text of a WAV file's LIST/INFO chunk (RIFF INFO list):
// what players, ffprobe and DAWs show as the file's tags.
type Info struct {
	Title     string // INAM
	Artist    string // IART
	Genre     string // IGNR
	Copyright string // ICOP: the copyright or licence message
	Software  string // ISFT: what made the file
	Comment   string // ICMT
}

// chunk is the LIST/INFO chunk of i (nil when every field is empty).
// Each text is NUL-terminated and padded to an even size.
func (i Info) chunk() []byte {
	body := []byte("INFO")
	for _, f := range []struct{ id, text string }{
		{"INAM", i.Title}, {"IART", i.Artist}, {"IGNR", i.Genre},
		{"ICOP", i.Copyright}, {"ISFT", i.Software}, {"ICMT", i.Comment},
	} {
		if f.text == "" {
			continue
		}
		t := append([]byte(f.text), 0)
		body = append(body, f.id...)
		body = binary.LittleEndian.AppendUint32(body, uint32(len(t)))
		body = append(body, t...)
		if len(t)%2 == 1 {
			body = append(body, 0)
		}
	}
	if len(body) == 4 {
		return nil
	}
	c := append([]byte("LIST"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...)
	return append(c, body...)
}

// EncodeInfo is Encode with a LIST/INFO chunk of info before the data
// and, when loop is true, the smpl chunk of EncodeLoop marking the whole
// buffer as a forward loop.
func EncodeInfo(w io.Writer, b *audio.Buffer, info Info, loop bool) error {
	extra := info.chunk()
	if loop && b.Frames() > 0 {
		extra = append(extra, smplChunk(b, 0, b.Frames()-1)...)
	}
	return encode(w, b, extra)
}
