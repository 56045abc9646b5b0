package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// SitemapDuplicateURL reports the URLs of a sitemap that the site's
// sitemaps listed before, in it or in another: one finding per sitemap,
// with a count and the first few. The URLs seen are kept as hashes in a
// set of bounded size (urlSet).
var SitemapDuplicateURL = &lint.Rule{
	Name:    "sitemap-duplicate-url",
	Summary: "a URL listed more than once in the sitemaps of a site",
	Doc: lint.Doc{
		What: "Reports, once per sitemap, the URLs that were already listed, earlier in the same sitemap or in " +
			"another sitemap of the site checked in the same run, compared exactly as written: how many, and the " +
			"first three. Sitemaps are read several at a time, so of two sitemaps that share URLs, the one read " +
			"second is reported; the total is the same either way. Memory is bounded: the URLs seen are kept as " +
			"64-bit hashes in a table of at most 4,194,304 slots (32 MiB), filled to three quarters, so about " +
			"3.1 million URLs are compared; past that, the rule says so once and stops recording. A URL is " +
			"mistaken for one seen before with a probability of about n in 2^64 after n URLs.",
		Why: "Listing a URL twice changes nothing for search engines, which read it once, but it is what " +
			"sitemap generators do when they have a bug: two plugins writing sitemaps of the same pages, an " +
			"index that lists a sitemap twice, pagination that repeats its last page. Duplicates take room in " +
			"the 50,000-URL limit, and when the copies carry different lastmod values, which one a search " +
			"engine believes is left to chance. susbot (sitemap.duplicate) and SitemapKit check the same.",
		Instead: "List each URL once, in one sitemap of the site; if the same page is reached at several URLs, list " +
			"its canonical URL only.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/shoes/</loc></url>\n  <url><loc>https://www.example.com/shoes/</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/shoes/</loc></url>\n  <url><loc>https://www.example.com/boots/</loc></url>\n</urlset>\n",
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Info,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapDuplicateURL,
}

// urlSetKey keys the site's urlSet among its values.
type urlSetKey struct{}

func runSitemapDuplicateURL(pass *lint.SitemapPass) lint.SitemapHooks {
	set := pass.SiteValue(urlSetKey{}, func() any { return newURLSet() }).(*urlSet)
	var g urlGroup
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			if e.Index {
				return // each sitemap is read once however often it is listed
			}
			seen, recorded := set.add(e.Loc)
			if seen {
				g.add(e)
			}
			if !recorded && set.fullTold.CompareAndSwap(false, true) {
				start, end := e.LocSpan()
				pass.Report(start, end, fmt.Sprintf("the duplicate check is full (about %s URLs in 32 MiB): from this URL on it records no more, so a URL listed again after it may go unreported",
					prose.Int(urlSetCapacity)), lint.WithSeverity(lint.Info))
			}
		},
		End: func() {
			if g.count > 0 {
				g.report(pass, prose.Choose(g.count, "was", "were")+" listed before, in this sitemap or another of the site", siteOrigin(pass))
			}
		},
	}
}
