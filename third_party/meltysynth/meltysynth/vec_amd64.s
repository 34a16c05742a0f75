#include "textflag.h"

// func mulAddSSE(a float32, x, dst []float32)
//
// dst[i] += a*x[i], len(dst) = len(x) a multiple of four (Songsmith patch).
TEXT ·mulAddSSE(SB), NOSPLIT, $0-56
	MOVSS a+0(FP), X8
	SHUFPS $0, X8, X8
	MOVQ x_base+8(FP), SI
	MOVQ dst_base+32(FP), DI
	MOVQ dst_len+40(FP), CX
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ madone

maloop:
	MOVUPS (SI)(BX*1), X0
	MULPS X8, X0
	MOVUPS (DI)(BX*1), X1
	ADDPS X0, X1
	MOVUPS X1, (DI)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT maloop

madone:
	RET

// func midSideSSE(l, r, m, d []float32, k float32)
//
// m[i] = k*(l[i]+r[i]), d[i] = k*(l[i]-r[i]), len(m) a multiple of four,
// the other slices as long (Songsmith patch).
TEXT ·midSideSSE(SB), NOSPLIT, $0-100
	MOVQ l_base+0(FP), SI
	MOVQ r_base+24(FP), DX
	MOVQ m_base+48(FP), DI
	MOVQ m_len+56(FP), CX
	MOVQ d_base+72(FP), R8
	MOVSS k+96(FP), X8
	SHUFPS $0, X8, X8
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ msdone

msloop:
	MOVUPS (SI)(BX*1), X0
	MOVUPS (DX)(BX*1), X1
	MOVAPS X0, X2
	ADDPS X1, X0
	SUBPS X1, X2
	MULPS X8, X0
	MULPS X8, X2
	MOVUPS X0, (DI)(BX*1)
	MOVUPS X2, (R8)(BX*1)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT msloop

msdone:
	RET

// func unitSSE(src []int16, dst []float32)
//
// dst[i] = unitSample*float32(src[i]), len(dst) = len(src) a multiple of
// four (Songsmith patch): the int16 sign-extended, converted exactly.
TEXT ·unitSSE(SB), NOSPLIT, $0-48
	MOVQ src_base+0(FP), SI
	MOVQ dst_base+24(FP), DI
	MOVQ dst_len+32(FP), CX
	MOVL $0x38000000, AX // 2^-15
	MOVD AX, X8
	SHUFPS $0, X8, X8
	XORQ BX, BX          // source byte offset; the destination's is twice
	SHLQ $1, CX
	TESTQ CX, CX
	JEQ udone

uloop:
	MOVQ (SI)(BX*1), X0  // four int16
	PUNPCKLWL X0, X0     // each word twice
	PSRAL $16, X0        // sign-extended to int32
	CVTPL2PS X0, X0
	MULPS X8, X0
	MOVUPS X0, (DI)(BX*2)
	ADDQ $8, BX
	CMPQ BX, CX
	JLT uloop

udone:
	RET
