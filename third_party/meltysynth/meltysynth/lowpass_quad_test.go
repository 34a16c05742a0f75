package meltysynth

import (
	"fmt"
	"testing"
)

// TestStereoLowPassQuadSameBits: processStereoLowPassQuad (four stereo
// voices in the eight lanes of an AVX register on amd64 with AVX2, for
// blocks a multiple of eight samples long; two pairs otherwise) and
// lowPassFew (one to three voices; three in eight lanes too) give
// processStereoLowPass's samples and state for each voice, block after
// block, at several cutoffs and resonances (the voices' differ), on
// sample-like, edge-valued and silent input.
func TestStereoLowPassQuadSameBits(t *testing.T) {
	s := &Synthesizer{SampleRate: 44100}
	var vs, ref [4]*voice
	for i := range vs {
		vs[i] = &voice{filter: newBiQuadFilter(s), right: &stereoHalf{filter: newBiQuadFilter(s)}}
		ref[i] = &voice{filter: newBiQuadFilter(s), right: &stereoHalf{filter: newBiQuadFilter(s)}}
	}
	shaped := 0
	for _, cut := range []float32{200, 1500, 9000, 20000} {
		for _, q := range []float32{0.7, 1.2, 4} {
			ok := true
			for i := range vs {
				for _, v := range []*voice{vs[i], ref[i]} {
					c, r := cut*(1-0.15*float32(i)), q+0.2*float32(i)
					v.filter.clearBuffer()
					v.right.filter.clearBuffer()
					v.filter.setLowPassFilter(c, r)
					v.right.filter.setLowPassFilter(c, r)
					ok = ok && v.filter.lowPassShape()
				}
			}
			if !ok {
				continue
			}
			shaped++
			for blk := range 40 {
				n := 8 * (1 + blk%32)
				if blk%9 == 4 {
					n = 2 + blk%13 // not a multiple of eight: two pairs
				}
				for i := range vs {
					for j, v := range []*voice{vs[i], ref[i]} {
						_ = j
						v.block = make([]float32, n)
						v.right.block = make([]float32, n)
					}
					a, b := vecBlock(n, blk*8+2*i), vecBlock(n, blk*8+2*i+1)
					if blk%7 == 3 { // every seventh block silent
						clear(a)
						clear(b)
					}
					copy(vs[i].block, a)
					copy(vs[i].right.block, b)
					copy(ref[i].block, a)
					copy(ref[i].right.block, b)
				}
				m := 1 + blk%4 // voices filtered together: lowPassFew below four
				if m == 4 {
					processStereoLowPassQuad(&vs)
				} else {
					lowPassFew(vs[:m])
				}
				for i, v := range vs[:m] {
					r := ref[i]
					processStereoLowPass(r.filter, r.right.filter, r.block, r.right.block)
					if d := firstDiff(v.block, r.block); d >= 0 {
						t.Fatalf("cutoff %v q %v block %d voice %d left sample %d: %v, processStereoLowPass %v", cut, q, blk, i, d, v.block[d], r.block[d])
					}
					if d := firstDiff(v.right.block, r.right.block); d >= 0 {
						t.Fatalf("cutoff %v q %v block %d voice %d right sample %d: %v, processStereoLowPass %v", cut, q, blk, i, d, v.right.block[d], r.right.block[d])
					}
					if *v.filter != *r.filter || *v.right.filter != *r.right.filter {
						t.Fatalf("cutoff %v q %v block %d voice %d: state differs from processStereoLowPass", cut, q, blk, i)
					}
				}
			}
		}
	}
	if shaped < 6 {
		t.Fatalf("only %d of 12 settings had the low-pass shape", shaped)
	}
}

// BenchmarkStereoLowPassQuad: four stereo voices' 128-frame blocks, eight
// lanes (AVX, where the processor has AVX2) and as two pairs.
func BenchmarkStereoLowPassQuad(b *testing.B) {
	s := &Synthesizer{SampleRate: 44100}
	var vs [4]*voice
	for i := range vs {
		vs[i] = &voice{filter: newBiQuadFilter(s), right: &stereoHalf{filter: newBiQuadFilter(s)}}
		vs[i].filter.setLowPassFilter(1500+float32(i)*300, 1.2)
		vs[i].right.filter.setLowPassFilter(1500+float32(i)*300, 1.2)
		vs[i].block, vs[i].right.block = vecBlock(128, 2*i), vecBlock(128, 2*i+1)
	}
	for _, oct := range []bool{false, true} {
		b.Run(fmt.Sprintf("oct=%v", oct), func(b *testing.B) {
			defer func(u bool) { useLowPassOct = u }(useLowPassOct)
			useLowPassOct = oct && useLowPassOct
			for b.Loop() {
				processStereoLowPassQuad(&vs)
			}
		})
	}
}
