package lsp

import (
	"strings"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/explain"
	"github.com/robotslint/robotslint/syntax"
)

// hover explains to a webmaster the directive name or value at byte offset
// off (see explain.At), or in an HTML page the robots META tag name, rule
// or section marker there (see explain.PageAt), or returns nil where there
// is nothing to explain.
// With markdown false the text holds no markdown syntax at all: clients
// such as eglot without markdown-mode show it verbatim.
func hover(d *document, off int, markdown bool) *protocol.Hover {
	var targets []*match.Profile
	if d.cfg != nil {
		targets = d.cfg.Targets
	}
	var doc explain.Doc
	var span syntax.Span
	if d.page != nil {
		doc, span = explain.PageAt(d.page.doc, off, targets)
	} else {
		doc, span = explain.At(d.file, off, targets)
	}
	if len(doc.Blocks) == 0 {
		return nil
	}
	content := &protocol.MarkupContent{Kind: protocol.MarkupKindPlainText, Value: doc.String()}
	if markdown {
		content = &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: markdownOf(doc)}
	}
	rng := d.conv.rng(span)
	return &protocol.Hover{Contents: content, Range: &rng}
}

// markdownOf renders an explanation as Markdown: terms in bold, code in
// code spans, links as links, and the text around them escaped so that a
// '*' or '_' in a crawler's notes does not start emphasis.
func markdownOf(doc explain.Doc) string {
	var b strings.Builder
	for k, block := range doc.Blocks {
		if k > 0 {
			b.WriteString("\n\n")
		}
		switch block.Kind {
		case explain.Paragraph:
			markdownSpans(&b, block.Spans)
		case explain.List:
			for n, item := range block.Items {
				if n > 0 {
					b.WriteByte('\n')
				}
				b.WriteString("- ")
				markdownSpans(&b, item)
			}
		}
	}
	return b.String()
}

func markdownSpans(b *strings.Builder, spans []explain.Span) {
	for _, s := range spans {
		switch s.Kind {
		case explain.Text:
			b.WriteString(markdownEscape(s.Text))
		case explain.Term:
			b.WriteString("**" + markdownEscape(s.Text) + "**")
		case explain.Code:
			if strings.Contains(s.Text, "`") {
				b.WriteString("`` " + s.Text + " ``")
			} else {
				b.WriteString("`" + s.Text + "`")
			}
		case explain.Link:
			target := strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(s.Text)
			b.WriteString("[" + markdownEscape(s.Text) + "](" + target + ")")
		}
	}
}

// markdownEscape makes text literal in Markdown.
func markdownEscape(s string) string {
	if !strings.ContainsAny(s, "\\`*_[]<>") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\`*_[]<>", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
