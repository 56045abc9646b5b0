package lsp

import "go.lsp.dev/protocol"

// capabilities says what the server does, in the position encoding it
// chose.
func capabilities(enc protocol.PositionEncodingKind) protocol.ServerCapabilities {
	return protocol.ServerCapabilities{
		PositionEncoding: enc,
		TextDocumentSync: &protocol.TextDocumentSyncOptions{
			OpenClose: ptr(true),
			Change:    ptr(protocol.TextDocumentSyncKindIncremental),
			Save:      protocol.Boolean(true),
		},
		DiagnosticProvider:         &protocol.DiagnosticOptions{Identifier: ptr("robotslint")},
		HoverProvider:              protocol.Boolean(true),
		CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{":", " "}},
		DocumentFormattingProvider: protocol.Boolean(true),
		DocumentSymbolProvider:     protocol.Boolean(true),
		FoldingRangeProvider:       protocol.Boolean(true),
		SemanticTokensProvider: &protocol.SemanticTokensOptions{
			Legend: protocol.SemanticTokensLegend{TokenTypes: semanticTokenTypes, TokenModifiers: semanticTokenModifiers},
			Full:   protocol.Boolean(true),
		},
		DocumentLinkProvider: &protocol.DocumentLinkOptions{},
		CodeActionProvider: &protocol.CodeActionOptions{
			CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, codeActionFixAll},
		},
	}
}
