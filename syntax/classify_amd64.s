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

// func classifyAVX2(src *byte, n int, newline, colon, hash, space, odd *uint32)
//
// For each 32 bytes: newline = LF|CR, colon, hash, space = ' '|'\t', and
// odd = everything else below 0x20, DEL and bytes from 0x80, which is the
// complement of (0x20 <= b < 0x7F) | newline | tab.
TEXT ·classifyAVX2(SB), NOSPLIT, $0-56
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ newline+16(FP), R8
	MOVQ colon+24(FP), R9
	MOVQ hash+32(FP), R10
	MOVQ space+40(FP), R11
	MOVQ odd+48(FP), R12

	MOVL $0x0a, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y1 // LF
	MOVL $0x0d, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y2 // CR
	MOVL $0x3a, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y3 // ':'
	MOVL $0x23, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y4 // '#'
	MOVL $0x20, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y5 // ' '
	MOVL $0x09, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y6 // '\t'
	MOVL $0x1f, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y7 // 0x1f
	MOVL $0x7f, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y8 // DEL

loop:
	CMPQ CX, $32
	JLT done
	VMOVDQU (SI), Y0

	VPCMPEQB Y0, Y1, Y9
	VPCMPEQB Y0, Y2, Y10
	VPOR Y9, Y10, Y9 // newline
	VPMOVMSKB Y9, AX
	MOVL AX, (R8)

	VPCMPEQB Y0, Y3, Y10
	VPMOVMSKB Y10, AX
	MOVL AX, (R9)

	VPCMPEQB Y0, Y4, Y10
	VPMOVMSKB Y10, AX
	MOVL AX, (R10)

	VPCMPEQB Y0, Y5, Y10
	VPCMPEQB Y0, Y6, Y11 // tab
	VPOR Y10, Y11, Y10
	VPMOVMSKB Y10, AX
	MOVL AX, (R11)

	VPCMPGTB Y7, Y0, Y12 // 0x20 <= b <= 0x7f, as signed bytes
	VPCMPEQB Y0, Y8, Y13 // DEL
	VPANDN Y12, Y13, Y12 // printable: Y12 &^ DEL
	VPOR Y11, Y12, Y12
	VPOR Y9, Y12, Y12
	VPMOVMSKB Y12, AX
	NOTL AX
	MOVL AX, (R12)

	ADDQ $32, SI
	ADDQ $4, R8
	ADDQ $4, R9
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ $4, R12
	SUBQ $32, CX
	JMP loop

done:
	VZEROUPPER
	RET
