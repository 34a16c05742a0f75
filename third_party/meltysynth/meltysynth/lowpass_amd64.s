#include "textflag.h"

// func lowPassQuadSSE(a, b, c, d []float32, st *[16]float32, k *[12]float32)
//
// processStereoLowPassGo's loop for two stereo voices at once (Songsmith
// patch): the first voice's halves a and b and the second's c and d in
// the four lanes of SSE registers. The loop waits on each recursion's
// latency, so four lanes filter two voices in the time of one. Per lane
// p = a0*in, out = p + (p1+p1) + p2 - a4*y2 - a3*y1, in float32: the same
// operations in the same order, so the same bits. st holds p1, p2, y1, y2
// (a, b, c, d lanes each) and receives y1, y2; k holds a0, a3, a4 per
// lane. a, b, c and d are equally long.
TEXT ·lowPassQuadSSE(SB), NOSPLIT, $0-112
	MOVQ a_base+0(FP), SI
	MOVQ a_len+8(FP), CX
	MOVQ b_base+24(FP), DI
	MOVQ c_base+48(FP), R8
	MOVQ d_base+72(FP), R9
	MOVQ st+96(FP), AX
	MOVQ k+104(FP), BX
	MOVUPS 0(AX), X1   // p1
	MOVUPS 16(AX), X2  // p2
	MOVUPS 32(AX), X3  // y1
	MOVUPS 48(AX), X4  // y2
	MOVUPS 0(BX), X9   // a0
	MOVUPS 16(BX), X10 // a3
	MOVUPS 32(BX), X11 // a4
	TESTQ CX, CX
	JEQ done

loop:
	MOVSS (SI), X0
	MOVSS (DI), X7
	UNPCKLPS X7, X0   // a, b, 0, 0
	MOVSS (R8), X6
	MOVSS (R9), X7
	UNPCKLPS X7, X6   // c, d, 0, 0
	MOVLHPS X6, X0    // in: a, b, c, d
	MULPS X9, X0      // p = a0*in
	MOVAPS X1, X5
	ADDPS X5, X5      // p1 + p1
	ADDPS X0, X5      // p + (p1+p1)
	ADDPS X2, X5      // + p2
	MOVAPS X4, X8
	MULPS X11, X8
	SUBPS X8, X5      // - a4*y2
	MOVAPS X3, X8
	MULPS X10, X8
	SUBPS X8, X5      // - a3*y1: out
	MOVAPS X1, X2     // p2 = p1
	MOVAPS X0, X1     // p1 = p
	MOVAPS X3, X4     // y2 = y1
	MOVAPS X5, X3     // y1 = out
	MOVSS X5, (SI)
	PSHUFD $1, X5, X8
	MOVSS X8, (DI)
	PSHUFD $2, X5, X8
	MOVSS X8, (R8)
	PSHUFD $3, X5, X8
	MOVSS X8, (R9)
	ADDQ $4, SI
	ADDQ $4, DI
	ADDQ $4, R8
	ADDQ $4, R9
	DECQ CX
	JNZ loop

done:
	MOVUPS X3, 32(AX)
	MOVUPS X4, 48(AX)
	RET
