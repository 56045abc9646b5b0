package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// SitemapNestedIndex reports a sitemap index that another sitemap index
// lists: Google does not follow an index found in an index.
var SitemapNestedIndex = &lint.Rule{
	Name:    "sitemap-nested-index",
	Summary: "a sitemap index listed in another sitemap index",
	Doc: lint.Doc{
		What: "Reports a sitemap index (`<sitemapindex>`) that was found in another sitemap index rather than " +
			"listed in robots.txt or named directly, at its first `<sitemap>` entry, with the number of sitemaps " +
			"it lists.",
		Why: "A sitemap index lists sitemaps, not other indexes. Google does not process nested indexes: John " +
			"Mueller said so in a Webmaster Central hangout (reported by seo-suedwest.de, \"Google verarbeitet " +
			"keine verschachtelten Sitemap-Indexdateien\"), and Search Console reports a nested index as an error " +
			"(Drupal issue 3532107 quotes the \"nested indexing\" error). The protocol defines an index as a list " +
			"of sitemaps, and robotslint, like Google, goes no deeper than a bounded depth. So every URL of the " +
			"sitemaps the nested index lists may go unread.",
		Instead: "List every sitemap in one index, or list several indexes side by side: each on its own `Sitemap:` " +
			"line of robots.txt (or submitted in Search Console), up to 50,000 sitemaps per index.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <sitemap><loc>https://www.example.com/sitemaps/products-1.xml</loc></sitemap>\n</sitemapindex>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/products/1</loc></url>\n</urlset>\n",
	ExampleRobots: "User-agent: *\nDisallow:\n\nSitemap: https://www.example.com/sitemap.xml\n",
	ExamplePath:   "/sitemaps/products.xml",
	Severity:      lint.Error,
	Scope:         lint.ScopeSitemap,
	Profiles:      []*match.Profile{match.Google},
	RunSitemap:    runSitemapNestedIndex,
}

func runSitemapNestedIndex(pass *lint.SitemapPass) lint.SitemapHooks {
	l := pass.Sitemap.Listing
	if l == nil || l.Depth < 1 {
		return lint.SitemapHooks{}
	}
	var first sitemap.Pos
	entries := 0
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			if entries == 0 {
				first = e.Pos
			}
			entries++
		},
		End: func() {
			if pass.Kind() != sitemap.Index {
				return
			}
			where := "another sitemap index"
			if l.Index != "" {
				where = "the sitemap index " + prose.Quote([]byte(l.Index))
			}
			if entries == 0 {
				first = startOfSitemap
			}
			pass.Report(first, first, fmt.Sprintf("this sitemap index is listed in %s, and Google does not follow an index listed in an index: the %s it lists may never be read",
				where, prose.Count(entries, "sitemap", "sitemaps")))
		},
	}
}
