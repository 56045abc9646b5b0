package lsp

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// completion proposes what may be typed at byte offset off: directive
// names where a key goes, and after the colon of User-agent, Sitemap,
// Allow and Disallow the values this file or the knowledge base already
// knows. Nothing is invented: a path is offered only if the file uses it.
//
// It reads the raw line rather than the parsed one, because the line
// being typed is usually not a directive yet ("Disal" has no colon). Each
// item carries a TextEdit that replaces the word being typed: clients
// guess where a word starts from their own word characters when given only
// an insertText, and '-', '/' and ':' break words in most of them.
func completion(d *document, off int) []protocol.CompletionItem {
	src := d.text()
	bom := d.file.BOM.End
	off = max(bom, min(off, len(src)))
	start, end := off, off
	for start > bom && src[start-1] != '\n' && src[start-1] != '\r' {
		start--
	}
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	line, cur := src[start:end], off-start
	if bytes.IndexByte(line[:cur], '#') >= 0 {
		return nil
	}
	keyStart := completeSkipBlanks(line, 0)
	if keyStart > cur {
		if keyStart < len(line) {
			// The cursor is in the indentation before a key.
			return nil
		}
		keyStart = cur // a blank line
	}
	c := completer{d: d, line: start}
	colon := bytes.IndexByte(line[keyStart:cur], ':')
	if colon < 0 {
		keyEnd := keyStart
		for keyEnd < len(line) && !completeBlank(line[keyEnd]) && line[keyEnd] != ':' && line[keyEnd] != '#' {
			keyEnd++
		}
		if completeSkipBlanks(line, keyEnd) < cur {
			// A second word without a colon: neither a key nor a value
			// that robotslint completes.
			return nil
		}
		return c.keys(line, keyStart, max(keyEnd, cur))
	}
	colon += keyStart
	valueStart := min(completeSkipBlanks(line, colon+1), cur)
	valueEnd := len(line)
	if hash := bytes.IndexByte(line[colon:], '#'); hash >= 0 {
		valueEnd = colon + hash
	}
	for valueEnd > valueStart && completeBlank(line[valueEnd-1]) {
		valueEnd--
	}
	rng := d.conv.rng(syntax.Span{Start: start + valueStart, End: start + max(valueEnd, cur)})
	key := bytes.TrimRight(line[keyStart:colon], " \t")
	switch meantDirective(key) {
	case syntax.DirectiveUserAgent:
		return c.agents(rng)
	case syntax.DirectiveSitemap:
		return c.sitemaps(rng)
	case syntax.DirectiveAllow, syntax.DirectiveDisallow:
		return c.paths(rng)
	}
	return nil
}

// completer builds the items for the line that starts at byte line.
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

// keys offers directive names for the key in line[from:to]. The name comes
// with ": " unless the line already has its separator.
func (c completer) keys(line []byte, from, to int) []protocol.CompletionItem {
	rest := line[to:]
	suffix := ": "
	switch after := completeSkipBlanks(rest, 0); {
	case after < len(rest) && rest[after] == ':':
		suffix = ""
	case after == len(rest):
		// Only blanks follow: replace them too, rather than leave them
		// after the inserted space.
		to = len(line)
	case after > 0:
		suffix = ":"
	}
	rng := c.d.conv.rng(syntax.Span{Start: c.line + from, End: c.line + to})
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
			cr.Operator+", "+crawlerCategoryLabel(cr.Category), cr.Notes))
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
		if l.Kind != syntax.LineDirective || l.Span.Start == c.line {
			continue
		}
		fn(meantDirective(f.Text(l.Key())), string(f.Text(l.Value())), i)
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

func completeBlank(c byte) bool { return c == ' ' || c == '\t' }

// completeSkipBlanks returns the index of the first byte of line at or
// after from that is not a space or tab.
func completeSkipBlanks(line []byte, from int) int {
	for from < len(line) && completeBlank(line[from]) {
		from++
	}
	return from
}
