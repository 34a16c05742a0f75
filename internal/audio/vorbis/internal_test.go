package vorbis

import "testing"

// TestCoupleInverts: every pair of channel values survives the square
// polar mapping and the decoders' inverse.
func TestCoupleInverts(t *testing.T) {
	for l := -maxChannel; l <= maxChannel; l++ {
		for r := -maxChannel; r <= maxChannel; r++ {
			m, a := couple(l, r)
			if gl, gr := uncouple(m, a); gl != l || gr != r || abs(m) > maxChannel || abs(a) > maxResidue {
				t.Fatalf("(%d, %d) -> (%d, %d) -> (%d, %d)", l, r, m, a, gl, gr)
			}
		}
	}
}

// TestCodewords: the codewords of Huffman lengths fitted to skewed counts
// form a complete prefix code (no codeword a prefix of another, Kraft sum
// 1), each of its length.
func TestCodewords(t *testing.T) {
	c := newVQ(2, 15, -7, 1)
	for i := range c.counts {
		c.counts[i] = (i * 7919) % 1000 * (i % 5)
	}
	c.counts[3] = 5_000_000 // forces the length limit
	c.build()
	kraft := 0.0
	for i, l := range c.lengths {
		if l < 1 || l > 24 {
			t.Fatalf("entry %d: length %d", i, l)
		}
		kraft += 1 / float64(uint64(1)<<l)
		for j := range i {
			a, b := c.codes[i], c.codes[j]
			la, lb := c.lengths[i], c.lengths[j]
			if la > lb {
				a >>= la - lb
			} else {
				b >>= lb - la
			}
			if a == b {
				t.Fatalf("entries %d and %d: %0*b is a prefix of %0*b", j, i, lb, c.codes[j], la, c.codes[i])
			}
		}
	}
	if kraft != 1 {
		t.Errorf("Kraft sum %g, want 1", kraft)
	}
}

// TestFloorCode decodes the coded floor values as the spec's decoder does
// (step 1) and finds every post at its target, for random envelopes.
func TestFloorCode(t *testing.T) {
	curve := make([]float64, half)
	f := longFloor
	postX, neighbours := f.x, f.neighbours
	target := make([]int, len(postX))
	seed := uint32(1)
	for round := range 2000 {
		for i := range target {
			seed = seed*1664525 + 1013904223
			target[i] = int(seed>>8) % yRange
			if round%3 == 0 {
				target[i] = 40 + int(seed>>8)%5 // near lines: many zero values
			}
		}
		vals := f.code(target, half, curve)
		final := []int{vals[0], vals[1]}
		for i := 2; i < len(postX); i++ {
			lo, hi := neighbours[i][0], neighbours[i][1]
			p := renderPoint(postX[lo], final[lo], postX[hi], final[hi], postX[i])
			highroom, lowroom := yRange-p, p
			room := 2 * lowroom
			if highroom < lowroom {
				room = 2 * highroom
			}
			v, y := vals[i], p
			switch {
			case v < 0 || v >= yRange:
				t.Fatalf("value %d out of the book", v)
			case v == 0:
			case v >= room && highroom > lowroom:
				y = v - lowroom + p
			case v >= room:
				y = p - v + highroom - 1
			case v%2 == 1:
				y = p - (v+1)/2
			default:
				y = p + v/2
			}
			final = append(final, y)
			if y != target[i] {
				t.Fatalf("round %d post %d: decoded %d, target %d", round, i, y, target[i])
			}
		}
	}
}
