package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// The requests below read one version of a file; each feature lives in its
// own file (hover.go, complete.go, outline.go, tokens.go, links.go,
// formatting.go), and these only find the document and the offset. Those
// of robots.txt alone answer nothing for an HTML page (see page.go).

// Hover explains what is under the cursor.
func (s *server) Hover(ctx context.Context, params *protocol.HoverParams) (*protocol.Hover, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	d := f.document()
	s.mu.Lock()
	markdown := s.markdown
	s.mu.Unlock()
	return hover(d, d.conv.offset(params.Position), markdown), cancelled(ctx)
}

// Completion offers directive names, crawler tokens and the start of URLs.
func (s *server) Completion(ctx context.Context, params *protocol.CompletionParams) (protocol.CompletionResult, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	d := f.document()
	if d.page != nil {
		return protocol.CompletionItemSlice{}, nil
	}
	return protocol.CompletionItemSlice(completion(d, d.conv.offset(params.Position))), cancelled(ctx)
}

// Formatting gives the edits of `robotslint fmt`.
func (s *server) Formatting(ctx context.Context, params *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d := f.document(); d.page == nil {
		return formatting(d), cancelled(ctx)
	}
	return nil, nil
}

// DocumentSymbol outlines the groups and their rules.
func (s *server) DocumentSymbol(ctx context.Context, params *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d := f.document(); d.page == nil {
		return protocol.DocumentSymbolSlice(documentSymbols(d)), cancelled(ctx)
	}
	return protocol.DocumentSymbolSlice{}, nil
}

// FoldingRanges folds groups and comment blocks.
func (s *server) FoldingRanges(ctx context.Context, params *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d := f.document(); d.page == nil {
		return foldingRanges(d), cancelled(ctx)
	}
	return []protocol.FoldingRange{}, nil
}

// SemanticTokensFull colours the whole file.
func (s *server) SemanticTokensFull(ctx context.Context, params *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d := f.document(); d.page == nil {
		return &protocol.SemanticTokens{Data: semanticTokens(d)}, cancelled(ctx)
	}
	// null rather than no tokens: VS Code takes the first provider's
	// tokens, even none, over the HTML support's own.
	return nil, nil
}

// DocumentLink links Sitemap URLs.
func (s *server) DocumentLink(ctx context.Context, params *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d := f.document(); d.page == nil {
		return documentLinks(d), cancelled(ctx)
	}
	return []protocol.DocumentLink{}, nil
}
