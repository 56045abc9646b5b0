package syntax

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

func TestLineIndexPositions(t *testing.T) {
	type want struct {
		off    int
		people Position
		utf16  LSPPosition
		utf8   LSPPosition
	}
	tests := []struct {
		name  string
		src   string
		lines int
		wants []want
	}{
		{"empty", "", 1, []want{{0, Position{1, 1}, LSPPosition{0, 0}, LSPPosition{0, 0}}}},
		{"LF and the line after the final terminator", "ab\n", 2, []want{
			{1, Position{1, 2}, LSPPosition{0, 1}, LSPPosition{0, 1}},
			{2, Position{1, 3}, LSPPosition{0, 2}, LSPPosition{0, 2}},
			{3, Position{2, 1}, LSPPosition{1, 0}, LSPPosition{1, 0}},
		}},
		{"CRLF: inside it is the position of its CR", "a\r\nb", 2, []want{
			{1, Position{1, 2}, LSPPosition{0, 1}, LSPPosition{0, 1}},
			{2, Position{1, 2}, LSPPosition{0, 1}, LSPPosition{0, 1}},
			{3, Position{2, 1}, LSPPosition{1, 0}, LSPPosition{1, 0}},
			{4, Position{2, 2}, LSPPosition{1, 1}, LSPPosition{1, 1}},
		}},
		{"lone CR, and LF CR as two terminators", "a\rb\n\rc", 4, []want{
			{2, Position{2, 1}, LSPPosition{1, 0}, LSPPosition{1, 0}},
			{4, Position{3, 1}, LSPPosition{2, 0}, LSPPosition{2, 0}},
			{5, Position{4, 1}, LSPPosition{3, 0}, LSPPosition{3, 0}},
		}},
		{"two-byte character, and an offset inside it", "é/x", 1, []want{
			{1, Position{1, 1}, LSPPosition{0, 0}, LSPPosition{0, 0}},
			{2, Position{1, 2}, LSPPosition{0, 1}, LSPPosition{0, 2}},
			{3, Position{1, 3}, LSPPosition{0, 2}, LSPPosition{0, 3}},
		}},
		{"astral character: a surrogate pair in UTF-16", "/😀x\n/ツ", 2, []want{
			{5, Position{1, 3}, LSPPosition{0, 3}, LSPPosition{0, 5}},
			{6, Position{1, 4}, LSPPosition{0, 4}, LSPPosition{0, 6}},
			{8, Position{2, 2}, LSPPosition{1, 1}, LSPPosition{1, 1}},
			{11, Position{2, 3}, LSPPosition{1, 2}, LSPPosition{1, 4}},
		}},
		{"invalid UTF-8: a character a byte", "\xC3(\xFF\xE2\x82x", 1, []want{
			{1, Position{1, 2}, LSPPosition{0, 1}, LSPPosition{0, 1}},
			{3, Position{1, 4}, LSPPosition{0, 3}, LSPPosition{0, 3}},
			{5, Position{1, 6}, LSPPosition{0, 5}, LSPPosition{0, 5}},
		}},
		{"a BOM is a character of line 1", "\xEF\xBB\xBFa\nb", 2, []want{
			{3, Position{1, 2}, LSPPosition{0, 1}, LSPPosition{0, 3}},
			{5, Position{2, 1}, LSPPosition{1, 0}, LSPPosition{1, 0}},
		}},
		{"offsets outside the file are clamped", "ab", 1, []want{
			{-5, Position{1, 1}, LSPPosition{0, 0}, LSPPosition{0, 0}},
			{99, Position{1, 3}, LSPPosition{0, 2}, LSPPosition{0, 2}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, x := range []*LineIndex{NewLineIndex([]byte(tt.src))} {
				if got := x.LineCount(); got != tt.lines {
					t.Errorf("LineCount() = %d, want %d", got, tt.lines)
				}
				for _, w := range tt.wants {
					if got := x.Position(w.off); got != w.people {
						t.Errorf("Position(%d) = %v, want %v", w.off, got, w.people)
					}
					if got := x.LSPPosition(w.off, UTF16); got != w.utf16 {
						t.Errorf("LSPPosition(%d, UTF16) = %v, want %v", w.off, got, w.utf16)
					}
					if got := x.LSPPosition(w.off, UTF8); got != w.utf8 {
						t.Errorf("LSPPosition(%d, UTF8) = %v, want %v", w.off, got, w.utf8)
					}
				}
			}
		})
	}
}

func TestLineIndexOffsets(t *testing.T) {
	src := []byte("ab\r\n/😀x\r\n\xFFé")
	x := NewLineIndex(src)
	tests := []struct {
		p    LSPPosition
		enc  Encoding
		want int
	}{
		{LSPPosition{0, 2}, UTF16, 2},
		{LSPPosition{0, 3}, UTF16, 2},  // past the end of the line: its end, before CRLF
		{LSPPosition{0, 99}, UTF8, 2},  // likewise
		{LSPPosition{1, 1}, UTF16, 5},  // the emoji
		{LSPPosition{1, 2}, UTF16, 5},  // between its surrogates: the emoji
		{LSPPosition{1, 3}, UTF16, 9},  // x
		{LSPPosition{1, 2}, UTF32, 9},  // x
		{LSPPosition{1, 3}, UTF8, 5},   // inside the emoji's bytes
		{LSPPosition{1, 5}, UTF8, 9},   // x
		{LSPPosition{2, 1}, UTF16, 13}, // é after an invalid byte
		{LSPPosition{2, 2}, UTF16, 15}, // end of file
		{LSPPosition{3, 0}, UTF16, 15}, // past the last line: end of file
		{LSPPosition{-1, 4}, UTF16, 0},
		{LSPPosition{1, -1}, UTF16, 4},
	}
	for _, tt := range tests {
		if got := x.LSPOffset(tt.p, tt.enc); got != tt.want {
			t.Errorf("LSPOffset(%v, %d) = %d, want %d", tt.p, tt.enc, got, tt.want)
		}
	}
	if got := x.Offset(Position{2, 3}); got != 9 {
		t.Errorf("Offset({2 3}) = %d, want 9", got)
	}
}

// TestLineIndexRoundTrip checks every offset of inputs built from the
// pieces that make positions hard, in every combination of three.
func TestLineIndexRoundTrip(t *testing.T) {
	pieces := []string{"a", "\n", "\r", "\r\n", "é", "ツ", "😀", "\xFF", "\xE2\x82", "\xEF\xBB\xBF", "\x00", "\t"}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				checkIndex(t, []byte(a+b+c))
			}
		}
	}
}

// checkIndex asserts that the line index of src agrees with positions
// counted by a plain walk over the bytes, and that
// offsets round-trip through positions in every encoding: exactly at
// character boundaries, and to the boundary before otherwise. On long
// inputs it checks a sample of offsets, since each look-up walks its line.
func checkIndex(t *testing.T, src []byte) {
	t.Helper()
	x := NewLineIndex(src)

	// The walk: where each offset is, in each encoding, and the boundary
	// at or before it.
	type place struct{ line, u8, u16, u32, boundary int }
	places := make([]place, len(src)+1)
	cur := place{}
	for i := 0; i <= len(src); {
		cur.boundary = i
		places[i] = cur
		if i == len(src) {
			break
		}
		switch {
		case src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n':
			places[i+1] = cur
			cur = place{line: cur.line + 1}
			i += 2
		case src[i] == '\n' || src[i] == '\r':
			cur = place{line: cur.line + 1}
			i++
		default:
			r, size := utf8.DecodeRune(src[i:])
			for k := 1; k < size; k++ {
				places[i+k] = cur
			}
			cur.u8 += size
			cur.u32++
			cur.u16++
			if r >= 0x10000 {
				cur.u16++
			}
			i += size
		}
	}

	step := 1
	if len(src) > 256 {
		step = len(src)/32 + 1
	}
	for off := 0; off <= len(src); off += step {
		want := places[off]
		for _, c := range []struct {
			enc  Encoding
			char int
		}{{UTF8, want.u8}, {UTF16, want.u16}, {UTF32, want.u32}} {
			p := x.LSPPosition(off, c.enc)
			if p != (LSPPosition{want.line, c.char}) {
				t.Fatalf("%q: LSPPosition(%d, %d) = %v, want %v", src, off, c.enc, p, LSPPosition{want.line, c.char})
			}
			if got := x.LSPOffset(p, c.enc); got != want.boundary {
				t.Fatalf("%q: offset %d -> %v (encoding %d) -> %d, want %d", src, off, p, c.enc, got, want.boundary)
			}
		}
		if got := x.Offset(x.Position(off)); got != want.boundary {
			t.Fatalf("%q: offset %d -> %v -> %d, want %d", src, off, x.Position(off), got, want.boundary)
		}
	}
}

func ExampleLineIndex() {
	x := NewLineIndex([]byte("User-agent: *\r\nDisallow: /😀/x\n"))
	off := len("User-agent: *\r\nDisallow: /😀/")
	fmt.Println(x.Position(off))
	fmt.Println(x.LSPPosition(off, UTF16), x.LSPPosition(off, UTF8))
	fmt.Println(x.Offset(Position{2, 14}) == off)
	// Output:
	// {2 14}
	// {1 14} {1 16}
	// true
}
