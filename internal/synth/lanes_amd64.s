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

// IMAX leaves in b the larger of a and b, lane by lane, as signed 32-bit
// integers (t is scratch).
#define IMAX(a, b, t) \
	MOVO b, t \
	PCMPGTL a, t \
	PAND t, b \
	PANDN a, t \
	POR t, b

// func tpStereoSSE2(w []float64, c *[36]float64, out []uint32)
//
// tpWindow over the left and right windows of len(out) frames, the
// channels in the two lanes (w interleaved, len(w) at least
// 2*(len(out)+11)): the same sums, products and adds in the same order.
// Each candidate is rounded to float32 before the maximum rather than
// after (rounding keeps the order, so the same bits), and out[i] gets the
// larger channel's value as its bit pattern. c holds mid, even and odd,
// each value twice.
TEXT ·tpStereoSSE2(SB), NOSPLIT, $0-56
	MOVQ w_base+0(FP), SI
	MOVQ c+24(FP), DX
	MOVQ out_base+32(FP), DI
	MOVQ out_len+40(FP), CX
	MOVL $0x7fffffff, AX
	TESTQ CX, CX
	JEQ tpdone

tploop:
	MOVUPD 0(SI), X0
	MOVUPD 176(SI), X15
	MOVAPD X0, X6
	ADDPD X15, X0        // s0
	SUBPD X15, X6        // d0
	MOVUPD 16(SI), X1
	MOVUPD 160(SI), X15
	MOVAPD X1, X7
	ADDPD X15, X1        // s1
	SUBPD X15, X7        // d1
	MOVUPD 32(SI), X2
	MOVUPD 144(SI), X15
	MOVAPD X2, X8
	ADDPD X15, X2        // s2
	SUBPD X15, X8        // d2
	MOVUPD 48(SI), X3
	MOVUPD 128(SI), X15
	MOVAPD X3, X9
	ADDPD X15, X3        // s3
	SUBPD X15, X9        // d3
	MOVUPD 64(SI), X4
	MOVUPD 112(SI), X15
	MOVAPD X4, X10
	ADDPD X15, X4        // s4
	SUBPD X15, X10        // d4
	MOVUPD 80(SI), X5
	MOVUPD 96(SI), X15
	MOVAPD X5, X11
	ADDPD X15, X5        // s5
	SUBPD X15, X11        // d5
	// mid, e and o
	MOVUPD 0(DX), X12
	MULPD X0, X12
	MOVUPD 16(DX), X15
	MULPD X1, X15
	ADDPD X15, X12
	MOVUPD 32(DX), X15
	MULPD X2, X15
	ADDPD X15, X12
	MOVUPD 48(DX), X15
	MULPD X3, X15
	ADDPD X15, X12
	MOVUPD 64(DX), X15
	MULPD X4, X15
	ADDPD X15, X12
	MOVUPD 80(DX), X15
	MULPD X5, X15
	ADDPD X15, X12
	MOVUPD 96(DX), X13
	MULPD X0, X13
	MOVUPD 112(DX), X15
	MULPD X1, X15
	ADDPD X15, X13
	MOVUPD 128(DX), X15
	MULPD X2, X15
	ADDPD X15, X13
	MOVUPD 144(DX), X15
	MULPD X3, X15
	ADDPD X15, X13
	MOVUPD 160(DX), X15
	MULPD X4, X15
	ADDPD X15, X13
	MOVUPD 176(DX), X15
	MULPD X5, X15
	ADDPD X15, X13
	MOVUPD 192(DX), X14
	MULPD X6, X14
	MOVUPD 208(DX), X15
	MULPD X7, X15
	ADDPD X15, X14
	MOVUPD 224(DX), X15
	MULPD X8, X15
	ADDPD X15, X14
	MOVUPD 240(DX), X15
	MULPD X9, X15
	ADDPD X15, X14
	MOVUPD 256(DX), X15
	MULPD X10, X15
	ADDPD X15, X14
	MOVUPD 272(DX), X15
	MULPD X11, X15
	ADDPD X15, X14
	MOVAPD X13, X15
	ADDPD X14, X15         // e+o
	SUBPD X14, X13         // e-o
	MOVUPD 80(SI), X0      // h[5]
	CVTPD2PS X0, X0
	CVTPD2PS X12, X12
	CVTPD2PS X15, X15
	CVTPD2PS X13, X13
	MOVD AX, X1
	PSHUFD $0, X1, X1      // the magnitude mask
	PAND X1, X0
	PAND X1, X12
	PAND X1, X15
	PAND X1, X13
	IMAX(X12, X0, X2)
	IMAX(X15, X0, X2)
	IMAX(X13, X0, X2)
	PSHUFD $0xe1, X0, X3   // the right channel into lane 0
	IMAX(X3, X0, X2)
	MOVL X0, (DI)
	ADDQ $16, SI
	ADDQ $4, DI
	DECQ CX
	JNZ tploop

tpdone:
	RET
