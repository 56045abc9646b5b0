package lsp

import (
	"fmt"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/syntax"
)

// documentSymbols returns the outline of d: one symbol per group, named
// after its user agents, with its rules and other directives as children;
// and, at the top level, the directives that belong to no group (Sitemap
// lines, and anything before the first User-agent line). Symbols come in
// the order of their first lines.
func documentSymbols(d *document) []protocol.DocumentSymbol {
	f := d.file
	var symbols []protocol.DocumentSymbol
	// groupSymbol[g] is the index in symbols of group g's symbol: a group's
	// children arrive after the file-level symbols that stand between them.
	groupSymbol := make([]int, len(f.Groups))
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective {
			continue
		}
		g := f.GroupAt(i)
		switch {
		case g < 0 || fileLevel(l.Directive):
			symbols = append(symbols, directiveSymbol(d, l, g < 0))
		case i == f.Groups[g].First:
			groupSymbol[g] = len(symbols)
			symbols = append(symbols, groupOutline(d, &f.Groups[g]))
		case l.Directive != syntax.DirectiveUserAgent: // the user agents name the group
			s := &symbols[groupSymbol[g]]
			s.Children = append(s.Children, directiveSymbol(d, l, false))
		}
	}
	return symbols
}

// fileLevel reports whether a directive applies to the whole file wherever
// it stands, rather than to the group around it: Sitemap by RFC 9309, and
// Host and Clean-param, which Yandex calls intersectional.
func fileLevel(dir syntax.Directive) bool {
	switch dir {
	case syntax.DirectiveSitemap, syntax.DirectiveHost, syntax.DirectiveCleanParam:
		return true
	}
	return false
}

// groupExtent returns the first and last lines that belong to group g:
// from its first user-agent line to its last directive that is not
// file-level. A group's lines in syntax.Group run on to the next group,
// but the blank lines and comments after its last directive usually
// introduce that next group, and a Sitemap line at the end of the file
// belongs to none; the outline and folding leave them out.
func groupExtent(f *syntax.File, g *syntax.Group) (first, last int) {
	last = g.First
	for i := g.End - 1; i > g.First; i-- {
		if l := &f.Lines[i]; l.Kind == syntax.LineDirective && !fileLevel(l.Directive) {
			last = i
			break
		}
	}
	return g.First, last
}

// groupOutline returns the symbol of group g, without children: its name
// lists the user agents ("User-agent: Googlebot, Bingbot"), and selecting
// it selects the first one.
func groupOutline(d *document, g *syntax.Group) protocol.DocumentSymbol {
	f := d.file
	agents := make([]string, len(g.UserAgents))
	for k, i := range g.UserAgents {
		agents[k] = displayValue(f.Text(f.Lines[i].Value()))
	}
	first, last := groupExtent(f, g)
	detail := fmt.Sprintf("%d rules", len(g.Rules))
	if len(g.Rules) == 1 {
		detail = "1 rule"
	}
	return protocol.DocumentSymbol{
		Name:           "User-agent: " + strings.Join(agents, ", "),
		Detail:         &detail,
		Kind:           protocol.SymbolKindNamespace,
		Range:          d.conv.rng(syntax.Span{Start: f.Lines[first].Text().Start, End: f.Lines[last].Text().End}),
		SelectionRange: d.conv.rng(f.Lines[g.UserAgents[0]].Value()),
	}
}

// directiveSymbol returns the symbol of one directive line, named as the
// formatter would write it ("Disallow: /tmp/"). Outside marks a line
// before the first group, which RFC 9309 crawlers read as part of no group.
func directiveSymbol(d *document, l *syntax.Line, outside bool) protocol.DocumentSymbol {
	f := d.file
	name := l.Directive.Canonical()
	if name == "" {
		name = string(f.Text(l.Key()))
	}
	name += ":"
	if v := l.Value(); v.Len() > 0 {
		name += " " + string(f.Text(v))
	}
	var kind protocol.SymbolKind
	switch {
	case l.Directive == syntax.DirectiveSitemap:
		kind = protocol.SymbolKindFile
	case fileLevel(l.Directive):
		kind = protocol.SymbolKindConstant
	case l.Directive.IsRule():
		kind = protocol.SymbolKindProperty
	default:
		kind = protocol.SymbolKindKey
	}
	s := protocol.DocumentSymbol{
		Name:           name,
		Kind:           kind,
		Range:          d.conv.rng(l.Text()),
		SelectionRange: d.conv.rng(l.Key()),
	}
	if outside && !fileLevel(l.Directive) {
		detail := "outside any group"
		s.Detail = &detail
	}
	return s
}

// displayValue returns a value for a symbol's name, which clients reject
// when empty.
func displayValue(v []byte) string {
	if len(v) == 0 {
		return "(empty)"
	}
	return string(v)
}

// foldingRanges returns a region for each group that spans more than one
// line (see groupExtent) and a comment range for each run of two or more
// comment lines, ordered by their first lines. A run of comments lies
// either inside a group's region or outside all of them, since regions
// start and end on directive lines, so the ranges nest.
func foldingRanges(d *document) []protocol.FoldingRange {
	f := d.file
	var ranges []protocol.FoldingRange
	for g := range f.Groups {
		if first, last := groupExtent(f, &f.Groups[g]); last > first {
			ranges = append(ranges, protocol.FoldingRange{StartLine: uint32(first), EndLine: uint32(last), Kind: protocol.FoldingRangeKindRegion})
		}
	}
	for i := 0; i < len(f.Lines); {
		j := i
		for j < len(f.Lines) && f.Lines[j].Kind == syntax.LineComment {
			j++
		}
		if j-i >= 2 {
			ranges = append(ranges, protocol.FoldingRange{StartLine: uint32(i), EndLine: uint32(j - 1), Kind: protocol.FoldingRangeKindComment})
		}
		i = max(j, i+1)
	}
	sort.SliceStable(ranges, func(a, b int) bool { return ranges[a].StartLine < ranges[b].StartLine })
	return ranges
}
