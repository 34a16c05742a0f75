package vorbis

import (
	"encoding/binary"
	"io"
)

// Ogg framing (RFC 3533): packets cut into 255-byte lacing segments,
// pages of up to 255 segments with a CRC-32 (polynomial 0x04c11db7).

var crcTable = func() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04c11db7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return t
}()

// oggCRC is the page checksum: CRC-32, polynomial 0x04c11db7, not
// reflected, initial value 0.
func oggCRC(b []byte) uint32 {
	var c uint32
	for _, v := range b {
		c = c<<8 ^ crcTable[byte(c>>24)^v]
	}
	return c
}

// Page header flags.
const (
	flagContinued = 0x01
	flagBOS       = 0x02
	flagEOS       = 0x04
)

// pageWriter writes one logical stream's packets as Ogg pages.
type pageWriter struct {
	w       io.Writer
	serial  uint32
	seq     uint32
	lacing  []byte
	body    []byte
	granule int64 // of the last packet ended on the pending page; -1 none
	cont    bool  // the pending page begins with a continued packet
	err     error
}

// maxPageBody is the body size at which a page is closed.
const maxPageBody = 4096

// packet adds a packet ending at granule (samples); flush closes the page
// after it (the headers' page boundaries); the last packet's page is the
// stream's last (EOS), whose granule position trims the decoded length.
func (p *pageWriter) packet(data []byte, granule int64, flush, last bool) {
	for {
		n := min(len(data), 255)
		p.lacing = append(p.lacing, byte(n))
		p.body = append(p.body, data[:n]...)
		data = data[n:]
		if n < 255 {
			p.granule = granule
			break
		}
		if len(p.lacing) == 255 {
			p.page(0)
			p.cont = true
		}
	}
	switch {
	case last:
		p.page(flagEOS)
	case flush || len(p.body) >= maxPageBody || len(p.lacing) > 240:
		p.page(0)
	}
}

// page writes the pending page with extra header flags.
func (p *pageWriter) page(flags byte) {
	if p.err != nil || len(p.lacing) == 0 {
		return
	}
	if p.cont {
		flags |= flagContinued
	}
	if p.seq == 0 {
		flags |= flagBOS
	}
	h := make([]byte, 27, 27+len(p.lacing)+len(p.body))
	copy(h, "OggS")
	h[5] = flags
	binary.LittleEndian.PutUint64(h[6:], uint64(p.granule))
	binary.LittleEndian.PutUint32(h[14:], p.serial)
	binary.LittleEndian.PutUint32(h[18:], p.seq)
	h[26] = byte(len(p.lacing))
	h = append(append(h, p.lacing...), p.body...)
	binary.LittleEndian.PutUint32(h[22:], oggCRC(h))
	_, p.err = p.w.Write(h)
	p.seq++
	p.lacing, p.body, p.granule, p.cont = p.lacing[:0], p.body[:0], -1, false
}
