package vorbis

// The three header packets (spec section 4.2).

// header writes the common start of a header packet: its type and "vorbis".
func header(w *bitWriter, kind uint32) {
	w.write(kind, 8)
	for _, c := range []byte("vorbis") {
		w.write(uint32(c), 8)
	}
}

// identification is the identification header.
func (e *encoder) identification() []byte {
	var w bitWriter
	header(&w, 1)
	w.write(0, 32) // version
	w.write(uint32(e.nch), 8)
	w.write(uint32(e.rate), 32)
	w.write(0, 32)                   // maximum bitrate: unset
	w.write(uint32(70000*e.nch), 32) // nominal bitrate
	w.write(0, 32)                   // minimum bitrate: unset
	w.write(shortLog|longLog<<4, 8)  // block sizes
	w.write(1, 1)                    // framing
	return w.bytes()
}

// Vendor is the comment header's vendor string.
const Vendor = "Songsmith Vorbis encoder"

// comments is the comment header: the vendor and the tags.
func (e *encoder) comments(tags [][2]string) []byte {
	var w bitWriter
	header(&w, 3)
	str := func(s string) {
		w.write(uint32(len(s)), 32)
		for i := range len(s) {
			w.write(uint32(s[i]), 8)
		}
	}
	str(Vendor)
	w.write(uint32(len(tags)), 32)
	for _, t := range tags {
		str(t[0] + "=" + t[1])
	}
	w.write(1, 1)
	return w.bytes()
}

// setup is the setup header: codebooks, one floor 1, one residue 2, one
// mapping and one (long-block) mode.
func (e *encoder) setup() []byte {
	var w bitWriter
	header(&w, 5)
	b := e.books
	w.write(uint32(len(b.all)-1), 8)
	for _, c := range b.all {
		c.header(&w)
	}
	w.write(0, 6)  // time domain transforms: one,
	w.write(0, 16) // a placeholder
	// Floor 1: one partition of one post (class 0) per post after the ends.
	w.write(0, 6)
	w.write(1, 16)
	w.write(uint32(len(postX)-2), 5)
	for range len(postX) - 2 {
		w.write(0, 4)
	}
	w.write(0, 3) // class 0: dimension 1,
	w.write(0, 2) // no subclasses,
	w.write(uint32(b.index(b.y)+1), 8)
	w.write(multiplier-1, 2)
	w.write(rangeBits, 4)
	for _, x := range postX[2:] {
		w.write(uint32(x), rangeBits)
	}
	// Residue 2.
	w.write(0, 6)
	w.write(2, 16)
	w.write(0, 24)
	w.write(uint32(e.nch*e.bins), 24)
	w.write(uint32(e.partSize-1), 24)
	w.write(classes-1, 6)
	w.write(uint32(b.index(b.class)), 8)
	for c := range classes {
		mask := uint32(0)
		for pass, book := range b.cascade(c) {
			if book != nil {
				mask |= 1 << pass
			}
		}
		w.write(mask, 3)
		w.write(0, 1)
	}
	for c := range classes {
		for _, book := range b.cascade(c) {
			if book != nil {
				w.write(uint32(b.index(book)), 8)
			}
		}
	}
	// Mapping 0: one submap; two channels coupled, 0 the magnitude and
	// 1 the angle.
	w.write(0, 6)
	w.write(0, 16)
	w.write(0, 1) // one submap
	if e.nch == 2 {
		w.write(1, 1)
		w.write(0, 8) // one coupling step
		w.write(0, 1)
		w.write(1, 1)
	} else {
		w.write(0, 1)
	}
	w.write(0, 2) // reserved
	w.write(0, 8) // submap 0: time placeholder,
	w.write(0, 8) // floor 0,
	w.write(0, 8) // residue 0
	// Mode 0: long blocks, mapping 0.
	w.write(0, 6)
	w.write(1, 1)
	w.write(0, 16)
	w.write(0, 16)
	w.write(0, 8)
	w.write(1, 1) // framing
	return w.bytes()
}
