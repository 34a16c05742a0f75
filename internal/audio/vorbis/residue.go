package vorbis

// Residue type 2 (spec section 8): the channels' quantised spectra
// interleaved into one vector, cut into partitions of partSize values,
// each classified by its largest magnitude and coded with its class's
// books, one per pass (class 4 codes a coarse value, step 15, then the
// remainder).
const (
	classes    = 5
	classDim   = 2   // classifications per classbook codeword
	maxResidue = 255 // the largest magnitude class 4 codes
	maxChannel = 127 // the largest channel value (an angle is a difference of two)
)

// books of the setup header, in header order.
type books struct {
	y, class, one, two, seven, coarse *codebook
	all                               []*codebook
}

// newBooks makes the stream's codebooks (their lengths come from counts).
func newBooks() *books {
	b := &books{
		y:      newBook(yRange),
		class:  &codebook{dim: classDim, entries: classes * classes, counts: make([]int, classes*classes)},
		one:    newVQ(4, 3, -1, 1),
		two:    newVQ(2, 5, -2, 1),
		seven:  newVQ(2, 15, -7, 1),
		coarse: newVQ(1, 35, -255, 15),
	}
	b.all = []*codebook{b.y, b.class, b.one, b.two, b.seven, b.coarse}
	return b
}

// index is a book's number in the header.
func (b *books) index(c *codebook) int {
	for i, x := range b.all {
		if x == c {
			return i
		}
	}
	panic("vorbis: unknown book")
}

// cascade is each class's book for pass 0 and pass 1 (nil: none).
func (b *books) cascade(class int) [2]*codebook {
	return [...][2]*codebook{{}, {b.one, nil}, {b.two, nil}, {b.seven, nil}, {b.coarse, b.seven}}[class]
}

// classify is the class of a partition's values.
func classify(v []int16) int {
	m := 0
	for _, x := range v {
		m = max(m, abs(int(x)))
	}
	switch {
	case m == 0:
		return 0
	case m <= 1:
		return 1
	case m <= 2:
		return 2
	case m <= 7:
		return 3
	}
	return 4
}

// coarse splits a class 4 value into its pass-0 part (a multiple of 15
// up to 255) and its remainder (-7..7).
func coarse(x int) (int, int) {
	c := min(255, (abs(x)+7)/15*15)
	if x < 0 {
		c = -c
	}
	return c, x - c
}

// emitter receives the codewords of a packet: it counts them (the first
// pass, for the Huffman lengths) or writes them.
type emitter func(c *codebook, entry int)

// residue codes the interleaved vector v (partitions of partSize).
func (b *books) residue(v []int16, partSize int, put emitter) {
	parts := len(v) / partSize
	cls := make([]int, parts)
	for p := range parts {
		cls[p] = classify(v[p*partSize : (p+1)*partSize])
	}
	tmp := make([]int, 4)
	for pass := range 2 {
		for p := 0; p < parts; {
			if pass == 0 {
				e := 0
				for j := range classDim {
					e *= classes
					if p+j < parts {
						e += cls[p+j]
					}
				}
				put(b.class, e)
			}
			for j := 0; j < classDim && p < parts; j, p = j+1, p+1 {
				book := b.cascade(cls[p])[pass]
				if book == nil {
					continue
				}
				part := v[p*partSize : (p+1)*partSize]
				for i := 0; i < partSize; i += book.dim {
					for d := range book.dim {
						x := int(part[i+d])
						if cls[p] == 4 {
							c, r := coarse(x)
							x = c
							if pass == 1 {
								x = r
							}
						}
						tmp[d] = x
					}
					put(book, book.entry(tmp))
				}
			}
		}
	}
}
