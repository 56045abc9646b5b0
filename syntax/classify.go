package syntax

// Byte classes, one bitmap each over a window of the source: bit k of word
// w is set when byte 64*w+k of the window is in the class. Parse reads a
// typical line's layout off these bitmaps with a few bit operations instead
// of looking at its bytes one by one.
const (
	classNewline = iota // LF or CR
	classColon          // ':'
	classHash           // '#'
	classSpace          // space or tab
	classOdd            // any other byte below 0x20, DEL, or a non-ASCII byte
	numClasses
)

// windowWords is the size of a window in 64-byte words: 4 KiB of source,
// whose bitmaps (2.6 KiB) stay in the first-level cache.
const windowWords = 64

// bitmaps holds the classes of one window. Each has two spare words that
// stay zero, so that reading 64 bits from any offset inside the window
// needs no bounds test.
type bitmaps [numClasses][windowWords + 2]uint64

// classifyGeneric sets the bitmaps of window, which holds at most
// 64*windowWords bytes; the words past its end are zeroed. It is the
// portable version of classify and the reference it is tested against.
func classifyGeneric(bm *bitmaps, window []byte) {
	for c := range bm {
		clear(bm[c][:])
	}
	for i, b := range window {
		bit := uint64(1) << (i & 63)
		switch {
		case b == '\n' || b == '\r':
			bm[classNewline][i>>6] |= bit
		case b == ':':
			bm[classColon][i>>6] |= bit
		case b == '#':
			bm[classHash][i>>6] |= bit
		case b == ' ' || b == '\t':
			bm[classSpace][i>>6] |= bit
		case b < 0x20 || b >= 0x7F:
			bm[classOdd][i>>6] |= bit
		}
	}
}

// bits returns the 64 bits of class c from bit off of the window on, so
// that bit 0 of the result is the class of byte off. off must be below
// 64*windowWords.
func (bm *bitmaps) bits(c, off int) uint64 {
	w, s := off>>6, uint(off&63)
	// For s == 0 the second shift is by 64, which Go defines as giving 0.
	return bm[c][w]>>s | bm[c][w+1]<<(64-s)
}
