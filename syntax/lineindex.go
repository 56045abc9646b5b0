package syntax

import (
	"sort"
	"unicode/utf8"
)

// LineIndex converts between byte offsets and line/column positions. It
// splits lines exactly as Parse does (LF, CRLF, lone CR), so line numbers
// agree with File.Lines; unlike File.Lines it always has a last line, the
// empty one after a final terminator, where an editor's cursor can stand.
//
// Columns are counted in characters: each valid UTF-8 sequence is one
// character and each byte of invalid UTF-8 is one character on its own, as
// an editor that decodes it to U+FFFD shows it. A leading byte order mark
// is a character of line 1. An offset inside a character maps to the
// position of that character, and an offset inside a CRLF to the position of
// its CR; every other offset maps to a position and back to itself.
type LineIndex struct {
	src   []byte
	lines []Line // the parsed lines, whose spans are the index
}

// NewLineIndex returns the line index of src, which it parses.
func NewLineIndex(src []byte) *LineIndex { return Parse(src).LineIndex() }

// Position is a place in a file as people count it: Line and Column both
// start at 1, and Column counts characters.
type Position struct {
	Line, Column int
}

// Encoding is the unit an LSP client counts columns in (LSP 3.17
// PositionEncodingKind).
type Encoding uint8

// The position encodings of LSP 3.17.
const (
	// UTF16 counts UTF-16 code units: two for a character outside the Basic
	// Multilingual Plane. It is the LSP default.
	UTF16 Encoding = iota
	// UTF8 counts bytes.
	UTF8
	// UTF32 counts characters.
	UTF32
)

// LSPPosition is a place in a file as LSP counts it: Line and Character
// start at 0, and Character counts code units of an Encoding.
type LSPPosition struct {
	Line, Character int
}

// LineCount returns the number of lines, counting the empty line after a
// final terminator; it is at least 1.
func (x *LineIndex) LineCount() int {
	if n := len(x.lines); n > 0 && x.lines[n-1].eolLen() == 0 {
		return n
	}
	return len(x.lines) + 1
}

// Position returns the position of offset off, which is clamped to the
// file.
func (x *LineIndex) Position(off int) Position {
	p := x.LSPPosition(off, UTF32)
	return Position{p.Line + 1, p.Character + 1}
}

// Offset returns the offset of position p. A line past the end gives the
// end of the file; a column past the end of its line gives the end of the
// line's text, before its terminator, as LSP prescribes.
func (x *LineIndex) Offset(p Position) int {
	return x.LSPOffset(LSPPosition{p.Line - 1, p.Column - 1}, UTF32)
}

// LSPPosition returns the position of offset off, which is clamped to the
// file, in units of enc.
func (x *LineIndex) LSPPosition(off int, enc Encoding) LSPPosition {
	off = max(0, min(off, len(x.src)))
	line := x.line(off)
	end := min(off, x.textEnd(line))
	units := 0
	for i := x.start(line); i < end; {
		n, size := charUnits(x.src[i:], enc)
		if i+size > end {
			break
		}
		units += n
		i += size
	}
	return LSPPosition{line, units}
}

// LSPOffset returns the offset of position p, counted in units of enc,
// clamped like Offset. A column inside a character (half of a surrogate
// pair, say) gives the offset of that character.
func (x *LineIndex) LSPOffset(p LSPPosition, enc Encoding) int {
	switch {
	case p.Line < 0:
		return 0
	case p.Line >= x.LineCount():
		return len(x.src)
	}
	start := x.start(p.Line)
	return start + ColumnOffset(x.src[start:x.textEnd(p.Line)], p.Character, enc)
}

// ColumnOffset returns the byte offset in text, one line without its
// terminator, of the column that counts units code units of enc, clamped
// to the line's end. A column inside a character gives that character's
// offset. It is LSPOffset for a caller that keeps its own line table.
func ColumnOffset(text []byte, units int, enc Encoding) int {
	i := 0
	for counted := 0; i < len(text); {
		n, size := charUnits(text[i:], enc)
		if counted+n > units {
			break
		}
		counted += n
		i += size
	}
	return i
}

// line returns the index of the line that contains off.
func (x *LineIndex) line(off int) int {
	return sort.Search(x.LineCount(), func(i int) bool { return x.start(i) > off }) - 1
}

// start returns the offset where line i starts: 0 for the first line,
// which holds the byte order mark, and the end of the file for the empty
// line after a final terminator.
func (x *LineIndex) start(i int) int {
	switch {
	case i == 0:
		return 0
	case i < len(x.lines):
		return x.lines[i].Span.Start
	}
	return len(x.src)
}

// textEnd returns the offset where the text of line i ends and its
// terminator starts.
func (x *LineIndex) textEnd(i int) int {
	if i < len(x.lines) {
		return x.lines[i].EOL().Start
	}
	return len(x.src)
}

// charUnits returns the size in bytes of the character that b starts with,
// and its length in units of enc. A byte of invalid UTF-8 is a character of
// one unit.
func charUnits(b []byte, enc Encoding) (units, size int) {
	if b[0] < utf8.RuneSelf {
		return 1, 1
	}
	r, size := utf8.DecodeRune(b)
	switch {
	case enc == UTF8:
		return size, size
	case enc == UTF16 && r >= 0x10000:
		return 2, size
	}
	return 1, size
}
