package rules

import (
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// SitemapNoindexURL reports the URLs of a sitemap whose page tells a
// targeted crawler noindex, when the pages are known (a built site's
// files, or pages fetched with --pages): one finding per sitemap, with the
// crawlers told, how many URLs and the first few.
var SitemapNoindexURL = &lint.Rule{
	Name:    "sitemap-noindex-url",
	Summary: "a sitemap lists URLs whose pages say noindex",
	Doc: lint.Doc{
		What: "For each URL of a sitemap whose page is available (a file of a built site, or a page fetched with " +
			"`--pages`), reads the page's robots META tags and X-Robots-Tag headers as each targeted search engine's " +
			"main crawler combines them (the same reading as the page rules), and reports, once per sitemap, the " +
			"URLs whose page tells a crawler `noindex` (or `none`): how many, which crawlers, and the first three. " +
			"A crawler that robots.txt keeps from fetching the page never reads its noindex; " +
			"sitemap-blocked-url reports those URLs instead. Without pages it says nothing.",
		Why: "A sitemap lists the URLs a site wants indexed; noindex says the opposite. Google Search Console " +
			"reports such URLs as \"Submitted URL marked 'noindex'\", and crawl budget goes to pages that will " +
			"be dropped. The cause is often a template or a CDN that adds the noindex by mistake (John Mueller, " +
			"on CDN-cached noindex headers), or a sitemap generator that lists every page regardless. Canonry " +
			"and Sitebulb check the same.",
		Instead: "List only pages meant to be indexed: remove the noindex if the page should be found, or leave " +
			"the URL out of the sitemap if it should not. (While removing pages from the index on purpose, listing " +
			"them for a short while with a recent lastmod gets them recrawled sooner; remove them afterwards.)",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/old-offer</loc></url>\n  <url><loc>https://www.example.com/offer</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/offer</loc></url>\n</urlset>\n",
	ExampleRobots:  "User-agent: *\nDisallow:\n\nSitemap: https://www.example.com/sitemap.xml\n",
	ExamplePath:    "/sitemap.xml",
	ExampleHeaders: []string{"noindex"},
	Severity:       lint.Warning,
	Scope:          lint.ScopeSitemap,
	Profiles:       []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:     runSitemapNoindexURL,
}

func runSitemapNoindexURL(pass *lint.SitemapPass) lint.SitemapHooks {
	if pass.Site.Input().Page == nil {
		return lint.SitemapHooks{}
	}
	check := newRobotsCheck(pass)
	origin := siteOrigin(pass)
	var g urlGroup
	var told []*match.Profile // the crawlers some page tells noindex
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			// A page of another host is not the site's to give.
			if e.Index || origin != "" && !sameOrigin(e.Loc, origin) {
				return
			}
			in, directives := pass.Page(e.Loc)
			if in == nil || len(directives) == 0 {
				return
			}
			view := pageView{targets: pass.Targets, directives: directives}
			var blocked []*match.Profile
			check.blocked(e.Loc, func(p *match.Profile, _ int) { blocked = append(blocked, p) })
			counted := false
			for _, p := range pageTargets(view) {
				if slices.Contains(blocked, p) || !saysNoindex(view, p) {
					continue
				}
				if !counted {
					counted = true
					g.add(e)
				}
				if !slices.Contains(told, p) {
					told = append(told, p)
				}
			}
		},
		End: func() {
			if g.count == 0 {
				return
			}
			names := crawlerNames(told)
			what := fmt.Sprintf("%s noindex to %s, and a sitemap should list only pages to index",
				prose.Choose(g.count, "has a page that says", "have pages that say"), prose.Join(names))
			g.report(pass, what, origin)
		},
	}
}
