package syntax

import "unsafe"

// hasAVX2 reports whether the processor and the operating system support
// AVX2, which classifyAVX2 needs.
var hasAVX2 = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	// The OS must save the SSE and AVX registers (XCR0 bits 1 and 2).
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}()

//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

//go:noescape
func xgetbv() (eax, edx uint32)

// classifyAVX2 classifies n bytes at src, n a multiple of 32, writing one
// 32-bit mask per 32 bytes to each of the five class arrays.
//
//go:noescape
func classifyAVX2(src *byte, n int, newline, colon, hash, space, odd *uint32)

// classify sets the bitmaps of window as classifyGeneric does, 32 bytes at
// a time with AVX2 where the processor has it.
func classify(bm *bitmaps, window []byte) {
	n := len(window) &^ 31
	if !hasAVX2 || n == 0 {
		classifyGeneric(bm, window)
		return
	}
	// The arrays are little-endian uint64s, so consecutive 32-bit masks
	// fill each word's low half first, as byte order requires.
	word := func(c int) *uint32 { return (*uint32)(unsafe.Pointer(&bm[c][0])) }
	classifyAVX2(&window[0], n,
		word(classNewline), word(classColon), word(classHash), word(classSpace), word(classOdd))
	// The bytes after the last 32-byte block, fewer than 32, go to the
	// half word after it; the words after that are cleared.
	var tail bitmaps
	classifyGeneric(&tail, window[n:])
	w, s := n>>6, uint(n&63) // s is 0 or 32
	for c := range bm {
		bm[c][w] = bm[c][w]&(1<<s-1) | tail[c][0]<<s
		clear(bm[c][w+1:])
	}
}
