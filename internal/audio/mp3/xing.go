package mp3

import "encoding/binary"

// The Info frame: a silent first frame whose main data carries a Xing-style
// "Info" header (frame and byte counts, seek table) and a LAME-style tag with
// the encoder delay and padding, so decoders trim the stream to the exact
// input length.

// infoFrame builds the Info frame for frames audio frames totalling bytes
// (Info frame included) that hold n input samples.
func (e *Encoder) infoFrame(frames, bytes, n int64) []byte {
	c := &e.fc.cfg
	size := frameBytesBase(c)
	b := make([]byte, size)
	writeHeader(b, c, false, false)
	p := 4 + c.sideLen
	copy(b[p:], "Info")
	flags := uint32(0x1 | 0x2 | 0x8)
	withTOC := p+8+8+100+4+36 <= size
	if withTOC {
		flags |= 0x4
	}
	binary.BigEndian.PutUint32(b[p+4:], flags)
	binary.BigEndian.PutUint32(b[p+8:], uint32(frames))
	binary.BigEndian.PutUint32(b[p+12:], uint32(bytes))
	p += 16
	if withTOC {
		for i := 0; i < 100; i++ {
			b[p+i] = byte(i * 256 / 100)
		}
		p += 100
	}
	binary.BigEndian.PutUint32(b[p:], 0) // quality
	p += 4

	// LAME-style tag (Info Tag rev 1 layout).
	t := b[p:]
	copy(t, "LAME3.100")
	t[9] = 0<<4 | 1 // revision 0, CBR
	lp := min(255, (c.cutoff*c.hz/2/granuleSize+50)/100)
	if c.cutoff >= granuleSize {
		lp = 0
	}
	t[10] = byte(lp)
	// 11..18: peak and replay gain left zero (unknown).
	t[20] = byte(min(255, c.kbps))
	delay := int64(totalDelay - decoderDelay)
	pad := frames*frameSize - delay - n
	if frames == 0 {
		pad = 0
	}
	t[21] = byte(delay >> 4)
	t[22] = byte(delay<<4) | byte(pad>>8)&0x0f
	t[23] = byte(pad)
	stereo := byte(0) // mono
	if c.nch == 2 {
		stereo = 1
		if c.joint {
			stereo = 3
		}
	}
	srcFreq := byte(1)
	switch c.hz {
	case 32000:
		srcFreq = 0
	case 48000:
		srcFreq = 2
	}
	t[24] = stereo<<2 | srcFreq<<6
	binary.BigEndian.PutUint32(t[28:], uint32(bytes))
	crcEnd := p + 34
	binary.BigEndian.PutUint16(b[crcEnd:], crc16(b[:crcEnd]))
	return b
}

// crc16 is CRC-16/ARC (polynomial 0x8005 reflected, initial value 0), the
// checksum of the LAME tag.
func crc16(data []byte) uint16 {
	var crc uint16
	for _, d := range data {
		crc ^= uint16(d)
		for i := 0; i < 8; i++ {
			if crc&1 != 0 {
				crc = crc>>1 ^ 0xA001
			} else {
				crc >>= 1
			}
		}
	}
	return crc
}
