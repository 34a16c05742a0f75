package vorbis

// bitWriter packs values least significant bit first, the Vorbis I
// bitstream order (spec section 2).
type bitWriter struct {
	buf  []byte
	acc  uint64 // pending bits, the oldest in bit 0
	nacc uint   // how many
}

// write appends the n low bits of v (n <= 32).
func (w *bitWriter) write(v uint32, n uint) {
	if n == 0 {
		return
	}
	w.acc |= uint64(v&(1<<n-1)) << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// bytes flushes a partial byte (zero padded) and returns the packet.
func (w *bitWriter) bytes() []byte {
	if w.nacc > 0 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc, w.nacc = 0, 0
	}
	return w.buf
}

// ilog is the number of bits needed to hold v (ilog(0) = 0).
func ilog(v int) uint {
	n := uint(0)
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}

// float32Pack is the Vorbis float format of an integer value: a 21-bit
// mantissa, a 10-bit exponent biased by 788 and a sign bit.
func float32Pack(v int) uint32 {
	sign := uint32(0)
	if v < 0 {
		sign, v = 1<<31, -v
	}
	return sign | 788<<21 | uint32(v)
}
