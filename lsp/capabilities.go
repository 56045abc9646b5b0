package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// capabilities says what the server does, in the position encoding it
// chose. Formatting is left out when the client registers it dynamically
// (see registerFormatting).
func capabilities(enc protocol.PositionEncodingKind, dynamicFormatting bool) protocol.ServerCapabilities {
	caps := protocol.ServerCapabilities{
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
	if dynamicFormatting {
		caps.DocumentFormattingProvider = nil
	}
	return caps
}

// robotsTxtSelector selects the robots.txt files among the documents a
// client sends: by the languages editors give them (robots-txt in VS Code
// and Emacs, robots in Neovim) and by name.
func robotsTxtSelector() protocol.DocumentSelector {
	return protocol.DocumentSelector{
		&protocol.TextDocumentFilterLanguage{Language: "robots-txt"},
		&protocol.TextDocumentFilterLanguage{Language: "robots"},
		&protocol.TextDocumentFilterPattern{Pattern: protocol.Pattern("**/robots.txt")},
		&protocol.TextDocumentFilterPattern{Pattern: protocol.Pattern("**/*.robots.txt")},
	}
}

// registerFormatting registers formatting for robots.txt files alone
// (client/registerCapability), for a client that can be told so. Declared
// in the capabilities, it would cover every document the client sends,
// HTML pages too: VS Code would then count robotslint among the formatters
// of HTML, ask which one to use, and not format on save until told. The
// other robots.txt features need no such care: for a page they answer
// nothing, which clients merge with what other servers answer.
func (s *server) registerFormatting(ctx context.Context) {
	s.mu.Lock()
	ok := s.dynamicFormatting
	s.mu.Unlock()
	if !ok {
		return
	}
	selector := robotsTxtSelector()
	opts, err := protocol.Marshal(&protocol.DocumentFormattingRegistrationOptions{
		TextDocumentRegistrationOptions: protocol.TextDocumentRegistrationOptions{DocumentSelector: &selector},
	})
	if err == nil {
		err = s.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
			ID: "robotslint-formatting", Method: protocol.MethodTextDocumentFormatting, RegisterOptions: opts,
		}}})
	}
	if err != nil {
		s.log.Printf("client/registerCapability: %v", err)
	}
}
