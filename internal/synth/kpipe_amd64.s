#include "textflag.h"

// func kPipeAVX(s []float32, yin, yout []float64, st *[16]float64, c *[20]float64, eout, sout []float64, run *kRun)
//
// kSumSSE2's K-weighting with its two stages pipelined in the four lanes
// of AVX registers (Songsmith): lanes 0 and 1 run the shelf over
// run.frames frames of interleaved stereo s, writing its float64 outputs
// (left, right a frame) to yout; lanes 2 and 3 run the high-pass over
// yin, the shelf's outputs of the block before, and add each frame's
// p = zl*zl + zr*zr to the chunk energy and the sub-block sum as
// kSumSSE2 does (eout, sout, run: the same bookkeeping). Every lane is
// out = b0*x + b1*x1 + b2*x2 - a2*o2 - a1*o1 in that order; the
// high-pass's lanes have b0 = 1, b1 = -2, b2 = 1 (y*1 = y, y + (-2)*y1 =
// y - (y1+y1) exactly), so the same bits as kSumSSE2. st holds x1, x2,
// o1, o2 (four lanes each), c holds b0, b1, b2, a1, a2 (four lanes
// each).
TEXT ·kPipeAVX(SB), NOSPLIT, $0-144
	MOVQ s_base+0(FP), SI
	MOVQ yin_base+24(FP), AX
	MOVQ yout_base+48(FP), BX
	MOVQ c+80(FP), R13
	MOVQ eout_base+88(FP), DI
	MOVQ sout_base+112(FP), DX
	MOVQ run+136(FP), R11
	MOVQ 24(R11), CX   // frames
	MOVQ 8(R11), R8    // n
	MOVQ 16(R11), R9   // subLen
	XORQ R12, R12      // got
	MOVQ $16, R10      // frames left in the chunk (analysisChunk)
	VXORPD X15, X15, X15
	VMOVSD 0(R11), X14
	VSHUFPD $1, X14, X14, X14 // e = 0, acc
	VMOVUPD 0(R13), Y9   // b0
	VMOVUPD 32(R13), Y10 // b1
	VMOVUPD 64(R13), Y11 // b2
	VMOVUPD 96(R13), Y12 // a1
	VMOVUPD 128(R13), Y13 // a2
	MOVQ st+72(FP), R13
	VMOVUPD 0(R13), Y1   // x1
	VMOVUPD 32(R13), Y2  // x2
	VMOVUPD 64(R13), Y3  // o1
	VMOVUPD 96(R13), Y4  // o2
	TESTQ CX, CX
	JEQ kpdone

kploop:
	VMOVSD (SI), X0
	VCVTPS2PD X0, X0
	VINSERTF128 $1, (AX), Y0, Y0 // x: sl, sr, yl, yr
	VMULPD Y9, Y0, Y7    // x*b0
	VMULPD Y10, Y1, Y8   // x1*b1
	VADDPD Y8, Y7, Y7
	VMULPD Y11, Y2, Y8   // x2*b2
	VADDPD Y8, Y7, Y7
	VMULPD Y13, Y4, Y8   // o2*a2
	VSUBPD Y8, Y7, Y7
	VMULPD Y12, Y3, Y8   // o1*a1
	VSUBPD Y8, Y7, Y7    // out: yl, yr, zl, zr
	VMOVAPD Y1, Y2
	VMOVAPD Y0, Y1
	VMOVAPD Y3, Y4
	VMOVAPD Y7, Y3
	VMOVUPD X7, (BX)     // the shelf's output, for the next block
	VEXTRACTF128 $1, Y7, X5
	VMULPD X5, X5, X5    // zl*zl, zr*zr
	VUNPCKHPD X5, X5, X6
	VADDSD X6, X5, X5    // p
	VMOVDDUP X5, X5
	VADDPD X5, X14, X14  // e += p, acc += p

	INCQ R8
	CMPQ R8, R9
	JNE kpchunk
	VMOVHPD X14, (DX)(R12*8) // a sub-block's sum
	INCQ R12
	VUNPCKLPD X15, X14, X14 // acc = 0
	XORQ R8, R8

kpchunk:
	DECQ R10
	JNZ kpnext
	VMOVSD X14, (DI)     // a chunk's energy
	ADDQ $8, DI
	VMOVSD X15, X14, X14 // e = 0
	MOVQ $16, R10

kpnext:
	ADDQ $8, SI
	ADDQ $16, AX
	ADDQ $16, BX
	DECQ CX
	JNZ kploop

kpdone:
	CMPQ R10, $16
	JEQ kpstore
	VMOVSD X14, (DI)     // the last, partial chunk

kpstore:
	VUNPCKHPD X14, X14, X14
	VMOVSD X14, 0(R11)
	MOVQ R8, 8(R11)
	MOVQ R12, 32(R11)
	VMOVUPD Y1, 0(R13)
	VMOVUPD Y2, 32(R13)
	VMOVUPD Y3, 64(R13)
	VMOVUPD Y4, 96(R13)
	VZEROUPPER
	RET
