#include "textflag.h"

// func absMaxBitsSSE2(s []float32) uint32
//
// The largest of float32bits(s[i]) &^ (1<<31), len(s) a multiple of
// eight: two registers of four lanes each keep their own maximum. The
// masked patterns are below 1<<31, so SSE2's signed PCMPGTL orders them as
// the Go loop's unsigned max does (a NaN's pattern wins, as there).
TEXT ·absMaxBitsSSE2(SB), NOSPLIT, $0-28
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVL $0x7fffffff, AX
	MOVD AX, X9
	PSHUFD $0, X9, X9    // the magnitude mask
	PXOR X2, X2          // lanes' maxima, first register
	PXOR X3, X3          // second register
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ amdone

amloop:
	MOVOU (SI)(BX*1), X0
	MOVOU 16(SI)(BX*1), X1
	PAND X9, X0
	PAND X9, X1
	MOVOA X0, X4
	MOVOA X1, X5
	PCMPGTL X2, X4       // x4 = x0 > max ? ones : 0
	PCMPGTL X3, X5
	PAND X4, X0          // x0 where larger
	PANDN X2, X4         // max where not
	POR X4, X0
	MOVOA X0, X2
	PAND X5, X1
	PANDN X3, X5
	POR X5, X1
	MOVOA X1, X3
	ADDQ $32, BX
	CMPQ BX, CX
	JLT amloop

	// Fold the second register into the first.
	MOVOA X3, X4
	PCMPGTL X2, X4
	PAND X4, X3
	PANDN X2, X4
	POR X4, X3
	MOVOA X3, X2

amdone:
	// Fold lanes 2, 3 into 0, 1, then lane 1 into 0.
	PSHUFD $0x4e, X2, X0
	MOVOA X0, X4
	PCMPGTL X2, X4
	PAND X4, X0
	PANDN X2, X4
	POR X4, X0
	MOVOA X0, X2
	PSHUFD $0xb1, X2, X0
	MOVOA X0, X4
	PCMPGTL X2, X4
	PAND X4, X0
	PANDN X2, X4
	POR X4, X0
	MOVL X0, ret+24(FP)
	RET

// func chorusTapSSE2(x, a, out []float32, dry float32, wet, f float64)
//
// chorusTapGo two samples a step, len(x) even: the taps widened to
// float64 lanes, the same subtract, multiply, add, multiply and rounding
// to float32, then dry*x added in float32, so the same bits.
TEXT ·chorusTapSSE2(SB), NOSPLIT, $0-96
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ a_base+24(FP), DX
	MOVQ out_base+48(FP), DI
	MOVSS dry+72(FP), X8
	SHUFPS $0, X8, X8
	MOVSD wet+80(FP), X9
	SHUFPD $0, X9, X9
	MOVSD f+88(FP), X10
	SHUFPD $0, X10, X10
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ ctdone

ctloop:
	MOVQ (DX)(BX*1), X0  // a[i], a[i+1]
	MOVQ 4(DX)(BX*1), X1 // a[i+1], a[i+2]
	CVTPS2PD X0, X0
	CVTPS2PD X1, X1
	SUBPD X0, X1         // q-p
	MULPD X10, X1        // f*(q-p)
	ADDPD X0, X1         // p+f*(q-p)
	MULPD X9, X1         // wet*(...)
	CVTPD2PS X1, X1
	MOVQ (SI)(BX*1), X2
	MULPS X8, X2         // dry*x
	ADDPS X1, X2
	MOVQ X2, (DI)(BX*1)
	ADDQ $8, BX
	CMPQ BX, CX
	JLT ctloop

ctdone:
	RET
