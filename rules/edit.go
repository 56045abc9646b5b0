package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the edits the rules' fixes are made of, so that every
// fix inserts and removes lines alike: with the file's own line
// terminators, and never leaving a line without one.

// newlineAt returns the line terminator to write after a new line next to
// line i: line i's own, or else the one the file mostly uses.
func newlineAt(f *syntax.File, i int) string {
	if i >= 0 && i < len(f.Lines) {
		if eol := f.Lines[i].EOL(); eol.Len() > 0 {
			return string(f.Text(eol))
		}
	}
	return f.Newline()
}

// insertLineAfter returns the edit that adds text as a new line after line
// i, keeping line i's terminator and giving the new line the same one; a
// last line without a terminator gets one before the new line, and the new
// line then has none, as the file had.
func insertLineAfter(f *syntax.File, i int, text string) lint.Edit {
	l := &f.Lines[i]
	eol := newlineAt(f, i)
	if l.EOL().Len() == 0 {
		return lint.Edit{Span: syntax.Span{Start: l.Span.End, End: l.Span.End}, NewText: eol + text}
	}
	return lint.Edit{Span: syntax.Span{Start: l.Span.End, End: l.Span.End}, NewText: text + eol}
}

// removeBlankLine returns the edit that removes blank line i: the line, or,
// when a stray carriage return makes it (the line above ends "\r\r\n"),
// that carriage return, which leaves the line above ending in "\r\n".
func removeBlankLine(f *syntax.File, i int) lint.Edit {
	if blankLineHint(f, i) != "" {
		return lint.Edit{Span: f.Lines[i-1].EOL()}
	}
	return lint.Edit{Span: f.Lines[i].Span}
}

// removeSpan returns text without text[from:to].
func removeSpan(text []byte, from, to int) []byte {
	out := make([]byte, 0, len(text)-(to-from))
	return append(append(out, text[:from]...), text[to:]...)
}

// nameFix returns the fix that makes a line name its directive exactly and
// follow the name with a colon, or false when there is nothing to fix.
// misspelled-directive and missing-colon offer the same fix on a line that
// needs both, so that applying either leaves the line whole.
func nameFix(pass *lint.Pass, i int, info *lineInfo) (lint.Fix, bool) {
	canonical := info.meant.Canonical()
	rename := info.how != matchExact
	var edits []lint.Edit
	title := ""
	switch {
	case info.how == matchGarbled && info.colon == colonOK:
		edits = []lint.Edit{{Span: info.garbled}}
		title = "Remove the garbled byte order mark"
	case info.colon == colonOK && rename:
		edits = []lint.Edit{{Span: info.name, NewText: canonical}}
		title = "Rename to " + canonical
	case info.colon == colonOK:
		return lint.Fix{}, false
	case info.colon == colonStandIn && !rename:
		edits = []lint.Edit{{Span: info.sep, NewText: ":"}}
		title = "Replace " + prose.Quote(pass.File.Text(info.sep)) + " with `:`"
	case info.colon == colonStandIn:
		edits = []lint.Edit{{Span: syntax.Span{Start: info.garbled.Start, End: info.sep.End}, NewText: canonical + ":"}}
		title = "Rewrite as `" + canonical + ":`"
	case !rename:
		edits = []lint.Edit{{Span: syntax.Span{Start: info.name.End, End: info.name.End}, NewText: ":"}}
		title = "Insert `:`"
	default:
		edits = []lint.Edit{{Span: syntax.Span{Start: info.garbled.Start, End: info.name.End}, NewText: canonical + ":"}}
		title = "Rewrite as `" + canonical + ":`"
	}
	return lint.Fix{Title: title, Safe: pass.ProveSafe(i, edits), Edits: edits}, true
}

// deleteLine returns the edit that deletes line i with its terminator.
func deleteLine(f *syntax.File, i int) lint.Edit {
	return lint.Edit{Span: f.Lines[i].Span}
}
