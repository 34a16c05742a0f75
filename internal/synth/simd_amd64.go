package synth

// kStereoSSE2 is simd_amd64.s: kStereoGo with left and right in the
// two lanes of one register.
//
//go:noescape
func kStereoSSE2(s []float32, st *[12]float64, c *[14]float64, p []float64)

// kStereo K-weights len(p) frames of interleaved stereo s and stores in p
// each frame's left squared output plus its right one: kStereoGo's values,
// both channels at once.
func kStereo(s []float32, left, right *kState, shelf, hp *biquad, p []float64) {
	if len(p) == 0 {
		return
	}
	_ = s[2*len(p)-1]
	st := [12]float64{left.x1, right.x1, left.x2, right.x2, left.y1, right.y1,
		left.y2, right.y2, left.z1, right.z1, left.z2, right.z2}
	c := [14]float64{shelf.b0, shelf.b0, shelf.b1, shelf.b1, shelf.b2, shelf.b2,
		shelf.a1, shelf.a1, shelf.a2, shelf.a2, hp.a1, hp.a1, hp.a2, hp.a2}
	kStereoSSE2(s, &st, &c, p)
	left.x1, right.x1, left.x2, right.x2, left.y1, right.y1 = st[0], st[1], st[2], st[3], st[4], st[5]
	left.y2, right.y2, left.z1, right.z1, left.z2, right.z2 = st[6], st[7], st[8], st[9], st[10], st[11]
}

// biquadStereoSSE2 is simd_amd64.s: eqBand.processGo with left and
// right in the two lanes of one register.
//
//go:noescape
func biquadStereoSSE2(fr []float32, st *[8]float64, c *[10]float64)

// process runs the band over an interleaved stereo block in place (an odd
// last sample is left alone): processGo's values, both channels at once.
func (f *eqBand) process(fr []float32) {
	st := [8]float64{f.z[0][0], f.z[1][0], f.z[0][1], f.z[1][1], f.z[0][2], f.z[1][2], f.z[0][3], f.z[1][3]}
	c := [10]float64{f.b0, f.b0, f.b1, f.b1, f.b2, f.b2, f.a1, f.a1, f.a2, f.a2}
	biquadStereoSSE2(fr, &st, &c)
	f.z[0] = [4]float64{st[0], st[2], st[4], st[6]}
	f.z[1] = [4]float64{st[1], st[3], st[5], st[7]}
}

// kRun is kSumSSE2's running sub-block sum and counts (the assembly reads
// its fields at 0, 8, 16, 24 and 32).
type kRun struct {
	acc         float64 // the current sub-block's sum so far
	n, subLen   int64   // its frames so far; a sub-block's frames
	frames, got int64   // frames to run this call; sub-blocks completed
}

// kSumSSE2 is simd_amd64.s: kStereoSSE2 with kWeigh's chunk energies and
// sub-block sums in the same loop.
//
//go:noescape
func kSumSSE2(s []float32, st *[12]float64, c *[14]float64, eout []float64, sout []float64, run *kRun)

// kSumStereo reports whether kWeighStereo runs on this architecture.
const kSumStereo = true

// kWeighStereo is kWeigh for interleaved stereo (frames frames, sub-blocks
// of subLen): the K-weighting and the sums in one loop (kSumSSE2), the
// sums added in kWeigh's order, so the same bits. It appends the
// sub-blocks' powers to subs and returns it.
func kWeighStereo(s []float32, frames, subLen int, shelf, hp *biquad, energy []float32, subs []float64) []float64 {
	if useKPipe {
		return kWeighPiped(s, frames, subLen, shelf, hp, energy, subs)
	}
	_ = s[2*frames-1]
	var st [12]float64
	c := [14]float64{shelf.b0, shelf.b0, shelf.b1, shelf.b1, shelf.b2, shelf.b2,
		shelf.a1, shelf.a1, shelf.a2, shelf.a2, hp.a1, hp.a1, hp.a2, hp.a2}
	run := kRun{acc: 0, n: 0, subLen: int64(subLen)} // a song starts a sub-block
	var eout [kBlock / analysisChunk]float64
	var sout [kBlock]float64
	for b0 := 0; b0 < frames; b0 += kBlock {
		n := min(kBlock, frames-b0)
		run.frames, run.got = int64(n), 0
		kSumSSE2(s[2*b0:], &st, &c, eout[:], sout[:], &run)
		for _, v := range sout[:run.got] {
			subs = append(subs, v/float64(subLen))
		}
		if energy != nil {
			for j, e := range eout[:(n+analysisChunk-1)/analysisChunk] {
				energy[b0/analysisChunk+j] = float32(e)
			}
		}
	}
	return subs
}
