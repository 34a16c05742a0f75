package mp3

// bitWriter appends big-endian bit fields to a byte slice.
type bitWriter struct {
	buf []byte
	acc uint64
	n   uint // bits pending in acc (< 8 between calls)
}

// put appends the n low bits of v (n <= 32).
func (w *bitWriter) put(v uint32, n int) {
	if n == 0 {
		return
	}
	w.acc = w.acc<<uint(n) | uint64(v)&(1<<uint(n)-1)
	w.n += uint(n)
	for w.n >= 8 {
		w.n -= 8
		w.buf = append(w.buf, byte(w.acc>>w.n))
	}
}

// align pads with zero bits up to a byte boundary.
func (w *bitWriter) align() {
	if w.n > 0 {
		w.put(0, int(8-w.n))
	}
}

// reset empties the writer, keeping its storage.
func (w *bitWriter) reset() {
	w.buf = w.buf[:0]
	w.acc, w.n = 0, 0
}
