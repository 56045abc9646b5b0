package syntax

import "encoding/binary"

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

// classStride is the distance in bytes between the arrays of two classes,
// which classify_amd64.s spells out; the two arrays below fail to compile
// when it stops matching the bitmaps type.
const classStride = 520

var (
	_ [len(bitmaps{}[0]) - classStride]struct{}
	_ [classStride - len(bitmaps{}[0])]struct{}
)

// classify64AVX2 classifies n bytes at src, n a multiple of 64, into the
// bitmaps from dst on: dst is &bm[classNewline][j] for some bitmaps bm, and
// it writes each other class from the same index of its array.
//
//go:noescape
func classify64AVX2(src *byte, n int, dst *byte)

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
	// 64 bytes; the classes of the padding are cleared with the bytes
	// after it.
	j, tail := n>>3, len(window)-n
	if tail > 0 {
		var last [64]byte
		copy(last[:], window[n:])
		classify64AVX2(&last[0], 64, &bm[classNewline][j])
		for c := range bm {
			w := bm[c][j : j+8]
			binary.LittleEndian.PutUint64(w, binary.LittleEndian.Uint64(w)&below(tail))
		}
		j += 8
	}
	for c := range bm {
		clear(bm[c][j:])
	}
}
