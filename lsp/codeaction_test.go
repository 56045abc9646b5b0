package lsp

import (
	"testing"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/syntax"
)

// fixAllEdit asks the server for the fix-all action of the document at
// testURI and returns its one edit.
func (s *session) fixAllEdit() protocol.TextEdit {
	s.t.Helper()
	actions, err := s.server.CodeAction(s.ctx(), &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: testURI},
		Context:      protocol.CodeActionContext{Only: []protocol.CodeActionKind{codeActionFixAll}},
	})
	if err != nil || len(actions) != 1 {
		s.t.Fatalf("fix-all: %d actions, %v", len(actions), err)
	}
	edits := actions[0].(*protocol.CodeAction).Edit.Changes[testURI]
	if len(edits) != 1 {
		s.t.Fatalf("fix-all: %d edits", len(edits))
	}
	return edits[0]
}

// applied returns text with edit applied, as a client applies it.
func applied(text string, edit protocol.TextEdit) string {
	return string(newEditBuffer([]byte(text)).apply(&protocol.TextDocumentContentChangePartial{Range: edit.Range, Text: edit.NewText}, syntax.UTF16).text)
}

// TestFixAllCRLF: fix-all keeps a CRLF document's line endings.
func TestFixAllCRLF(t *testing.T) {
	s := startSession(t, "")
	const text = "User-agent: *\r\nDisalow: /a\r\nDisallow: /b\r\nDisallow: /b\r\n"
	s.open(testURI, text)
	const want = "User-agent: *\r\nDisallow: /a\r\nDisallow: /b\r\n"
	if got := applied(text, s.fixAllEdit()); got != want {
		t.Errorf("fix-all gives %q, want %q", got, want)
	}
}

// TestFixAllOncePerVersion: the fix-all action is built once per version
// of a document, however often it is asked for, and anew for a new
// version.
func TestFixAllOncePerVersion(t *testing.T) {
	d := newDocument(testURI, 1, []byte("User-agent: *\nDisalow: /a\n"), nil, syntax.UTF16)
	first, ok := d.fixAll()
	again, _ := d.fixAll()
	if !ok || first.Edit == nil || first.Edit != again.Edit {
		t.Errorf("the fix-all action was built twice: %p, %p", first.Edit, again.Edit)
	}
	next := newDocument(testURI, 2, []byte("User-agent: *\nDisalow: /b\n"), nil, syntax.UTF16)
	if a, _ := next.fixAll(); a.Edit == first.Edit || applied(string(next.text()), a.Edit.Changes[testURI][0]) != "User-agent: *\nDisallow: /b\n" {
		t.Errorf("the next version's fix-all: %+v", a.Edit)
	}

	// Over the protocol: the second request gets the same edit, and an
	// edit of the document a new one.
	s := startSession(t, "")
	text := "User-agent: *\nDisalow: /a\n"
	s.open(testURI, text)
	if a, b := s.fixAllEdit(), s.fixAllEdit(); a != b || applied(text, a) != "User-agent: *\nDisallow: /a\n" {
		t.Errorf("two requests: %+v and %+v", a, b)
	}
	s.change(2, protocol.Range{Start: protocol.Position{Line: 1, Character: 0}, End: protocol.Position{Line: 1, Character: 0}}, "Allow: /a\nDisalow: /c\n")
	s.waitDiagnostics(testURI, 2)
	text = "User-agent: *\nAllow: /a\nDisalow: /c\nDisalow: /a\n"
	if got := applied(text, s.fixAllEdit()); got != "User-agent: *\nAllow: /a\nDisallow: /c\nDisallow: /a\n" {
		t.Errorf("fix-all after an edit gives %q", got)
	}
}

// TestReplaceChangedKeepsLineBreaks: the one edit of fix-all never starts
// or ends between the CR and LF of a line break.
func TestReplaceChangedKeepsLineBreaks(t *testing.T) {
	for _, tt := range []struct{ before, after string }{
		{"a\r\nb", "a\r"},
		{"a\r\nb\r\n", "a\n"},
		{"\nx", "\r\nx"},
		{"x\r\ny\r\n", "x\r\n"},
	} {
		d := newDocument(testURI, 1, []byte(tt.before), nil, syntax.UTF16)
		e := d.replaceChanged([]byte(tt.after))
		start, end := d.conv.span(e.Range).Start, d.conv.span(e.Range).End
		inBreak := func(i int) bool { return i > 0 && i < len(tt.before) && tt.before[i-1] == '\r' && tt.before[i] == '\n' }
		if inBreak(start) || inBreak(end) || tt.before[:start]+e.NewText+tt.before[end:] != tt.after {
			t.Errorf("%q -> %q: replace [%d, %d) by %q", tt.before, tt.after, start, end, e.NewText)
		}
	}
}
