#include "textflag.h"

// func mixPanSSE(l, r, sb, duck, mixL, mixR []float32, k *[4]float32)
//
// mixPanGo four frames a register, len(l) a multiple of four: the same
// float32 multiplies, adds and subtracts in the same order (no fused
// multiply-add), so the same bits.
TEXT ·mixPanSSE(SB), NOSPLIT, $0-152
	MOVQ l_base+0(FP), SI
	MOVQ l_len+8(FP), CX
	MOVQ r_base+24(FP), DX
	MOVQ sb_base+48(FP), R8
	MOVQ sb_len+56(FP), R9
	MOVQ duck_base+72(FP), R10
	MOVQ mixL_base+96(FP), R11
	MOVQ mixR_base+120(FP), R12
	MOVQ k+144(FP), AX
	MOVSS 0(AX), X8
	SHUFPS $0, X8, X8    // gl
	MOVSS 4(AX), X9
	SHUFPS $0, X9, X9    // gr
	MOVSS 8(AX), X10
	SHUFPS $0, X10, X10  // gw
	MOVSS 12(AX), X11
	SHUFPS $0, X11, X11  // side
	MOVL $0x3f800000, BX
	MOVD BX, X12
	SHUFPS $0, X12, X12  // 1
	MOVL $0x3f000000, BX
	MOVD BX, X13
	SHUFPS $0, X13, X13  // 0.5
	XORQ BX, BX          // byte offset
	SHLQ $2, CX          // bytes
	TESTQ CX, CX
	JEQ done
	TESTQ R9, R9
	JEQ plain

wide:
	MOVUPS (R10)(BX*1), X4
	MULPS X11, X4
	MOVAPS X12, X5
	SUBPS X4, X5         // g = 1 - side*duck
	MOVUPS (R8)(BX*1), X2
	MULPS X10, X2        // w = sb*gw
	MOVUPS (SI)(BX*1), X0
	MULPS X8, X0
	ADDPS X2, X0
	MULPS X5, X0         // a = (l*gl + w)*g
	MOVUPS (DX)(BX*1), X1
	MULPS X9, X1
	SUBPS X2, X1
	MULPS X5, X1         // b = (r*gr - w)*g
	MOVUPS (R11)(BX*1), X6
	ADDPS X0, X6
	MOVUPS X6, (R11)(BX*1)
	MOVUPS (R12)(BX*1), X7
	ADDPS X1, X7
	MOVUPS X7, (R12)(BX*1)
	ADDPS X1, X0
	MULPS X13, X0        // (a + b)*0.5
	MOVUPS X0, (SI)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT wide
	RET

plain:
	MOVUPS (R10)(BX*1), X4
	MULPS X11, X4
	MOVAPS X12, X5
	SUBPS X4, X5         // g = 1 - side*duck
	MOVUPS (SI)(BX*1), X0
	MULPS X8, X0
	MULPS X5, X0         // a = l*gl*g
	MOVUPS (DX)(BX*1), X1
	MULPS X9, X1
	MULPS X5, X1         // b = r*gr*g
	MOVUPS (R11)(BX*1), X6
	ADDPS X0, X6
	MOVUPS X6, (R11)(BX*1)
	MOVUPS (R12)(BX*1), X7
	ADDPS X1, X7
	MOVUPS X7, (R12)(BX*1)
	ADDPS X1, X0
	MULPS X13, X0        // (a + b)*0.5
	MOVUPS X0, (SI)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT plain

done:
	RET

// func addScaledSSE(dst, src []float32, k float32)
//
// dst[i] += src[i]*k four samples a register, len(dst) a multiple of four.
TEXT ·addScaledSSE(SB), NOSPLIT, $0-52
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVSS k+48(FP), X8
	SHUFPS $0, X8, X8
	XORQ BX, BX
	SHLQ $2, CX
	TESTQ CX, CX
	JEQ asdone

asloop:
	MOVUPS (SI)(BX*1), X0
	MULPS X8, X0
	MOVUPS (DI)(BX*1), X1
	ADDPS X0, X1
	MOVUPS X1, (DI)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT asloop

asdone:
	RET

// func gainPeakSSE(buf []float32, k float32) float32
//
// buf[i] *= k, returning the largest |buf[i]|: each lane keeps its own
// peak with MAXPS (a NaN never wins, as in the Go loop's a > peak), the
// lanes' largest returned. len(buf) a multiple of four.
TEXT ·gainPeakSSE(SB), NOSPLIT, $0-36
	MOVQ buf_base+0(FP), SI
	MOVQ buf_len+8(FP), CX
	MOVSS k+24(FP), X8
	SHUFPS $0, X8, X8
	MOVL $0x7fffffff, AX
	MOVD AX, X9
	SHUFPS $0, X9, X9    // the magnitude mask
	XORPS X2, X2         // the lanes' peaks
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ gpdone

gploop:
	MOVUPS (SI)(BX*1), X0
	MULPS X8, X0
	MOVUPS X0, (SI)(BX*1)
	ANDPS X9, X0         // |x|
	MAXPS X2, X0         // x0 = x0 > peak ? x0 : peak
	MOVAPS X0, X2
	ADDQ $16, BX
	CMPQ BX, CX
	JLT gploop

gpdone:
	MOVAPS X2, X0
	SHUFPS $0x4e, X0, X0 // lanes 2, 3, 0, 1
	MAXPS X0, X2
	MOVAPS X2, X0
	SHUFPS $0xb1, X0, X0 // lanes 1, 0, 3, 2
	MAXPS X0, X2
	MOVSS X2, ret+32(FP)
	RET

// func scaleSSE(s []float32, k float32)
//
// s[i] *= k, len(s) a multiple of four.
TEXT ·scaleSSE(SB), NOSPLIT, $0-28
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVSS k+24(FP), X8
	SHUFPS $0, X8, X8
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ scdone

scloop:
	MOVUPS (SI)(BX*1), X0
	MULPS X8, X0
	MOVUPS X0, (SI)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT scloop

scdone:
	RET

// func clampSSE(s []float32, k, nk float32)
//
// clampGo's s[i] = k where s[i] > k, nk (-k) where s[i] < nk, four
// samples at a time (len(s) a multiple of four). MINPS returns its source
// operand unless the destination is smaller, so with k as the destination
// a NaN sample comes through as the Go loop leaves it; MAXPS likewise.
TEXT ·clampSSE(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVSS k+24(FP), X8
	SHUFPS $0, X8, X8
	MOVSS nk+28(FP), X9
	SHUFPS $0, X9, X9
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ cldone

clloop:
	MOVUPS (SI)(BX*1), X0
	MOVAPS X8, X1
	MINPS X0, X1 // k < v ? k : v
	MOVAPS X9, X2
	MAXPS X1, X2 // nk > r ? nk : r
	MOVUPS X2, (SI)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT clloop

cldone:
	RET
