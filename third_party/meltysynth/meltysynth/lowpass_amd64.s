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

// TR8 transposes the 8x8 float32 block in Y0..Y7 (row r in Yr) and
// stores its rows, row r to D<r>; it uses Y8..Y11 and leaves Y12..Y15.
#define TR8(D0, D1, D2, D3, D4, D5, D6, D7) \
	VUNPCKLPS Y1, Y0, Y8; \
	VUNPCKHPS Y1, Y0, Y1; \
	VUNPCKLPS Y3, Y2, Y9; \
	VUNPCKHPS Y3, Y2, Y3; \
	VSHUFPS $0x44, Y9, Y8, Y0; \
	VSHUFPS $0xEE, Y9, Y8, Y2; \
	VSHUFPS $0x44, Y3, Y1, Y8; \
	VSHUFPS $0xEE, Y3, Y1, Y9; \
	VUNPCKLPS Y5, Y4, Y10; \
	VUNPCKHPS Y5, Y4, Y5; \
	VUNPCKLPS Y7, Y6, Y11; \
	VUNPCKHPS Y7, Y6, Y7; \
	VSHUFPS $0x44, Y11, Y10, Y4; \
	VSHUFPS $0xEE, Y11, Y10, Y6; \
	VSHUFPS $0x44, Y7, Y5, Y10; \
	VSHUFPS $0xEE, Y7, Y5, Y11; \
	VPERM2F128 $0x20, Y4, Y0, Y1; \
	VMOVUPS Y1, D0; \
	VPERM2F128 $0x31, Y4, Y0, Y1; \
	VMOVUPS Y1, D4; \
	VPERM2F128 $0x20, Y6, Y2, Y3; \
	VMOVUPS Y3, D1; \
	VPERM2F128 $0x31, Y6, Y2, Y3; \
	VMOVUPS Y3, D5; \
	VPERM2F128 $0x20, Y10, Y8, Y5; \
	VMOVUPS Y5, D2; \
	VPERM2F128 $0x31, Y10, Y8, Y5; \
	VMOVUPS Y5, D6; \
	VPERM2F128 $0x20, Y11, Y9, Y7; \
	VMOVUPS Y7, D3; \
	VPERM2F128 $0x31, Y11, Y9, Y7; \
	VMOVUPS Y7, D7

// LPSTEP runs one sample of the eight recursions (lowPassQuadSSE's
// step, eight lanes): the sample's inputs are row off of the scratch
// rows (R12), its outputs written back there. p1, p2, y1, y2 in Y12..Y15.
#define LPSTEP(off) \
	VMOVUPS off(R12), Y0; \
	VMULPS 0(R13), Y0, Y0; \
	VADDPS Y12, Y12, Y1; \
	VADDPS Y0, Y1, Y1; \
	VADDPS Y13, Y1, Y1; \
	VMULPS 64(R13), Y15, Y2; \
	VSUBPS Y2, Y1, Y1; \
	VMULPS 32(R13), Y14, Y2; \
	VSUBPS Y2, Y1, Y1; \
	VMOVAPS Y12, Y13; \
	VMOVAPS Y0, Y12; \
	VMOVAPS Y14, Y15; \
	VMOVAPS Y1, Y14; \
	VMOVUPS Y1, off(R12)

// func lowPassOctAVX(p *[8]*float32, n int, st *[96]float32, k *[24]float32)
//
// lowPassQuadSSE for four stereo voices (Songsmith patch): the eight
// halves p[0..7], n samples each (a multiple of eight), in the eight
// lanes of AVX registers. Each group of eight samples is loaded a
// stream to a register, transposed to a sample to a register (the rows
// kept in st's scratch, st[32:96]), run through the recursions in
// order, and transposed back: per lane the same float32 operations in
// the same order as lowPassQuadSSE, so the same bits. st holds p1, p2,
// y1, y2 (eight lanes each) and receives y1, y2; k holds a0, a3, a4 per
// lane.
TEXT ·lowPassOctAVX(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R11
	MOVQ n+8(FP), CX
	MOVQ st+16(FP), R12
	MOVQ k+24(FP), R13
	MOVQ 0(R11), AX
	MOVQ 8(R11), BX
	MOVQ 16(R11), DX
	MOVQ 24(R11), SI
	MOVQ 32(R11), DI
	MOVQ 40(R11), R8
	MOVQ 48(R11), R9
	MOVQ 56(R11), R10
	VMOVUPS 0(R12), Y12  // p1
	VMOVUPS 32(R12), Y13 // p2
	VMOVUPS 64(R12), Y14 // y1
	VMOVUPS 96(R12), Y15 // y2
	ADDQ $128, R12       // the scratch rows
	XORQ R11, R11        // byte offset into the streams
	SHRQ $3, CX
	JEQ octdone

octloop:
	VMOVUPS (AX)(R11*1), Y0
	VMOVUPS (BX)(R11*1), Y1
	VMOVUPS (DX)(R11*1), Y2
	VMOVUPS (SI)(R11*1), Y3
	VMOVUPS (DI)(R11*1), Y4
	VMOVUPS (R8)(R11*1), Y5
	VMOVUPS (R9)(R11*1), Y6
	VMOVUPS (R10)(R11*1), Y7
	TR8(0(R12), 32(R12), 64(R12), 96(R12), 128(R12), 160(R12), 192(R12), 224(R12))
	LPSTEP(0)
	LPSTEP(32)
	LPSTEP(64)
	LPSTEP(96)
	LPSTEP(128)
	LPSTEP(160)
	LPSTEP(192)
	LPSTEP(224)
	VMOVUPS 0(R12), Y0
	VMOVUPS 32(R12), Y1
	VMOVUPS 64(R12), Y2
	VMOVUPS 96(R12), Y3
	VMOVUPS 128(R12), Y4
	VMOVUPS 160(R12), Y5
	VMOVUPS 192(R12), Y6
	VMOVUPS 224(R12), Y7
	TR8((AX)(R11*1), (BX)(R11*1), (DX)(R11*1), (SI)(R11*1), (DI)(R11*1), (R8)(R11*1), (R9)(R11*1), (R10)(R11*1))
	ADDQ $32, R11
	DECQ CX
	JNZ octloop

octdone:
	SUBQ $128, R12
	VMOVUPS Y14, 64(R12)
	VMOVUPS Y15, 96(R12)
	VZEROUPPER
	RET
