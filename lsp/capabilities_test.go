package lsp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// capabilityFile puts 😀 and é before what each request is about, so that
// columns differ between UTF-16 (😀 is two units, é one) and UTF-8 (four
// and two bytes).
const capabilityFile = "# 😀 é\n" +
	"User-agent: *\n" +
	"Disalow: /private/ # é😀\n" +
	"Crawl-delay: 5\n" +
	"Sitemap: https://example.com/sitemap.xml\n" +
	"\n" +
	"user-agent:Googlebot\n" +
	"Allow: /\n"

// TestCapabilities drives every capability through the server over a
// pipe, under both position encodings.
func TestCapabilities(t *testing.T) {
	for _, enc := range []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF16, protocol.PositionEncodingKindUTF8} {
		t.Run(string(enc), func(t *testing.T) {
			s := startSession(t, enc)
			u := uri.URI("untitled:Untitled-1") // an unsaved buffer, as clients name them
			p := s.open(u, capabilityFile)
			// The comment on line 0 holds 😀 and é; the finding on line
			// 2 starts at column 0 either way, and the comment after
			// its value is where the encodings part.
			if !strings.Contains(codes(p), "misspelled-directive") {
				t.Fatalf("diagnostics: %s", codes(p))
			}
			col := func(utf16, utf8 uint32) uint32 {
				if enc == protocol.PositionEncodingKindUTF8 {
					return utf8
				}
				return utf16
			}
			ctx := s.ctx()
			doc := protocol.TextDocumentIdentifier{URI: u}
			at := func(line, char uint32) protocol.TextDocumentPositionParams {
				return protocol.TextDocumentPositionParams{TextDocument: doc, Position: protocol.Position{Line: line, Character: char}}
			}

			// Hover on the misspelled name, and on the crawler.
			h, err := s.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: at(2, 2)})
			if err != nil || h == nil {
				t.Fatalf("hover: %v %v", h, err)
			}
			if text := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(text, "Disallow") || h.Contents.(*protocol.MarkupContent).Kind != protocol.MarkupKindMarkdown {
				t.Errorf("hover on Disalow: %q", text)
			}
			if h, _ := s.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: at(6, 14)}); h == nil ||
				!strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "Google") {
				t.Errorf("hover on Googlebot: %+v", h)
			}

			// Completion after "User-agent:" offers crawler tokens.
			res, err := s.server.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(6, 11)})
			if err != nil {
				t.Fatal(err)
			}
			items := res.(protocol.CompletionItemSlice)
			if !hasLabel(items, "Googlebot") || !hasLabel(items, "GPTBot") {
				t.Errorf("completion after User-agent: %d items", len(items))
			}
			// At the start of a line: directive names.
			res, _ = s.server.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(5, 0)})
			if items := res.(protocol.CompletionItemSlice); !hasLabel(items, "Disallow") {
				t.Errorf("completion on a blank line: %d items", len(items))
			}

			// Code actions on the misspelling: the safe rename first and
			// preferred, a line suppression, and fix-all.
			actions, err := s.server.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: doc,
				Range: protocol.Range{Start: protocol.Position{Line: 2, Character: 0}, End: protocol.Position{Line: 2, Character: 3}}})
			if err != nil {
				t.Fatal(err)
			}
			var titles []string
			for _, a := range actions {
				titles = append(titles, a.(*protocol.CodeAction).Title)
			}
			all := strings.Join(titles, " | ")
			if !strings.Contains(all, "Rename to Disallow") || !strings.Contains(all, "Disable misspelled-directive for this line") || !strings.Contains(all, "Fix all") {
				t.Errorf("code actions: %s", all)
			}
			first := actions[0].(*protocol.CodeAction)
			if first.IsPreferred == nil || !*first.IsPreferred {
				t.Errorf("the first action %q is not preferred", first.Title)
			}
			edit := first.Edit.Changes[u][0]
			if edit.NewText != "Disallow" || edit.Range.Start != (protocol.Position{Line: 2, Character: 0}) {
				t.Errorf("the rename edit: %+v", edit)
			}
			only, _ := s.server.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: doc, Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{"source.fixAll"}}})
			if len(only) != 1 || *only[0].(*protocol.CodeAction).Kind != codeActionFixAll {
				t.Errorf("only source.fixAll: %d actions", len(only))
			}

			// Formatting: the name's case and the space after the colon.
			edits, err := s.server.Formatting(ctx, &protocol.DocumentFormattingParams{TextDocument: doc})
			if err != nil || len(edits) == 0 || !strings.Contains(fmt.Sprint(edits), "User-agent: Googlebot") {
				t.Errorf("formatting: %v %v", edits, err)
			}

			// Symbols: the group (the misspelled Disallow leaves Googlebot in it, as RFC 9309 reads the file), and the Sitemap.
			syms, err := s.server.DocumentSymbol(ctx, &protocol.DocumentSymbolParams{TextDocument: doc})
			if err != nil || len(syms.(protocol.DocumentSymbolSlice)) < 2 {
				t.Errorf("symbols: %v %v", syms, err)
			}

			// Folding: the first group spans lines 1 to 3 at least.
			folds, err := s.server.FoldingRanges(ctx, &protocol.FoldingRangeParams{TextDocument: doc})
			if err != nil || len(folds) == 0 || folds[0].StartLine != 0 && folds[0].StartLine != 1 {
				t.Errorf("folding: %+v %v", folds, err)
			}

			// Semantic tokens: the comment after the value starts after
			// "Disalow: /private/ " (19) on line 2 either way; the first
			// token of line 0 is the comment, whose length differs.
			tokens, err := s.server.SemanticTokensFull(ctx, &protocol.SemanticTokensParams{TextDocument: doc})
			if err != nil || len(tokens.Data) < 5 {
				t.Fatalf("semantic tokens: %v %v", tokens, err)
			}
			if got, want := tokens.Data[2], col(6, 9); got != want {
				t.Errorf("the first comment's length is %d, want %d", got, want)
			}

			// Links: the sitemap, on line 4 from column 9.
			links, err := s.server.DocumentLink(ctx, &protocol.DocumentLinkParams{TextDocument: doc})
			if err != nil || len(links) != 1 || links[0].Range.Start != (protocol.Position{Line: 4, Character: 9}) {
				t.Errorf("links: %+v %v", links, err)
			}

			// Pull diagnostics, then unchanged on a second pull.
			report, err := s.server.Diagnostic(ctx, &protocol.DocumentDiagnosticParams{TextDocument: doc})
			if err != nil {
				t.Fatal(err)
			}
			full := report.(*protocol.RelatedFullDocumentDiagnosticReport)
			again, _ := s.server.Diagnostic(ctx, &protocol.DocumentDiagnosticParams{TextDocument: doc, PreviousResultID: full.ResultID})
			if _, ok := again.(*protocol.RelatedUnchangedDocumentDiagnosticReport); !ok {
				t.Errorf("a second pull: %T", again)
			}

			// A request about a file that is not open is an error, not a
			// crash.
			if _, err := s.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///nope"}}}); err == nil {
				t.Error("hover on a closed file succeeds")
			}
		})
	}
}

func hasLabel(items []protocol.CompletionItem, label string) bool {
	for _, it := range items {
		if it.Label == label {
			return true
		}
	}
	return false
}

// TestCancel cancels a request: the client gets its context's error, and
// the session goes on.
func TestCancel(t *testing.T) {
	s := startSession(t, "")
	s.open(testURI, capabilityFile)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Position: protocol.Position{Line: 2, Character: 1}}}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled hover: %v", err)
	}
	if h, err := s.server.Hover(s.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Position: protocol.Position{Line: 2, Character: 1}}}); err != nil || h == nil {
		t.Errorf("after a cancellation: %v %v", h, err)
	}
}
