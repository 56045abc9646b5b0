package rules

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// This file finds the lines Google reads as Allow or Disallow rules, for
// the rules that look at one rule line at a time.

// googleRuleKind reports whether Google reads line i, a directive line of
// the tree, as an Allow or a Disallow line, and which: as match.GoogleLine
// reads it, so misspelled keys ("Disalow") and keys that start with the
// name ("Disallowed") are rules, and a line Google cuts before its colon
// (at a NUL byte) is none. The rules that ask quote the value as the tree
// splits it, so lines the tree reads as no directive are not asked about.
func googleRuleKind(f *syntax.File, i int) (allow, ok bool) {
	if f.Lines[i].Kind != syntax.LineDirective {
		return false, false
	}
	switch d, _, _, _ := match.GoogleLine(f, i); d {
	case syntax.DirectiveAllow:
		return true, true
	case syntax.DirectiveDisallow:
		return false, true
	}
	return false, false
}

// ruleLinesWithByte calls fn once for each line, in order, whose text holds
// one of the bytes in chars, and which Google reads as an Allow or
// Disallow line, with the line's index and value. It searches the whole
// source for each byte, which is far quicker than looking at every line
// when the bytes are rare, as a backslash or a bracket are.
func ruleLinesWithByte(pass *lint.Pass, chars string, fn func(i int, l *syntax.Line, value []byte)) {
	f, end := pass.File, pass.ReadTo()
	var lines []int
	for k := 0; k < len(chars); k++ {
		c := chars[k]
		lines = linesHolding(lines, f, end, func(b []byte) int { return bytes.IndexByte(b, c) })
	}
	if len(chars) > 1 {
		slices.Sort(lines)
		lines = slices.Compact(lines)
	}
	eachRuleLine(f, lines, fn)
}

// ruleLinesWithString is ruleLinesWithByte for a string.
func ruleLinesWithString(pass *lint.Pass, s string, fn func(i int, l *syntax.Line, value []byte)) {
	sub := []byte(s)
	eachRuleLine(pass.File, linesHolding(nil, pass.File, pass.ReadTo(), func(b []byte) int { return bytes.Index(b, sub) }), fn)
}

// linesHolding appends to lines, in order, the index of each line of f in
// which find, which returns the offset of its first match in b or -1,
// finds something, among the lines that start before end (Pass.ReadTo).
func linesHolding(lines []int, f *syntax.File, end int, find func(b []byte) int) []int {
	src := f.Bytes()[:end]
	var cur lineCursor
	for at := 0; at < len(src); {
		n := find(src[at:])
		if n < 0 {
			break
		}
		i := cur.line(f, at+n)
		if i < 0 {
			at += n + 1
			continue
		}
		lines = append(lines, i)
		at = f.Lines[i].Span.End
	}
	return lines
}

// eachRuleLine calls fn for each of lines that Google reads as a rule.
func eachRuleLine(f *syntax.File, lines []int, fn func(i int, l *syntax.Line, value []byte)) {
	for _, i := range lines {
		l := &f.Lines[i]
		if _, ok := googleRuleKind(f, i); ok {
			fn(i, l, f.Text(l.Value()))
		}
	}
}

// lineCursor finds the lines of increasing offsets by walking forward
// from the last one found: over a whole search that costs one step per
// line, where f.LineAt costs a binary search per offset.
type lineCursor struct{ i int }

// line returns the index of the line holding offset off, which is not
// below any offset asked before, or -1 when off is in the byte order mark.
func (c *lineCursor) line(f *syntax.File, off int) int {
	for c.i < len(f.Lines) && f.Lines[c.i].Span.End <= off {
		c.i++
	}
	if c.i == len(f.Lines) || off < f.Lines[c.i].Span.Start {
		return -1
	}
	return c.i
}

// ruleLinesWithHighBytes is ruleLinesWithByte for the bytes from 0x80,
// found eight at a time.
func ruleLinesWithHighBytes(f *syntax.File, fn func(i int, l *syntax.Line, value []byte)) {
	src := f.Bytes()
	const high = 0x8080808080808080
	var cur lineCursor
	for at := 0; at < len(src); {
		if at+8 <= len(src) {
			if binary.LittleEndian.Uint64(src[at:])&high == 0 {
				at += 8
				continue
			}
		}
		if src[at] < 0x80 {
			at++
			continue
		}
		i := cur.line(f, at)
		if i < 0 {
			at++
			continue
		}
		l := &f.Lines[i]
		if _, ok := googleRuleKind(f, i); ok {
			fn(i, l, f.Text(l.Value()))
		}
		at = l.Span.End
	}
}
