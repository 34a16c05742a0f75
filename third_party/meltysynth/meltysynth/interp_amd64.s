#include "textflag.h"

// Songsmith patch: interpolateRun's and interpolateTwins's loops four
// samples at a time with SSE2. Each sample's two 16-bit neighbours are read
// as one dword (x1 | x2<<16, little endian) and its fraction a as another;
// the interpolation x1<<24 + a*(x2-x1) is computed in float64, where every
// product and sum is exact (under 2^42), then rounded once to float32 as
// the Go loop's int64 conversion rounds it, and scaled by fpToSample
// (2^-39, exact): the same bits.

DATA interpK<>+0(SB)/8, $0x4170000000000000  // 2^24
DATA interpK<>+8(SB)/8, $0x4170000000000000
DATA interpK<>+16(SB)/4, $0x2c000000         // 2^-39
DATA interpK<>+20(SB)/4, $0x2c000000
DATA interpK<>+24(SB)/4, $0x2c000000
DATA interpK<>+28(SB)/4, $0x2c000000
GLOBL interpK<>(SB), RODATA|NOPTR, $32

// ONE reads the sample pair at position AX into xw, its fraction into xa,
// and steps AX by DX.
#define ONE(xw, xa) \
	MOVQ AX, R10; \
	SHRQ $24, R10; \
	MOVL (SI)(R10*2), R11; \
	MOVD R11, xw; \
	MOVL AX, R12; \
	ANDL $0xffffff, R12; \
	MOVD R12, xa; \
	ADDQ DX, AX

// TWO is ONE with the pair off bytes further (R8) read into xv too.
#define TWO(xw, xv, xa) \
	MOVQ AX, R10; \
	SHRQ $24, R10; \
	MOVL (SI)(R10*2), R11; \
	MOVD R11, xw; \
	MOVL (R8)(R10*2), R13; \
	MOVD R13, xv; \
	MOVL AX, R12; \
	ANDL $0xffffff, R12; \
	MOVD R12, xa; \
	ADDQ DX, AX

// MATH turns the four pairs in X0 and fractions in X4 into four samples,
// stored at (out)(BX*1). Uses X0-X6; X4 is lost.
#define MATH(out) \
	MOVO X0, X1; \
	PSLLL $16, X1; \
	PSRAL $16, X1; \
	PSRAL $16, X0; \
	PSUBL X1, X0; \
	CVTPL2PD X1, X2; \
	MULPD X9, X2; \
	CVTPL2PD X0, X3; \
	CVTPL2PD X4, X5; \
	MULPD X5, X3; \
	ADDPD X3, X2; \
	CVTPD2PS X2, X2; \
	PSHUFD $0xee, X1, X1; \
	PSHUFD $0xee, X0, X0; \
	PSHUFD $0xee, X4, X4; \
	CVTPL2PD X1, X3; \
	MULPD X9, X3; \
	CVTPL2PD X0, X5; \
	CVTPL2PD X4, X6; \
	MULPD X6, X5; \
	ADDPD X5, X3; \
	CVTPD2PS X3, X3; \
	MOVLHPS X3, X2; \
	MULPS X10, X2; \
	MOVUPS X2, (out)(BX*1)

// func interpRunSSE2(data *int16, pos, step int64, run []float32)
//
// len(run) a multiple of four; the caller returns pos + len(run)*step.
TEXT ·interpRunSSE2(SB), NOSPLIT, $0-48
	MOVQ data+0(FP), SI
	MOVQ pos+8(FP), AX
	MOVQ step+16(FP), DX
	MOVQ run_base+24(FP), DI
	MOVQ run_len+32(FP), CX
	MOVUPD interpK<>+0(SB), X9
	MOVUPS interpK<>+16(SB), X10
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ rdone
rloop:
	ONE(X0, X4)
	ONE(X1, X5)
	ONE(X2, X6)
	ONE(X3, X7)
	PUNPCKLLQ X1, X0
	PUNPCKLLQ X3, X2
	PUNPCKLQDQ X2, X0
	PUNPCKLLQ X5, X4
	PUNPCKLLQ X7, X6
	PUNPCKLQDQ X6, X4
	MATH(DI)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT rloop
rdone:
	RET

// func interpTwinsSSE2(data *int16, off, pos, step int64, a, b []float32)
//
// a from data, b from off samples further, at the same positions; len(a)
// = len(b) a multiple of four.
TEXT ·interpTwinsSSE2(SB), NOSPLIT, $0-80
	MOVQ data+0(FP), SI
	MOVQ off+8(FP), R8
	LEAQ (SI)(R8*2), R8
	MOVQ pos+16(FP), AX
	MOVQ step+24(FP), DX
	MOVQ a_base+32(FP), DI
	MOVQ a_len+40(FP), CX
	MOVQ b_base+56(FP), R9
	MOVUPD interpK<>+0(SB), X9
	MOVUPS interpK<>+16(SB), X10
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ tdone
tloop:
	TWO(X0, X11, X4)
	TWO(X1, X12, X5)
	TWO(X2, X13, X6)
	TWO(X3, X14, X7)
	PUNPCKLLQ X1, X0
	PUNPCKLLQ X3, X2
	PUNPCKLQDQ X2, X0
	PUNPCKLLQ X12, X11
	PUNPCKLLQ X14, X13
	PUNPCKLQDQ X13, X11
	PUNPCKLLQ X5, X4
	PUNPCKLLQ X7, X6
	PUNPCKLQDQ X6, X4
	MOVO X4, X15
	MATH(DI)
	MOVO X11, X0
	MOVO X15, X4
	MATH(R9)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT tloop
tdone:
	RET
