#include "textflag.h"

// func kStereoSSE2(s []float32, st *[12]float64, c *[14]float64, p []float64)
//
// K-weights len(p) frames of interleaved stereo s, left and right in the
// two lanes of SSE2 registers, and stores each frame's zl*zl + zr*zr in p.
// st holds the state lane by lane: x1, x2, y1, y2, z1, z2 (left, right
// each); c the coefficients, each twice: sb0, sb1, sb2, sa1, sa2, ha1,
// ha2. Every lane computes what kState.run computes, operation for
// operation (no fused multiply-add), so the bits are the same.
TEXT ·kStereoSSE2(SB), NOSPLIT, $0-64
	MOVQ s_base+0(FP), SI
	MOVQ st+24(FP), AX
	MOVQ c+32(FP), BX
	MOVQ p_base+40(FP), DI
	MOVQ p_len+48(FP), CX
	MOVUPD 0(AX), X1   // x1
	MOVUPD 16(AX), X2  // x2
	MOVUPD 32(AX), X3  // y1
	MOVUPD 48(AX), X4  // y2
	MOVUPD 64(AX), X5  // z1
	MOVUPD 80(AX), X6  // z2
	MOVUPD 0(BX), X9   // sb0
	MOVUPD 16(BX), X10 // sb1
	MOVUPD 32(BX), X11 // sb2
	MOVUPD 48(BX), X12 // sa1
	MOVUPD 64(BX), X13 // sa2
	MOVUPD 80(BX), X14 // ha1
	MOVUPD 96(BX), X15 // ha2
	TESTQ CX, CX
	JEQ done

loop:
	MOVSD (SI), X0     // left, right as float32
	CVTPS2PD X0, X0    // x

	// y = sb0*x + sb1*x1 + sb2*x2 - sa2*y2 - sa1*y1
	MOVAPD X0, X7
	MULPD X9, X7
	MOVAPD X1, X8
	MULPD X10, X8
	ADDPD X8, X7
	MOVAPD X2, X8
	MULPD X11, X8
	ADDPD X8, X7
	MOVAPD X4, X8
	MULPD X13, X8
	SUBPD X8, X7
	MOVAPD X3, X8
	MULPD X12, X8
	SUBPD X8, X7       // X7 = y
	MOVAPD X1, X2      // x2 = x1
	MOVAPD X0, X1      // x1 = x

	// z = y - 2*y1 + y2 - ha2*z2 - ha1*z1 (2*y1 as y1+y1: the same value)
	MOVAPD X7, X0
	MOVAPD X3, X8
	ADDPD X8, X8
	SUBPD X8, X0
	ADDPD X4, X0
	MOVAPD X6, X8
	MULPD X15, X8
	SUBPD X8, X0
	MOVAPD X5, X8
	MULPD X14, X8
	SUBPD X8, X0       // X0 = z
	MOVAPD X3, X4      // y2 = y1
	MOVAPD X7, X3      // y1 = y
	MOVAPD X5, X6      // z2 = z1
	MOVAPD X0, X5      // z1 = z

	// p = zl*zl + zr*zr
	MULPD X0, X0
	MOVAPD X0, X8
	UNPCKHPD X8, X8
	ADDSD X8, X0
	MOVSD X0, (DI)

	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ loop

done:
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	MOVUPD X5, 64(AX)
	MOVUPD X6, 80(AX)
	RET

// func biquadStereoSSE2(fr []float32, st *[8]float64, c *[10]float64)
//
// Runs one biquad over interleaved stereo fr in place, left and right in
// the two lanes: y = b0*x + b1*x1 + b2*x2 - a2*y2 - a1*y1 in float64,
// stored as float32. st holds x1, x2, y1, y2 (left, right each); c the
// coefficients b0, b1, b2, a1, a2, each twice. The operations of
// eqBand.process lane by lane, so the same bits.
TEXT ·biquadStereoSSE2(SB), NOSPLIT, $0-40
	MOVQ fr_base+0(FP), SI
	MOVQ fr_len+8(FP), CX
	MOVQ st+24(FP), AX
	MOVQ c+32(FP), BX
	SHRQ $1, CX
	MOVUPD 0(AX), X1   // x1
	MOVUPD 16(AX), X2  // x2
	MOVUPD 32(AX), X3  // y1
	MOVUPD 48(AX), X4  // y2
	MOVUPD 0(BX), X9   // b0
	MOVUPD 16(BX), X10 // b1
	MOVUPD 32(BX), X11 // b2
	MOVUPD 48(BX), X12 // a1
	MOVUPD 64(BX), X13 // a2
	TESTQ CX, CX
	JEQ bqdone

bqloop:
	MOVSD (SI), X0
	CVTPS2PD X0, X0    // x
	MOVAPD X0, X7
	MULPD X9, X7
	MOVAPD X1, X8
	MULPD X10, X8
	ADDPD X8, X7
	MOVAPD X2, X8
	MULPD X11, X8
	ADDPD X8, X7
	MOVAPD X4, X8
	MULPD X13, X8
	SUBPD X8, X7
	MOVAPD X3, X8
	MULPD X12, X8
	SUBPD X8, X7       // X7 = y
	MOVAPD X1, X2      // x2 = x1
	MOVAPD X0, X1      // x1 = x
	MOVAPD X3, X4      // y2 = y1
	MOVAPD X7, X3      // y1 = y
	CVTPD2PS X7, X7
	MOVSD X7, (SI)
	ADDQ $8, SI
	DECQ CX
	JNZ bqloop

bqdone:
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	RET

// func kSumSSE2(s []float32, st *[12]float64, c *[14]float64, eout []float64, sout []float64, run *kRun)
//
// kStereoSSE2 over run.frames frames of interleaved stereo s, with kWeigh's
// sums in the same loop: each frame's p = zl*zl + zr*zr is added to the
// chunk's energy e (the low lane of X14) and to the sub-block's sum acc
// (its high lane), in frame order, as kWeigh's Go loop adds them. Every
// analysisChunk frames e is stored to the next eout and restarts from 0 (a
// last partial chunk is stored too); every run.subLen frames (run.n counts
// them across calls) acc is stored to the next sout and restarts from 0;
// run.got is the number stored. The K-weighting's ha1 and ha2 are read
// from memory (every register is taken), the same values.
TEXT ·kSumSSE2(SB), NOSPLIT, $0-96
	MOVQ s_base+0(FP), SI
	MOVQ st+24(FP), AX
	MOVQ c+32(FP), BX
	MOVQ eout_base+40(FP), DI
	MOVQ sout_base+64(FP), DX
	MOVQ run+88(FP), R11
	MOVQ 24(R11), CX   // frames
	MOVQ 8(R11), R8    // n
	MOVQ 16(R11), R9   // subLen
	XORQ R12, R12      // got
	MOVQ $16, R10      // frames left in the chunk (analysisChunk)
	XORPD X15, X15     // 0
	MOVSD 0(R11), X14
	SHUFPD $1, X14, X14 // e = 0, acc
	MOVUPD 0(AX), X1   // x1
	MOVUPD 16(AX), X2  // x2
	MOVUPD 32(AX), X3  // y1
	MOVUPD 48(AX), X4  // y2
	MOVUPD 64(AX), X5  // z1
	MOVUPD 80(AX), X6  // z2
	MOVUPD 0(BX), X9   // sb0
	MOVUPD 16(BX), X10 // sb1
	MOVUPD 32(BX), X11 // sb2
	MOVUPD 48(BX), X12 // sa1
	MOVUPD 64(BX), X13 // sa2
	TESTQ CX, CX
	JEQ ksdone

ksloop:
	MOVSD (SI), X0
	CVTPS2PD X0, X0    // x

	// y = sb0*x + sb1*x1 + sb2*x2 - sa2*y2 - sa1*y1
	MOVAPD X0, X7
	MULPD X9, X7
	MOVAPD X1, X8
	MULPD X10, X8
	ADDPD X8, X7
	MOVAPD X2, X8
	MULPD X11, X8
	ADDPD X8, X7
	MOVAPD X4, X8
	MULPD X13, X8
	SUBPD X8, X7
	MOVAPD X3, X8
	MULPD X12, X8
	SUBPD X8, X7       // X7 = y
	MOVAPD X1, X2      // x2 = x1
	MOVAPD X0, X1      // x1 = x

	// z = y - 2*y1 + y2 - ha2*z2 - ha1*z1 (2*y1 as y1+y1: the same value)
	MOVAPD X7, X0
	MOVAPD X3, X8
	ADDPD X8, X8
	SUBPD X8, X0
	ADDPD X4, X0
	MOVUPD 96(BX), X8
	MULPD X6, X8
	SUBPD X8, X0
	MOVUPD 80(BX), X8
	MULPD X5, X8
	SUBPD X8, X0       // X0 = z
	MOVAPD X3, X4      // y2 = y1
	MOVAPD X7, X3      // y1 = y
	MOVAPD X5, X6      // z2 = z1
	MOVAPD X0, X5      // z1 = z

	// p = zl*zl + zr*zr; e += p; acc += p
	MULPD X0, X0
	MOVAPD X0, X8
	UNPCKHPD X8, X8
	ADDSD X8, X0
	UNPCKLPD X0, X0
	ADDPD X0, X14

	INCQ R8
	CMPQ R8, R9
	JNE kschunk
	MOVHPD X14, (DX)(R12*8) // a sub-block's sum
	INCQ R12
	UNPCKLPD X15, X14  // acc = 0
	XORQ R8, R8

kschunk:
	DECQ R10
	JNZ ksnext
	MOVSD X14, (DI)    // a chunk's energy
	ADDQ $8, DI
	MOVSD X15, X14     // e = 0
	MOVQ $16, R10

ksnext:
	ADDQ $8, SI
	DECQ CX
	JNZ ksloop

ksdone:
	CMPQ R10, $16
	JEQ ksstore
	MOVSD X14, (DI)    // the last, partial chunk

ksstore:
	UNPCKHPD X14, X14
	MOVSD X14, 0(R11)
	MOVQ R8, 8(R11)
	MOVQ R12, 32(R11)
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	MOVUPD X5, 64(AX)
	MOVUPD X6, 80(AX)
	RET
