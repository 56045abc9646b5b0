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
// malformed XML, an undefined entity or bare & outside a <loc>, a document
// type declaration, a byte order mark, a missing or wrong namespace, HTML
// served instead, an unknown root element, entries without a URL or with
// two, a gzip stream that does not decompress, a line too long to be a
// URL, an empty file, a root that lists nothing. Each is reported where
// the reader found it, or once per sitemap with a count.
var SitemapMalformed = &lint.Rule{
	Name:    "sitemap-malformed",
	Summary: "a sitemap that is not well-formed: broken XML or gzip, a bare &, HTML, a wrong namespace or root, entries without one URL, nothing in it",
	Doc: lint.Doc{
		What: "Reports, where the reader finds them: XML that is not well-formed (reading stops there, as an XML " +
			"parser stops); an undefined entity or a bare `&` outside a `<loc>`, in a `<lastmod>` or an " +
			"extension's tag (the first, with how many more: sitemap-invalid-loc reports those inside a URL); a " +
			"`<!DOCTYPE>`; a UTF-8 byte order mark; a root element without the sitemaps.org namespace or with " +
			"another; an HTML page served instead of a sitemap; a root other than `<urlset>` or " +
			"`<sitemapindex>`; `<url>` or `<sitemap>` entries without a `<loc>`, with an empty one or with two " +
			"(once per sitemap, with a count); a gzip stream that does not decompress or a body that broke off; " +
			"in a text sitemap, a line too long to be a URL; an empty file (0 bytes, or only white space); and " +
			"a `<urlset>` or `<sitemapindex>` with no entries. The byte order mark, the document type and the " +
			"root without entries are warnings, the rest errors.",
		Why: "Search engines read a sitemap with an XML parser and give up at the first error: Search Console " +
			"reports \"Sitemap could not be read\", \"Parsing error\", \"Missing XML namespace\" or \"Incorrect " +
			"namespace\", \"Your Sitemap appears to be an HTML page\", and Yandex \"Extraction error\" for a broken " +
			"gzip and \"Tag not found\" for an entry without `<loc>`. sitemaps.org requires UTF-8, the namespace " +
			"`http://www.sitemaps.org/schemas/sitemap/0.9`, and data values entity-escaped: `&` as `&amp;`. An " +
			"error part-way through loses every URL after it, and HTML served at the sitemap's URL (a soft 404, " +
			"a login page) loses them all. The sitemaps.org schema gives each entry exactly one `<loc>` and " +
			"each `<urlset>` at least one `<url>`: a second `<loc>` is a URL some readers drop, and an empty " +
			"sitemap, often a generator that failed, lists nothing to crawl.",
		Instead: "Generate sitemaps with an XML library, which escapes `&` and declares the namespace: " +
			"`<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">`, each `<url>` with one `<loc>`; " +
			"serve them with a 200 status, and check that the URL serves the sitemap, not a page.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset>\n" +
		"  <url><loc>https://www.example.com/shoes</loc><loc>https://www.example.com/boots</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/shoes</loc></url>\n  <url><loc>https://www.example.com/boots</loc></url>\n</urlset>\n",
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Error,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapMalformed,
}

func runSitemapMalformed(pass *lint.SitemapPass) lint.SitemapHooks {
	entries, problems := 0, 0
	stopped := false // a problem the reader stops at, which sitemap-malformed has reported
	var noLoc, emptyLoc, extraLoc, badRef problemCount
	var refs badRefs
	extraWaiting := false // an ExtraLoc was read since the last entry
	refElsewhere := func(p *sitemap.Problem, n int) { badRef.add(p, n) }
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
		Entry: func(e *lint.SitemapEntry) {
			entries++
			if extraWaiting {
				extraLoc.count++
				extraWaiting = false
			}
			refs.entry(e, nil, refElsewhere)
		},
		Problem: func(p *sitemap.Problem) {
			problems++
			var msg string
			severity := lint.Error
			switch p.Code {
			case sitemap.Malformed:
				stopped = true
				msg = fmt.Sprintf("the XML is malformed here (%s), and search engines stop reading: %s", p.Msg, lost())
			case sitemap.BadEntity:
				refs.add(p)
				return
			case sitemap.DTD:
				msg, severity = p.Msg+", and some sitemap parsers refuse one", lint.Warning
			case sitemap.BOM:
				msg, severity = "the sitemap starts with a UTF-8 byte order mark, which some sitemap readers take as text before the XML; save it as UTF-8 without one", lint.Warning
			case sitemap.NoNamespace, sitemap.WrongNamespace:
				msg = p.Msg + ": Google reports the sitemap's namespace as missing or incorrect"
			case sitemap.HTML:
				stopped = true
				msg = "an HTML page is served here instead of a sitemap (a soft 404, a login or an error page?), so search engines find no URLs in it"
			case sitemap.UnknownRoot:
				stopped = true
				msg = p.Msg + ": search engines do not read it as a sitemap"
			case sitemap.MissingLoc:
				noLoc.add(p, 1)
				return
			case sitemap.EmptyLoc:
				emptyLoc.add(p, 1)
				return
			case sitemap.ExtraLoc:
				// Counted per entry, at its entry: a third <loc> is
				// another problem of the same entry.
				if !extraWaiting {
					extraLoc.add(p, 0)
					extraWaiting = true
				}
				return
			case sitemap.BadGzip:
				stopped = true
				why := strings.TrimPrefix(strings.TrimPrefix(p.Msg, "gzip stream: "), "gzip header: ")
				msg = fmt.Sprintf("the gzip data breaks off or is corrupt (%s): %s", why, lost())
			case sitemap.ReadError:
				stopped = true
				msg = fmt.Sprintf("the sitemap could not be read to its end (%s): %s", p.Msg, lost())
			case sitemap.LongLine:
				msg = "this line is over 64 KiB, too long to be a URL (sitemap URLs have at most 2,048 characters), and is skipped"
			default:
				return // the limits are sitemap-too-large's
			}
			pass.Report(p.Pos, p.Pos, msg, lint.WithSeverity(severity))
		},
		End: func() {
			refs.end(refElsewhere)
			if extraWaiting {
				extraLoc.count++
			}
			entry := "<url>"
			if pass.Kind() == sitemap.Index {
				entry = "<sitemap>"
			}
			if badRef.count > 0 {
				msg := badRef.msg + ": XML parsers reject it, so a search engine may not read the sitemap past it"
				if isBareAmpersand(badRef.msg) {
					msg = "an unescaped & here, which XML parsers reject, so a search engine may not read the sitemap past it: write it as &amp;"
				}
				if more := badRef.count - 1; more > 0 {
					msg += fmt.Sprintf(" (and %s outside a <loc> in this sitemap)", prose.Count(more, "more", "more"))
				}
				pass.Report(badRef.first, badRef.first, msg)
			}
			if noLoc.count > 0 {
				pass.Report(noLoc.first, noLoc.first, fmt.Sprintf("%s in this sitemap %s no <loc>, so %s nothing", prose.Count(noLoc.count, entry+" entry", entry+" entries"), prose.Choose(noLoc.count, "has", "have"), prose.Choose(noLoc.count, "it lists", "they list")))
			}
			if emptyLoc.count > 0 {
				pass.Report(emptyLoc.first, emptyLoc.first, fmt.Sprintf("%s in this sitemap %s empty, so %s nothing", prose.Count(emptyLoc.count, "<loc>", "<loc> elements"), prose.Choose(emptyLoc.count, "is", "are"), prose.Choose(emptyLoc.count, "its entry lists", "their entries list")))
			}
			if extraLoc.count > 0 {
				pass.Report(extraLoc.first, extraLoc.first, fmt.Sprintf("%s in this sitemap %s more than one <loc>, where an entry lists one URL: search engines may drop the extra URLs or the whole entry (robotslint checks the first); give each URL its own %s", prose.Count(extraLoc.count, entry+" entry", entry+" entries"), prose.Choose(extraLoc.count, "has", "have"), entry))
			}
			if entries > 0 || stopped || noLoc.count+emptyLoc.count+extraLoc.count > 0 {
				return
			}
			switch pass.Kind() {
			case sitemap.URLSet, sitemap.Index:
				what := "URLs"
				if pass.Kind() == sitemap.Index {
					what = "sitemaps"
				}
				pass.Report(startOfSitemap, startOfSitemap, fmt.Sprintf("this sitemap lists no %s: the sitemaps.org schema asks for at least one %s, and crawlers find nothing in it", what, entry), lint.WithSeverity(lint.Warning))
			default:
				if problems == 0 {
					pass.Report(startOfSitemap, startOfSitemap, "the sitemap is empty: crawlers find no URLs in it")
				}
			}
		},
	}
}

// problemCount is a kind of problem sitemap-malformed reports once per
// sitemap: how many, and the first one's place and the reader's words.
type problemCount struct {
	count int
	first sitemap.Pos
	msg   string
}

// add counts n more of the kind, p among them.
func (c *problemCount) add(p *sitemap.Problem, n int) {
	if c.count == 0 {
		c.first, c.msg = p.Pos, p.Msg
	}
	c.count += n
}
