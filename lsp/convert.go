package lsp

import (
	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/syntax"
)

// converter turns the linter's byte offsets into LSP positions and back,
// in the position encoding negotiated with the client. It is the one place
// that knows LSP counts lines from 0 and columns in code units.
type converter struct {
	index *syntax.LineIndex
	enc   syntax.Encoding
}

func (c converter) position(off int) protocol.Position {
	p := c.index.LSPPosition(off, c.enc)
	return protocol.Position{Line: uint32(p.Line), Character: uint32(p.Character)}
}

func (c converter) rng(s syntax.Span) protocol.Range {
	return protocol.Range{Start: c.position(s.Start), End: c.position(s.End)}
}

// offset returns the byte offset of p, clamped to the file.
func (c converter) offset(p protocol.Position) int {
	return c.index.LSPOffset(syntax.LSPPosition{Line: int(p.Line), Character: int(p.Character)}, c.enc)
}

// span returns the byte range of r.
func (c converter) span(r protocol.Range) syntax.Span {
	start, end := c.offset(r.Start), c.offset(r.End)
	if end < start {
		start, end = end, start
	}
	return syntax.Span{Start: start, End: end}
}
