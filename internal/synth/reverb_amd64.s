#include "textflag.h"

DATA negHigh<>+0(SB)/8, $0
DATA negHigh<>+8(SB)/8, $0x8000000000000000
GLOBL negHigh<>(SB), RODATA|NOPTR, $16

// LINES runs one pair of the reverb's lines (k = 2p, 2p+1) at frame BX:
// o = g*s + b*o (o in the pair register, g in its coefficient register).
#define LINES(off, o, g) \
	MOVSS off(SI)(BX*4), X11; \
	MOVSS off+2048(SI)(BX*4), X12; \
	UNPCKLPS X12, X11; \
	CVTPS2PD X11, X11; \
	MULPD g, X11; \
	MOVAPD X8, X12; \
	MULPD o, X12; \
	ADDPD X12, X11; \
	MOVAPD X11, o

// FEED stores the pair's feedback, float32(o - sum + (+x, -x)), back into
// its two lines at frame BX (sum in X13, (x, -x) in X15).
#define FEED(off, o) \
	MOVAPD o, X11; \
	SUBPD X13, X11; \
	ADDPD X15, X11; \
	CVTPD2PS X11, X11; \
	MOVSS X11, off(SI)(BX*4); \
	PSHUFD $1, X11, X12; \
	MOVSS X12, off+2048(SI)(BX*4)

// func reverbSSE2(seg *[8][blockSize]float32, xs []float64, l, r []float32, o *[8]float64, c *[13]float64)
//
// reverb.chunk's per-frame loop with the eight lines in pairs (0, 1),
// (2, 3), (4, 5), (6, 7) in the lanes of four SSE2 registers: the same
// float64 operations in the same order (the sums paired as the Go loop's
// parentheses pair them), so the same bits. o holds the dampers' state,
// c the gains g0..g7, then b twice, wet twice and 0.25; l and r are as long as
// xs, and blockSize is 512 (2048 bytes a line).
TEXT ·reverbSSE2(SB), NOSPLIT, $0-96
	MOVQ seg+0(FP), SI
	MOVQ xs_base+8(FP), DI
	MOVQ xs_len+16(FP), CX
	MOVQ l_base+32(FP), R8
	MOVQ r_base+56(FP), R9
	MOVQ o+80(FP), AX
	MOVQ c+88(FP), DX
	MOVUPD 0(AX), X0
	MOVUPD 16(AX), X1
	MOVUPD 32(AX), X2
	MOVUPD 48(AX), X3
	MOVUPD 0(DX), X4
	MOVUPD 16(DX), X5
	MOVUPD 32(DX), X6
	MOVUPD 48(DX), X7
	MOVUPD 64(DX), X8  // b
	MOVUPD 80(DX), X9  // wet
	MOVUPD negHigh<>(SB), X10
	XORQ BX, BX
	TESTQ CX, CX
	JEQ rvdone
rvloop:
	LINES(0, X0, X4)
	LINES(4096, X1, X5)
	LINES(8192, X2, X6)
	LINES(12288, X3, X7)
	// sum = ((o0+o1) + (o2+o3) + ((o4+o5) + (o6+o7))) * 0.25
	MOVAPD X0, X11
	UNPCKLPD X1, X11   // o0, o2
	MOVAPD X0, X12
	UNPCKHPD X1, X12   // o1, o3
	ADDPD X12, X11     // o0+o1, o2+o3
	MOVAPD X2, X12
	UNPCKLPD X3, X12   // o4, o6
	MOVAPD X2, X13
	UNPCKHPD X3, X13   // o5, o7
	ADDPD X13, X12     // o4+o5, o6+o7
	MOVAPD X11, X13
	UNPCKLPD X12, X13  // o0+o1, o4+o5
	UNPCKHPD X12, X11  // o2+o3, o6+o7
	ADDPD X11, X13     // (o0+o1)+(o2+o3), (o4+o5)+(o6+o7)
	MOVAPD X13, X14
	UNPCKHPD X14, X14
	ADDSD X14, X13
	MOVSD 96(DX), X14  // 0.25
	MULSD X14, X13
	UNPCKLPD X13, X13  // sum, sum
	// outL, outR = o0 - o2 + o4 - o6, o1 - o3 + o5 - o7
	MOVAPD X0, X14
	SUBPD X1, X14
	ADDPD X2, X14
	SUBPD X3, X14
	MULPD X9, X14
	CVTPD2PS X14, X14
	MOVSS (R8)(BX*4), X11
	ADDSS X14, X11
	MOVSS X11, (R8)(BX*4)
	PSHUFD $1, X14, X14
	MOVSS (R9)(BX*4), X11
	ADDSS X14, X11
	MOVSS X11, (R9)(BX*4)
	// x, -x
	MOVSD (DI)(BX*8), X15
	UNPCKLPD X15, X15
	XORPD X10, X15
	FEED(0, X0)
	FEED(4096, X1)
	FEED(8192, X2)
	FEED(12288, X3)
	INCQ BX
	CMPQ BX, CX
	JLT rvloop
rvdone:
	MOVUPD X0, 0(AX)
	MOVUPD X1, 16(AX)
	MOVUPD X2, 32(AX)
	MOVUPD X3, 48(AX)
	RET
