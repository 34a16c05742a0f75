package mp3

import (
	"encoding/binary"
	"strconv"
	"unicode/utf16"
)

// ID3v2.3 tag writer (id3.org ID3v2.3.0 informal standard): text frames are
// ISO-8859-1 when possible, otherwise UTF-16 with a byte-order mark.

// id3v2 returns the encoded tag; it always names the encoder (TSSE).
func id3v2(t *Tag) []byte {
	var body []byte
	text := func(id, s string) {
		if s != "" {
			body = appendFrame(body, id, encodeText(s))
		}
	}
	text("TIT2", t.Title)
	text("TPE1", t.Artist)
	text("TALB", t.Album)
	text("TCON", t.Genre)
	if t.BPM > 0 {
		text("TBPM", strconv.Itoa(t.BPM))
	}
	if t.Year > 0 {
		text("TYER", strconv.Itoa(t.Year))
	}
	text("TSSE", "Songsmith MP3 encoder")
	text("TCOP", t.Copyright)
	if t.CopyrightURL != "" {
		body = appendFrame(body, "WCOP", latin1(t.CopyrightURL))
	}
	for _, c := range t.Custom {
		if c[1] == "" {
			continue
		}
		d, ok1 := toLatin1(c[0])
		v, ok2 := toLatin1(c[1])
		if ok1 && ok2 {
			body = appendFrame(body, "TXXX", append(append(append([]byte{0}, d...), 0), v...))
		} else {
			body = appendFrame(body, "TXXX", encodeUTF16Pair(c[0], c[1]))
		}
	}
	if t.Comment != "" {
		enc := encodeText(t.Comment)
		p := append([]byte{enc[0]}, "eng"...)
		p = append(p, terminator(enc[0])...) // empty short description
		body = appendFrame(body, "COMM", append(p, enc[1:]...))
	}
	if len(t.Cover) > 0 {
		mime := t.CoverMIME
		if mime == "" {
			mime = sniffMIME(t.Cover)
		}
		p := []byte{0}
		p = append(p, latin1(mime)...)
		p = append(p, 0, 3, 0) // MIME terminator, front cover, empty description
		body = appendFrame(body, "APIC", append(p, t.Cover...))
	}
	h := []byte{'I', 'D', '3', 3, 0, 0, 0, 0, 0, 0}
	putSyncsafe(h[6:], len(body))
	return append(h, body...)
}

func appendFrame(b []byte, id string, payload []byte) []byte {
	h := make([]byte, 10)
	copy(h, id)
	binary.BigEndian.PutUint32(h[4:], uint32(len(payload)))
	return append(append(b, h...), payload...)
}

// encodeText returns an encoding byte followed by s, unterminated.
func encodeText(s string) []byte {
	if l, ok := toLatin1(s); ok {
		return append([]byte{0}, l...)
	}
	b := []byte{1, 0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// encodeUTF16Pair is a TXXX payload in UTF-16: description, a two-byte
// terminator, value.
func encodeUTF16Pair(desc, value string) []byte {
	b := []byte{1, 0xff, 0xfe}
	for i, s := range []string{desc, value} {
		if i == 1 {
			b = append(b, 0, 0, 0xff, 0xfe)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

func terminator(enc byte) []byte {
	if enc == 1 {
		return []byte{0, 0}
	}
	return []byte{0}
}

func toLatin1(s string) ([]byte, bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r == 0 || r > 0xff {
			return nil, false
		}
		b = append(b, byte(r))
	}
	return b, true
}

func latin1(s string) []byte {
	b, ok := toLatin1(s)
	if !ok {
		return []byte("application/octet-stream")
	}
	return b
}

func sniffMIME(b []byte) string {
	switch {
	case len(b) > 3 && b[0] == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G':
		return "image/png"
	case len(b) > 2 && b[0] == 0xff && b[1] == 0xd8:
		return "image/jpeg"
	}
	return "image/"
}

func putSyncsafe(b []byte, n int) {
	b[0] = byte(n >> 21 & 0x7f)
	b[1] = byte(n >> 14 & 0x7f)
	b[2] = byte(n >> 7 & 0x7f)
	b[3] = byte(n & 0x7f)
}
