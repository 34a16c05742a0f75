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
	// Two floor 1s, the long block's and the short block's.
	w.write(1, 6)
	for _, f := range []*floor{longFloor, shortFloor} {
		f.header(&w, b.index(b.y))
	}
	// Two residue 2s, the long block's and the short block's (ffmpeg
	// wants a residue's end within the block).
	w.write(1, 6)
	for _, bins := range []int{e.bins, e.shortBins()} {
		e.residueHeader(&w, bins)
	}
	// Mappings 0 (long blocks, floor 0) and 1 (short, floor 1): one
	// submap; two channels coupled, 0 the magnitude and 1 the angle.
	w.write(1, 6)
	for floor := range 2 {
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
		w.write(0, 2)             // reserved
		w.write(0, 8)             // submap 0: time placeholder,
		w.write(uint32(floor), 8) // the floor,
		w.write(uint32(floor), 8) // and the residue of the same size
	}
	// Modes 0 (short blocks, mapping 1) and 1 (long, mapping 0).
	w.write(1, 6)
	for mode := range 2 {
		w.write(uint32(mode), 1)
		w.write(0, 16)
		w.write(0, 16)
		w.write(uint32(1-mode), 8)
	}
	w.write(1, 1) // framing
	return w.bytes()
}

// header writes the floor's setup: one partition of one post (class 0,
// coded with book y) per post after the two ends.
func (f *floor) header(w *bitWriter, y int) {
	w.write(1, 16)
	w.write(uint32(len(f.x)-2), 5)
	for range len(f.x) - 2 {
		w.write(0, 4)
	}
	w.write(0, 3) // class 0: dimension 1,
	w.write(0, 2) // no subclasses,
	w.write(uint32(y+1), 8)
	w.write(multiplier-1, 2)
	w.write(uint32(f.rangeBits), 4)
	for _, x := range f.x[2:] {
		w.write(uint32(x), uint(f.rangeBits))
	}
}

// residueHeader writes a residue 2 setup over bins bins per channel.
func (e *encoder) residueHeader(w *bitWriter, bins int) {
	b := e.books
	w.write(2, 16)
	w.write(0, 24)
	w.write(uint32(e.nch*bins), 24)
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
}
