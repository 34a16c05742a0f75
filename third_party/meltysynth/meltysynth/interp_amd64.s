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

// The AVX2 loops (Songsmith patch): the same arithmetic, four samples to
// a YMM register of float64 (one conversion and one multiply where SSE2
// takes two), each neighbour pair inserted straight from memory into its
// lane (VPINSRD), and the four fractions kept as a vector of the
// positions' low 32 bits, stepped by 4*step and masked to 24 bits (the
// fraction is the position's low 24 bits, and the low 32 bits of a sum
// are the sum of the low 32 bits).

DATA interpM<>+0(SB)/4, $0x00ffffff
GLOBL interpM<>(SB), RODATA|NOPTR, $4

// AVXSETUP loads the constants: Y9 2^24 (float64), X10 2^-39 (float32),
// X11 the fraction mask, X12 the fractions' step (4*step, low 32 bits),
// X13 the fractions' positions: pos, pos+step, pos+2step, pos+3step.
#define AVXSETUP \
	VBROADCASTSD interpK<>+0(SB), Y9; \
	VMOVUPS interpK<>+16(SB), X10; \
	VPBROADCASTD interpM<>+0(SB), X11; \
	MOVQ DX, R11; \
	SHLQ $2, R11; \
	VMOVD R11, X12; \
	VPBROADCASTD X12, X12; \
	MOVQ AX, R11; \
	VMOVD R11, X13; \
	ADDQ DX, R11; \
	VPINSRD $1, R11, X13, X13; \
	ADDQ DX, R11; \
	VPINSRD $2, R11, X13, X13; \
	ADDQ DX, R11; \
	VPINSRD $3, R11, X13, X13

// AVXMATH turns the four pairs in X0 and the fractions (float64) in Y4
// into four samples stored at (out)(BX*1): x1<<24 + a*(x2-x1), exact in
// float64, rounded once to float32, times 2^-39. Uses X0-X2.
#define AVXMATH(out) \
	VPSLLD $16, X0, X1; \
	VPSRAD $16, X1, X1; \
	VPSRAD $16, X0, X0; \
	VPSUBD X1, X0, X0; \
	VCVTDQ2PD X1, Y1; \
	VMULPD Y9, Y1, Y1; \
	VCVTDQ2PD X0, Y2; \
	VMULPD Y4, Y2, Y2; \
	VADDPD Y2, Y1, Y1; \
	VCVTPD2PSY Y1, X1; \
	VMULPS X10, X1, X1; \
	VMOVUPS X1, (out)(BX*1)

// AVXFRAC converts the current fractions into Y4 and steps them.
#define AVXFRAC \
	VPAND X11, X13, X4; \
	VPADDD X12, X13, X13; \
	VCVTDQ2PD X4, Y4

// func interpRunAVX2(data *int16, pos, step int64, run []float32)
//
// interpRunSSE2 with AVX2; len(run) a multiple of four.
TEXT ·interpRunAVX2(SB), NOSPLIT, $0-48
	MOVQ data+0(FP), SI
	MOVQ pos+8(FP), AX
	MOVQ step+16(FP), DX
	MOVQ run_base+24(FP), DI
	MOVQ run_len+32(FP), CX
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ vrdone
	AVXSETUP
vrloop:
	MOVQ AX, R10
	SHRQ $24, R10
	VMOVD (SI)(R10*2), X0
	ADDQ DX, AX
	MOVQ AX, R10
	SHRQ $24, R10
	VPINSRD $1, (SI)(R10*2), X0, X0
	ADDQ DX, AX
	MOVQ AX, R10
	SHRQ $24, R10
	VPINSRD $2, (SI)(R10*2), X0, X0
	ADDQ DX, AX
	MOVQ AX, R10
	SHRQ $24, R10
	VPINSRD $3, (SI)(R10*2), X0, X0
	ADDQ DX, AX
	AVXFRAC
	AVXMATH(DI)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT vrloop
	VZEROUPPER
vrdone:
	RET

// func interpTwinsAVX2(data *int16, off, pos, step int64, a, b []float32)
//
// interpTwinsSSE2 with AVX2: the fractions converted once for both.
TEXT ·interpTwinsAVX2(SB), NOSPLIT, $0-80
	MOVQ data+0(FP), SI
	MOVQ off+8(FP), R8
	LEAQ (SI)(R8*2), R8
	MOVQ pos+16(FP), AX
	MOVQ step+24(FP), DX
	MOVQ a_base+32(FP), DI
	MOVQ a_len+40(FP), CX
	MOVQ b_base+56(FP), R9
	SHLQ $2, CX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ vtdone
	AVXSETUP
vtloop:
	MOVQ AX, R10
	SHRQ $24, R10
	VMOVD (SI)(R10*2), X0
	VMOVD (R8)(R10*2), X5
	ADDQ DX, AX
	MOVQ AX, R10
	SHRQ $24, R10
	VPINSRD $1, (SI)(R10*2), X0, X0
	VPINSRD $1, (R8)(R10*2), X5, X5
	ADDQ DX, AX
	MOVQ AX, R10
	SHRQ $24, R10
	VPINSRD $2, (SI)(R10*2), X0, X0
	VPINSRD $2, (R8)(R10*2), X5, X5
	ADDQ DX, AX
	MOVQ AX, R10
	SHRQ $24, R10
	VPINSRD $3, (SI)(R10*2), X0, X0
	VPINSRD $3, (R8)(R10*2), X5, X5
	ADDQ DX, AX
	AVXFRAC
	AVXMATH(DI)
	VMOVDQA X5, X0
	AVXMATH(R9)
	ADDQ $16, BX
	CMPQ BX, CX
	JLT vtloop
	VZEROUPPER
vtdone:
	RET
