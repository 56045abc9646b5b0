package rules

import (
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// SitemapInvalidLoc reports the <loc> URLs of a sitemap that crawlers
// cannot use as written: relative, not http or https, holding spaces or a
// fragment, or longer than 2,048 characters. Each kind is one finding per
// sitemap, with a count and the first few.
var SitemapInvalidLoc = &lint.Rule{
	Name:    "sitemap-invalid-loc",
	Summary: "a sitemap URL that is relative, not http or https, holds spaces or a fragment, or is too long",
	Doc: lint.Doc{
		What: "Reports, once per sitemap and kind, the `<loc>` URLs (or lines of a text sitemap) that are relative " +
			"(`/about`, `www.example.com/about`), of another scheme than http or https, longer than 2,048 " +
			"characters, hold spaces or tabs, or hold a fragment (`#section`): how many, and the first three, at " +
			"the first of them. The first three kinds are errors, the last two warnings. An unescaped `&` " +
			"stops an XML parser, so sitemap-malformed reports it where it stands.",
		Why: "sitemaps.org requires each `<loc>` to be a full URL \"beginning with the protocol (such as http)\", " +
			"\"less than 2,048 characters\", entity-escaped and URL-escaped; Google asks for \"fully-qualified, " +
			"absolute URLs\" and does not resolve a relative one against the sitemap. Such URLs are dropped or " +
			"fetched as something else: Yandex reports \"Incorrect page address\", and a space makes a different " +
			"URL from the one the page is served at. A fragment is not part of what a crawler fetches, so a URL " +
			"with one is the page without it, listed twice or under a name that is never canonical. SitemapKit " +
			"and Lumar (\"Disallowed/Malformed URLs in Sitemaps\") check the same.",
		Instead: "Write every URL absolute, with `https://` and the host, percent-encode spaces (`%20`) and other " +
			"characters URLs may not hold, write `&` as `&amp;` in XML, and leave fragments out.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>/about</loc></url>\n  <url><loc>https://www.example.com/summer sale</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/about</loc></url>\n  <url><loc>https://www.example.com/summer%20sale</loc></url>\n</urlset>\n",
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Error,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapInvalidLoc,
}

// maxLocLength is the longest URL sitemaps.org allows in a <loc>.
const maxLocLength = 2048

// locProblem is one kind of URL sitemap-invalid-loc reports.
type locProblem struct {
	test     func(loc string) bool
	what     string // the clause after "N URLs in this sitemap"
	severity lint.Severity
}

var locProblems = []locProblem{
	{func(loc string) bool { return !strings.Contains(loc, "://") && !hasScheme(loc) },
		"are relative, and crawlers do not resolve a sitemap's URLs against it: each must start with https:// and the host", lint.Error},
	{func(loc string) bool { return hasScheme(loc) && !isHTTPURL(loc) },
		"use another scheme than http or https, the only ones a sitemap may list", lint.Error},
	{func(loc string) bool { return len(loc) > maxLocLength },
		"are longer than the 2,048 characters a sitemap URL may have", lint.Error},
	{func(loc string) bool { return strings.ContainsAny(loc, " \t\r\n") },
		"hold spaces, which must be percent-encoded (%20), or crawlers fetch another URL", lint.Warning},
	{func(loc string) bool { return strings.IndexByte(loc, '#') >= 0 },
		"hold a fragment (#…), which crawlers drop: list each URL without it", lint.Warning},
}

// hasScheme reports whether loc starts with a URL scheme and a colon
// ("https:", "ftp:", "mailto:"), as RFC 3986 writes schemes.
func hasScheme(loc string) bool {
	for i := 0; i < len(loc); i++ {
		c := loc[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

func runSitemapInvalidLoc(pass *lint.SitemapPass) lint.SitemapHooks {
	groups := make([]urlGroup, len(locProblems))
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			for i := range locProblems {
				if locProblems[i].test(e.Loc) {
					groups[i].add(e)
				}
			}
		},
		End: func() {
			for i := range groups {
				if groups[i].count > 0 {
					p := &locProblems[i]
					what := p.what
					if groups[i].count == 1 {
						what = singular(what)
					}
					groups[i].report(pass, what, "", lint.WithSeverity(p.severity))
				}
			}
		},
	}
}

// singular turns a clause about several URLs into one about one: "are"
// becomes "is", "hold" "holds", "use" "uses".
func singular(what string) string {
	verb, rest, _ := strings.Cut(what, " ")
	switch verb {
	case "are":
		verb = "is"
	case "hold":
		verb = "holds"
	case "use":
		verb = "uses"
	}
	return verb + " " + rest
}
