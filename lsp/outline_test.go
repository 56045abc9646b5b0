package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/syntax"
)

// outlineFile has a rule before any group, a group of two agents with
// rules and a Crawl-delay, a group whose span runs on over a Sitemap line,
// and comments that lead into groups.
const outlineFile = "Disallow: /orphan\n" + // 0
	"# search engines\n" + // 1
	"User-agent: Googlebot\n" + // 2
	"user-agent: Bingbot\n" + // 3
	"Disallow: /private/\n" + // 4
	"# but not this\n" + // 5
	"# one\n" + // 6
	"ALLOW: /private/public\n" + // 7
	"Crawl-delay: 5\n" + // 8
	"\n" + // 9
	"# everyone else\n" + // 10
	"User-agent: *\n" + // 11
	"Disallow: /tmp/\n" + // 12
	"\n" + // 13
	"Sitemap: https://example.com/sitemap.xml\n" // 14

func TestDocumentSymbols(t *testing.T) {
	d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(outlineFile), nil, syntax.UTF16)
	var got strings.Builder
	writeSymbols(&got, documentSymbols(d), "")
	want := `Property "Disallow: /orphan" 0:0-0:17 sel 0:0-0:8 (outside any group)
Namespace "User-agent: Googlebot, Bingbot" 2:0-8:14 sel 2:12-2:21 (2 rules)
  Property "Disallow: /private/" 4:0-4:19 sel 4:0-4:8
  Property "Allow: /private/public" 7:0-7:22 sel 7:0-7:5
  Key "Crawl-delay: 5" 8:0-8:14 sel 8:0-8:11
Namespace "User-agent: *" 11:0-12:15 sel 11:12-11:13 (1 rule)
  Property "Disallow: /tmp/" 12:0-12:15 sel 12:0-12:8
File "Sitemap: https://example.com/sitemap.xml" 14:0-14:40 sel 14:0-14:7
`
	if got.String() != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got.String(), want)
	}
}

// TestDocumentSymbolsSitemapInGroup checks that a Sitemap line between the
// rules of a group is a top-level symbol and not a child of the group,
// and that an empty user-agent value still gives the group a name.
func TestDocumentSymbolsSitemapInGroup(t *testing.T) {
	text := "User-agent:\nDisallow: /a\nSitemap: https://example.com/s.xml\nHost: example.com\nDisallow: /b\n"
	d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), nil, syntax.UTF16)
	var got strings.Builder
	writeSymbols(&got, documentSymbols(d), "")
	want := `Namespace "User-agent: (empty)" 0:0-4:12 sel 0:11-0:11 (2 rules)
  Property "Disallow: /a" 1:0-1:12 sel 1:0-1:8
  Property "Disallow: /b" 4:0-4:12 sel 4:0-4:8
File "Sitemap: https://example.com/s.xml" 2:0-2:34 sel 2:0-2:7
Constant "Host: example.com" 3:0-3:17 sel 3:0-3:4
`
	if got.String() != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got.String(), want)
	}
}

var symbolKindNames = map[protocol.SymbolKind]string{
	protocol.SymbolKindFile:      "File",
	protocol.SymbolKindNamespace: "Namespace",
	protocol.SymbolKindProperty:  "Property",
	protocol.SymbolKindKey:       "Key",
	protocol.SymbolKindConstant:  "Constant",
}

// writeSymbols writes one line per symbol, children indented under their
// parent.
func writeSymbols(b *strings.Builder, symbols []protocol.DocumentSymbol, indent string) {
	for _, s := range symbols {
		fmt.Fprintf(b, "%s%s %q %s sel %s", indent, symbolKindNames[s.Kind], s.Name, formatRange(s.Range), formatRange(s.SelectionRange))
		if s.Detail != nil {
			fmt.Fprintf(b, " (%s)", *s.Detail)
		}
		b.WriteByte('\n')
		writeSymbols(b, s.Children, indent+"  ")
	}
}

func formatRange(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

func TestFoldingRanges(t *testing.T) {
	d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(outlineFile+"# a\n# b\n# c\n"), nil, syntax.UTF16)
	var got []string
	for _, r := range foldingRanges(d) {
		got = append(got, fmt.Sprintf("%d-%d %s", r.StartLine, r.EndLine, r.Kind))
	}
	// The first group's region ends at its Crawl-delay, before the blank
	// line and the comment that introduce the next group; the second ends
	// at its rule, before the Sitemap line. Lone comments do not fold.
	want := []string{"2-8 region", "5-6 comment", "11-12 region", "15-17 comment"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("folding ranges %v, want %v", got, want)
	}
}
