#include "textflag.h"

// func sideHPSSE2(fr []float32, st *[12]float64, c *[14]float64)
//
// sideHP.processGo over interleaved stereo fr in place: the crossover's
// high-pass chain (y, v) in the low lane of each SSE2 register, its
// low-pass chain (p, q) in the high lane. Each lane does the Go loop's
// operations in its order, no fused multiply-add: x-2*x1 as x+(-2*x1) and
// L-R as L+(-1*R) (the same values), v as v*1, so the bits are the same.
//
// State (st, lane pairs): x1, x1 at 0; x2, x2 at 16; y1, p1 at 32; y2, p2
// at 48; v1, q1 at 64; v2, q2 at 80. Coefficients (c, lane pairs): -2, 2
// at 0; hb, lb at 16; a1 at 32; a2 at 48; 1, keep at 64; 1, -1 at 80;
// 0.5 at 96.
TEXT ·sideHPSSE2(SB), NOSPLIT, $0-40
	MOVQ fr_base+0(FP), SI
	MOVQ fr_len+8(FP), CX
	MOVQ st+24(FP), AX
	MOVQ c+32(FP), BX
	SHRQ $1, CX
	MOVUPD 0(AX), X1   // x1
	MOVUPD 16(AX), X2  // x2
	MOVUPD 32(AX), X3  // y1, p1
	MOVUPD 48(AX), X4  // y2, p2
	MOVUPD 64(AX), X5  // v1, q1
	MOVUPD 80(AX), X6  // v2, q2
	MOVUPD 0(BX), X7   // -2, 2
	MOVUPD 16(BX), X8  // hb, lb
	MOVUPD 32(BX), X9  // a1
	MOVUPD 48(BX), X10 // a2
	MOVUPD 64(BX), X11 // 1, keep
	MOVUPD 80(BX), X12 // 1, -1
	MOVUPD 96(BX), X13 // 0.5
	TESTQ CX, CX
	JEQ done

loop:
	MOVSD (SI), X0
	CVTPS2PD X0, X0    // L, R
	MOVAPD X0, X14
	UNPCKLPD X14, X14  // L, L
	UNPCKHPD X0, X0    // R, R
	MULPD X12, X0      // R, -R
	ADDPD X0, X14
	MULPD X13, X14     // m, x
	MOVAPD X14, X0
	UNPCKHPD X0, X0    // x, x

	// y, p = (hb, lb)*(x + (-2, 2)*x1 + x2) - a2*(y2, p2) - a1*(y1, p1)
	MOVAPD X1, X15
	MULPD X7, X15
	ADDPD X0, X15
	ADDPD X2, X15
	MULPD X8, X15
	MOVAPD X1, X2      // x2 = x1
	MOVAPD X0, X1      // x1 = x
	MOVAPD X4, X0
	MULPD X10, X0
	SUBPD X0, X15
	MOVAPD X3, X0
	MULPD X9, X0
	SUBPD X0, X15      // X15 = y, p

	// v, q = (hb, lb)*((y, p) + (-2, 2)*(y1, p1) + (y2, p2)) - a2*(v2, q2) - a1*(v1, q1)
	MOVAPD X3, X0
	MULPD X7, X0
	ADDPD X15, X0
	ADDPD X4, X0
	MULPD X8, X0
	MOVAPD X3, X4      // y2, p2 = y1, p1
	MOVAPD X15, X3     // y1, p1 = y, p
	MOVAPD X6, X15
	MULPD X10, X15
	SUBPD X15, X0
	MOVAPD X5, X15
	MULPD X9, X15
	SUBPD X15, X0      // X0 = v, q
	MOVAPD X5, X6      // v2, q2 = v1, q1
	MOVAPD X0, X5      // v1, q1 = v, q

	// o = v + keep*q; L, R = m + o, m - o
	MULPD X11, X0      // v, keep*q
	MOVAPD X0, X15
	UNPCKHPD X15, X15
	ADDSD X15, X0      // o
	UNPCKLPD X0, X0
	MULPD X12, X0      // o, -o
	UNPCKLPD X14, X14  // m, m
	ADDPD X14, X0
	CVTPD2PS X0, X0
	MOVSD X0, (SI)
	ADDQ $8, SI
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
