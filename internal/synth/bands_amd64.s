#include "textflag.h"

// func bandPairAVX(a, b []float32, st *[16]float64, c *[20]float64)
//
// Two eqBands of the mix bus in the four lanes of AVX registers: band A
// over the interleaved stereo block a (lanes 0, 1: left, right) and band
// B over the block b (lanes 2, 3), in place, len(b) >= len(a) (an odd
// last sample of a is left alone). Per lane biquadStereoSSE2's float64
// operations in its order (b0*x + b1*x1 + b2*x2 - a2*y2 - a1*y1), so the
// same bits. st holds x1, x2, y1, y2 (four lanes each); c holds b0, b1,
// b2, a1, a2 (four lanes each).
TEXT ·bandPairAVX(SB), NOSPLIT, $0-64
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ b_base+24(FP), DI
	MOVQ st+48(FP), AX
	MOVQ c+56(FP), BX
	SHRQ $1, CX
	VMOVUPD 0(AX), Y1   // x1
	VMOVUPD 32(AX), Y2  // x2
	VMOVUPD 64(AX), Y3  // y1
	VMOVUPD 96(AX), Y4  // y2
	VMOVUPD 0(BX), Y9   // b0
	VMOVUPD 32(BX), Y10 // b1
	VMOVUPD 64(BX), Y11 // b2
	VMOVUPD 96(BX), Y12 // a1
	VMOVUPD 128(BX), Y13 // a2
	TESTQ CX, CX
	JEQ bpdone

bploop:
	VMOVSD (SI), X0
	VMOVHPS (DI), X0, X0
	VCVTPS2PD X0, Y0     // x: aL, aR, bL, bR
	VMULPD Y9, Y0, Y7    // x*b0
	VMULPD Y10, Y1, Y8   // x1*b1
	VADDPD Y8, Y7, Y7
	VMULPD Y11, Y2, Y8   // x2*b2
	VADDPD Y8, Y7, Y7
	VMULPD Y13, Y4, Y8   // y2*a2
	VSUBPD Y8, Y7, Y7
	VMULPD Y12, Y3, Y8   // y1*a1
	VSUBPD Y8, Y7, Y7    // y
	VMOVAPD Y1, Y2       // x2 = x1
	VMOVAPD Y0, Y1       // x1 = x
	VMOVAPD Y3, Y4       // y2 = y1
	VMOVAPD Y7, Y3       // y1 = y
	VCVTPD2PSY Y7, X7
	VMOVLPS X7, (SI)
	VMOVHPS X7, (DI)
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ bploop

bpdone:
	VMOVUPD Y1, 0(AX)
	VMOVUPD Y2, 32(AX)
	VMOVUPD Y3, 64(AX)
	VMOVUPD Y4, 96(AX)
	VZEROUPPER
	RET

// SIDE4 runs one sample (at byte offset R11) of four wideners' one-poles,
// blocks at P0..P3, with a, b, z in A, B, Z and the gains in K (float32):
// z = a*y + b*z, out = float32(y-z)*k. Uses Y0-Y2.
#define SIDE4(P0, P1, P2, P3, A, B, Z, K) \
	VMOVSS (P0)(R11*1), X0; \
	VINSERTPS $0x10, (P1)(R11*1), X0, X0; \
	VINSERTPS $0x20, (P2)(R11*1), X0, X0; \
	VINSERTPS $0x30, (P3)(R11*1), X0, X0; \
	VCVTPS2PD X0, Y0; \
	VMULPD A, Y0, Y1; \
	VMULPD B, Z, Y2; \
	VADDPD Y2, Y1, Z; \
	VSUBPD Z, Y0, Y1; \
	VCVTPD2PSY Y1, X1; \
	VMULPS K, X1, X1; \
	VMOVSS X1, (P0)(R11*1); \
	VEXTRACTPS $1, X1, (P1)(R11*1); \
	VEXTRACTPS $2, X1, (P2)(R11*1); \
	VEXTRACTPS $3, X1, (P3)(R11*1)

// func sideFourAVX(p *[4]*float32, n int, c *[24]float64, k *[8]float32)
//
// sideFour's loop (Songsmith): four wideners' one-pole high-passes over
// their delayed inputs p[0..3] (n samples each, in place) in the four
// lanes of AVX registers: z = a*y + b*z, out = float32(y-z)*k, the same
// float64 and float32 operations per lane as the Go loop, so the same
// bits. c holds a, b, z (eight lanes each, the first four read here) and
// receives z.
TEXT ·sideFourAVX(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R8
	MOVQ n+8(FP), CX
	MOVQ c+16(FP), R9
	MOVQ k+24(FP), R10
	MOVQ 0(R8), AX
	MOVQ 8(R8), BX
	MOVQ 16(R8), DX
	MOVQ 24(R8), SI
	VMOVUPD 0(R9), Y8    // a
	VMOVUPD 64(R9), Y9   // b
	VMOVUPD 128(R9), Y10 // z
	VMOVUPS 0(R10), X11  // k
	XORQ R11, R11
	TESTQ CX, CX
	JEQ sfdone

sfloop:
	SIDE4(AX, BX, DX, SI, Y8, Y9, Y10, X11)
	ADDQ $4, R11
	DECQ CX
	JNZ sfloop

sfdone:
	VMOVUPD Y10, 128(R9)
	VZEROUPPER
	RET

// func sideEightAVX(p *[8]*float32, n int, c *[24]float64, k *[8]float32)
//
// sideFourAVX for eight wideners: two sets of four lanes in one loop, so
// that the two recursions overlap.
TEXT ·sideEightAVX(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R8
	MOVQ n+8(FP), CX
	MOVQ c+16(FP), R9
	MOVQ k+24(FP), R10
	MOVQ 0(R8), AX
	MOVQ 8(R8), BX
	MOVQ 16(R8), DX
	MOVQ 24(R8), SI
	MOVQ 32(R8), DI
	MOVQ 40(R8), R12
	MOVQ 48(R8), R13
	MOVQ 56(R8), R8
	VMOVUPD 0(R9), Y8    // a
	VMOVUPD 64(R9), Y9   // b
	VMOVUPD 128(R9), Y10 // z
	VMOVUPS 0(R10), X11  // k
	VMOVUPD 32(R9), Y12
	VMOVUPD 96(R9), Y13
	VMOVUPD 160(R9), Y14
	VMOVUPS 16(R10), X15
	XORQ R11, R11
	TESTQ CX, CX
	JEQ sedone

seloop:
	SIDE4(AX, BX, DX, SI, Y8, Y9, Y10, X11)
	SIDE4(DI, R12, R13, R8, Y12, Y13, Y14, X15)
	ADDQ $4, R11
	DECQ CX
	JNZ seloop

sedone:
	VMOVUPD Y10, 128(R9)
	VMOVUPD Y14, 160(R9)
	VZEROUPPER
	RET
