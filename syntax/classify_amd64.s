#include "textflag.h"

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// The bitmaps of one class are classStride = 520 bytes apart.
#define NEWLINE 0
#define COLON 520
#define HASH 1040
#define SPACE 1560
#define ODD 2080

// func classify64AVX2(src *byte, n int, dst *byte)
//
// For each 64 bytes: newline = LF|CR, colon, hash, space = ' '|'\t', and
// odd = the complement of printable ASCII (0x20 to 0x7E), newline and tab.
TEXT ·classify64AVX2(SB), NOSPLIT, $0-24
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ dst+16(FP), DI
	ADDQ SI, CX // end of the input

	MOVL $0x0a, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y15 // LF
	MOVL $0x0d, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y14 // CR
	MOVL $0x3a, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y13 // ':'
	MOVL $0x23, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y12 // '#'
	MOVL $0x20, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y11 // ' '
	MOVL $0x09, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y10 // '\t'
	MOVL $0x5e, AX
	VMOVD AX, X0
	VPBROADCASTB X0, Y9 // 0x7e - 0x20

avx2loop:
	CMPQ SI, CX
	JGE avx2done
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1

	// newline
	VPCMPEQB Y0, Y15, Y2
	VPCMPEQB Y0, Y14, Y3
	VPOR Y2, Y3, Y2
	VPCMPEQB Y1, Y15, Y3
	VPCMPEQB Y1, Y14, Y4
	VPOR Y3, Y4, Y3
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ AX, NEWLINE(DI)

	// colon
	VPCMPEQB Y0, Y13, Y4
	VPCMPEQB Y1, Y13, Y5
	VPMOVMSKB Y4, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ AX, COLON(DI)

	// hash
	VPCMPEQB Y0, Y12, Y4
	VPCMPEQB Y1, Y12, Y5
	VPMOVMSKB Y4, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ AX, HASH(DI)

	// space and tab; Y6 and Y7 keep the tabs
	VPCMPEQB Y0, Y11, Y4
	VPCMPEQB Y1, Y11, Y5
	VPCMPEQB Y0, Y10, Y6
	VPCMPEQB Y1, Y10, Y7
	VPOR Y4, Y6, Y4
	VPOR Y5, Y7, Y5
	VPMOVMSKB Y4, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ AX, SPACE(DI)

	// odd: printable is b-0x20 <= 0x5e unsigned, that is min(b-0x20, 0x5e) == b-0x20
	VPSUBB Y11, Y0, Y4
	VPSUBB Y11, Y1, Y5
	VPMINUB Y9, Y4, Y8
	VPCMPEQB Y8, Y4, Y4
	VPMINUB Y9, Y5, Y8
	VPCMPEQB Y8, Y5, Y5
	VPOR Y2, Y4, Y4
	VPOR Y3, Y5, Y5
	VPOR Y6, Y4, Y4
	VPOR Y7, Y5, Y5
	VPMOVMSKB Y4, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ BX, AX
	NOTQ AX
	MOVQ AX, ODD(DI)

	ADDQ $64, SI
	ADDQ $8, DI
	JMP avx2loop

avx2done:
	VZEROUPPER
	RET
