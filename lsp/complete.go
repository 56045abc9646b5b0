package lsp

import (
	"fmt"
	"net/url"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/rules/explain"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// completion proposes what may be typed at byte offset off: directive
// names where a key goes, and after the colon of User-agent, Sitemap,
// Allow and Disallow the values this file or the knowledge base already
// knows. Nothing is invented: a path is offered only if the file uses it.
//
// Where a key goes includes lines that are not directives yet ("Disal"
// has no colon): explain.PlaceAt finds the word being typed on them too.
// Each item carries a TextEdit that replaces that word: clients guess
// where a word starts from their own word characters when given only an
// insertText, and '-', '/' and ':' break words in most of them.
func completion(d *document, off int) []protocol.CompletionItem {
	p := explain.PlaceAt(d.file, off)
	c := completer{d: d, line: p.Line}
	switch p.Part {
	case explain.PartKey:
		return c.keys(p)
	case explain.PartValue:
		if p.Sep != explain.SepColon {
			// A second word without a colon: neither a key nor a value
			// that robotslint completes.
			return nil
		}
		rng := d.conv.rng(p.Span)
		switch p.Directive {
		case syntax.DirectiveUserAgent:
			return c.agents(rng)
		case syntax.DirectiveSitemap:
			return c.sitemaps(rng)
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			return c.paths(rng)
		}
	}
	return nil
}

// completer builds the items for line line, an index in the file's
// lines (-1 for a new last line).
type completer struct {
	d    *document
	line int
}

// completeFirst are the directives most files use, offered first; the
// others follow in the knowledge base's order.
var completeFirst = []syntax.Directive{
	syntax.DirectiveUserAgent, syntax.DirectiveDisallow, syntax.DirectiveAllow, syntax.DirectiveSitemap,
}

// completeNever are directives not offered at all: no crawler reads them
// in robots.txt and the noindex-directive rule reports every one, so
// completing them would only lead a webmaster into a warning.
var completeNever = []syntax.Directive{
	syntax.DirectiveNoindex, syntax.DirectiveNofollow, syntax.DirectiveNoarchive,
}

// keys offers directive names for the key at p. The name comes with ": "
// unless the line already has its separator, or a value after blanks.
func (c completer) keys(p explain.Place) []protocol.CompletionItem {
	suffix := ": "
	switch p.Sep {
	case explain.SepColon:
		suffix = ""
	case explain.SepBlank:
		suffix = ":"
	}
	rng := c.d.conv.rng(p.Span)
	var order []*kb.Directive
	for _, d := range completeFirst {
		order = append(order, kb.LookupDirective(d))
	}
	for _, kd := range kb.Directives() {
		if !slices.Contains(completeFirst, kd.Kind) && !slices.Contains(completeNever, kd.Kind) {
			order = append(order, kb.LookupDirective(kd.Kind))
		}
	}
	items := make([]protocol.CompletionItem, 0, len(order))
	for k, kd := range order {
		items = append(items, completeItem(kd.Name, kd.Name+suffix, rng, k, protocol.CompletionItemKindKeyword, kd.Summary, kd.Doc))
	}
	return items
}

// agents offers * and every crawler token the knowledge base knows.
func (c completer) agents(rng protocol.Range) []protocol.CompletionItem {
	crawlers := kb.Crawlers()
	items := make([]protocol.CompletionItem, 0, len(crawlers)+1)
	items = append(items, completeItem("*", "*", rng, 0, protocol.CompletionItemKindValue,
		"every crawler without a group of its own", "The default group: crawlers that no other group names obey it, and a crawler named by another group ignores it entirely."))
	for k, cr := range crawlers {
		items = append(items, completeItem(cr.Token, cr.Token, rng, k+1, protocol.CompletionItemKindValue,
			cr.Operator+", "+cr.Category.Label(), cr.Notes))
	}
	return items
}

// sitemaps offers the scheme and host of the file's other Sitemap URLs,
// then https://.
func (c completer) sitemaps(rng protocol.Range) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	seen := map[string]bool{}
	c.eachValue(func(d syntax.Directive, value string, line int) {
		if d != syntax.DirectiveSitemap {
			return
		}
		u, err := url.Parse(value)
		if err != nil || u.Scheme == "" || u.Host == "" {
			return
		}
		prefix := u.Scheme + "://" + u.Host + "/"
		if !seen[prefix] {
			seen[prefix] = true
			items = append(items, completeItem(prefix, prefix, rng, len(items), protocol.CompletionItemKindValue,
				fmt.Sprintf("the host of the Sitemap at line %d", line+1), ""))
		}
	})
	return append(items, completeItem("https://", "https://", rng, len(items), protocol.CompletionItemKindValue,
		"a sitemap's full URL", "Sitemap takes an absolute URL, which may be on another host."))
}

// completeMaxPaths bounds the paths offered: a large file uses thousands.
const completeMaxPaths = 50

// paths offers / and the paths the file's other rules use, in file order.
func (c completer) paths(rng protocol.Range) []protocol.CompletionItem {
	items := []protocol.CompletionItem{completeItem("/", "/", rng, 0, protocol.CompletionItemKindValue, "the whole site", "")}
	seen := map[string]bool{"/": true}
	c.eachValue(func(d syntax.Directive, value string, line int) {
		if d != syntax.DirectiveAllow && d != syntax.DirectiveDisallow || value == "" || seen[value] || len(seen) > completeMaxPaths {
			return
		}
		seen[value] = true
		items = append(items, completeItem(value, value, rng, len(items), protocol.CompletionItemKindValue,
			fmt.Sprintf("used at line %d", line+1), ""))
	})
	return items
}

// eachValue calls fn with the directive, value and index of each directive
// line other than the one being completed.
func (c completer) eachValue(fn func(d syntax.Directive, value string, line int)) {
	f := c.d.file
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective || i == c.line {
			continue
		}
		fn(explain.Meant(f.Text(l.Key())), string(f.Text(l.Value())), i)
	}
}

// completeItem builds an item that replaces rng with text. The sort text
// keeps the order given, which the client would otherwise replace with
// the labels' alphabetical order.
func completeItem(label, text string, rng protocol.Range, rank int, kind protocol.CompletionItemKind, detail, doc string) protocol.CompletionItem {
	item := protocol.CompletionItem{
		Label:      label,
		Kind:       kind,
		SortText:   protocol.NewOptional(fmt.Sprintf("%04d", rank)),
		InsertText: protocol.NewOptional(text),
		TextEdit:   &protocol.TextEdit{Range: rng, NewText: text},
	}
	if detail != "" {
		item.Detail = protocol.NewOptional(detail)
	}
	if doc != "" {
		item.Documentation = protocol.String(doc)
	}
	return item
}
