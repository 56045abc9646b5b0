package lsp

import (
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// A document is one version of an open file: its text parsed, with the
// configuration that applies to it. It is immutable once built, so that a
// request can read it while an edit makes the next version.
type document struct {
	uri     uri.URI
	version int32
	// file is the robots.txt parsed; nil for an HTML page, which has page
	// instead.
	file *syntax.File
	page *pageDocument
	src  []byte       // the text
	cfg  *lint.Config // nil: the defaults
	conv converter

	lintOnce sync.Once
	diags    []lint.Diagnostic // the lint findings, built on first need

	fixAllOnce   sync.Once
	fixAllAction *protocol.CodeAction // nil when there is nothing to fix

	protocolOnce sync.Once
	published    []protocol.Diagnostic // diags as the client gets them
	shown        []int                 // published[i] is diags[shown[i]], for i < len(shown)
}

// text returns the document's bytes.
func (d *document) text() []byte { return d.src }

func newDocument(u uri.URI, version int32, text []byte, cfg *lint.Config, enc syntax.Encoding) *document {
	f := syntax.Parse(text)
	return &document{uri: u, version: version, file: f, src: text, cfg: cfg, conv: converter{index: f.LineIndex(), enc: enc}}
}
