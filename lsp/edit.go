package lsp

import (
	"bytes"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/syntax"
)

// An editBuffer is the text of an open file as edits arrive, with the
// offsets where its lines start. Edits name places by line and column, so
// each needs the line table; keeping the table up to date edit by edit,
// rather than parsing the file again, is what keeps a burst of keystrokes
// in a large file cheap. The file is parsed only when something reads it.
type editBuffer struct {
	text  []byte
	lines []int // lines[i] is the offset where line i starts; lines[0] is 0
}

func newEditBuffer(text []byte) *editBuffer {
	return &editBuffer{text: text, lines: lineStarts(text, 0, []int{0})}
}

// lineStarts appends to starts the offsets, shifted by base, just after
// each line terminator in text (LF, CRLF or a lone CR, as the parser and
// LSP both count them).
func lineStarts(text []byte, base int, starts []int) []int {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, base+i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, base+i+1)
		}
	}
	return starts
}

// offset returns the byte offset of p, counted in units of enc, clamped to
// the text: a line past the end is the end, a column past a line's end is
// the end of the line.
func (b *editBuffer) offset(p protocol.Position, enc syntax.Encoding) int {
	line := int(p.Line)
	if line >= len(b.lines) {
		return len(b.text)
	}
	start := b.lines[line]
	end := len(b.text)
	if line+1 < len(b.lines) {
		end = b.lines[line+1]
	}
	// The terminator is not part of the line's columns.
	for end > start && (b.text[end-1] == '\n' || b.text[end-1] == '\r') {
		end--
	}
	return start + syntax.ColumnOffset(b.text[start:end], int(p.Character), enc)
}

// replace returns the buffer with the bytes from start to end replaced by
// s. The buffer it is called on is left as it was: a request may still be
// reading that version.
func (b *editBuffer) replace(start, end int, s string) *editBuffer {
	text := make([]byte, 0, len(b.text)-(end-start)+len(s))
	text = append(text, b.text[:start]...)
	text = append(text, s...)
	text = append(text, b.text[end:]...)

	// Lines before the edit keep their starts, and lines well after it
	// shift by the change in length. Between them the new text is scanned
	// again: from the start of the line holding the edit's start (one line
	// earlier when that line starts after a lone CR, which an inserted LF
	// would join), to the end of the line after the one holding its end
	// (an inserted CR may join that line's LF).
	first := lineOf(b.lines, start)
	if first > 0 && start == b.lines[first] && b.text[start-1] == '\r' {
		first--
	}
	last := lineOf(b.lines, end)
	delta := len(s) - (end - start)
	scanEnd, tail := len(text), len(b.lines)
	if last+2 < len(b.lines) {
		scanEnd, tail = b.lines[last+2]+delta, last+2
	}
	lines := make([]int, 0, len(b.lines)+bytes.Count([]byte(s), []byte("\n"))+1)
	lines = append(lines, b.lines[:first+1]...)
	lines = lineStarts(text[b.lines[first]:scanEnd], b.lines[first], lines)
	// The scan ends at the start of line tail, which it found too.
	if tail < len(b.lines) && len(lines) > 0 && lines[len(lines)-1] == scanEnd {
		lines = lines[:len(lines)-1]
	}
	for _, at := range b.lines[tail:] {
		lines = append(lines, at+delta)
	}
	return &editBuffer{text: text, lines: lines}
}

// lineOf returns the index of the line holding offset off.
func lineOf(lines []int, off int) int {
	lo, hi := 0, len(lines)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// apply applies one content change of a didChange notification.
func (b *editBuffer) apply(change protocol.TextDocumentContentChangeEvent, enc syntax.Encoding) *editBuffer {
	switch c := change.(type) {
	case *protocol.TextDocumentContentChangePartial:
		start, end := b.offset(c.Range.Start, enc), b.offset(c.Range.End, enc)
		if end < start {
			start, end = end, start
		}
		return b.replace(start, end, c.Text)
	case *protocol.TextDocumentContentChangeWholeDocument:
		return newEditBuffer([]byte(c.Text))
	}
	return b
}
