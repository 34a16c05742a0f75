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
