package lsp

import (
	"bytes"
	"context"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// codeActionFixAll is the source action that applies every safe fix, for
// editors' "fix all on save".
const codeActionFixAll protocol.CodeActionKind = "source.fixAll.robotslint"

// CodeAction offers, for each finding in the range: a quick fix per fix
// (the safe one preferred; an unsafe one says so), and a quick fix that
// disables the rule for the line; and, for the whole file, the action
// that applies every safe fix.
func (s *server) CodeAction(ctx context.Context, params *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	d := f.document()
	want := func(kind protocol.CodeActionKind) bool {
		if len(params.Context.Only) == 0 {
			return true
		}
		for _, only := range params.Context.Only {
			if kind == only || strings.HasPrefix(string(kind), string(only)+".") {
				return true
			}
		}
		return false
	}
	actions := []protocol.CommandOrCodeAction{}
	if want(protocol.CodeActionKindQuickFix) {
		span := d.conv.span(params.Range)
		lds := d.lintDiagnostics()
		pds := d.protocolDiagnostics()
		for k, i := range d.shown {
			if !touches(lds[i].Span, span) {
				continue
			}
			for _, a := range d.quickFixes(&lds[i], pds[k]) {
				actions = append(actions, &a)
			}
		}
	}
	if want(codeActionFixAll) {
		if a, ok := d.fixAll(); ok {
			actions = append(actions, &a)
		}
	}
	return actions, cancelled(ctx)
}

// touches reports whether a finding's span meets the requested range; an
// empty range (a cursor) meets the spans around it.
func touches(a, b syntax.Span) bool {
	return a.Start <= b.End && b.Start <= a.End
}

// quickFixes returns the actions for one finding: its fixes, and the
// suppression comment that silences it, which is never preferred.
func (d *document) quickFixes(ld *lint.Diagnostic, pd protocol.Diagnostic) []protocol.CodeAction {
	var actions []protocol.CodeAction
	preferred := true
	for _, fix := range ld.Fixes {
		title := fix.Title
		if !fix.Safe {
			title += " (may change what crawlers do)"
		}
		a := d.quickFix(title, fix, pd)
		if fix.Safe && preferred {
			a.IsPreferred = ptr(true)
			preferred = false
		}
		actions = append(actions, a)
	}
	suppress := func() (lint.Fix, bool) {
		if d.page != nil {
			return lint.SuppressPageFix(d.src, ld)
		}
		return lint.SuppressFix(d.file, ld)
	}
	if fix, ok := suppress(); ok {
		actions = append(actions, d.quickFix(fix.Title, fix, pd))
	}
	return actions
}

// quickFix is the action that applies fix to the finding pd.
func (d *document) quickFix(title string, fix lint.Fix, pd protocol.Diagnostic) protocol.CodeAction {
	return protocol.CodeAction{
		Title:       title,
		Kind:        ptr(protocol.CodeActionKindQuickFix),
		Diagnostics: []protocol.Diagnostic{pd},
		Edit:        d.workspaceEdit(d.textEdits(fix.Edits)),
	}
}

// fixAll returns the action that applies every safe fix, as one edit of
// the changed lines, or false when there is nothing to fix. Fixing takes up
// to 100 rounds of linting, and editors ask for code actions at every move
// of the cursor: the action is built once per version of the document. An
// HTML page has none: the page rules' fixes change what crawlers do with
// the page and are all unsafe, offered one by one as quick fixes.
func (d *document) fixAll() (protocol.CodeAction, bool) {
	if d.page != nil {
		return protocol.CodeAction{}, false
	}
	d.fixAllOnce.Do(func() {
		src := d.text()
		fixed, applied := lint.FixAll(src, rules.All(), d.cfg, false)
		if len(applied) == 0 || bytes.Equal(fixed, src) {
			return
		}
		d.fixAllAction = &protocol.CodeAction{
			Title: "Fix all safe robotslint findings",
			Kind:  ptr(codeActionFixAll),
			Edit:  d.workspaceEdit([]protocol.TextEdit{d.replaceChanged(fixed)}),
		}
	})
	if d.fixAllAction == nil {
		return protocol.CodeAction{}, false
	}
	return *d.fixAllAction, true
}

// replaceChanged returns one edit that turns the document's text into
// after, replacing only the bytes between their common head and tail, so
// that the client keeps its cursor and marks elsewhere.
func (d *document) replaceChanged(after []byte) protocol.TextEdit {
	before := d.text()
	head := 0
	for head < len(before) && head < len(after) && before[head] == after[head] {
		head++
	}
	// Back to a character boundary: the edit's range is in code units;
	// and not between the CR and LF of a line break, which clients count
	// as one.
	for head > 0 && head < len(before) && (before[head]&0xC0 == 0x80 || before[head-1] == '\r' && before[head] == '\n') {
		head--
	}
	tail := 0
	for tail < len(before)-head && tail < len(after)-head && before[len(before)-1-tail] == after[len(after)-1-tail] {
		tail++
	}
	for tail > 0 && (before[len(before)-tail]&0xC0 == 0x80 || len(before)-tail > 0 && before[len(before)-tail] == '\n' && before[len(before)-tail-1] == '\r') {
		tail--
	}
	return protocol.TextEdit{
		Range:   d.conv.rng(syntax.Span{Start: head, End: len(before) - tail}),
		NewText: string(after[head : len(after)-tail]),
	}
}

func (d *document) workspaceEdit(edits []protocol.TextEdit) *protocol.WorkspaceEdit {
	return &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{d.uri: edits}}
}

func ptr[T any](v T) *T { return &v }
