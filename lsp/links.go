package lsp

import (
	"bytes"
	"net/url"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/syntax"
)

// documentLinks returns a link for each Sitemap line whose value is one
// absolute http or https URL, the only kind crawlers fetch. Other values
// get no link: the sitemap-url rule says what is wrong with them.
func documentLinks(d *document) []protocol.DocumentLink {
	f := d.file
	var links []protocol.DocumentLink
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective || l.Directive != syntax.DirectiveSitemap {
			continue
		}
		target, ok := sitemapTarget(f.Text(l.Value()))
		if !ok {
			continue
		}
		tooltip := "Open the sitemap"
		links = append(links, protocol.DocumentLink{Range: d.conv.rng(l.Value()), Target: &target, Tooltip: &tooltip})
	}
	return links
}

// sitemapTarget returns the URL of a Sitemap value, if it is an absolute
// http or https URL with a host. The URL is given as Go writes it, which
// escapes non-ASCII characters in the path and keeps the query as written:
// uri.Parse would rewrite it as VS Code's URI class does, escaping '=' and
// '&' in the query, which makes it a different URL.
func sitemapTarget(v []byte) (uri.URI, bool) {
	if len(v) == 0 || bytes.ContainsAny(v, " \t\v\f") {
		return "", false
	}
	u, err := url.Parse(string(v))
	if err != nil || u.Opaque != "" || u.Hostname() == "" {
		return "", false
	}
	switch syntax.LowerASCII(u.Scheme) {
	case "http", "https":
		return uri.URI(u.String()), true
	}
	return "", false
}
