package lsp

import (
	"bytes"
	"context"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
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

// quickFixes returns the actions for one finding.
func (d *document) quickFixes(ld *lint.Diagnostic, pd protocol.Diagnostic) []protocol.CodeAction {
	var actions []protocol.CodeAction
	preferred := true
	for _, fix := range ld.Fixes {
		title := fix.Title
		if !fix.Safe {
			title += " (may change what crawlers do)"
		}
		a := protocol.CodeAction{
			Title:       title,
			Kind:        ptr(protocol.CodeActionKindQuickFix),
			Diagnostics: []protocol.Diagnostic{pd},
			Edit:        d.workspaceEdit(d.textEdits(fix.Edits)),
		}
		if fix.Safe && preferred {
			a.IsPreferred = ptr(true)
			preferred = false
		}
		actions = append(actions, a)
	}
	if edit, ok := d.suppression(ld); ok {
		actions = append(actions, protocol.CodeAction{
			Title:       "Disable " + ld.Rule + " for this line",
			Kind:        ptr(protocol.CodeActionKindQuickFix),
			Diagnostics: []protocol.Diagnostic{pd},
			Edit:        d.workspaceEdit([]protocol.TextEdit{edit}),
		})
	}
	return actions
}

// suppression returns the edit that inserts a
// "# robotslint:disable-next-line RULE" comment above the finding's line,
// indented as that line is, or adds the rule to such a comment already
// there.
func (d *document) suppression(ld *lint.Diagnostic) (protocol.TextEdit, bool) {
	f := d.file
	if len(f.Lines) == 0 || ld.Rule == "unused-suppression" {
		return protocol.TextEdit{}, false
	}
	i := f.LineAt(ld.Span.Start)
	if i < 0 {
		i = 0
	}
	line := f.Lines[i]
	if i > 0 {
		above := f.Lines[i-1]
		text := f.Text(above.Text())
		const marker = "robotslint:disable-next-line "
		if k := bytes.Index(text, []byte(marker)); k >= 0 && bytes.HasPrefix(bytes.TrimLeft(text, " \t"), []byte("#")) {
			// Add the rule to the list, before any " -- reason".
			list := text[k+len(marker):]
			end := len(list)
			if r := bytes.Index(list, []byte(" --")); r >= 0 {
				end = r
			}
			end = len(bytes.TrimRight(list[:end], " \t"))
			at := above.Text().Start + k + len(marker) + end
			return protocol.TextEdit{Range: d.conv.rng(syntax.Span{Start: at, End: at}), NewText: "," + ld.Rule}, true
		}
	}
	text := f.Text(line.Text())
	indent := text[:len(text)-len(bytes.TrimLeft(text, " \t"))]
	newline := "\n"
	if bytes.HasSuffix(f.Text(line.Span), []byte("\r\n")) {
		newline = "\r\n"
	}
	at := line.Span.Start
	return protocol.TextEdit{
		Range:   d.conv.rng(syntax.Span{Start: at, End: at}),
		NewText: string(indent) + "# robotslint:disable-next-line " + ld.Rule + newline,
	}, true
}

// fixAll returns the action that applies every safe fix, as one edit of
// the changed lines, or false when there is nothing to fix.
func (d *document) fixAll() (protocol.CodeAction, bool) {
	src := d.text()
	fixed, applied := lint.FixAll(src, allRules(), d.cfg, false)
	if len(applied) == 0 || bytes.Equal(fixed, src) {
		return protocol.CodeAction{}, false
	}
	return protocol.CodeAction{
		Title: "Fix all safe robotslint findings",
		Kind:  ptr(codeActionFixAll),
		Edit:  d.workspaceEdit([]protocol.TextEdit{d.replaceChanged(fixed)}),
	}, true
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
	// Back to a character boundary: the edit's range is in code units.
	for head > 0 && head < len(before) && before[head]&0xC0 == 0x80 {
		head--
	}
	tail := 0
	for tail < len(before)-head && tail < len(after)-head && before[len(before)-1-tail] == after[len(after)-1-tail] {
		tail++
	}
	for tail > 0 && before[len(before)-tail]&0xC0 == 0x80 {
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
