#include "textflag.h"

// The insert chains of two tracks at once: track A in the low lane of each
// SSE2 register, track B in the high lane, every operation of
// processBellHP and processPairHP (dsp.go) in their order, no fused
// multiply-add, so the same bits as running each track's chain alone.
//
// State (st, float64 pairs A, B): bell f x1, x2, y1, y2 at 0, 16, 32, 48;
// bell g x1, x2, y1, y2 at 64, 80, 96, 112; the high-pass ic1, ic2 at 128,
// 144. Coefficients (c, pairs): f b0, b1, b2, a1, a2 at 0..64; g at
// 80..144; the high-pass b1, b2, c11, c12, c21, c22, k/2, 0.5 at 160..272.

// BELL runs one biquad on X0 (in and out: the output rounded to float32
// and back, as buf would hold it) with its state in x1, x2, y1, y2.
#define BELL(off, x1, x2, y1, y2) \
	MOVUPD off+0(BX), X11; \
	MULPD X0, X11; \
	MOVUPD off+16(BX), X12; \
	MULPD x1, X12; \
	ADDPD X12, X11; \
	MOVUPD off+32(BX), X12; \
	MULPD x2, X12; \
	ADDPD X12, X11; \
	MOVUPD off+64(BX), X12; \
	MULPD y2, X12; \
	SUBPD X12, X11; \
	MOVUPD off+48(BX), X12; \
	MULPD y1, X12; \
	SUBPD X12, X11; \
	MOVAPD x1, x2; \
	MOVAPD X0, x1; \
	MOVAPD y1, y2; \
	MOVAPD X11, y1; \
	CVTPD2PS X11, X0; \
	CVTPS2PD X0, X0

// HP runs the state-variable high-pass on X0 with its state in X9, X10.
#define HP \
	MOVUPD 160(BX), X11; \
	MULPD X0, X11; \
	MOVUPD 192(BX), X12; \
	MULPD X9, X12; \
	ADDPD X12, X11; \
	MOVUPD 208(BX), X12; \
	MULPD X10, X12; \
	ADDPD X12, X11; \
	MOVUPD 176(BX), X13; \
	MULPD X0, X13; \
	MOVUPD 224(BX), X12; \
	MULPD X9, X12; \
	ADDPD X12, X13; \
	MOVUPD 240(BX), X12; \
	MULPD X10, X12; \
	ADDPD X12, X13; \
	MOVAPD X11, X14; \
	ADDPD X9, X14; \
	MOVUPD 256(BX), X12; \
	MULPD X12, X14; \
	MOVAPD X13, X15; \
	ADDPD X10, X15; \
	MOVUPD 272(BX), X12; \
	MULPD X12, X15; \
	ADDPD X15, X14; \
	SUBPD X14, X0; \
	MOVAPD X11, X9; \
	MOVAPD X13, X10

// LOADX loads a[i], b[i] as float64 into X0.
#define LOADX \
	MOVSS (SI), X0; \
	MOVSS (DI), X11; \
	UNPCKLPS X11, X0; \
	CVTPS2PD X0, X0

// STOREX stores X0's lanes, rounded to float32, to a[i], b[i] and steps.
#define STOREX \
	CVTPD2PS X0, X0; \
	MOVSS X0, (SI); \
	PSHUFD $1, X0, X11; \
	MOVSS X11, (DI); \
	ADDQ $4, SI; \
	ADDQ $4, DI

// func bellHP2SSE2(a, b []float32, st *[20]float64, c *[36]float64)
//
// processBellHP on a (lane A) and b (lane B), len(b) = len(a).
TEXT ·bellHP2SSE2(SB), NOSPLIT, $0-64
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ b_base+24(FP), DI
	MOVQ st+48(FP), AX
	MOVQ c+56(FP), BX
	MOVUPD 0(AX), X1
	MOVUPD 16(AX), X2
	MOVUPD 32(AX), X3
	MOVUPD 48(AX), X4
	MOVUPD 128(AX), X9
	MOVUPD 144(AX), X10
	TESTQ CX, CX
	JEQ bdone
bloop:
	LOADX
	BELL(0, X1, X2, X3, X4)
	HP
	STOREX
	DECQ CX
	JNZ bloop
bdone:
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	MOVUPD X9, 128(AX)
	MOVUPD X10, 144(AX)
	RET

// func bell2SSE2(a, b []float32, st *[20]float64, c *[36]float64)
//
// monoBand.process on a (lane A) and b (lane B), len(b) = len(a): bell f's
// state and coefficients only.
TEXT ·bell2SSE2(SB), NOSPLIT, $0-64
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ b_base+24(FP), DI
	MOVQ st+48(FP), AX
	MOVQ c+56(FP), BX
	MOVUPD 0(AX), X1
	MOVUPD 16(AX), X2
	MOVUPD 32(AX), X3
	MOVUPD 48(AX), X4
	TESTQ CX, CX
	JEQ b2done
b2loop:
	LOADX
	BELL(0, X1, X2, X3, X4)
	STOREX
	DECQ CX
	JNZ b2loop
b2done:
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	RET

// func pairHP2SSE2(a, b []float32, st *[20]float64, c *[36]float64)
//
// processPairHP on a (lane A) and b (lane B), len(b) = len(a).
TEXT ·pairHP2SSE2(SB), NOSPLIT, $0-64
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ b_base+24(FP), DI
	MOVQ st+48(FP), AX
	MOVQ c+56(FP), BX
	MOVUPD 0(AX), X1
	MOVUPD 16(AX), X2
	MOVUPD 32(AX), X3
	MOVUPD 48(AX), X4
	MOVUPD 64(AX), X5
	MOVUPD 80(AX), X6
	MOVUPD 96(AX), X7
	MOVUPD 112(AX), X8
	MOVUPD 128(AX), X9
	MOVUPD 144(AX), X10
	TESTQ CX, CX
	JEQ pdone
ploop:
	LOADX
	BELL(0, X1, X2, X3, X4)
	BELL(80, X5, X6, X7, X8)
	HP
	STOREX
	DECQ CX
	JNZ ploop
pdone:
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	MOVUPD X5, 64(AX)
	MOVUPD X6, 80(AX)
	MOVUPD X7, 96(AX)
	MOVUPD X8, 112(AX)
	MOVUPD X9, 128(AX)
	MOVUPD X10, 144(AX)
	RET

// func bellTwoSSE2(x, y []float64, st *[8]float64, c *[10]float64)
//
// sideBellTwo's loop: bell f over x in the low lane, bell g over y in the
// high lane, u = b0*v + b1*x1 + b2*x2 - a1*y1 - a2*y2 in that order (no
// fused multiply-add), so the same bits. st holds x1, x2, y1, y2 (f, g
// each); c the coefficients b0, b1, b2, a1, a2 (f, g each). len(y) =
// len(x).
TEXT ·bellTwoSSE2(SB), NOSPLIT, $0-64
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ y_base+24(FP), DI
	MOVQ st+48(FP), AX
	MOVQ c+56(FP), BX
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
	JEQ btdone
btloop:
	MOVSD (SI), X0
	MOVHPD (DI), X0    // v
	MOVAPD X0, X5
	MULPD X9, X5
	MOVAPD X1, X6
	MULPD X10, X6
	ADDPD X6, X5
	MOVAPD X2, X6
	MULPD X11, X6
	ADDPD X6, X5
	MOVAPD X3, X6
	MULPD X12, X6
	SUBPD X6, X5
	MOVAPD X4, X6
	MULPD X13, X6
	SUBPD X6, X5       // u
	MOVAPD X1, X2
	MOVAPD X0, X1
	MOVAPD X3, X4
	MOVAPD X5, X3
	MOVLPD X5, (SI)
	MOVHPD X5, (DI)
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNZ btloop
btdone:
	MOVUPD X1, 0(AX)
	MOVUPD X2, 16(AX)
	MOVUPD X3, 32(AX)
	MOVUPD X4, 48(AX)
	RET
