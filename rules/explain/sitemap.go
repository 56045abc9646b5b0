package explain

import (
	"net/url"

	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// sitemap explains a Sitemap value.
func (e *explainer) sitemap() {
	raw := e.text(e.f.Lines[e.line].Value())
	if raw == "" {
		e.para("A %s line without a URL: crawlers ignore it.", term("Sitemap"))
		return
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Scheme != "http" && u.Scheme != "https" {
		e.para("%s %s is not an absolute URL, so Google and Yandex ignore it: write the full address, such as %s.",
			term("Sitemap"), code(raw), code("https://example.com/sitemap.xml"))
		return
	}
	e.para("%s %s", term("Sitemap"), link(raw))
	e.para("Crawlers fetch this sitemap to discover the site's URLs. The line belongs to no group: it applies to every crawler, wherever it appears.")
	e.para("%s", e.readers(kb.LookupDirective(syntax.DirectiveSitemap)))
}
