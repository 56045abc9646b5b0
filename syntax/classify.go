package syntax

import "encoding/binary"

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
// whose bitmaps (2.5 KiB) stay in the first-level cache.
const windowWords = 64

// bitmaps holds the classes of one window, as little-endian bit arrays: bit
// k of byte j is set when byte 8*j+k of the window is in the class. Each
// has eight spare bytes that stay zero, so that reading eight bytes from any
// byte of the window needs no bounds test.
type bitmaps [numClasses][8*windowWords + 8]byte

// classifyGeneric sets the bitmaps of window, which holds at most
// 64*windowWords bytes; the bytes past its end are zeroed. It is the
// portable version of classify and the reference it is tested against.
func classifyGeneric(bm *bitmaps, window []byte) {
	for c := range bm {
		clear(bm[c][:])
	}
	for i, b := range window {
		bit := byte(1) << (i & 7)
		switch {
		case b == '\n' || b == '\r':
			bm[classNewline][i>>3] |= bit
		case b == ':':
			bm[classColon][i>>3] |= bit
		case b == '#':
			bm[classHash][i>>3] |= bit
		case b == ' ' || b == '\t':
			bm[classSpace][i>>3] |= bit
		case b < 0x20 || b >= 0x7F:
			bm[classOdd][i>>3] |= bit
		}
	}
}

// at returns the classes c of the bytes from off on, off below
// 64*windowWords: bit k of the result is set when byte off+k of the window
// is in the class. Only the low 57 bits are sure to be right (one eight-byte
// read, shifted by up to seven bits); the bits above are clear or right.
func (bm *bitmaps) at(c, off int) uint64 {
	return binary.LittleEndian.Uint64(bm[c][off>>3&(8*windowWords-1):]) >> (uint(off) & 7)
}
