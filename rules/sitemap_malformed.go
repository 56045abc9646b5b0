package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// SitemapMalformed reports what keeps a sitemap from being read as one:
// malformed XML, an undefined entity or bare &, a document type
// declaration, a byte order mark, a missing or wrong namespace, HTML
// served instead, an unknown root element, entries without a URL, a gzip
// stream that does not decompress, a line too long to be a URL. Each is
// reported where the reader found it.
var SitemapMalformed = &lint.Rule{
	Name:    "sitemap-malformed",
	Summary: "a sitemap that is not well-formed: broken XML or gzip, a bare &, HTML, a wrong namespace or root, entries without a URL",
	Doc: lint.Doc{
		What: "Reports, where the reader finds them: XML that is not well-formed, and an undefined entity or a bare " +
			"`&` (reading stops there, as an XML parser stops); a `<!DOCTYPE>`; a UTF-8 byte order mark; a root " +
			"element without the sitemaps.org namespace or with another; an HTML page served instead of a " +
			"sitemap; a root other than `<urlset>` or `<sitemapindex>`; `<url>` or `<sitemap>` entries without a " +
			"`<loc>` or with an empty one (once per sitemap, with a count); a gzip stream that does not " +
			"decompress or a body that broke off; and, in a text sitemap, a line too long to be a URL. The byte " +
			"order mark and the document type are warnings, the rest errors.",
		Why: "Search engines read a sitemap with an XML parser and give up at the first error: Search Console " +
			"reports \"Sitemap could not be read\", \"Parsing error\", \"Missing XML namespace\" or \"Incorrect " +
			"namespace\", \"Your Sitemap appears to be an HTML page\", and Yandex \"Extraction error\" for a broken " +
			"gzip and \"Tag not found\" for an entry without `<loc>`. sitemaps.org requires UTF-8, the namespace " +
			"`http://www.sitemaps.org/schemas/sitemap/0.9`, and data values entity-escaped: `&` as `&amp;`. An " +
			"error part-way through loses every URL after it, and HTML served at the sitemap's URL (a soft 404, " +
			"a login page) loses them all.",
		Instead: "Generate sitemaps with an XML library, which escapes `&` and declares the namespace: " +
			"`<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">`, each `<url>` with one `<loc>`; " +
			"serve them with a 200 status, and check that the URL serves the sitemap, not a page.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset>\n" +
		"  <url><loc>https://www.example.com/search?q=shoes&page=2</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/search?q=shoes&amp;page=2</loc></url>\n</urlset>\n",
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Error,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapMalformed,
}

func runSitemapMalformed(pass *lint.SitemapPass) lint.SitemapHooks {
	entries := 0
	var noLoc, emptyLoc struct {
		count int
		first sitemap.Pos
	}
	lost := func() string {
		switch entries {
		case 0:
			return "no entry was read before it"
		case 1:
			return "only the entry before it is read"
		}
		return fmt.Sprintf("only the %s before it %s read", prose.Count(entries, "entry", "entries"), prose.Choose(entries, "is", "are"))
	}
	return lint.SitemapHooks{
		Entry: func(*lint.SitemapEntry) { entries++ },
		Problem: func(p *sitemap.Problem) {
			var msg string
			severity := lint.Error
			switch p.Code {
			case sitemap.Malformed:
				msg = fmt.Sprintf("the XML is malformed here (%s), and search engines stop reading: %s", p.Msg, lost())
			case sitemap.BadEntity:
				msg = fmt.Sprintf("%s: write & as &amp; (XML knows only &amp; &lt; &gt; &quot; &apos;), or search engines stop reading here: %s", p.Msg, lost())
			case sitemap.DTD:
				msg, severity = p.Msg+", and some sitemap parsers refuse one", lint.Warning
			case sitemap.BOM:
				msg, severity = "the sitemap starts with a UTF-8 byte order mark, which some sitemap readers take as text before the XML; save it as UTF-8 without one", lint.Warning
			case sitemap.NoNamespace, sitemap.WrongNamespace:
				msg = p.Msg + ": Google reports the sitemap's namespace as missing or incorrect"
			case sitemap.HTML:
				msg = "an HTML page is served here instead of a sitemap (a soft 404, a login or an error page?), so search engines find no URLs in it"
			case sitemap.UnknownRoot:
				msg = p.Msg + ": search engines do not read it as a sitemap"
			case sitemap.MissingLoc:
				if noLoc.count == 0 {
					noLoc.first = p.Pos
				}
				noLoc.count++
				return
			case sitemap.EmptyLoc:
				if emptyLoc.count == 0 {
					emptyLoc.first = p.Pos
				}
				emptyLoc.count++
				return
			case sitemap.BadGzip:
				why := strings.TrimPrefix(strings.TrimPrefix(p.Msg, "gzip stream: "), "gzip header: ")
				msg = fmt.Sprintf("the gzip data breaks off or is corrupt (%s): %s", why, lost())
			case sitemap.ReadError:
				msg = fmt.Sprintf("the sitemap could not be read to its end (%s): %s", p.Msg, lost())
			case sitemap.LongLine:
				msg = "this line is over 64 KiB, too long to be a URL (sitemap URLs have at most 2,048 characters), and is skipped"
			default:
				return // the limits are sitemap-too-large's
			}
			pass.Report(p.Pos, p.Pos, msg, lint.WithSeverity(severity))
		},
		End: func() {
			entry := "<url>"
			if pass.Kind() == sitemap.Index {
				entry = "<sitemap>"
			}
			if noLoc.count > 0 {
				pass.Report(noLoc.first, noLoc.first, fmt.Sprintf("%s in this sitemap %s no <loc>, so %s nothing", prose.Count(noLoc.count, entry+" entry", entry+" entries"), prose.Choose(noLoc.count, "has", "have"), prose.Choose(noLoc.count, "it lists", "they list")))
			}
			if emptyLoc.count > 0 {
				pass.Report(emptyLoc.first, emptyLoc.first, fmt.Sprintf("%s in this sitemap %s empty, so %s nothing", prose.Count(emptyLoc.count, "<loc>", "<loc> elements"), prose.Choose(emptyLoc.count, "is", "are"), prose.Choose(emptyLoc.count, "its entry lists", "their entries list")))
			}
		},
	}
}
