package syntax

// hasAVX2 reports whether the processor and the operating system support
// AVX2, which classify64AVX2 needs.
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

// classify64AVX2 classifies n bytes at src, n a multiple of 64, into the
// bitmaps from words on: words is &bm[classNewline][w] for some bitmaps bm,
// and the word of each other class is at the same index of its array.
//
// classStride is the distance in bytes between the arrays of two classes,
// which classify_amd64.s spells out; the two arrays below fail to compile
// when it stops matching the bitmaps type.
const classStride = 528

var (
	_ [8*(windowWords+2) - classStride]struct{}
	_ [classStride - 8*(windowWords+2)]struct{}
)

//go:noescape
func classify64AVX2(src *byte, n int, words *uint64)

// classify sets the bitmaps of window as classifyGeneric does, 64 bytes at
// a time with AVX2 where the processor has it.
func classify(bm *bitmaps, window []byte) {
	if !hasAVX2 {
		classifyGeneric(bm, window)
		return
	}
	n := len(window) &^ 63
	if n > 0 {
		classify64AVX2(&window[0], n, &bm[classNewline][0])
	}
	// The last bytes, fewer than 64, are classified from a copy padded to
	// 64 bytes; the classes of the padding are cleared with the words
	// after it.
	w, tail := n>>6, len(window)-n
	if tail > 0 {
		var last [64]byte
		copy(last[:], window[n:])
		classify64AVX2(&last[0], 64, &bm[classNewline][w])
		for c := range bm {
			bm[c][w] &= below(tail)
		}
		w++
	}
	for c := range bm {
		clear(bm[c][w:])
	}
}
